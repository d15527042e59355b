/**
 * The world of the upload route tests (listing photos, REQ-AGENT-14; floor plans, EPCs and brochures,
 * REQ-LISTING-16): the app on a fresh test database storing uploads on disk in a temporary folder, signed-in agents
 * to upload as, and what the folder holds afterwards (nothing may stay behind on a refusal).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '#src/app.ts';
import type { Database, DatabaseHandle } from '#src/db/client.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { branchesOfUser } from './fixtures.ts';
import { createTestDatabase } from './test-db.ts';

/** A signed-in agent: their session cookie and their first branch's id (`agentId`). */
export interface UploadsAgent {
  cookie: string;
  agentId: string;
}

export interface UploadsWorld {
  handle: DatabaseHandle;
  app: ReturnType<typeof createApp>;
  /** Where the app's disk storage writes (a fresh temporary folder). */
  uploadsDir: string;
  /** Two agents of separate agencies: alice uploads, bob is the other agent who may not touch her listings. */
  alice: UploadsAgent;
  bob: UploadsAgent;
  /** A signed-in client (not an agent). */
  client: { cookie: string };
}

/** Opens a world; `prefix` names its temporary folder (e.g. 'abode-photo-test-'). Close it with {@link closeUploadsWorld}. */
export async function openUploadsWorld(prefix: string): Promise<UploadsWorld> {
  const handle = await createTestDatabase();
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const app = createApp({ db: handle.db, uploadsDir });
  const alice = await signedInAgent(app, handle.db);
  const bob = await signedInAgent(app, handle.db);
  const client = await signedInUser(app, handle.db);
  return { handle, app, uploadsDir, alice, bob, client };
}

/** Closes the database and removes the uploads folder; either may be missing when opening failed part way. */
export async function closeUploadsWorld(
  handle: DatabaseHandle | undefined,
  uploadsDir: string | undefined,
): Promise<void> {
  await handle?.close();
  if (uploadsDir) fs.rmSync(uploadsDir, { recursive: true, force: true });
}

/** A new signed-in agent of a new verified agency. */
export async function signedInAgent(app: ReturnType<typeof createApp>, db: Database): Promise<UploadsAgent> {
  const user = await signedInUser(app, db, { role: 'agent' });
  const [row] = await branchesOfUser(db, user.userId);
  return { cookie: user.cookie, agentId: row!.id };
}

/** Every file under `uploadsDir`, as a '/'-separated path relative to it, sorted. */
export function filesUnder(uploadsDir: string): string[] {
  if (!fs.existsSync(uploadsDir)) return [];
  return (fs.readdirSync(uploadsDir, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(uploadsDir, f)).isFile())
    .map((f) => f.split(path.sep).join('/'))
    .sort();
}
