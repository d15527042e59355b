/**
 * Sign-up with an address that already has an account (REQ-SEC-11): the answer is the one a new address gets (status
 * and body shape; no enumeration), and the owner is e-mailed a sign-in and a password reset link instead of
 * nothing. Those notices are limited like every e-mail a form sends.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { auditLogs, outbox, users } from '#src/db/schema.ts';
import { readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { get, linkIn, post, STRONG_PASSWORD, uniqueEmail } from './auth-test-helpers.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db, trustProxy: true });
});
afterAll(async () => {
  await handle?.close();
});

const mailTo = (email: string) =>
  handle.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(asc(outbox.createdAt));

/** A sign-up from `ip` (X-Forwarded-For, trusted here) with the demo form's fields. */
const signUp = (email: string, ip = '198.51.100.7', firstName = 'Jo') =>
  app.request('/api/auth/sign-up/email', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3000', 'X-Forwarded-For': ip },
    body: JSON.stringify({ email, password: STRONG_PASSWORD, firstName, lastName: 'Bloggs', role: 'client' }),
  });

/** The body with its per-user values (id, instants) replaced by their types: what must not differ. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v)]));
  return typeof value;
}

describe('sign-up with an address that has an account', () => {
  test('answers as for a new address, and sends the owner a sign-in and a reset link', async () => {
    const email = uniqueEmail('taken');
    const first = await signUp(email);
    const second = await signUp(email, '198.51.100.8', 'Mallory');
    expect(second.status).toBe(first.status);
    expect(first.status).toBe(200);
    const [a, b] = [await readJson(first), await readJson(second)];
    expect(shapeOf(b)).toEqual(shapeOf(a));
    expect(b.user).toMatchObject({ email, emailVerified: false });
    expect(b.user.id).not.toBe(a.user.id);
    expect([...second.headers.keys()].sort()).toEqual([...first.headers.keys()].sort());
    // One account, unchanged by the second attempt.
    const rows = await handle.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.firstName).toBe('Jo');
    // Both attempts are in the security log, against the account; the second is marked as for an existing one.
    const attempts = (
      await handle.db.select().from(auditLogs).where(eq(auditLogs.action, 'auth_attempt'))
    ).filter((row) => (row.afterData as { metadata: { email: string } }).metadata.email === email);
    expect(attempts.map((row) => row.userId)).toEqual([rows[0]!.id, rows[0]!.id]);
    const marked = attempts.filter(
      (row) => (row.afterData as { metadata: { existingAccount?: boolean } }).metadata.existingAccount,
    );
    expect(marked).toHaveLength(1);

    const mails = await mailTo(email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Confirm your Abode account',
      'Someone tried to create an Abode account with your e-mail',
    ]);
    const notice = mails[1]!;
    expect(notice.text).toContain('http://localhost:3000/auth\n');
    expect(notice.html).toContain('href="http://localhost:3000/auth"');

    // The reset link works: it lands on the SPA's reset page with a token that sets a new password.
    const resetLink = linkIn(notice.text.slice(notice.text.indexOf('one hour')));
    expect(resetLink.pathname).toMatch(/^\/api\/auth\/reset-password\//);
    const landing = await get(app, resetLink.pathname + resetLink.search);
    const location = new URL(landing.headers.get('location')!, 'http://localhost:3000');
    expect(location.pathname).toBe('/auth/reset-password');
    const token = location.searchParams.get('token');
    expect(token).toBeTruthy();
    const reset = await post(app, '/api/auth/reset-password', { newPassword: 'NewZebra9!xy', token });
    expect(reset.status).toBe(200);
  });

  test('notices are limited per address across client addresses; the answer never changes', async () => {
    const email = uniqueEmail('flooded');
    expect((await signUp(email, '203.0.113.1')).status).toBe(200);
    for (let i = 2; i <= 6; i++) {
      const res = await signUp(email, `203.0.113.${i}`);
      expect(res.status).toBe(200);
    }
    const notices = (await mailTo(email)).filter((m) => m.subject.startsWith('Someone tried'));
    expect(notices).toHaveLength(3);
  });
});
