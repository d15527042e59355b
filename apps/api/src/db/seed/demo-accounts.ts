/**
 * Demo sign-ins (issue #3; demo only, never in production): one client, the first demo agent (who owns demo
 * listings) and one super admin. Listed in the README; printed by `npm start` when first created.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { accounts, admins, users } from '#src/db/schema.ts';
import { ensureCredentialUser, setCredentialPassword } from '#src/features/auth/credential-users.ts';
import { DEMO_AGENTS, demoAgentEmail, demoUserId } from './demo-agents.ts';

export interface DemoAccount {
  label: string;
  email: string;
  password: string;
}

const firstAgent = DEMO_AGENTS[0]!;

export const DEMO_ACCOUNTS = {
  client: { label: 'Client', email: 'demo.client@example.com', password: 'Demo-Client-2026!' },
  agent: { label: 'Agent', email: demoAgentEmail(firstAgent), password: 'Demo-Agent-2026!' },
  superAdmin: { label: 'Super admin', email: 'demo.superadmin@example.com', password: 'Demo-Super-2026!' },
} as const satisfies Record<string, DemoAccount>;

/** Creates the demo accounts that are missing; returns those created now (for printing). */
export async function seedDemoAccounts(db: Database): Promise<DemoAccount[]> {
  const created: DemoAccount[] = [];
  const client = await ensureCredentialUser(db, {
    email: DEMO_ACCOUNTS.client.email,
    password: DEMO_ACCOUNTS.client.password,
    firstName: 'Casey',
    lastName: 'Client',
  });
  if (client.created) created.push(DEMO_ACCOUNTS.client);

  // The first demo agent (created by seedDemo) gets a password, once.
  const [agentUser] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, demoUserId(firstAgent)));
  if (agentUser) {
    const has = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.userId, agentUser.id));
    if (!has.length) {
      await setCredentialPassword(db, agentUser.id, DEMO_ACCOUNTS.agent.password);
      created.push(DEMO_ACCOUNTS.agent);
    }
  }

  const admin = await ensureCredentialUser(db, {
    email: DEMO_ACCOUNTS.superAdmin.email,
    password: DEMO_ACCOUNTS.superAdmin.password,
    firstName: 'Sam',
    lastName: 'Super',
  });
  await db.insert(admins).values({ userId: admin.userId, adminRole: 'super_admin' }).onConflictDoNothing();
  if (admin.created) created.push(DEMO_ACCOUNTS.superAdmin);
  return created;
}
