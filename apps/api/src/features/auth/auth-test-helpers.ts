/** HTTP helpers for the auth tests: requests with an Origin header (better-auth refuses POSTs without one). */
import { desc, eq } from 'drizzle-orm';
import type { createApp } from '#src/app.ts';
import type { Database } from '#src/db/client.ts';
import { admins, outbox, users } from '#src/db/schema.ts';
import { verifyAgencyOf } from '#src/testing/fixtures.ts';

export const ORIGIN = 'http://localhost:3000';
export const STRONG_PASSWORD = 'Zebra9!xyzw';

type App = ReturnType<typeof createApp>;

export function post(app: App, path: string, body: unknown, cookie?: string) {
  return app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
}

export function get(app: App, path: string, cookie?: string) {
  return app.request(path, { headers: { Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) } });
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => c && !c.endsWith('='))
    .join('; ');
}

export async function latestMail(db: Database, to: string) {
  const [row] = await db
    .select()
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return row;
}

export function linkIn(text: string): URL {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`no link in: ${text}`);
  return new URL(match[0]);
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}.${Date.now()}@example.com`;
}

/** Signs up through the API, marks the e-mail verified, optionally makes an admin, signs in; returns the cookie. */
export async function signedInUser(
  app: App,
  db: Database,
  o: {
    role?: 'client' | 'agent';
    admin?: 'admin' | 'super_admin';
    email?: string;
    /** An agent's agency is verified by an admin unless this is false (ADR 029: a new agency starts unverified). */
    agencyVerified?: boolean;
  } = {},
): Promise<{ email: string; userId: string; cookie: string }> {
  const email = o.email ?? uniqueEmail(o.role ?? 'client');
  const up = await post(app, '/api/auth/sign-up/email', {
    email,
    password: STRONG_PASSWORD,
    firstName: 'Test',
    role: o.role ?? 'client',
  });
  if (up.status !== 200) throw new Error(`sign-up failed: ${up.status} ${await up.text()}`);
  const [user] = await db.update(users).set({ isVerified: true }).where(eq(users.email, email)).returning();
  if (!user) throw new Error('user not created');
  if (o.admin) await db.insert(admins).values({ userId: user.id, adminRole: o.admin });
  if (o.role === 'agent' && o.agencyVerified !== false) await verifyAgencyOf(db, user.id);
  const res = await post(app, '/api/auth/sign-in/email', { email, password: STRONG_PASSWORD });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  // Super admins must use two-factor sign-in (ADR 031): this one counts as set up, with the session they have.
  if (o.admin === 'super_admin') await markTwoFactorSetUp(db, user.id);
  return { email, userId: user.id, cookie: cookieOf(res) };
}

/**
 * Marks user `userId` as using two-factor sign-in without enrolling an authenticator (the flag the policy checks), for
 * tests whose subject is not two-factor itself; their sessions stay valid. two-factor.test.ts enrols for real.
 */
export async function markTwoFactorSetUp(db: Database, userId: string): Promise<void> {
  await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, userId));
}
