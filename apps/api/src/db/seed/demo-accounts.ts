/**
 * Demo sign-ins (REQ-AUTH; demo only, never in production): one client, the first demo agent (who owns demo
 * listings) and one super admin. Listed in the README; printed by `npm start` when first created.
 *
 * Their passwords are public, so a production server must never let them in (REQ-SEC-14): a database first run in
 * development and then started with NODE_ENV=production still holds them. {@link disableDemoAccounts} (every
 * production start) takes away every demo user's way in; {@link removeDemoAccounts} (`npm run demo:remove`) deletes
 * them.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import {
  accounts,
  admins,
  agencyMembers,
  properties,
  sessions,
  users,
  verifications,
} from '#src/db/schema.ts';
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

const DEMO_SIGN_IN_EMAILS = new Set(Object.values(DEMO_ACCOUNTS).map((a) => a.email.toLowerCase()));

/**
 * Whether `email` is one of the three demo sign-ins, whose passwords are public: they stay password-only (ADR 031),
 * and exist only outside production (a production start disables them).
 */
export function isDemoSignIn(email: string): boolean {
  return DEMO_SIGN_IN_EMAILS.has(email.toLowerCase());
}

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

/**
 * The demo users in the database, sign-ins or not: the three DEMO_ACCOUNTS (by e-mail) and every demo agent (by
 * their fixed user id; any of them could have been given a password in development through a reset link from the
 * outbox). Ordered by e-mail.
 */
async function findDemoUsers(db: Database) {
  const emails = Object.values(DEMO_ACCOUNTS).map((a) => a.email.toLowerCase());
  return db
    .select({ id: users.id, email: users.email, isSuspended: users.isSuspended })
    .from(users)
    .where(
      or(
        inArray(sql`lower(${users.email})`, emails),
        inArray(
          users.id,
          DEMO_AGENTS.map((a) => demoUserId(a)),
        ),
      ),
    )
    .orderBy(users.email);
}

/** Deletes every way back in of users `ids`: password and other accounts, sessions, pending e-mail tokens. */
async function revokeAccess(db: Database, ids: string[]) {
  const removedAccounts = await db.delete(accounts).where(inArray(accounts.userId, ids)).returning();
  const removedSessions = await db.delete(sessions).where(inArray(sessions.userId, ids)).returning();
  // better-auth keeps a password-reset token's user id as the verification's value.
  await db.delete(verifications).where(inArray(verifications.value, ids));
  return new Set([...removedAccounts, ...removedSessions].map((r) => r.userId));
}

export interface DemoAccountsReport {
  /** E-mails of demo users that could sign in or had a session until now. */
  disabled: string[];
  /** E-mails of every demo user still in the database (all disabled now). */
  present: string[];
}

/**
 * Production start (REQ-SEC-14): every demo user loses their passwords, sessions and pending reset tokens and is
 * suspended, so neither sign-in nor a reset link nor an old cookie lets anyone in (the session hook of auth.ts and
 * the auth middleware refuse suspended users). Listings of demo agents stay as they are. Idempotent; says which
 * users it changed now and which are there at all.
 */
export async function disableDemoAccounts(db: Database, now: Date = new Date()): Promise<DemoAccountsReport> {
  const demo = await findDemoUsers(db);
  if (!demo.length) return { disabled: [], present: [] };
  const ids = demo.map((u) => u.id);
  const revoked = await revokeAccess(db, ids);
  await db
    .update(users)
    .set({ isSuspended: true, suspendedAt: now, updatedAt: now })
    .where(and(inArray(users.id, ids), eq(users.isSuspended, false)));
  return {
    disabled: demo.filter((u) => revoked.has(u.id) || !u.isSuspended).map((u) => u.email),
    present: demo.map((u) => u.email),
  };
}

export interface DemoRemovalReport {
  /** E-mails of the demo users deleted (with their sessions, favourites, saved searches, …). */
  removed: string[];
  /** E-mails of demo agents kept because they own listings (the demo listings); they stay disabled. */
  kept: string[];
}

/**
 * `npm run demo:remove`: deletes the demo users for good, except demo agents who own listings (a listing needs its
 * agent), who are disabled as at a production start instead.
 */
export async function removeDemoAccounts(db: Database, now: Date = new Date()): Promise<DemoRemovalReport> {
  const demo = await findDemoUsers(db);
  if (!demo.length) return { removed: [], kept: [] };
  const withListings = await db
    .selectDistinct({ userId: agencyMembers.userId })
    .from(agencyMembers)
    .innerJoin(properties, eq(properties.agentId, agencyMembers.defaultBranchId))
    .where(
      inArray(
        agencyMembers.userId,
        demo.map((u) => u.id),
      ),
    );
  const keep = new Set(withListings.map((r) => r.userId));
  const removable = demo.filter((u) => !keep.has(u.id)).map((u) => u.id);
  // Their memberships go with them (ON DELETE CASCADE); their branches stay with the agency.
  if (removable.length) await db.delete(users).where(inArray(users.id, removable));
  await disableDemoAccounts(db, now);
  return {
    removed: demo.filter((u) => !keep.has(u.id)).map((u) => u.email),
    kept: demo.filter((u) => keep.has(u.id)).map((u) => u.email),
  };
}
