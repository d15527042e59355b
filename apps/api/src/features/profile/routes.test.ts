/**
 * /api/me profile routes over HTTP against a real database (REQ-CLIENT /profile): profile read and update, change
 * password and change e-mail through better-auth (with our hooks), download my data and delete my account.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@abode/shared/auth/auth.schema';
import { PASSWORD_MESSAGES } from '@abode/shared/auth/password';
import { MESSAGES } from '@abode/shared/messages';
import { PROFILE_MESSAGES } from '@abode/shared/profile/profile.schema';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import {
  accounts,
  auditLogs,
  enquiries,
  favourites,
  recentViews,
  savedSearches,
  sessions,
  users,
} from '#src/db/schema.ts';
import {
  cookieOf,
  get,
  latestMail,
  linkIn,
  ORIGIN,
  post,
  signedInUser,
  STRONG_PASSWORD,
  uniqueEmail,
} from '#src/features/auth/auth-test-helpers.ts';
import { createAgent, createListing } from '#src/testing/fixtures.ts';
import { readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
const clock = new Date('2026-11-22T10:00:00Z');

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db, now: () => clock });
});
afterAll(async () => {
  await handle?.close();
});

function send(method: string, path: string, body: unknown, cookie?: string) {
  return app.request(path, {
    method,
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
}

async function signIn(email: string, password: string) {
  return post(app, '/api/auth/sign-in/email', { email, password });
}

describe('visitors', () => {
  test.each([
    ['GET', '/api/me/profile', undefined],
    ['PATCH', '/api/me/profile', { firstName: 'Jo' }],
    ['GET', '/api/me/export', undefined],
    ['DELETE', '/api/me', { password: STRONG_PASSWORD, confirmation: 'DELETE' }],
  ])('%s %s → 401', async (method, path, body) => {
    const res = body === undefined ? await app.request(path, { method }) : await send(method, path, body);
    expect(res.status).toBe(401);
    expect(await readJson(res)).toEqual({
      error: { code: 'UNAUTHENTICATED', message: MESSAGES.authentication },
    });
  });
});

describe('GET and PATCH /api/me/profile', () => {
  test('reads the own profile, never cached', async () => {
    const { cookie, email, userId } = await signedInUser(app, handle.db);
    const res = await get(app, '/api/me/profile', cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await readJson(res);
    expect(body).toEqual({
      id: userId,
      email,
      firstName: 'Test',
      lastName: null,
      phone: null,
      role: 'client',
      isVerified: true,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  test('updates names and phone, keeping better-auth name in step', async () => {
    const { cookie, userId } = await signedInUser(app, handle.db);
    const res = await send(
      'PATCH',
      '/api/me/profile',
      { firstName: ' Siân ', lastName: "O'Neill", phone: '+44 (0)20 7946 0958' },
      cookie,
    );
    expect(res.status).toBe(200);
    expect(await readJson(res)).toMatchObject({
      id: userId,
      firstName: 'Siân',
      lastName: "O'Neill",
      phone: '+44 (0)20 7946 0958',
    });
    const [row] = await handle.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({ name: "Siân O'Neill", firstName: 'Siân', phone: '+44 (0)20 7946 0958' });
    // And /api/me (the header's source) agrees.
    expect(await readJson(await get(app, '/api/me', cookie))).toMatchObject({
      user: { firstName: 'Siân', lastName: "O'Neill", phone: '+44 (0)20 7946 0958' },
    });

    // Clearing the optional fields.
    const cleared = await send(
      'PATCH',
      '/api/me/profile',
      { firstName: 'Siân', lastName: '', phone: '' },
      cookie,
    );
    expect(await readJson(cleared)).toMatchObject({ lastName: null, phone: null });
    const [after] = await handle.db.select().from(users).where(eq(users.id, userId));
    expect(after?.name).toBe('Siân');
  });

  test.each([
    [{ firstName: 'Jo', phone: '1234' }, MESSAGES.contactPhoneLength],
    [{ firstName: 'Jo', phone: '0'.repeat(21) }, MESSAGES.contactPhoneLength],
    [{ firstName: 'R2D2' }, AUTH_MESSAGES.signUpInvalidName],
    [{ firstName: '  ' }, PROFILE_MESSAGES.firstNameRequired],
    // A first name cannot be cleared (REQ-CLIENT-16: left out keeps it; null or '' is a clearing attempt).
    [{ firstName: null, lastName: 'Smith' }, PROFILE_MESSAGES.firstNameRequired],
    [{ firstName: '' }, PROFILE_MESSAGES.firstNameRequired],
    [{ firstName: 'Jo\nAnn' }, AUTH_MESSAGES.signUpInvalidName],
  ])('%j → 400 %s', async (body, message) => {
    const { cookie, userId } = await signedInUser(app, handle.db);
    const res = await send('PATCH', '/api/me/profile', body, cookie);
    expect(res.status).toBe(400);
    expect(await readJson(res)).toMatchObject({ error: { code: 'VALIDATION_ERROR', message } });
    const [row] = await handle.db.select().from(users).where(eq(users.id, userId));
    expect(row?.firstName).toBe('Test');
  });

  test('PATCH is partial: a field left out keeps its value; null or blank clears an optional one (REQ-CLIENT-16)', async () => {
    const { cookie, userId } = await signedInUser(app, handle.db);
    const profile = async (body: unknown) => {
      const res = await send('PATCH', '/api/me/profile', body, cookie);
      expect(res.status, await res.clone().text()).toBe(200);
      const [row] = await handle.db.select().from(users).where(eq(users.id, userId));
      return { answer: await readJson(res), name: row!.name };
    };
    expect(await profile({ firstName: 'Siân', lastName: "O'Neill", phone: '020 7946 0958' })).toMatchObject({
      answer: { firstName: 'Siân', lastName: "O'Neill", phone: '020 7946 0958' },
      name: "Siân O'Neill",
    });
    // Only the phone: the names stay (they were erased before partial updates, REQ-CLIENT-16).
    expect(await profile({ phone: '020 7946 0000' })).toMatchObject({
      answer: { firstName: 'Siân', lastName: "O'Neill", phone: '020 7946 0000' },
      name: "Siân O'Neill",
    });
    // Only the last name: "first last" is rebuilt from the stored first name.
    expect(await profile({ lastName: 'Jones' })).toMatchObject({
      answer: { firstName: 'Siân', lastName: 'Jones', phone: '020 7946 0000' },
      name: 'Siân Jones',
    });
    expect(await profile({ phone: null })).toMatchObject({
      answer: { firstName: 'Siân', lastName: 'Jones', phone: null },
    });
    await profile({ phone: '020 7946 0958' });
    expect(await profile({ phone: '' })).toMatchObject({ answer: { phone: null } });
    expect(await profile({ lastName: null })).toMatchObject({
      answer: { firstName: 'Siân', lastName: null, phone: null },
      name: 'Siân',
    });
    // A body without any of the fields is refused, and changes nothing.
    const empty = await send('PATCH', '/api/me/profile', {}, cookie);
    expect(empty.status).toBe(400);
    expect(await readJson(empty)).toMatchObject({ error: { message: MESSAGES.validation } });
    expect(await readJson(await get(app, '/api/me/profile', cookie))).toMatchObject({
      firstName: 'Siân',
      lastName: null,
      phone: null,
    });
  });

  test('a body that is not JSON is a 400, not a 500', async () => {
    const { cookie } = await signedInUser(app, handle.db);
    const res = await app.request('/api/me/profile', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Origin: ORIGIN, Cookie: cookie },
      body: 'nope',
    });
    expect(res.status).toBe(400);
    const missing = await app.request('/api/me/profile', {
      method: 'PATCH',
      headers: { Origin: ORIGIN, Cookie: cookie },
    });
    expect(missing.status).toBe(400);
  });

  test("a user's cookie only ever reads and changes their own profile", async () => {
    const a = await signedInUser(app, handle.db);
    const b = await signedInUser(app, handle.db);
    // An id in the body is not an input.
    const res = await send('PATCH', '/api/me/profile', { id: a.userId, firstName: 'Mallory' }, b.cookie);
    expect(res.status).toBe(200);
    expect(await readJson(res)).toMatchObject({ id: b.userId, firstName: 'Mallory' });
    const [rowA] = await handle.db.select().from(users).where(eq(users.id, a.userId));
    expect(rowA?.firstName).toBe('Test');
    expect(await readJson(await get(app, '/api/me/profile', a.cookie))).toMatchObject({
      id: a.userId,
      firstName: 'Test',
    });
  });
});

describe('change password (better-auth /change-password + our strength hook)', () => {
  test('wrong current password is refused; weak new password is refused with the rules', async () => {
    const { cookie, email } = await signedInUser(app, handle.db);
    const wrong = await post(
      app,
      '/api/auth/change-password',
      { currentPassword: 'Not-the-one9!', newPassword: 'Brightfield9!x', revokeOtherSessions: true },
      cookie,
    );
    expect(wrong.status).toBe(400);
    expect(await readJson(wrong)).toMatchObject({ error: { code: 'INVALID_PASSWORD' } });

    const weak = await post(
      app,
      '/api/auth/change-password',
      { currentPassword: STRONG_PASSWORD, newPassword: 'password1', revokeOtherSessions: true },
      cookie,
    );
    expect(weak.status).toBe(400);
    const body = await readJson(weak);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.message).toMatch(/^Password validation failed: /);
    expect(body.error.message).toContain(PASSWORD_MESSAGES.uppercase);
    expect(body.error.message).toContain(PASSWORD_MESSAGES.common);
    // Still the old password.
    expect((await signIn(email, STRONG_PASSWORD)).status).toBe(200);
  });

  test('success: the old password fails, the new one works, other sessions end (even unasked)', async () => {
    const { cookie, email } = await signedInUser(app, handle.db);
    const other = cookieOf(await signIn(email, STRONG_PASSWORD));
    expect((await get(app, '/api/me', other)).status).toBe(200);

    const res = await post(
      app,
      '/api/auth/change-password',
      { currentPassword: STRONG_PASSWORD, newPassword: 'Brightfield9!x', revokeOtherSessions: false },
      cookie,
    );
    expect(res.status).toBe(200);
    const renewed = cookieOf(res);
    expect(renewed).not.toBe('');

    expect((await get(app, '/api/me', other)).status).toBe(401);
    expect((await get(app, '/api/me', renewed)).status).toBe(200);
    expect((await signIn(email, STRONG_PASSWORD)).status).toBe(401);
    expect((await signIn(email, 'Brightfield9!x')).status).toBe(200);
  });
});

describe('change e-mail (better-auth /change-email)', () => {
  test('the link goes to the new address; the e-mail changes only once it is followed; the old one is told', async () => {
    const { cookie, email, userId } = await signedInUser(app, handle.db);
    const newEmail = uniqueEmail('moved');
    const res = await post(
      app,
      '/api/auth/change-email',
      { newEmail: ` ${newEmail.toUpperCase()} `, callbackURL: '/profile' },
      cookie,
    );
    expect(res.status).toBe(200);

    const [before] = await handle.db.select().from(users).where(eq(users.id, userId));
    expect(before?.email).toBe(email);
    const mail = await latestMail(handle.db, newEmail);
    expect(mail?.subject).toBe('Confirm your new Abode e-mail address');
    expect(await latestMail(handle.db, email)).toMatchObject({ subject: 'Confirm your Abode account' });

    const link = linkIn(mail!.text);
    expect(link.searchParams.get('callbackURL')).toBe('/profile');
    const followed = await get(app, link.pathname + link.search, cookie);
    expect(followed.status).toBeLessThan(400);

    const [after] = await handle.db.select().from(users).where(eq(users.id, userId));
    expect(after).toMatchObject({ email: newEmail, isVerified: true });
    const notice = await latestMail(handle.db, email);
    expect(notice?.subject).toBe('Your Abode e-mail address was changed');
    expect(notice?.text).toContain(newEmail);

    expect((await signIn(newEmail, STRONG_PASSWORD)).status).toBe(200);
    expect((await signIn(email, STRONG_PASSWORD)).status).toBe(401);
  });

  test('an invalid address is refused with the SPEC message; visitors get 401', async () => {
    const { cookie } = await signedInUser(app, handle.db);
    const bad = await post(app, '/api/auth/change-email', { newEmail: 'not-an-email' }, cookie);
    expect(bad.status).toBe(400);
    expect(await readJson(bad)).toMatchObject({ error: { message: AUTH_MESSAGES.signInInvalidEmail } });
    const visitor = await post(app, '/api/auth/change-email', { newEmail: uniqueEmail() });
    expect(visitor.status).toBe(401);
  });

  test('limited to 3 requests an hour per user', async () => {
    const { cookie } = await signedInUser(app, handle.db);
    for (let i = 0; i < 3; i += 1)
      expect(
        (await post(app, '/api/auth/change-email', { newEmail: uniqueEmail('try') }, cookie)).status,
      ).toBe(200);
    const target = uniqueEmail('fourth');
    const res = await post(app, '/api/auth/change-email', { newEmail: target }, cookie);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await latestMail(handle.db, target)).toBeUndefined();
  });
});

describe('GET /api/me/export', () => {
  test("downloads the user's own data, without password hashes or tokens", async () => {
    const agent = await createAgent(handle.db);
    const listing = await createListing(handle.db, agent.id, { title: 'Two bedroom flat near the common' });
    const viewed = await createListing(handle.db, agent.id, { title: 'Victorian terrace', at: 'reading' });
    const me = await signedInUser(app, handle.db);
    const other = await signedInUser(app, handle.db);
    await handle.db.insert(favourites).values({ userId: me.userId, propertyId: listing.id });
    await handle.db.insert(favourites).values({ userId: other.userId, propertyId: viewed.id });
    await handle.db.insert(savedSearches).values({
      userId: me.userId,
      label: 'Search in Wimbledon',
      searchParams: { location: 'Wimbledon', mode: 'sale' },
    });
    await handle.db.insert(recentViews).values({ userId: me.userId, propertyId: viewed.id });
    await handle.db.insert(enquiries).values([
      {
        agentId: agent.id,
        propertyId: listing.id,
        userId: me.userId,
        message: 'Is the flat still available?',
        contactInfo: { name: 'Test', email: me.email },
      },
      {
        agentId: agent.id,
        propertyId: viewed.id,
        message: 'Sent before I had an account',
        contactInfo: { name: 'Test', email: me.email.toUpperCase() },
      },
      {
        agentId: agent.id,
        propertyId: viewed.id,
        message: "Someone else's enquiry",
        contactInfo: { name: 'Other', email: other.email },
      },
    ]);

    const res = await get(app, '/api/me/export', me.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="abode-my-data-2026-11-22.json"',
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({ id: me.userId, email: me.email, firstName: 'Test' });
    expect(data.favourites).toEqual([
      expect.objectContaining({ listingId: listing.id, title: listing.title, slug: listing.slug }),
    ]);
    expect(data.savedSearches).toEqual([
      expect.objectContaining({
        label: 'Search in Wimbledon',
        searchParams: { location: 'Wimbledon', mode: 'sale' },
      }),
    ]);
    expect(data.recentViews).toEqual([expect.objectContaining({ listingId: viewed.id, slug: viewed.slug })]);
    expect(data.enquiries.map((e: { message: string }) => e.message).sort()).toEqual([
      'Is the flat still available?',
      'Sent before I had an account',
    ]);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.auditLog).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'auth_attempt' })]),
    );
    expect(data.agent).toBeNull();

    // No secrets: not the argon2 hash, not a session token, not an unsubscribe token.
    const [account] = await handle.db.select().from(accounts).where(eq(accounts.userId, me.userId));
    const tokens = await handle.db.select().from(sessions).where(eq(sessions.userId, me.userId));
    const [search] = await handle.db.select().from(savedSearches).where(eq(savedSearches.userId, me.userId));
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain(account!.password!);
    for (const s of tokens) expect(text).not.toContain(s.token);
    expect(text).not.toContain(search!.unsubscribeToken);
    expect(text).not.toContain(other.email);
  });

  test("an agent's export includes their agent record", async () => {
    const { cookie } = await signedInUser(app, handle.db, { role: 'agent' });
    const data = await readJson(await get(app, '/api/me/export', cookie));
    expect(data.profile.role).toBe('agent');
    expect(data.agent).toMatchObject({ name: 'Test' });
  });
});

describe('DELETE /api/me', () => {
  test('refuses a wrong password, a missing confirmation, and agents', async () => {
    const { cookie, userId } = await signedInUser(app, handle.db);
    const wrong = await send(
      'DELETE',
      '/api/me',
      { password: 'Not-the-one9!', confirmation: 'DELETE' },
      cookie,
    );
    expect(wrong.status).toBe(400);
    expect(await readJson(wrong)).toMatchObject({
      error: { code: 'VALIDATION_ERROR', message: PROFILE_MESSAGES.passwordWrong },
    });
    const unconfirmed = await send(
      'DELETE',
      '/api/me',
      { password: STRONG_PASSWORD, confirmation: 'delete' },
      cookie,
    );
    expect(unconfirmed.status).toBe(400);
    expect(await readJson(unconfirmed)).toMatchObject({
      error: { message: PROFILE_MESSAGES.deleteConfirmation },
    });
    const [row] = await handle.db.select().from(users).where(eq(users.id, userId));
    expect(row?.isDeleted).toBe(false);
    expect((await get(app, '/api/me', cookie)).status).toBe(200);

    const agent = await signedInUser(app, handle.db, { role: 'agent' });
    const res = await send(
      'DELETE',
      '/api/me',
      { password: STRONG_PASSWORD, confirmation: 'DELETE' },
      agent.cookie,
    );
    expect(res.status).toBe(403);
    expect(await readJson(res)).toMatchObject({ error: { message: PROFILE_MESSAGES.deleteNotAllowed } });
  });

  test('limits password attempts per user', async () => {
    const { cookie } = await signedInUser(app, handle.db);
    for (let i = 0; i < 5; i += 1)
      expect(
        (await send('DELETE', '/api/me', { password: `Wrong-${i}9!x`, confirmation: 'DELETE' }, cookie))
          .status,
      ).toBe(400);
    const res = await send(
      'DELETE',
      '/api/me',
      { password: STRONG_PASSWORD, confirmation: 'DELETE' },
      cookie,
    );
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  test('erases the account in one go and ends the session', async () => {
    const agent = await createAgent(handle.db);
    const listing = await createListing(handle.db, agent.id);
    const me = await signedInUser(app, handle.db);
    const otherDevice = cookieOf(await signIn(me.email, STRONG_PASSWORD));
    await send(
      'PATCH',
      '/api/me/profile',
      { firstName: 'Jo', lastName: 'Bloggs', phone: '020 7946 0958' },
      me.cookie,
    );
    await handle.db.insert(favourites).values({ userId: me.userId, propertyId: listing.id });
    await handle.db
      .insert(savedSearches)
      .values({ userId: me.userId, label: 'Search in London', searchParams: {} });
    await handle.db.insert(recentViews).values({ userId: me.userId, propertyId: listing.id });
    const [enquiry] = await handle.db
      .insert(enquiries)
      .values({
        agentId: agent.id,
        propertyId: listing.id,
        userId: me.userId,
        message: 'Can I view on Saturday?',
        contactInfo: { name: 'Jo Bloggs', email: me.email },
      })
      .returning();

    const res = await send(
      'DELETE',
      '/api/me',
      { password: STRONG_PASSWORD, confirmation: 'DELETE' },
      me.cookie,
    );
    expect(res.status).toBe(204);
    const cleared = res.headers.getSetCookie().join('\n');
    expect(cleared).toMatch(/better-auth\.session_token=;[^\n]*Max-Age=0/);

    // Both devices are signed out, and the password no longer works.
    expect((await get(app, '/api/me/profile', me.cookie)).status).toBe(401);
    expect((await get(app, '/api/me', otherDevice)).status).toBe(401);
    expect((await signIn(me.email, STRONG_PASSWORD)).status).toBe(401);

    const [row] = await handle.db.select().from(users).where(eq(users.id, me.userId));
    expect(row).toMatchObject({
      isDeleted: true,
      email: `deleted-${me.userId}@deleted.invalid`,
      name: '',
      firstName: null,
      lastName: null,
      phone: null,
      image: null,
    });
    const count = async (rows: Promise<unknown[]>) => (await rows).length;
    expect(await count(handle.db.select().from(sessions).where(eq(sessions.userId, me.userId)))).toBe(0);
    expect(await count(handle.db.select().from(accounts).where(eq(accounts.userId, me.userId)))).toBe(0);
    expect(await count(handle.db.select().from(favourites).where(eq(favourites.userId, me.userId)))).toBe(0);
    expect(
      await count(handle.db.select().from(savedSearches).where(eq(savedSearches.userId, me.userId))),
    ).toBe(0);
    expect(await count(handle.db.select().from(recentViews).where(eq(recentViews.userId, me.userId)))).toBe(
      0,
    );

    // The agent keeps the enquiry; it no longer points at the account.
    const [kept] = await handle.db.select().from(enquiries).where(eq(enquiries.id, enquiry!.id));
    expect(kept).toMatchObject({ userId: null, message: 'Can I view on Saturday?' });

    // One medium-severity event, with no personal data.
    const events = await handle.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, me.userId), eq(auditLogs.action, 'data_access')));
    expect(events).toHaveLength(1);
    expect(events[0]?.afterData).toMatchObject({ severity: 'medium', metadata: { type: 'account_deleted' } });
    expect(JSON.stringify(events[0])).not.toContain(me.email);
    expect(JSON.stringify(events[0])).not.toContain('Bloggs');

    // The address is free for a new account.
    const again = await post(app, '/api/auth/sign-up/email', {
      email: me.email,
      password: STRONG_PASSWORD,
      firstName: 'Jo',
    });
    expect(again.status).toBe(200);
    expect(await latestMail(handle.db, me.email)).toBeDefined();
  });
});

test('the routes are in the OpenAPI document', async () => {
  const doc = await readJson(await app.request('/api/openapi.json'));
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining(['/api/me/profile', '/api/me/export', '/api/me']),
  );
  expect(doc.paths['/api/me'].delete).toBeDefined();
  expect(doc.paths['/api/me/profile'].patch.requestBody).toBeDefined();
});
