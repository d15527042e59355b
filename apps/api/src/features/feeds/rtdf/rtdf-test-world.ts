/**
 * The world of the RTDF route tests (REQ-FEED-03): an app on a fresh database with the postcodes of REAL_ADDRESSES,
 * agency A (its owner, branches A1 and A2, a branch manager of A2 only) and agency B, and a feed key for each of
 * them. The request bodies are in rtdf-fixtures.ts.
 */
import { eq } from 'drizzle-orm';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { agents, postcodes } from '#src/db/schema.ts';
import { addBranch, addMember, agencyOwner } from '#src/features/agent/listings/listings-test-helpers.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { createFeedKeyFor } from '../keys/feed-key-fixtures.ts';

export const PUBLIC_URL = 'https://abode.example';

/** Coordinates from OS Code-Point Open (the project's demo extract, apps/api/data/demo/postcodes.csv.gz). */
const POSTCODE_ROWS = [
  { postcode: 'SW19 1AA', outcode: 'SW19', latitude: 51.42164, longitude: -0.18615 },
  { postcode: 'M11 1DE', outcode: 'M11', latitude: 53.47417, longitude: -2.16811 },
  { postcode: 'RG30 2BY', outcode: 'RG30', latitude: 51.45177, longitude: -1.00046 },
];

export interface RtdfBranch {
  id: string;
  feedBranchId: number;
}

export interface RtdfWorld {
  handle: DatabaseHandle;
  app: ReturnType<typeof createApp>;
  clock: Date;
  a1: RtdfBranch;
  a2: RtdfBranch;
  b1: RtdfBranch;
  /** Bearer headers: agency A's owner's key (A1), A2's manager's key (A2), agency B's owner's key (B1). */
  keys: { owner: string; managerA2: string; ownerB: string };
  ownerA: { userId: string; agencyId: string };
  /** One RTDF call: POST /api/rtdf/v1/property/{call} with `body` as JSON and `authorization` (none when null). */
  rtdf(call: string, body: unknown, authorization: string | null): Promise<Response>;
  close(): Promise<void>;
}

async function branch(handle: DatabaseHandle, id: string): Promise<RtdfBranch> {
  const [row] = await handle.db
    .select({ id: agents.id, feedBranchId: agents.feedBranchId })
    .from(agents)
    .where(eq(agents.id, id));
  return row!;
}

export async function createRtdfWorld(): Promise<RtdfWorld> {
  const handle = await createTestDatabase();
  const clock = new Date('2026-11-26T10:00:00.000Z');
  const app = createApp({ db: handle.db, now: () => clock, publicUrl: PUBLIC_URL });
  await handle.db.insert(postcodes).values(POSTCODE_ROWS).onConflictDoNothing();
  const ownerA = await agencyOwner(app, handle.db);
  const a2Id = await addBranch(handle.db, ownerA.agencyId, 'Reading');
  const managerA2 = await addMember(app, handle.db, {
    agencyId: ownerA.agencyId,
    role: 'branch-manager',
    branchIds: [a2Id],
    name: 'Priya Shah',
  });
  const ownerB = await agencyOwner(app, handle.db, { name: 'Sam Other' });
  const key = async (userId: string, agencyId: string, branchId: string) =>
    (await createFeedKeyFor(handle.db, { userId, agencyId, branchId })).authorization;
  return {
    handle,
    app,
    clock,
    a1: await branch(handle, ownerA.branchId),
    a2: await branch(handle, a2Id),
    b1: await branch(handle, ownerB.branchId),
    keys: {
      owner: await key(ownerA.userId, ownerA.agencyId, ownerA.branchId),
      managerA2: await key(managerA2.userId, ownerA.agencyId, a2Id),
      ownerB: await key(ownerB.userId, ownerB.agencyId, ownerB.branchId),
    },
    ownerA: { userId: ownerA.userId, agencyId: ownerA.agencyId },
    rtdf: (call, body, authorization) =>
      Promise.resolve(
        app.request(`/api/rtdf/v1/property/${call}`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            ...(authorization ? { Authorization: authorization } : {}),
          },
          body: JSON.stringify(body),
        }),
      ),
    close: () => handle.close(),
  };
}
