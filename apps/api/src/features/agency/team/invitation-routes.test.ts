/**
 * /api/agency-invitations over HTTP on a real database (ADR 029): what a link offers; one 404 for unknown, expired,
 * used and withdrawn links; joining signed out with a new account (made by better-auth, verified, no agency of its
 * own, no confirmation e-mail) and signing in with it; joining signed in as the invited address; the 400, 403 and
 * 409 refusals; the accept limit; and the audit row of a join.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@abode/shared/auth/auth.schema';
import {
  AGENCY_TEAM_MESSAGES as T,
  AcceptInvitationResultSchema,
  INVITATION_TTL_MS,
  InvitationPreviewSchema,
} from '@abode/shared/agency/team.schema';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import {
  accounts,
  agencies,
  agencyInvitations,
  agencyMembers,
  agents,
  auditLogs,
  outbox,
  users,
} from '#src/db/schema.ts';
import { cookieOf, post, signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { callApiChecked, loadErrorCatalogue, type ErrorCatalogue } from '#src/testing/error-catalogue.ts';
import { insertInvitation, membershipOf } from './team-fixtures.ts';

const PASSWORD = 'Tidy!Harbour#Lamp7';
const NEW_ACCOUNT = { firstName: 'Imran', lastName: 'Castell', password: PASSWORD };

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let clock = new Date();
let catalogue: ErrorCatalogue;
let owner: { cookie: string; userId: string; email: string };
let agencyId: string;
let branchId: string;
let secondBranch: string;

/** Every 4xx carries a catalogue message (REQ-MSG-01). */
const call = (method: string, path: string, cookie?: string, body?: unknown) =>
  callApiChecked(app, catalogue, method, path, cookie, body);

const invite = (o: Parameters<typeof insertInvitation>[2] = {}) =>
  insertInvitation(handle.db, agencyId, {
    role: 'negotiator',
    branchIds: [secondBranch],
    invitedBy: owner.userId,
    expiresAt: new Date(clock.getTime() + INVITATION_TTL_MS),
    ...o,
  });

const accept = (token: string, cookie?: string, body: unknown = {}) =>
  call('POST', `/api/agency-invitations/${token}/accept`, cookie, body);

const countOf = async (table: typeof agencies | typeof agents) =>
  (await handle.db.select({ n: count() }).from(table))[0]!.n;

beforeAll(async () => {
  handle = await createTestDatabase();
  catalogue = await loadErrorCatalogue();
  app = createApp({ db: handle.db, now: () => clock });
  owner = await signedInUser(app, handle.db, { role: 'agent' });
  const m = await membershipOf(handle.db, owner.userId);
  agencyId = m.agencyId;
  branchId = m.defaultBranchId;
  await handle.db.update(agencies).set({ name: 'Harbour & Vale' }).where(eq(agencies.id, agencyId));
  await handle.db
    .update(agents)
    .set({ agencyName: 'Harbour & Vale', branchName: 'Wimbledon' })
    .where(eq(agents.id, branchId));
  secondBranch = randomUUID();
  await handle.db.insert(agents).values({
    id: secondBranch,
    agencyId,
    name: 'Harbour & Vale Reading',
    agencyName: 'Harbour & Vale',
    branchName: 'Reading',
    slug: `harbour-and-vale-reading-${secondBranch.slice(0, 8)}`,
    createdAt: new Date(Date.now() + 60_000),
  });
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(() => {
  clock = new Date(clock.getTime() + 2 * 60 * 60_000);
});

describe('what a link offers', () => {
  test('agency, role, branches, address and whether it has an account; personal, never cached', async () => {
    const client = await signedInUser(app, handle.db);
    const fresh = await invite();
    const res = await call('GET', `/api/agency-invitations/${fresh.token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(InvitationPreviewSchema.parse(await readJson(res))).toMatchObject({
      agencyName: 'Harbour & Vale',
      role: 'negotiator',
      branchNames: ['Reading'],
      email: fresh.email,
      accountExists: false,
    });
    const existing = await invite({ email: client.email.toUpperCase(), role: 'owner', branchIds: [] });
    expect(await readJson(await call('GET', `/api/agency-invitations/${existing.token}`))).toMatchObject({
      role: 'owner',
      branchNames: ['Wimbledon', 'Reading'],
      accountExists: true,
    });
  });

  test('unknown, expired, used and withdrawn links all answer the same 404', async () => {
    const expired = await invite({ expiresAt: new Date(clock.getTime() - 1000) });
    const used = await invite();
    await handle.db
      .update(agencyInvitations)
      .set({ acceptedAt: clock })
      .where(eq(agencyInvitations.id, used.id));
    const withdrawn = await invite();
    await handle.db
      .update(agencyInvitations)
      .set({ revokedAt: clock })
      .where(eq(agencyInvitations.id, withdrawn.id));
    for (const token of ['no-such-token', expired.token, used.token, withdrawn.token]) {
      for (const res of [
        await call('GET', `/api/agency-invitations/${token}`),
        await accept(token, undefined, NEW_ACCOUNT),
      ]) {
        expect(res.status).toBe(404);
        expect((await readJson(res)).error).toEqual({ code: 'NOT_FOUND', message: T.invitationInvalid });
      }
    }
  });
});

describe('joining without an account', () => {
  test('better-auth makes a verified account with no agency of its own; it joins, signs in and is audited', async () => {
    const { token, email, id } = await invite();
    const agenciesBefore = await countOf(agencies);
    const res = await accept(token, undefined, NEW_ACCOUNT);
    expect(res.status).toBe(200);
    expect(AcceptInvitationResultSchema.parse(await readJson(res))).toEqual({
      agencyName: 'Harbour & Vale',
      role: 'negotiator',
      accountCreated: true,
    });
    const [user] = await handle.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({
      firstName: 'Imran',
      lastName: 'Castell',
      name: 'Imran Castell',
      role: 'agent',
      isVerified: true,
    });
    // Hashed by the auth library (argon2id), never stored as typed.
    const [credential] = await handle.db.select().from(accounts).where(eq(accounts.userId, user!.id));
    expect(credential).toMatchObject({ providerId: 'credential', accountId: user!.id });
    expect(credential!.password).toMatch(/^\$argon2id\$/);
    // The agent sign-up hook made no one-branch agency for the invitee.
    expect(await countOf(agencies)).toBe(agenciesBefore);
    const [member] = await handle.db.select().from(agencyMembers).where(eq(agencyMembers.userId, user!.id));
    expect(member).toMatchObject({ agencyId, role: 'negotiator', defaultBranchId: secondBranch });
    // The link proves the address: no confirmation e-mail.
    expect(await handle.db.select().from(outbox).where(eq(outbox.to, email))).toEqual([]);
    const [invitation] = await handle.db.select().from(agencyInvitations).where(eq(agencyInvitations.id, id));
    expect(invitation!.acceptedAt).toEqual(clock);
    const [audit] = await handle.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.action, 'agency_accept_invitation'),
          eq(auditLogs.entityId, `agency_member:${member!.id}`),
        ),
      );
    expect(audit).toMatchObject({ userId: user!.id });

    const signIn = await post(app, '/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    const cookie = cookieOf(signIn);
    const me = await readJson(await call('GET', '/api/me', cookie));
    expect(me).toMatchObject({
      user: { role: 'agent', email },
      agentId: secondBranch,
      agency: { agencyId, role: 'negotiator', branchIds: [secondBranch], standing: 'verified' },
    });
    expect((await call('GET', '/api/agent/properties', cookie)).status).toBe(200);
    // Single use.
    expect((await accept(token, undefined, NEW_ACCOUNT)).status).toBe(404);
  });

  test('the SPEC sign-up rules apply to the names and password; nothing is created on a refusal', async () => {
    const { token, email } = await invite();
    const cases: [unknown, string][] = [
      [{ ...NEW_ACCOUNT, password: 'weakpass' }, AUTH_MESSAGES.signUpPasswordRequirements],
      [{ password: PASSWORD }, AUTH_MESSAGES.signUpMissingFields],
      [{ ...NEW_ACCOUNT, firstName: 'R2-D2' }, AUTH_MESSAGES.signUpInvalidName],
      [{ ...NEW_ACCOUNT, lastName: '<b>Castell</b>' }, AUTH_MESSAGES.signUpInvalidName],
    ];
    for (const [body, message] of cases) {
      const res = await accept(token, undefined, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await readJson(res)).error.message).toBe(message);
    }
    expect(await handle.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  test('an address that has an account must sign in: 409, and the invitation stays usable', async () => {
    const client = await signedInUser(app, handle.db);
    const { token, id } = await invite({ email: client.email });
    const res = await accept(token, undefined, NEW_ACCOUNT);
    expect(res.status).toBe(409);
    expect((await readJson(res)).error.message).toBe(T.accountExists);
    const [invitation] = await handle.db.select().from(agencyInvitations).where(eq(agencyInvitations.id, id));
    expect(invitation!.acceptedAt).toBeNull();
    expect((await accept(token, client.cookie)).status).toBe(200);
  });

  test('five attempts an hour per address and link, then 429', async () => {
    const { token } = await invite();
    for (let i = 0; i < 5; i += 1)
      expect((await accept(token, undefined, { password: 'x' })).status).toBe(400);
    const refused = await accept(token, undefined, NEW_ACCOUNT);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBeTruthy();
    expect((await readJson(refused)).error.message).toBe(T.tooManyAcceptAttempts);
  });
});

describe('joining signed in', () => {
  test('as the invited address (any case): the same session now carries the membership', async () => {
    const client = await signedInUser(app, handle.db);
    const { token } = await invite({ email: client.email.toUpperCase() });
    const res = await accept(token, client.cookie);
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({
      agencyName: 'Harbour & Vale',
      role: 'negotiator',
      accountCreated: false,
    });
    const me = await readJson(await call('GET', '/api/me', client.cookie));
    expect(me).toMatchObject({ user: { role: 'agent' }, agency: { agencyId, role: 'negotiator' } });
    expect((await call('GET', '/api/agent/team', client.cookie)).status).toBe(200);
  });

  test('as another address: 403, and the invitation stays pending', async () => {
    const someoneElse = await signedInUser(app, handle.db);
    const { token, id } = await invite();
    const res = await accept(token, someoneElse.cookie);
    expect(res.status).toBe(403);
    expect((await readJson(res)).error.message).toBe(T.wrongAccount);
    const [invitation] = await handle.db.select().from(agencyInvitations).where(eq(agencyInvitations.id, id));
    expect(invitation!.acceptedAt).toBeNull();
    expect(
      await handle.db.select().from(agencyMembers).where(eq(agencyMembers.userId, someoneElse.userId)),
    ).toEqual([]);
  });

  test('a member of an agency must leave it first: 409', async () => {
    const client = await signedInUser(app, handle.db);
    const rival = await signedInUser(app, handle.db, { role: 'agent' });
    const rivalAgency = await membershipOf(handle.db, rival.userId);
    const ours = await invite({ email: client.email });
    const theirs = await insertInvitation(handle.db, rivalAgency.agencyId, {
      email: client.email,
      expiresAt: new Date(clock.getTime() + INVITATION_TTL_MS),
    });
    expect((await accept(theirs.token, client.cookie)).status).toBe(200);
    const res = await accept(ours.token, client.cookie);
    expect(res.status).toBe(409);
    expect((await readJson(res)).error.message).toBe(T.alreadyMember);
    expect((await membershipOf(handle.db, client.userId)).agencyId).toBe(rivalAgency.agencyId);
  });

  test('an owner invitation gives every branch', async () => {
    const client = await signedInUser(app, handle.db);
    const { token } = await invite({ email: client.email, role: 'owner', branchIds: [] });
    expect((await accept(token, client.cookie)).status).toBe(200);
    const me = await readJson(await call('GET', '/api/me', client.cookie));
    expect(me.agency).toMatchObject({
      role: 'owner',
      branchIds: [branchId, secondBranch],
      defaultBranchId: branchId,
    });
  });
});
