/** `admin:create` and the demo accounts: users made outside sign-up can sign in through better-auth. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { createApp } from '#src/app.ts';
import { parseAdminArgs } from '#src/db/admin-create-cli.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { users } from '#src/db/schema.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '#src/db/seed/demo-accounts.ts';
import { DEMO_AGENTS, demoAgentEmail, demoAgentId, demoUserId } from '#src/db/seed/demo-agents.ts';
import { readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import type { Me } from '@abode/shared/auth/me.schema';
import {
  cookieOf,
  get,
  markTwoFactorSetUp,
  post,
  signedInUser,
  STRONG_PASSWORD,
} from './auth-test-helpers.ts';
import { createOrPromoteAdmin } from './credential-users.ts';
import { createOneBranchAgency } from '#src/features/agency/create-agency.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db });
});
afterAll(async () => {
  await handle?.close();
});

async function signIn(email: string, password: string) {
  const res = await post(app, '/api/auth/sign-in/email', { email, password });
  return { status: res.status, cookie: cookieOf(res) };
}

describe('admin:create', () => {
  test('creates a verified super admin who can sign in', async () => {
    const r = await createOrPromoteAdmin(handle.db, {
      email: 'Boss@Example.com',
      password: 'Boss-Zebra9!x',
      superAdmin: true,
    });
    expect(r.created).toBe(true);
    const { status, cookie } = await signIn('boss@example.com', 'Boss-Zebra9!x');
    expect(status).toBe(200);
    // A super admin must set up two-factor sign-in before anything else (ADR 031).
    expect(((await readJson(await get(app, '/api/me', cookie))) as Me).twoFactor).toEqual({
      enabled: false,
      required: true,
      demo: false,
    });
    await markTwoFactorSetUp(handle.db, r.userId);
    expect(await readJson(await get(app, '/api/admin/session', cookie))).toEqual({
      adminRole: 'super_admin',
    });
  });

  test('promotes an existing user', async () => {
    const { email } = await signedInUser(app, handle.db);
    const r = await createOrPromoteAdmin(handle.db, { email, password: STRONG_PASSWORD, superAdmin: false });
    expect(r.created).toBe(false);
    const { cookie } = await signIn(email, STRONG_PASSWORD);
    expect(await readJson(await get(app, '/api/admin/session', cookie))).toEqual({ adminRole: 'admin' });
  });

  test.each([
    [['--email', 'a@example.com'], /^Usage/],
    [['--email', 'nope', '--password', 'Boss-Zebra9!x'], /valid email/],
    [['--email', 'a@example.com', '--password', 'weak'], /^Password validation failed: /],
    [['--bogus'], /Unknown argument/],
  ])('%j is refused', (argv, message) => {
    const r = parseAdminArgs(argv);
    expect('error' in r && r.error).toMatch(message);
  });

  test('parses --super', () => {
    expect(
      parseAdminArgs(['--', '--email', 'A@example.com', '--password', 'Boss-Zebra9!x', '--super']),
    ).toEqual({
      email: 'a@example.com',
      password: 'Boss-Zebra9!x',
      superAdmin: true,
    });
  });
});

describe('demo accounts', () => {
  test('client, first demo agent and super admin can sign in; a second run creates nothing', async () => {
    const a = DEMO_AGENTS[0]!;
    await handle.db.insert(users).values({
      id: demoUserId(a),
      email: demoAgentEmail(a),
      role: 'agent',
      isVerified: true,
      firstName: a.firstName,
    });
    await createOneBranchAgency(
      handle.db,
      { id: demoAgentId(a), name: a.firstName },
      { ownerUserId: demoUserId(a), verified: true },
    );

    expect(await seedDemoAccounts(handle.db)).toHaveLength(3);
    expect(await seedDemoAccounts(handle.db)).toHaveLength(0);

    const client = await signIn(DEMO_ACCOUNTS.client.email, DEMO_ACCOUNTS.client.password);
    expect(client.status).toBe(200);
    const agent = await signIn(DEMO_ACCOUNTS.agent.email, DEMO_ACCOUNTS.agent.password);
    expect((await readJson(await get(app, '/api/agent/profile', agent.cookie))).agent.id).toBe(
      demoAgentId(a),
    );
    const admin = await signIn(DEMO_ACCOUNTS.superAdmin.email, DEMO_ACCOUNTS.superAdmin.password);
    expect(await readJson(await get(app, '/api/admin/session', admin.cookie))).toEqual({
      adminRole: 'super_admin',
    });
    const [row] = await handle.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.client.email));
    expect(row?.isVerified).toBe(true);
  });
});
