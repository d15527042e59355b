/**
 * /api/agent/team over HTTP on a real database (ADR 029): the team as each role reads it; invitations (the stored
 * hash, the e-mail, replacing, withdrawing, sending again, the 409s and the limits); role and branch changes (the
 * last owner, branches of the agency, the default branch, listings of a branch left); removal (the removed member's
 * cookie is refused at once, their listing stays with the branch without a negotiator); every write refused to a
 * branch manager and a negotiator; another agency's ids answer 404; and the audit row of each change.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  AGENCY_TEAM_MESSAGES as T,
  INVITATION_TTL_MS,
  TeamInvitationSchema,
  TeamMemberSchema,
  TeamSchema,
} from '@abode/shared/agency/team.schema';
import { MESSAGES } from '@abode/shared/messages';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import {
  agencies,
  agencyInvitations,
  agencyMembers,
  agents,
  auditLogs,
  enquiries,
  properties,
  sessions,
  users,
} from '#src/db/schema.ts';
import { cookieOf, latestMail, linkIn, post, signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { createListing } from '#src/testing/fixtures.ts';
import { readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { callApiChecked, loadErrorCatalogue, type ErrorCatalogue } from '#src/testing/error-catalogue.ts';
import { membershipOf } from './team-fixtures.ts';

const PASSWORD = 'Tidy!Harbour#Lamp7';

type Signed = { cookie: string; userId: string; email: string; memberId: string };

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let clock = new Date('2026-11-26T09:00:00Z');
let catalogue: ErrorCatalogue;
/** Harbour & Vale: Wimbledon (the owner's first branch), Reading and Ryde. */
let owner: Signed;
let agencyId: string;
let wimbledon: string;
let reading: string;
let ryde: string;
/** Another agency's owner. */
let rival: Signed;

/** Every 4xx carries a catalogue message (REQ-MSG-01). */
const call = (method: string, path: string, cookie?: string, body?: unknown) =>
  callApiChecked(app, catalogue, method, path, cookie, body);

let branchesMade = 0;
/** A branch of Harbour & Vale, made after the ones before it. */
async function addBranch(name: string): Promise<string> {
  branchesMade += 1;
  const id = randomUUID();
  await handle.db.insert(agents).values({
    id,
    agencyId,
    name: `Harbour & Vale ${name}`,
    branchName: name,
    agencyName: 'Harbour & Vale',
    slug: `harbour-and-vale-${name.toLowerCase()}-${id.slice(0, 8)}`,
    createdAt: new Date(Date.now() + 60_000 * branchesMade),
  });
  return id;
}

/** The token of the newest invitation e-mail to `email`, from its link. */
async function tokenMailedTo(email: string): Promise<string> {
  const mail = await latestMail(handle.db, email);
  if (!mail) throw new Error(`no mail to ${email}`);
  const link = linkIn(mail.text);
  expect(link.pathname).toBe('/agent/join');
  return link.searchParams.get('token')!;
}

async function signIn(email: string, password = PASSWORD): Promise<string> {
  const res = await post(app, '/api/auth/sign-in/email', { email, password });
  expect(res.status, await res.clone().text()).toBe(200);
  return cookieOf(res);
}

/** Invites a new person as `role` of `branchIds`, who accepts with a new account and signs in. */
async function join(role: 'owner' | 'branch-manager' | 'negotiator', branchIds: string[]): Promise<Signed> {
  const email = `team-${randomUUID().slice(0, 8)}@example.com`;
  const invited = await call('POST', '/api/agent/team/invitations', owner.cookie, { email, role, branchIds });
  expect(invited.status, await invited.clone().text()).toBe(201);
  const token = await tokenMailedTo(email);
  const accepted = await call('POST', `/api/agency-invitations/${token}/accept`, undefined, {
    firstName: 'Imran',
    lastName: 'Castell',
    password: PASSWORD,
  });
  expect(accepted.status, await accepted.clone().text()).toBe(200);
  const cookie = await signIn(email);
  const [user] = await handle.db.select().from(users).where(eq(users.email, email));
  const { memberId } = await membershipOf(handle.db, user!.id);
  return { cookie, userId: user!.id, email, memberId };
}

const auditOf = (action: string, entity: string) =>
  handle.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.entityId, entity)));

beforeAll(async () => {
  handle = await createTestDatabase();
  catalogue = await loadErrorCatalogue();
  app = createApp({ db: handle.db, now: () => clock, publicUrl: 'https://abode.example' });
  const o = await signedInUser(app, handle.db, { role: 'agent' });
  const m = await membershipOf(handle.db, o.userId);
  owner = { ...o, memberId: m.memberId };
  agencyId = m.agencyId;
  wimbledon = m.defaultBranchId;
  await handle.db.update(agencies).set({ name: 'Harbour & Vale' }).where(eq(agencies.id, agencyId));
  await handle.db
    .update(agents)
    .set({ name: 'Clara Whitmore', agencyName: 'Harbour & Vale', branchName: 'Wimbledon' })
    .where(eq(agents.id, wimbledon));
  reading = await addBranch('Reading');
  ryde = await addBranch('Ryde');
  const r = await signedInUser(app, handle.db, { role: 'agent' });
  rival = { ...r, memberId: (await membershipOf(handle.db, r.userId)).memberId };
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(() => {
  // Past every invitation and accept limit of the previous test.
  clock = new Date(clock.getTime() + 2 * 60 * 60_000);
});

describe('reading the team', () => {
  test('the owner sees members, branches and pending invitations; a negotiator the members only', async () => {
    const negotiator = await join('negotiator', [reading]);
    const pending = `pending-${randomUUID().slice(0, 8)}@example.com`;
    expect(
      (
        await call('POST', '/api/agent/team/invitations', owner.cookie, {
          email: pending,
          role: 'branch-manager',
          branchIds: [ryde],
        })
      ).status,
    ).toBe(201);

    const mine = TeamSchema.parse(await readJson(await call('GET', '/api/agent/team', owner.cookie)));
    expect(mine.canManage).toBe(true);
    expect(mine.branches.map((b) => b.name)).toEqual(['Wimbledon', 'Reading', 'Ryde']);
    expect(mine.members[0]).toMatchObject({
      memberId: owner.memberId,
      email: owner.email,
      role: 'owner',
      branchIds: [wimbledon, reading, ryde],
    });
    expect(mine.members.find((m) => m.memberId === negotiator.memberId)).toMatchObject({
      name: 'Imran Castell',
      role: 'negotiator',
      branchIds: [reading],
      defaultBranchId: reading,
    });
    expect(mine.invitations[0]).toMatchObject({
      email: pending,
      role: 'branch-manager',
      branchIds: [ryde],
      invitedBy: 'Test',
      expired: false,
    });
    // Nobody else's people.
    expect(mine.members.some((m) => m.userId === rival.userId)).toBe(false);

    const theirs = TeamSchema.parse(await readJson(await call('GET', '/api/agent/team', negotiator.cookie)));
    expect(theirs.canManage).toBe(false);
    expect(theirs.invitations).toEqual([]);
    expect(theirs.members.map((m) => m.memberId)).toEqual(mine.members.map((m) => m.memberId));
  });

  test('visitors get 401 and clients 403', async () => {
    const client = await signedInUser(app, handle.db);
    expect((await call('GET', '/api/agent/team')).status).toBe(401);
    expect((await call('GET', '/api/agent/team', client.cookie)).status).toBe(403);
  });
});

describe('invitations', () => {
  test('an invitation stores only the hash of the secret its e-mail carries, expires in 7 days and is audited', async () => {
    const email = `sam-${randomUUID().slice(0, 8)}@example.com`;
    const res = await call('POST', '/api/agent/team/invitations', owner.cookie, {
      email: `  ${email.toUpperCase()} `,
      role: 'negotiator',
      branchIds: [reading, reading],
    });
    expect(res.status).toBe(201);
    const invitation = TeamInvitationSchema.parse(await readJson(res));
    expect(invitation).toMatchObject({ email, role: 'negotiator', branchIds: [reading], expired: false });
    expect(Date.parse(invitation.expiresAt)).toBe(clock.getTime() + INVITATION_TTL_MS);

    const mail = await latestMail(handle.db, email);
    expect(mail!.subject).toBe('Test invited you to join Harbour & Vale on Abode');
    expect(mail!.text).toContain('as negotiator in the branch Reading');
    const token = await tokenMailedTo(email);
    expect(linkIn(mail!.text).origin).toBe('https://abode.example');
    const [row] = await handle.db
      .select()
      .from(agencyInvitations)
      .where(eq(agencyInvitations.id, invitation.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    const [audit] = await auditOf('agency_invite_member', `agency_invitation:${invitation.id}`);
    expect(audit).toMatchObject({ userId: owner.userId, entityType: 'admin_action' });
    expect(audit!.afterData).toMatchObject({ metadata: { agencyId, after: { email, role: 'negotiator' } } });
  });

  test('inviting the same address again replaces the pending invitation: the first link stops working', async () => {
    const email = `again-${randomUUID().slice(0, 8)}@example.com`;
    const body = { email, role: 'negotiator', branchIds: [wimbledon] };
    const first = TeamInvitationSchema.parse(
      await readJson(await call('POST', '/api/agent/team/invitations', owner.cookie, body)),
    );
    const firstToken = await tokenMailedTo(email);
    clock = new Date(clock.getTime() + 1000);
    const second = TeamInvitationSchema.parse(
      await readJson(
        await call('POST', '/api/agent/team/invitations', owner.cookie, { ...body, role: 'branch-manager' }),
      ),
    );
    expect(second.id).not.toBe(first.id);
    expect((await call('GET', `/api/agency-invitations/${firstToken}`)).status).toBe(404);
    const preview = await call('GET', `/api/agency-invitations/${await tokenMailedTo(email)}`);
    expect((await readJson(preview)).role).toBe('branch-manager');
    const team = TeamSchema.parse(await readJson(await call('GET', '/api/agent/team', owner.cookie)));
    expect(team.invitations.filter((i) => i.email === email).map((i) => i.id)).toEqual([second.id]);
  });

  test('branches: at least one of the agency’s unless the role is owner', async () => {
    const email = `where-${randomUUID().slice(0, 8)}@example.com`;
    const none = await call('POST', '/api/agent/team/invitations', owner.cookie, {
      email,
      role: 'negotiator',
      branchIds: [],
    });
    expect(none.status).toBe(400);
    expect((await readJson(none)).error.details).toEqual([{ path: 'branchIds', message: T.branchRequired }]);
    const foreign = await call('POST', '/api/agent/team/invitations', owner.cookie, {
      email,
      role: 'negotiator',
      branchIds: [reading, (await membershipOf(handle.db, rival.userId)).defaultBranchId],
    });
    expect(foreign.status).toBe(400);
    expect((await readJson(foreign)).error.details).toEqual([
      { path: 'branchIds', message: T.unknownBranch },
    ]);
    const asOwner = await call('POST', '/api/agent/team/invitations', owner.cookie, {
      email,
      role: 'owner',
      branchIds: [reading],
    });
    expect(asOwner.status).toBe(201);
    expect((await readJson(asOwner)).branchIds).toEqual([]);
  });

  test('an address of a member of this or another agency gets 409 with a clear message', async () => {
    const mine = await call('POST', '/api/agent/team/invitations', owner.cookie, {
      email: owner.email.toUpperCase(),
      role: 'owner',
    });
    expect(mine.status).toBe(409);
    expect((await readJson(mine)).error.message).toBe(T.alreadyInYourAgency);
    const theirs = await call('POST', '/api/agent/team/invitations', owner.cookie, {
      email: rival.email,
      role: 'negotiator',
      branchIds: [reading],
    });
    expect(theirs.status).toBe(409);
    expect((await readJson(theirs)).error.message).toBe(T.alreadyInAnotherAgency);
  });

  test('three invitations an hour to one address, then 429', async () => {
    const email = `often-${randomUUID().slice(0, 8)}@example.com`;
    const body = { email, role: 'owner' };
    for (let i = 0; i < 3; i += 1)
      expect((await call('POST', '/api/agent/team/invitations', owner.cookie, body)).status).toBe(201);
    const refused = await call('POST', '/api/agent/team/invitations', owner.cookie, body);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBeTruthy();
    expect((await readJson(refused)).error.message).toBe(T.tooManyInvitations);
  });

  test('withdrawing ends the link; sending again makes a new link with 7 more days', async () => {
    const email = `resend-${randomUUID().slice(0, 8)}@example.com`;
    const invitation = TeamInvitationSchema.parse(
      await readJson(
        await call('POST', '/api/agent/team/invitations', owner.cookie, {
          email,
          role: 'negotiator',
          branchIds: [ryde],
        }),
      ),
    );
    const oldToken = await tokenMailedTo(email);
    clock = new Date(clock.getTime() + INVITATION_TTL_MS + 60_000);
    expect((await call('GET', `/api/agency-invitations/${oldToken}`)).status).toBe(404);
    const listed = TeamSchema.parse(await readJson(await call('GET', '/api/agent/team', owner.cookie)));
    expect(listed.invitations.find((i) => i.id === invitation.id)?.expired).toBe(true);

    const resent = await call('POST', `/api/agent/team/invitations/${invitation.id}/resend`, owner.cookie);
    expect(resent.status).toBe(200);
    expect(Date.parse((await readJson(resent)).expiresAt)).toBe(clock.getTime() + INVITATION_TTL_MS);
    const newToken = await tokenMailedTo(email);
    expect(newToken).not.toBe(oldToken);
    expect((await call('GET', `/api/agency-invitations/${newToken}`)).status).toBe(200);
    expect(await auditOf('agency_resend_invitation', `agency_invitation:${invitation.id}`)).toHaveLength(1);

    expect((await call('DELETE', `/api/agent/team/invitations/${invitation.id}`, owner.cookie)).status).toBe(
      204,
    );
    expect((await call('GET', `/api/agency-invitations/${newToken}`)).status).toBe(404);
    const again = await call('DELETE', `/api/agent/team/invitations/${invitation.id}`, owner.cookie);
    expect(again.status).toBe(404);
    expect((await readJson(again)).error.message).toBe(T.invitationNotFound);
    expect(await auditOf('agency_revoke_invitation', `agency_invitation:${invitation.id}`)).toHaveLength(1);
  });
});

describe('who may manage the team', () => {
  test('a branch manager and a negotiator get 403 on every team write; nothing changes', async () => {
    const manager = await join('branch-manager', [reading]);
    const negotiator = await join('negotiator', [reading]);
    const email = `p-${randomUUID().slice(0, 8)}@example.com`;
    const [invitation] = await handle.db
      .insert(agencyInvitations)
      .values({
        agencyId,
        email,
        role: 'negotiator',
        branchIds: [reading],
        tokenHash: randomUUID(),
        expiresAt: new Date(clock.getTime() + INVITATION_TTL_MS),
      })
      .returning();
    for (const who of [manager, negotiator]) {
      const writes: [string, string, unknown][] = [
        ['POST', '/api/agent/team/invitations', { email, role: 'negotiator', branchIds: [reading] }],
        // Refused before the body is read: an invalid one is a 403 too.
        ['POST', '/api/agent/team/invitations', { email: 'not an e-mail' }],
        ['DELETE', `/api/agent/team/invitations/${invitation!.id}`, undefined],
        ['POST', `/api/agent/team/invitations/${invitation!.id}/resend`, undefined],
        ['PATCH', `/api/agent/team/members/${negotiator.memberId}`, { role: 'owner' }],
        ['PATCH', `/api/agent/team/members/${who.memberId}`, { role: 'owner' }],
        ['DELETE', `/api/agent/team/members/${owner.memberId}`, undefined],
      ];
      for (const [method, url, body] of writes) {
        const res = await call(method, url, who.cookie, body);
        expect(res.status, `${method} ${url}`).toBe(403);
        expect((await readJson(res)).error.message).toBe(MESSAGES.authorization);
      }
      expect((await call('GET', '/api/agent/team', who.cookie)).status).toBe(200);
    }
    const [still] = await handle.db
      .select()
      .from(agencyInvitations)
      .where(eq(agencyInvitations.id, invitation!.id));
    expect(still!.revokedAt).toBeNull();
    const roles = await handle.db
      .select({ role: agencyMembers.role })
      .from(agencyMembers)
      .where(eq(agencyMembers.id, negotiator.memberId));
    expect(roles).toEqual([{ role: 'negotiator' }]);
  });

  test("another agency's member or invitation id answers 404, and nothing changes", async () => {
    const theirInvitation = TeamInvitationSchema.parse(
      await readJson(
        await call('POST', '/api/agent/team/invitations', rival.cookie, {
          email: `r-${randomUUID().slice(0, 8)}@example.com`,
          role: 'owner',
        }),
      ),
    );
    for (const [method, url, body] of [
      ['PATCH', `/api/agent/team/members/${rival.memberId}`, { role: 'negotiator', branchIds: [reading] }],
      ['DELETE', `/api/agent/team/members/${rival.memberId}`, undefined],
      ['DELETE', `/api/agent/team/invitations/${theirInvitation.id}`, undefined],
      ['POST', `/api/agent/team/invitations/${theirInvitation.id}/resend`, undefined],
    ] as const) {
      const res = await call(method, url, owner.cookie, body);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    const [member] = await handle.db.select().from(agencyMembers).where(eq(agencyMembers.id, rival.memberId));
    expect(member!.role).toBe('owner');
    expect((await call('GET', '/api/agent/team', rival.cookie)).status).toBe(200);
  });
});

describe('changing a member', () => {
  test('role and branches change; the default branch follows; a branch left gives up its assignments', async () => {
    const negotiator = await join('negotiator', [reading, ryde]);
    const readingListing = await createListing(handle.db, reading, {
      at: 'reading',
      negotiatorId: negotiator.memberId,
    });
    const rydeListing = await createListing(handle.db, ryde, {
      at: 'newport',
      negotiatorId: negotiator.memberId,
    });
    const [lead] = await handle.db
      .insert(enquiries)
      .values({
        agentId: reading,
        propertyId: readingListing.id,
        message: 'Could I view it on Saturday?',
        status: 'new',
        contactInfo: { name: 'Sam Taylor', email: 'sam.taylor@example.com' },
        assignedMemberId: negotiator.memberId,
      })
      .returning();

    const res = await call('PATCH', `/api/agent/team/members/${negotiator.memberId}`, owner.cookie, {
      role: 'branch-manager',
      branchIds: [ryde, wimbledon],
    });
    expect(res.status).toBe(200);
    expect(TeamMemberSchema.parse(await readJson(res))).toMatchObject({
      role: 'branch-manager',
      branchIds: [wimbledon, ryde],
      // Reading is no longer theirs: the first of their branches.
      defaultBranchId: wimbledon,
    });
    const negotiatorOf = async (id: string) =>
      (await handle.db.select().from(properties).where(eq(properties.id, id)))[0]!.negotiatorId;
    expect(await negotiatorOf(readingListing.id)).toBeNull();
    expect(await negotiatorOf(rydeListing.id)).toBe(negotiator.memberId);
    const [leadAfter] = await handle.db.select().from(enquiries).where(eq(enquiries.id, lead!.id));
    expect(leadAfter!.assignedMemberId).toBeNull();

    // Their next request acts with the new role and branches.
    const me = await readJson(await call('GET', '/api/me', negotiator.cookie));
    expect(me.agency).toMatchObject({ role: 'branch-manager', branchIds: [wimbledon, ryde] });

    const [audit] = await auditOf('agency_change_member', `agency_member:${negotiator.memberId}`);
    expect(audit!.beforeData).toMatchObject({ role: 'negotiator', branchIds: [reading, ryde] });
    expect(audit!.afterData).toMatchObject({
      severity: 'high',
      metadata: { after: { role: 'branch-manager' } },
    });

    const picked = await call('PATCH', `/api/agent/team/members/${negotiator.memberId}`, owner.cookie, {
      defaultBranchId: ryde,
    });
    expect((await readJson(picked)).defaultBranchId).toBe(ryde);
  });

  test('the default branch must be one of theirs; branches must be the agency’s; at least one', async () => {
    const negotiator = await join('negotiator', [reading]);
    const url = `/api/agent/team/members/${negotiator.memberId}`;
    const outside = await call('PATCH', url, owner.cookie, { defaultBranchId: ryde });
    expect(outside.status).toBe(400);
    expect((await readJson(outside)).error.details).toEqual([
      { path: 'defaultBranchId', message: T.defaultBranchOutside },
    ]);
    const rivalBranch = (await membershipOf(handle.db, rival.userId)).defaultBranchId;
    const foreign = await call('PATCH', url, owner.cookie, { branchIds: [rivalBranch] });
    expect((await readJson(foreign)).error.details).toEqual([
      { path: 'branchIds', message: T.unknownBranch },
    ]);
    const none = await call('PATCH', url, owner.cookie, { branchIds: [] });
    expect((await readJson(none)).error.details).toEqual([{ path: 'branchIds', message: T.branchRequired }]);
    expect((await call('PATCH', url, owner.cookie, {})).status).toBe(400);
    // An owner works everywhere: any branch may be their default.
    const promoted = await call('PATCH', url, owner.cookie, { role: 'owner', defaultBranchId: ryde });
    expect(await readJson(promoted)).toMatchObject({
      role: 'owner',
      defaultBranchId: ryde,
      branchIds: [wimbledon, reading, ryde],
    });
    // Back down, so the owner stays the agency's only owner for the tests after this one.
    const demoted = await call('PATCH', url, owner.cookie, { role: 'negotiator' });
    expect(demoted.status).toBe(400);
    expect(
      (await call('PATCH', url, owner.cookie, { role: 'negotiator', branchIds: [reading] })).status,
    ).toBe(200);
  });

  test('the last owner can be neither demoted nor removed; with a second owner, either can go', async () => {
    const demote = await call('PATCH', `/api/agent/team/members/${owner.memberId}`, owner.cookie, {
      role: 'branch-manager',
      branchIds: [wimbledon],
    });
    expect(demote.status).toBe(409);
    expect((await readJson(demote)).error.message).toBe(T.lastOwner);
    const remove = await call('DELETE', `/api/agent/team/members/${owner.memberId}`, owner.cookie);
    expect(remove.status).toBe(409);
    expect((await readJson(remove)).error.message).toBe(T.lastOwner);

    const partner = await join('owner', []);
    const team = TeamSchema.parse(await readJson(await call('GET', '/api/agent/team', owner.cookie)));
    expect(team.members.filter((m) => m.role === 'owner')).toHaveLength(2);
    // The partner steps down; now the original owner is the last again.
    expect(
      (
        await call('PATCH', `/api/agent/team/members/${partner.memberId}`, partner.cookie, {
          role: 'branch-manager',
          branchIds: [ryde],
        })
      ).status,
    ).toBe(200);
    expect((await call('DELETE', `/api/agent/team/members/${owner.memberId}`, owner.cookie)).status).toBe(
      409,
    );
  });
});

describe('removing a member', () => {
  test('their cookie is refused at once, they become a client, their listing and lead stay with the branch unassigned', async () => {
    const negotiator = await join('negotiator', [reading]);
    expect((await call('GET', '/api/agent/properties', negotiator.cookie)).status).toBe(200);
    const listing = await createListing(handle.db, reading, {
      at: 'reading',
      negotiatorId: negotiator.memberId,
    });
    const [lead] = await handle.db
      .insert(enquiries)
      .values({
        agentId: reading,
        propertyId: listing.id,
        message: 'Is the garden south facing?',
        status: 'new',
        contactInfo: { name: 'Sam Taylor', email: 'sam.taylor@example.com' },
        assignedMemberId: negotiator.memberId,
      })
      .returning();

    const res = await call('DELETE', `/api/agent/team/members/${negotiator.memberId}`, owner.cookie);
    expect(res.status).toBe(204);

    expect((await call('GET', '/api/agent/properties', negotiator.cookie)).status).toBe(401);
    expect((await call('GET', '/api/me', negotiator.cookie)).status).toBe(401);
    expect(await handle.db.select().from(sessions).where(eq(sessions.userId, negotiator.userId))).toEqual([]);
    const [user] = await handle.db.select().from(users).where(eq(users.id, negotiator.userId));
    expect(user!.role).toBe('client');
    expect(
      await handle.db.select().from(agencyMembers).where(eq(agencyMembers.userId, negotiator.userId)),
    ).toEqual([]);
    const [after] = await handle.db.select().from(properties).where(eq(properties.id, listing.id));
    expect(after).toMatchObject({ agentId: reading, negotiatorId: null, status: 'active' });
    const [leadAfter] = await handle.db.select().from(enquiries).where(eq(enquiries.id, lead!.id));
    expect(leadAfter).toMatchObject({ agentId: reading, assignedMemberId: null });

    const [audit] = await auditOf('agency_remove_member', `agency_member:${negotiator.memberId}`);
    expect(audit).toMatchObject({ userId: owner.userId });
    expect(audit!.afterData).toMatchObject({
      severity: 'high',
      metadata: { after: { listingsUnassigned: 1, enquiriesUnassigned: 1 } },
    });
    // Signing in again works, as the client they now are.
    const again = await signIn(negotiator.email);
    const me = await readJson(await call('GET', '/api/me', again));
    expect(me).toMatchObject({ user: { role: 'client' }, agency: null });
    expect((await call('GET', '/api/agent/team', again)).status).toBe(403);
    // The removed member's id is gone: 404.
    expect(
      (await call('DELETE', `/api/agent/team/members/${negotiator.memberId}`, owner.cookie)).status,
    ).toBe(404);
  });
});

test('the team and invitation routes are documented for the OpenAPI document', async () => {
  const doc = await readJson(await call('GET', '/api/openapi.json'));
  expect(Object.keys(doc.paths['/api/agent/team'])).toEqual(['get']);
  expect(Object.keys(doc.paths['/api/agent/team/invitations/{id}/resend'])).toEqual(['post']);
  expect(Object.keys(doc.paths['/api/agent/team/members/{memberId}']).sort()).toEqual(['delete', 'patch']);
  expect(Object.keys(doc.paths['/api/agent/team/members/{memberId}'].patch.responses)).toEqual(
    expect.arrayContaining(['200', '400', '401', '403', '404', '409']),
  );
  expect(Object.keys(doc.paths['/api/agency-invitations/{token}/accept'].post.responses)).toEqual(
    expect.arrayContaining(['200', '400', '403', '404', '409', '429']),
  );
});
