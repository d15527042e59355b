/**
 * Demo accounts in production (REQ-SEC-14): their passwords are public, so a production start takes every demo user's
 * way in away (disableDemoAccounts) and `npm run demo:remove` deletes them (removeDemoAccounts). Proved through HTTP
 * sign-in and an old session, on a real database.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { accounts, agents, properties, sessions, users } from '#src/db/schema.ts';
import { cookieOf, get, post, signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { branchesOfUser, createListing } from '#src/testing/fixtures.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { DEMO_ACCOUNTS, disableDemoAccounts, removeDemoAccounts, seedDemoAccounts } from './demo-accounts.ts';
import { DEMO_AGENTS, demoAgentEmail, demoUserId } from './demo-agents.ts';
import { createOneBranchAgency } from '#src/features/agency/create-agency.ts';

const [firstAgent, secondAgent] = DEMO_AGENTS as [(typeof DEMO_AGENTS)[0], (typeof DEMO_AGENTS)[0]];
const DEMO = Object.values(DEMO_ACCOUNTS);

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;

/** The users and agents rows seedDemo makes for a demo agent (without the rest of the demo data). */
async function insertDemoAgent(agent: (typeof DEMO_AGENTS)[0]) {
  await handle.db.insert(users).values({
    id: demoUserId(agent),
    email: demoAgentEmail(agent),
    name: `${agent.firstName} ${agent.lastName}`,
    role: 'agent',
    isVerified: true,
  });
  const { branchId } = await createOneBranchAgency(
    handle.db,
    { name: agent.firstName, email: demoAgentEmail(agent) },
    { ownerUserId: demoUserId(agent), verified: true },
  );
  const [row] = await handle.db.select().from(agents).where(eq(agents.id, branchId));
  return row!;
}

const signIn = (email: string, password: string) => post(app, '/api/auth/sign-in/email', { email, password });

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db });
  // The first demo agent owns a listing (as the demo data's agents do); the second owns none.
  const owner = await insertDemoAgent(firstAgent);
  await createListing(handle.db, owner.id);
  await insertDemoAgent(secondAgent);
  expect(await seedDemoAccounts(handle.db)).toHaveLength(3);
});
afterAll(() => handle.close());

describe('disableDemoAccounts', () => {
  test('no demo account can sign in afterwards, old sessions stop working, other users are untouched', async () => {
    const cookies: string[] = [];
    for (const account of DEMO) {
      const res = await signIn(account.email, account.password);
      expect(res.status, account.email).toBe(200);
      cookies.push(cookieOf(res));
    }
    expect((await get(app, '/api/me', cookies[0])).status).toBe(200);
    const other = await signedInUser(app, handle.db);

    const report = await disableDemoAccounts(handle.db);

    const demoEmails = [...DEMO.map((a) => a.email), demoAgentEmail(secondAgent)].sort();
    expect(report.present).toEqual(demoEmails);
    // The second agent had no password nor session, but was not suspended yet.
    expect(report.disabled).toEqual(demoEmails);
    for (const account of DEMO) {
      const res = await signIn(account.email, account.password);
      expect(res.status, account.email).not.toBe(200);
      expect(res.headers.getSetCookie().join(''), account.email).not.toContain('session_token=');
    }
    for (const cookie of cookies) expect((await get(app, '/api/me', cookie)).status).toBe(401);
    const demoIds = (
      await handle.db.select({ id: users.id }).from(users).where(inArray(users.email, demoEmails))
    ).map((u) => u.id);
    expect(await handle.db.select().from(accounts).where(inArray(accounts.userId, demoIds))).toEqual([]);
    expect(await handle.db.select().from(sessions).where(inArray(sessions.userId, demoIds))).toEqual([]);

    expect((await get(app, '/api/me', other.cookie)).status).toBe(200);

    // Idempotent: nothing more to disable on the next start.
    expect(await disableDemoAccounts(handle.db)).toEqual({ disabled: [], present: demoEmails });
  });

  test('a demo account given its password back (a reset, an admin) still gets no session', async () => {
    // Suspension is what keeps it out: the session hook refuses suspended users whatever the password.
    await seedDemoAccounts(handle.db);
    const res = await signIn(DEMO_ACCOUNTS.client.email, DEMO_ACCOUNTS.client.password);
    expect(res.status).not.toBe(200);
    expect(res.headers.getSetCookie().join('')).not.toContain('session_token=');
  });
});

describe('removeDemoAccounts', () => {
  test('deletes the demo users, keeping (disabled) the demo agents who own listings', async () => {
    const report = await removeDemoAccounts(handle.db);

    expect(report.kept).toEqual([DEMO_ACCOUNTS.agent.email]);
    expect(report.removed.sort()).toEqual(
      [DEMO_ACCOUNTS.client.email, DEMO_ACCOUNTS.superAdmin.email, demoAgentEmail(secondAgent)].sort(),
    );
    const left = await handle.db.select({ email: users.email, isSuspended: users.isSuspended }).from(users);
    expect(left).toContainEqual({ email: DEMO_ACCOUNTS.agent.email, isSuspended: true });
    for (const email of report.removed) expect(left.map((u) => u.email)).not.toContain(email);
    // The kept agent's listing is still there; its password is gone.
    const [owner] = await branchesOfUser(handle.db, demoUserId(firstAgent));
    expect(await handle.db.select().from(properties).where(eq(properties.agentId, owner!.id))).toHaveLength(
      1,
    );
    expect(
      await handle.db
        .select()
        .from(accounts)
        .where(eq(accounts.userId, demoUserId(firstAgent))),
    ).toEqual([]);
    expect(await removeDemoAccounts(handle.db)).toEqual({ removed: [], kept: [DEMO_ACCOUNTS.agent.email] });
  });
});
