/**
 * /api/agent/branches (ADR 029) over HTTP on a real database: an owner opens a branch, managers edit their own
 * branches, negotiators neither, another agency's branch is a 404; the list carries counts and the members working
 * in each branch (the listing form's negotiator picker); logos per branch; a listing moving between branches, or to
 * a negotiator, through the listing PATCH; and previews for members of the listing's branch.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  AgentBranchListSchema,
  AgentBranchSchema,
  BRANCH_MESSAGES,
  type BranchFormValues,
} from '@abode/shared/agency/branches.schema';
import type { MemberRole } from '@abode/shared/agency/permissions';
import { AGENT_PROFILE_MESSAGES } from '@abode/shared/agent/profile.schema';
import { LISTING_MESSAGES } from '@abode/shared/agent/listing-input.schema';
import { MESSAGES } from '@abode/shared/messages';
import type { Membership } from '@abode/shared/auth/me.schema';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { signedInMember } from '#src/testing/agency-members.ts';
import { agencies, agents, postcodes, properties, users } from '#src/db/schema.ts';
import { ORIGIN, signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { loadMembership } from '#src/features/agency/membership.ts';
import { createListing, REAL_ADDRESSES, WIMBLEDON_SALE_DRAFT } from '#src/testing/fixtures.ts';
import { callApi, readJson, validationErrorsOf } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let uploadsDir: string;
const clock = new Date('2026-11-26T10:00:00.000Z');

interface Person {
  cookie: string;
  userId: string;
  memberId: string;
}
let owner: Person & { membership: Membership };
let otherOwner: Person & { membership: Membership };
let manager: Person;
let negotiator: Person;
/** The owner's first branch (made at sign-up) and the one the owner opens in the first test. */
let firstBranch: string;
let secondBranch: string;

const reading = REAL_ADDRESSES.reading;
/** A branch in Reading, at a street of the Price Paid extract. */
const READING_BRANCH: BranchFormValues = {
  branchName: 'Reading',
  name: 'Imran Castell',
  email: 'Reading@Example.com',
  phone: '0118 496 0101',
  phoneSecondary: '',
  bio: 'Sales and lettings across west Reading.',
  address: `${reading.addressLine1}, ${reading.city} ${reading.postcode}`,
  websiteUrl: '',
  socialLinks: { linkedin: '', facebook: '' },
  businessHours: { monday: '9:00 to 17:30', saturday: '9:00 to 16:00' },
  certifications: [],
  languages: ['English'],
  yearsExperience: '8',
  handlesSales: true,
  handlesLettings: false,
};

const call = (method: string, url: string, cookie?: string, body?: unknown) =>
  callApi(app, method, url, cookie, body);

/** The agent user `userId`'s membership as /api/me carries it. */
async function membershipOf(userId: string): Promise<Membership> {
  const membership = await loadMembership(handle.db, userId);
  if (!membership) throw new Error('no membership');
  return membership;
}

/** A new user who works in `branchIds` of `agencyId` as `role` (what the team's invitations make). */
const memberOf = (
  agencyId: string,
  role: MemberRole,
  branchIds: string[],
  name: { firstName: string; lastName: string },
): Promise<Person> => signedInMember(app, handle.db, { agencyId, role, branchIds, name });

beforeAll(async () => {
  handle = await createTestDatabase();
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-branches-test-'));
  app = createApp({ db: handle.db, now: () => clock, uploadsDir });
  // SW19 1AA's coordinates (OS Code-Point Open, the project's demo extract), for the listing the negotiator creates.
  await handle.db
    .insert(postcodes)
    .values({ postcode: 'SW19 1AA', outcode: 'SW19', latitude: 51.42164, longitude: -0.18615 });
  const signedOwner = await signedInUser(app, handle.db, { role: 'agent' });
  await handle.db.update(users).set({ lastName: 'Whitmore' }).where(eq(users.id, signedOwner.userId));
  const membership = await membershipOf(signedOwner.userId);
  owner = { ...signedOwner, memberId: membership.memberId, membership };
  firstBranch = membership.defaultBranchId;
  await handle.db
    .update(agencies)
    .set({ name: 'Harbour & Vale' })
    .where(eq(agencies.id, membership.agencyId));
  const signedOther = await signedInUser(app, handle.db, { role: 'agent' });
  const otherMembership = await membershipOf(signedOther.userId);
  otherOwner = { ...signedOther, memberId: otherMembership.memberId, membership: otherMembership };
  manager = await memberOf(membership.agencyId, 'branch-manager', [firstBranch], {
    firstName: 'Peter',
    lastName: 'Yelland',
  });
  negotiator = await memberOf(membership.agencyId, 'negotiator', [firstBranch], {
    firstName: 'Aisha',
    lastName: 'Bramwell',
  });
});

afterAll(async () => {
  await handle?.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

describe('POST /api/agent/branches', () => {
  test("an owner opens a branch (201): the agency's name is copied, the slug made, the owner works in it", async () => {
    const res = await call('POST', '/api/agent/branches', owner.cookie, {
      ...READING_BRANCH,
      agencyName: 'Typed Agency Name',
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const branch = AgentBranchSchema.parse(await readJson(res));
    secondBranch = branch.id;
    expect(branch).toMatchObject({
      agencyId: owner.membership.agencyId,
      agencyName: 'Harbour & Vale',
      branchName: 'Reading',
      name: 'Imran Castell',
      email: 'reading@example.com',
      phone: '0118 496 0101',
      address: 'Parkside Road, Reading RG30 2BY',
      businessHours: { monday: '9:00 to 17:30', saturday: '9:00 to 16:00' },
      yearsExperience: 8,
      handlesSales: true,
      handlesLettings: false,
      listings: { active: 0, total: 0 },
      createdAt: clock.toISOString(),
    });
    expect(branch.slug).toBe(`harbour-vale-reading-${branch.id.slice(0, 8)}`);
    expect(branch.members).toEqual([{ memberId: owner.memberId, name: 'Test Whitmore', role: 'owner' }]);
    expect((await membershipOf(owner.userId)).branchIds).toEqual([firstBranch, branch.id]);
  });

  test.each([
    ['a branch manager', () => manager],
    ['a negotiator', () => negotiator],
  ])('%s may not open a branch (403); nothing is stored', async (_who, person) => {
    const before = await handle.db.select({ id: agents.id }).from(agents);
    const res = await call('POST', '/api/agent/branches', person().cookie, {
      ...READING_BRANCH,
      branchName: 'Tilehurst',
    });
    expect(res.status).toBe(403);
    expect((await readJson(res)).error.message).toBe(MESSAGES.authorization);
    expect(await handle.db.select({ id: agents.id }).from(agents)).toHaveLength(before.length);
  });

  test('each field is checked like the profile, the branch name and a department are required', async () => {
    const errors = await validationErrorsOf(
      await call('POST', '/api/agent/branches', owner.cookie, {
        ...READING_BRANCH,
        branchName: ' ',
        email: 'not-an-email',
        phone: '',
        handlesSales: false,
        handlesLettings: false,
      }),
    );
    expect(errors).toEqual({
      branchName: BRANCH_MESSAGES.branchNameRequired,
      email: MESSAGES.contactInvalidEmail,
      phone: AGENT_PROFILE_MESSAGES.phoneRequired,
      handlesSales: BRANCH_MESSAGES.departmentRequired,
    });
  });

  test('a visitor gets 401 and a client 403', async () => {
    expect((await call('POST', '/api/agent/branches', undefined, READING_BRANCH)).status).toBe(401);
    const client = await signedInUser(app, handle.db);
    expect((await call('POST', '/api/agent/branches', client.cookie, READING_BRANCH)).status).toBe(403);
  });
});

describe('GET /api/agent/branches', () => {
  test('an owner sees every branch, default first, with counts and who works in each', async () => {
    await createListing(handle.db, firstBranch);
    await createListing(handle.db, firstBranch, { status: 'draft' });
    await createListing(handle.db, firstBranch, { isDeleted: true });
    await createListing(handle.db, secondBranch, { at: 'reading' });
    const res = await call('GET', '/api/agent/branches', owner.cookie);
    expect(res.status).toBe(200);
    const { items } = AgentBranchListSchema.parse(await readJson(res));
    expect(items.map((b) => b.id)).toEqual([firstBranch, secondBranch]);
    expect(items[0]!.listings).toEqual({ active: 1, total: 2 });
    expect(items[1]!.listings).toEqual({ active: 1, total: 1 });
    // Owners first, then by name.
    expect(items[0]!.members).toEqual([
      { memberId: owner.memberId, name: 'Test Whitmore', role: 'owner' },
      { memberId: negotiator.memberId, name: 'Aisha Bramwell', role: 'negotiator' },
      { memberId: manager.memberId, name: 'Peter Yelland', role: 'branch-manager' },
    ]);
    expect(items[1]!.members.map((m) => m.memberId)).toEqual([owner.memberId]);
  });

  test('a branch manager or negotiator sees only the branches they work in', async () => {
    for (const person of [manager, negotiator]) {
      const { items } = AgentBranchListSchema.parse(
        await readJson(await call('GET', '/api/agent/branches', person.cookie)),
      );
      expect(items.map((b) => b.id)).toEqual([firstBranch]);
    }
  });
});

describe('PATCH /api/agent/branches/{id}', () => {
  test('the owner edits any branch, partially, as the profile PATCH does', async () => {
    const res = await call('PATCH', `/api/agent/branches/${secondBranch}`, owner.cookie, {
      phoneSecondary: '07700 900102',
      businessHours: { sunday: 'Closed' },
      handlesLettings: true,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const branch = AgentBranchSchema.parse(await readJson(res));
    expect(branch).toMatchObject({
      id: secondBranch,
      branchName: 'Reading',
      phone: '0118 496 0101',
      phoneSecondary: '07700 900102',
      businessHours: { sunday: 'Closed' },
      handlesSales: true,
      handlesLettings: true,
    });
  });

  test('a branch manager edits their own branch; another branch of the agency is a 404', async () => {
    const own = await call('PATCH', `/api/agent/branches/${firstBranch}`, manager.cookie, {
      bio: 'Wimbledon village and the park.',
    });
    expect(own.status).toBe(200);
    expect((await readJson(own)).bio).toBe('Wimbledon village and the park.');
    const other = await call('PATCH', `/api/agent/branches/${secondBranch}`, manager.cookie, {
      bio: 'Mine now',
    });
    expect(other.status).toBe(404);
    expect((await readJson(other)).error.message).toBe(BRANCH_MESSAGES.notFound);
  });

  test('a negotiator may not edit their branch (403)', async () => {
    const res = await call('PATCH', `/api/agent/branches/${firstBranch}`, negotiator.cookie, { bio: 'x' });
    expect(res.status).toBe(403);
  });

  test("another agency's branch, or no branch at all, is a 404 and is left alone", async () => {
    const [before] = await handle.db.select().from(agents).where(eq(agents.id, secondBranch));
    for (const id of [secondBranch, 'not-a-uuid', randomUUID()]) {
      const res = await call('PATCH', `/api/agent/branches/${id}`, otherOwner.cookie, { bio: 'Taken over' });
      expect(res.status).toBe(404);
    }
    const [after] = await handle.db.select().from(agents).where(eq(agents.id, secondBranch));
    expect(after).toEqual(before);
  });

  test('the last department cannot be dropped, nor a required field cleared; nothing changes', async () => {
    const [before] = await handle.db.select().from(agents).where(eq(agents.id, firstBranch));
    await handle.db.update(agents).set({ handlesLettings: false }).where(eq(agents.id, firstBranch));
    expect(
      await validationErrorsOf(
        await call('PATCH', `/api/agent/branches/${firstBranch}`, owner.cookie, { handlesSales: false }),
      ),
    ).toEqual({ handlesSales: BRANCH_MESSAGES.departmentRequired });
    expect(
      await validationErrorsOf(
        await call('PATCH', `/api/agent/branches/${firstBranch}`, owner.cookie, {
          branchName: '',
          name: null,
        }),
      ),
    ).toEqual({ branchName: BRANCH_MESSAGES.branchNameRequired, name: AGENT_PROFILE_MESSAGES.nameRequired });
    expect(
      await validationErrorsOf(await call('PATCH', `/api/agent/branches/${firstBranch}`, owner.cookie, {})),
    ).toEqual({
      '': MESSAGES.validation,
    });
    await handle.db
      .update(agents)
      .set({ handlesLettings: before!.handlesLettings })
      .where(eq(agents.id, firstBranch));
  });
});

describe('POST and DELETE /api/agent/branches/{id}/logo', () => {
  const upload = (id: string, cookie: string, bytes: Buffer) => {
    const form = new FormData();
    form.append('file', new File([new Uint8Array(bytes)], 'logo.png', { type: 'image/png' }));
    return app.request(`/api/agent/branches/${id}/logo`, {
      method: 'POST',
      headers: { Origin: ORIGIN, Cookie: cookie },
      body: form,
    });
  };

  test("the owner sets and removes a branch's logo; another agency gets 404; a negotiator 403", async () => {
    const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#246' } })
      .png()
      .toBuffer();
    const res = await upload(secondBranch, owner.cookie, png);
    expect(res.status, await res.clone().text()).toBe(200);
    const { logoUrl } = (await readJson(res)) as { logoUrl: string };
    expect(logoUrl).toMatch(new RegExp(`^/media/uploads/agents/${secondBranch}/logo-[0-9a-f-]+\\.webp$`));
    const [row] = await handle.db.select().from(agents).where(eq(agents.id, secondBranch));
    expect(row!.logoUrl).toBe(logoUrl);
    // The first branch (the profile's) keeps its own.
    const [first] = await handle.db.select().from(agents).where(eq(agents.id, firstBranch));
    expect(first!.logoUrl).toBeNull();

    expect((await upload(secondBranch, otherOwner.cookie, png)).status).toBe(404);
    expect((await upload(firstBranch, negotiator.cookie, png)).status).toBe(403);
    expect((await call('DELETE', `/api/agent/branches/${secondBranch}/logo`, otherOwner.cookie)).status).toBe(
      404,
    );

    const removed = await call('DELETE', `/api/agent/branches/${secondBranch}/logo`, owner.cookie);
    expect(removed.status).toBe(200);
    expect(await readJson(removed)).toEqual({ logoUrl: null });
    const [after] = await handle.db.select().from(agents).where(eq(agents.id, secondBranch));
    expect(after!.logoUrl).toBeNull();
  });
});

describe('moving and assigning a listing (PATCH /api/agent/properties/{id})', () => {
  const patch = (cookie: string, id: string, body: unknown) =>
    call('PATCH', `/api/agent/properties/${id}`, cookie, body);
  /** A public listing with Part A's answers, so an edit keeps it valid to stay live. */
  const liveListing = (branchId: string, overrides: Parameters<typeof createListing>[2] = {}) =>
    createListing(handle.db, branchId, { tenure: 'freehold', councilTaxBand: 'D', ...overrides });
  const placeOf = async (id: string) => {
    const [row] = await handle.db
      .select({ branchId: properties.agentId, negotiatorId: properties.negotiatorId })
      .from(properties)
      .where(eq(properties.id, id));
    return row!;
  };

  test('the owner moves a listing to another branch and gives it to a negotiator', async () => {
    const listing = await liveListing(firstBranch);
    const moved = await patch(owner.cookie, listing.id, { branchId: secondBranch });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect((await readJson(moved)).branchId).toBe(secondBranch);
    expect(await placeOf(listing.id)).toEqual({ branchId: secondBranch, negotiatorId: null });

    // The negotiator works in the first branch only: they cannot look after a listing of the second.
    const wrong = await patch(owner.cookie, listing.id, { negotiatorId: negotiator.memberId });
    expect(await validationErrorsOf(wrong)).toEqual({ negotiatorId: LISTING_MESSAGES.negotiatorUnknown });

    const back = await patch(owner.cookie, listing.id, {
      branchId: firstBranch,
      negotiatorId: negotiator.memberId,
    });
    expect(back.status).toBe(200);
    expect(await placeOf(listing.id)).toEqual({ branchId: firstBranch, negotiatorId: negotiator.memberId });
  });

  test('a negotiator may not move a listing between their branches, even one assigned to them (403)', async () => {
    const both = await memberOf(owner.membership.agencyId, 'negotiator', [firstBranch, secondBranch], {
      firstName: 'Callum',
      lastName: 'Byrne',
    });
    const listing = await liveListing(firstBranch, { negotiatorId: both.memberId });
    const res = await patch(both.cookie, listing.id, { branchId: secondBranch });
    expect(res.status).toBe(403);
    expect((await readJson(res)).error.message).toBe(MESSAGES.authorization);
    // Nor hand it to someone else.
    expect((await patch(both.cookie, listing.id, { negotiatorId: null })).status).toBe(403);
    expect(await placeOf(listing.id)).toEqual({ branchId: firstBranch, negotiatorId: both.memberId });
    // Editing its details stays theirs.
    expect((await patch(both.cookie, listing.id, { title: '2 bedroom flat for sale' })).status).toBe(200);
  });

  test("to another agency's branch is a 400 on branchId; the listing stays", async () => {
    const listing = await liveListing(firstBranch);
    const res = await patch(owner.cookie, listing.id, { branchId: otherOwner.membership.defaultBranchId });
    expect(await validationErrorsOf(res)).toEqual({ branchId: LISTING_MESSAGES.branchUnknown });
    expect(await placeOf(listing.id)).toEqual({ branchId: firstBranch, negotiatorId: null });
  });

  test('a new listing by a negotiator is theirs (the server assigns it)', async () => {
    const res = await call('POST', '/api/agent/properties', negotiator.cookie, WIMBLEDON_SALE_DRAFT);
    expect(res.status, await res.clone().text()).toBe(201);
    const body = await readJson(res);
    expect(await placeOf(body.id)).toEqual({ branchId: firstBranch, negotiatorId: negotiator.memberId });
  });
});

describe("a listing's preview (GET /api/properties/{slug})", () => {
  test('members preview the listings of any branch they work in, not only their default one', async () => {
    const pending = await createListing(handle.db, secondBranch, {
      approvalStatus: 'pending',
      approvedAt: null,
    });
    const asOwner = await call('GET', `/api/properties/${pending.slug}`, owner.cookie);
    expect(asOwner.status).toBe(200);
    expect((await readJson(asOwner)).preview).toBe(true);
    // The manager works in the first branch only; another agency's owner in neither.
    expect((await call('GET', `/api/properties/${pending.slug}`, manager.cookie)).status).toBe(404);
    expect((await call('GET', `/api/properties/${pending.slug}`, otherOwner.cookie)).status).toBe(404);
  });
});
