/**
 * The 401/403 matrix of the guards (REQ-AUTH-10): visitor, client, agent, admin, super admin and suspended user on
 * /api/me (requireUser), /api/agent/profile (requireAgent) and /api/admin/session (requireAdmin).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@abode/shared/auth/auth.schema';
import { MESSAGES } from '@abode/shared/messages';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { users } from '#src/db/schema.ts';
import { get, signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
const cookies: Record<string, string | undefined> = {};
const ids: Record<string, string> = {};

type Who = 'visitor' | 'client' | 'agent' | 'admin' | 'superAdmin' | 'suspended';

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db });
  const make = async (who: Who, o: Parameters<typeof signedInUser>[2]) => {
    const u = await signedInUser(app, handle.db, o);
    cookies[who] = u.cookie;
    ids[who] = u.userId;
  };
  await make('client', {});
  await make('agent', { role: 'agent' });
  await make('admin', { admin: 'admin' });
  await make('superAdmin', { admin: 'super_admin' });
  await make('suspended', { role: 'agent', admin: 'super_admin' });
  await handle.db.update(users).set({ isSuspended: true }).where(eq(users.id, ids.suspended!));
});
afterAll(async () => {
  await handle?.close();
});

const matrix: [string, Record<Who, number>][] = [
  ['/api/me', { visitor: 401, client: 200, agent: 200, admin: 200, superAdmin: 200, suspended: 401 }],
  [
    '/api/agent/profile',
    { visitor: 401, client: 403, agent: 200, admin: 403, superAdmin: 403, suspended: 401 },
  ],
  [
    '/api/admin/session',
    { visitor: 401, client: 403, agent: 403, admin: 200, superAdmin: 200, suspended: 401 },
  ],
];

describe.each(matrix)('%s', (path, expected) => {
  test.each(Object.entries(expected) as [Who, number][])('%s → %i', async (who, status) => {
    const res = await get(app, path, cookies[who]);
    expect(res.status).toBe(status);
    const body = await readJson(res);
    // A suspended user's session says why it ended (REQ-AUTH-13); anyone else is simply signed out.
    if (status === 401 && who === 'suspended')
      expect(body.error).toEqual({ code: 'ACCOUNT_SUSPENDED', message: AUTH_MESSAGES.accountSuspended });
    else if (status === 401)
      expect(body.error).toEqual({ code: 'UNAUTHENTICATED', message: MESSAGES.authentication });
    if (status === 403) expect(body.error).toEqual({ code: 'FORBIDDEN', message: MESSAGES.authorization });
  });
});

describe('payloads', () => {
  test('admin session tells admin from super admin', async () => {
    expect(await readJson(await get(app, '/api/admin/session', cookies.admin))).toEqual({
      adminRole: 'admin',
    });
    expect(await readJson(await get(app, '/api/admin/session', cookies.superAdmin))).toEqual({
      adminRole: 'super_admin',
    });
  });
  test("the agent profile is the agent's own row", async () => {
    const body = await readJson(await get(app, '/api/agent/profile', cookies.agent));
    expect(body.agent.userId).toBe(ids.agent);
  });
  test('/api/me reports admin status', async () => {
    expect(await readJson(await get(app, '/api/me', cookies.superAdmin))).toMatchObject({
      isAdmin: true,
      adminRole: 'super_admin',
      agentId: null,
      agency: null,
    });
  });
});
