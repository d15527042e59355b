/**
 * The agency roles matrix (ADR 029): every agent route × every place a member can stand, over HTTP.
 *
 * The places: the owner of agency A; a branch manager and a negotiator of A's branch A1; a branch manager of A's other
 * branch A2; and the owner of another agency. Routes that act on a record act on a fresh record of branch A1
 * (a listing assigned to no one, its enquiry, photos and media). The owner of A made the record. Each request
 * therefore shows what its role may do, never what an earlier request used up.
 *
 * Expected statuses come from the role table in ADR 029, as the shared `can` rule encodes it
 * (permissions.test.ts checks `can` against that table cell by cell):
 * - a record outside the member's branches is 404;
 * - an action their role may not take there is 403;
 * - anything else is the route's success.
 *
 * An agent route without a case here fails the first test, as in the authorisation matrix.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { can, type AgencyAction, type AgencyActor, type MemberRole } from '@abode/shared/agency/permissions';
import { agencyMemberBranches, agencyMembers, agents, users } from '#src/db/schema.ts';
import { branchSlug } from '#src/features/agency/create-agency.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { AGENCY_DETAILS, AGENT_PROFILE, NEW_BRANCH, REAL_ADDRESSES } from '#src/testing/fixtures.ts';
import { blmFile, saleRow } from '#src/features/feeds/blm/blm-test-world.ts';
import { readJson } from '#src/testing/http.ts';
import { servedRoutes } from '#src/testing/route-table.ts';
import { createSecurityWorld, type SecurityWorld } from '#src/testing/security-world.ts';

const PLACES = ['owner', 'manager', 'negotiator', 'otherBranch', 'otherAgency'] as const;
type Place = (typeof PLACES)[number];

interface Member {
  cookie: string;
  memberId: string;
  role: MemberRole;
  branchIds: string[];
}

/** A request a case sends: JSON `body` or multipart `form`. */
interface Sent {
  method: string;
  url: string;
  body?: unknown;
  form?: FormData;
}

/** A route's path parameters by name (`:id` → `id`). */
type Params = Record<string, string>;

interface Case {
  /** The action the route takes, as ADR 029 names it; null when any member may (reads of their own scope). */
  action: AgencyAction | null;
  /**
   * What it acts on: a record of branch A1; the caller's own default branch; a record of agency A that belongs to
   * no one branch (its team); or nothing in particular (lists of the member's own scope, agency-wide actions).
   */
  on: 'a1' | 'own' | 'agencyA' | 'none';
  ok: number;
  /** The route's path parameters, made afresh for each request (a fresh record of A1 for each place). */
  params?: () => Params | Promise<Params>;
  /** The JSON body, made for each request. */
  body?: () => unknown;
  /** The multipart body, made for each request. */
  form?: () => FormData;
  /** The whole request instead, where its body needs the records made for it. */
  request?: () => Promise<Sent>;
}

let world: SecurityWorld;
let a1: string;
let a2: string;
let png: Buffer;
const members = {} as Record<Place, Member>;

/** A signed-in account made a member of agency A (the security world's 'agent' owns it) by the rows an acceptance writes. */
async function joinAgencyA(role: MemberRole, branchId: string): Promise<Member> {
  // Past the sign-up and sign-in limits of the one test address.
  await world.send('visitor', 'GET', '/api/health/live');
  const user = await signedInUser(world.app, world.handle.db);
  const [owner] = await world.handle.db
    .select({ agencyId: agencyMembers.agencyId })
    .from(agencyMembers)
    .where(eq(agencyMembers.userId, world.users.agent.userId));
  const memberId = crypto.randomUUID();
  await world.handle.db.insert(agencyMembers).values({
    id: memberId,
    agencyId: owner!.agencyId,
    userId: user.userId,
    role,
    defaultBranchId: branchId,
  });
  await world.handle.db.insert(agencyMemberBranches).values({ memberId, branchId });
  await world.handle.db.update(users).set({ role: 'agent' }).where(eq(users.id, user.userId));
  return { cookie: user.cookie, memberId, role, branchIds: [branchId] };
}

async function memberOf(cookie: string): Promise<Member> {
  const res = await world.app.request('/api/me', { headers: { Cookie: cookie } });
  const me = (await readJson(res)) as { agency: { memberId: string; role: MemberRole; branchIds: string[] } };
  return { cookie, memberId: me.agency.memberId, role: me.agency.role, branchIds: me.agency.branchIds };
}

/** One request as `place`, through the world (which moves the server clock past every rate-limit window). */
function send(place: Place, sent: Sent): Promise<Response> {
  const headers: Record<string, string> = { Cookie: members[place].cookie };
  if (sent.form) return world.send('visitor', sent.method, sent.url, { body: sent.form, headers });
  if (sent.body === undefined) return world.send('visitor', sent.method, sent.url, { headers });
  headers['Content-Type'] = 'application/json';
  return world.send('visitor', sent.method, sent.url, { body: JSON.stringify(sent.body), headers });
}

/** A fresh listing of branch A1 (assigned to no one) with two photos, made by A's owner. */
const freshListing = async () => (await world.make.listing('agent')).listing;

async function freshEnquiry(): Promise<string> {
  return world.make.enquiry((await freshListing()).id);
}

function imageForm(kind?: string): FormData {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(png)], 'plan.png', { type: 'image/png' }));
  if (kind) form.append('kind', kind);
  return form;
}

/** A floor plan uploaded by the owner to a fresh listing: its listing and media ids. */
async function freshMedia(): Promise<{ listingId: string; mediaId: string }> {
  const listing = await freshListing();
  const res = await send('owner', {
    method: 'POST',
    url: `/api/agent/properties/${listing.id}/media`,
    form: imageForm('floor-plan'),
  });
  expect(res.status).toBe(201);
  return { listingId: listing.id, mediaId: ((await readJson(res)) as { id: string }).id };
}

/** Path parameters naming fresh records of branch A1 (or of agency A), made by A's owner. */
const anEnquiry = async () => ({ id: await freshEnquiry() });
const aListing = async () => ({ id: (await freshListing()).id });
const aPhoto = async () => {
  const { listing, photoIds } = await world.make.listing('agent');
  return { id: listing.id, photoId: photoIds[1]! };
};
const aMedia = async () => {
  const { listingId, mediaId } = await freshMedia();
  return { id: listingId, mediaId };
};
const anInvitation = async () => ({ id: await freshInvitation() });
const aNegotiator = async () => ({ memberId: (await joinAgencyA('negotiator', a1)).memberId });
const aFeedKey = async () => ({ id: await freshFeedKey() });
const branchA1 = () => ({ id: a1 });

async function freshInvitation(): Promise<string> {
  const res = await send('owner', {
    method: 'POST',
    url: '/api/agent/team/invitations',
    body: {
      email: `invitee-${crypto.randomUUID().slice(0, 8)}@example.com`,
      role: 'negotiator',
      branchIds: [a1],
    },
  });
  expect(res.status).toBe(201);
  return ((await readJson(res)) as { id: string }).id;
}

const SALE_LISTING = {
  title: '3 bedroom house for sale',
  pricePence: 650_000_00,
  mode: 'sale',
  status: 'draft',
  propertyType: 'house',
  bedrooms: 3,
  addressLine1: REAL_ADDRESSES.wimbledon.addressLine1,
  city: REAL_ADDRESSES.wimbledon.city,
  postcode: REAL_ADDRESSES.wimbledon.postcode,
};

/** Every agent route, as Hono records it. */
const CASES: Record<string, Case> = {
  'GET /api/agent/dashboard': { action: null, on: 'none', ok: 200 },
  'GET /api/agent/enquiries': { action: null, on: 'none', ok: 200 },
  'GET /api/agent/enquiries/:id': { action: 'enquiry.work', on: 'a1', ok: 200, params: anEnquiry },
  'PATCH /api/agent/enquiries/:id': {
    action: 'enquiry.work',
    on: 'a1',
    ok: 200,
    params: anEnquiry,
    body: () => ({ status: 'in_progress' }),
  },
  'PATCH /api/agent/enquiries/:id/assignment': {
    action: 'enquiry.assign',
    on: 'a1',
    ok: 200,
    params: anEnquiry,
    body: () => ({ memberId: members.negotiator.memberId }),
  },
  'GET /api/agent/enquiries/:id/assignees': {
    action: 'enquiry.assign',
    on: 'a1',
    ok: 200,
    params: anEnquiry,
  },
  'GET /api/agent/enquiries/:id/thread': { action: 'enquiry.work', on: 'a1', ok: 200, params: anEnquiry },
  'POST /api/agent/enquiries/:id/notes': {
    action: 'enquiry.work',
    on: 'a1',
    ok: 201,
    params: anEnquiry,
    body: () => ({ body: 'Called back; viewing pencilled in for Saturday.' }),
  },
  'POST /api/agent/enquiries/:id/replies': {
    action: 'enquiry.work',
    on: 'a1',
    ok: 201,
    params: anEnquiry,
    body: () => ({ body: 'Thank you for your enquiry. Saturday at 10am suits us.' }),
  },
  'GET /api/agent/properties': { action: null, on: 'none', ok: 200 },
  'POST /api/agent/properties/bulk': {
    action: 'listing.publish',
    on: 'a1',
    ok: 200,
    request: async () => ({
      method: 'POST',
      url: '/api/agent/properties/bulk',
      body: { ids: [(await freshListing()).id], action: 'status', status: 'under-offer' },
    }),
  },
  // A new listing goes to the member's default branch: any role may start one there.
  'POST /api/agent/properties': { action: 'listing.create', on: 'own', ok: 201, body: () => SALE_LISTING },
  'GET /api/agent/properties/postcodes/:postcode': {
    action: null,
    on: 'none',
    ok: 200,
    params: () => ({ postcode: 'SW191AA' }),
  },
  'GET /api/agent/properties/:id': { action: 'listing.view', on: 'a1', ok: 200, params: aListing },
  'PATCH /api/agent/properties/:id': {
    action: 'listing.edit',
    on: 'a1',
    ok: 200,
    params: aListing,
    body: () => ({ description: 'A bright Victorian terrace near Wimbledon station.' }),
  },
  'DELETE /api/agent/properties/:id': { action: 'listing.delete', on: 'a1', ok: 204, params: aListing },
  'GET /api/agent/properties/:id/photos': { action: 'listing.view', on: 'a1', ok: 200, params: aListing },
  'GET /api/agent/properties/:id/feed-media': { action: 'listing.view', on: 'a1', ok: 200, params: aListing },
  'POST /api/agent/properties/:id/photos': {
    action: 'listing.edit',
    on: 'a1',
    ok: 201,
    params: aListing,
    form: () => imageForm(),
  },
  'PATCH /api/agent/properties/:id/photos/:photoId': {
    action: 'listing.edit',
    on: 'a1',
    ok: 200,
    params: aPhoto,
    body: () => ({ altText: 'The garden from the kitchen' }),
  },
  'PUT /api/agent/properties/:id/photos/order': {
    action: 'listing.edit',
    on: 'a1',
    ok: 200,
    request: async () => {
      const { listing, photoIds } = await world.make.listing('agent');
      return {
        method: 'PUT',
        url: `/api/agent/properties/${listing.id}/photos/order`,
        body: { photoIds: [...photoIds].reverse() },
      };
    },
  },
  'POST /api/agent/properties/:id/photos/:photoId/main': {
    action: 'listing.edit',
    on: 'a1',
    ok: 200,
    params: aPhoto,
  },
  'DELETE /api/agent/properties/:id/photos/:photoId': {
    action: 'listing.edit',
    on: 'a1',
    ok: 204,
    params: aPhoto,
  },
  'POST /api/agent/properties/:id/media': {
    action: 'listing.edit',
    on: 'a1',
    ok: 201,
    params: aListing,
    form: () => imageForm('floor-plan'),
  },
  'PATCH /api/agent/properties/:id/media/:mediaId': {
    action: 'listing.edit',
    on: 'a1',
    ok: 200,
    params: aMedia,
    body: () => ({ caption: 'Ground floor' }),
  },
  'DELETE /api/agent/properties/:id/media/:mediaId': {
    action: 'listing.edit',
    on: 'a1',
    ok: 204,
    params: aMedia,
  },
  // SPEC's profile is the member's default branch: any member reads it, editing it is a branch.edit.
  'GET /api/agent/profile': { action: null, on: 'none', ok: 200 },
  'PATCH /api/agent/profile': {
    action: 'branch.edit',
    on: 'own',
    ok: 200,
    // Without the agency's name: renaming the agency is an owner's action (agency.edit), not the branch's.
    body: () => ({ name: AGENT_PROFILE.name, phone: AGENT_PROFILE.phone }),
  },
  // Every member already belongs to an agency: creating another profile is a conflict for all of them.
  'POST /api/agent/profile': { action: null, on: 'none', ok: 409, body: () => AGENT_PROFILE },
  'POST /api/agent/profile/logo': { action: 'branch.edit', on: 'own', ok: 200, form: () => imageForm() },
  'DELETE /api/agent/profile/logo': { action: 'branch.edit', on: 'own', ok: 200 },
  'GET /api/agent/agency': { action: null, on: 'none', ok: 200 },
  'PATCH /api/agent/agency': {
    action: 'agency.edit',
    on: 'none',
    ok: 200,
    body: () => AGENCY_DETAILS,
  },
  'GET /api/agent/analytics': { action: 'reports.view', on: 'none', ok: 200 },
  'GET /api/agent/reports/listings.csv': { action: 'reports.view', on: 'none', ok: 200 },
  'GET /api/agent/reports/enquiries.csv': { action: 'reports.view', on: 'none', ok: 200 },
  'GET /api/agent/settings': { action: null, on: 'none', ok: 200 },
  'PATCH /api/agent/settings': {
    action: 'branch.edit',
    on: 'own',
    ok: 200,
    body: () => ({ notifyNewEnquiries: true }),
  },
  'GET /api/agent/branches': { action: null, on: 'none', ok: 200 },
  'POST /api/agent/branches': {
    action: 'branch.create',
    on: 'none',
    ok: 201,
    body: () => NEW_BRANCH,
  },
  'PATCH /api/agent/branches/:id': {
    action: 'branch.edit',
    on: 'a1',
    ok: 200,
    params: branchA1,
    body: () => ({ bio: 'Sales and lettings.' }),
  },
  'POST /api/agent/branches/:id/logo': {
    action: 'branch.edit',
    on: 'a1',
    ok: 200,
    params: branchA1,
    form: () => imageForm(),
  },
  'DELETE /api/agent/branches/:id/logo': { action: 'branch.edit', on: 'a1', ok: 200, params: branchA1 },
  'GET /api/agent/team': { action: null, on: 'none', ok: 200 },
  'POST /api/agent/team/invitations': {
    action: 'team.manage',
    on: 'none',
    ok: 201,
    body: () => ({
      email: `invitee-${crypto.randomUUID().slice(0, 8)}@example.com`,
      role: 'owner',
      branchIds: [],
    }),
  },
  'DELETE /api/agent/team/invitations/:id': {
    action: 'team.manage',
    on: 'agencyA',
    ok: 204,
    params: anInvitation,
  },
  'POST /api/agent/team/invitations/:id/resend': {
    action: 'team.manage',
    on: 'agencyA',
    ok: 200,
    params: anInvitation,
  },
  'PATCH /api/agent/team/members/:memberId': {
    action: 'team.manage',
    on: 'agencyA',
    ok: 200,
    params: aNegotiator,
    body: () => ({ role: 'branch-manager' }),
  },
  'DELETE /api/agent/team/members/:memberId': {
    action: 'team.manage',
    on: 'agencyA',
    ok: 204,
    params: aNegotiator,
  },
  // Listing feeds (ADR 030): keys and CRM branch codes of branch A1, made by A's owner.
  'GET /api/agent/api-keys': { action: 'feeds.manage', on: 'none', ok: 200 },
  'POST /api/agent/api-keys': {
    action: 'feeds.manage',
    on: 'a1',
    ok: 201,
    body: () => ({ name: 'Reapit', branchId: a1 }),
  },
  'PATCH /api/agent/api-keys/:id': {
    action: 'feeds.manage',
    on: 'a1',
    ok: 200,
    params: aFeedKey,
    body: () => ({ name: 'Alto', withdrawAbsent: false }),
  },
  'DELETE /api/agent/api-keys/:id': { action: 'feeds.manage', on: 'a1', ok: 204, params: aFeedKey },
  'GET /api/agent/feed-branch-codes': { action: 'feeds.manage', on: 'none', ok: 200 },
  'PUT /api/agent/feed-branch-codes/:code': {
    action: 'feeds.manage',
    on: 'a1',
    ok: 200,
    params: () => ({ code: freshCode() }),
    body: () => ({ branchId: a1 }),
  },
  'DELETE /api/agent/feed-branch-codes/:code': {
    action: 'feeds.manage',
    on: 'a1',
    ok: 204,
    params: async () => ({ code: await freshMappedCode() }),
  },
  // BLM bulk uploads (REQ-FEED-07): into the member's own branch; an import of A1 is seen by who manages A1's feeds.
  'POST /api/agent/feeds/blm': { action: 'feeds.manage', on: 'own', ok: 200, form: blmUpload },
  'GET /api/agent/feeds/imports': { action: 'feeds.manage', on: 'none', ok: 200 },
  'GET /api/agent/feeds/imports/:id': {
    action: 'feeds.manage',
    on: 'a1',
    ok: 200,
    params: async () => ({ id: await freshImport() }),
  },
};

/** A fresh feed key of branch A1, made by A's owner (ADR 030). */
async function freshFeedKey(): Promise<string> {
  const res = await send('owner', {
    method: 'POST',
    url: '/api/agent/api-keys',
    body: { name: 'CRM', branchId: a1 },
  });
  expect(res.status).toBe(201);
  return ((await readJson(res)) as { id: string }).id;
}

const freshCode = () => `CODE-${crypto.randomUUID().slice(0, 8)}`;

/** A BLM file of one sale row whose branch code is not mapped: it goes to the uploader's default branch. */
function blmUpload(): FormData {
  const form = new FormData();
  const file = blmFile([
    saleRow(`ROLES-${crypto.randomUUID().slice(0, 8)}`, { BRANCH_ID: 'ROLES', MEDIA_IMAGE_00: '' }),
  ]);
  form.append('file', new File([file], 'roles.blm'));
  form.append('withdrawAbsent', 'false');
  return form;
}

/** A BLM import of branch A1, uploaded by A's owner (whose default branch A1 is). */
async function freshImport(): Promise<string> {
  const res = await send('owner', { method: 'POST', url: '/api/agent/feeds/blm', form: blmUpload() });
  expect(res.status).toBe(200);
  return ((await readJson(res)) as { id: string }).id;
}

/** A fresh CRM branch code mapped to A1 by A's owner. */
async function freshMappedCode(): Promise<string> {
  const code = freshCode();
  const res = await send('owner', {
    method: 'PUT',
    url: `/api/agent/feed-branch-codes/${code}`,
    body: { branchId: a1 },
  });
  expect(res.status).toBe(200);
  return code;
}

/** The request a case sends: the route's method, its path with the parameters filled in, and its body or form. */
async function requestOf(route: string, c: Case): Promise<Sent> {
  if (c.request) return c.request();
  const [method, path] = route.split(' ') as [string, string];
  const params = (await c.params?.()) ?? {};
  const url = path.replace(/:(\w+)/g, (_, name: string) => params[name]!);
  return { method, url, body: c.body?.(), form: c.form?.() };
}

/** The status `place` must get for `c`, from ADR 029's rule. */
function expected(c: Case, place: Place): number {
  const m = members[place];
  const actor: AgencyActor = { memberId: m.memberId, role: m.role, branchIds: m.branchIds };
  if (c.action === null) return c.ok;
  if (c.on === 'none') return can(actor, c.action) ? c.ok : 403;
  // The role is checked first; another agency's record is then as good as missing.
  if (c.on === 'agencyA') return !can(actor, c.action) ? 403 : place === 'otherAgency' ? 404 : c.ok;
  const branchId = c.on === 'own' ? m.branchIds[0]! : a1;
  if (!m.branchIds.includes(branchId)) return 404;
  return can(actor, c.action, { branchId, negotiatorId: null }) ? c.ok : 403;
}

beforeAll(async () => {
  world = await createSecurityWorld();
  png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#8a8' } })
    .png()
    .toBuffer();
  a1 = world.users.agent.agentId!;
  const [branch] = await world.handle.db.select().from(agents).where(eq(agents.id, a1));
  const a2Id = crypto.randomUUID();
  const values = { name: 'Imran Castell', agencyName: branch!.agencyName, branchName: 'Reading' };
  await world.handle.db
    .insert(agents)
    .values({ ...values, id: a2Id, agencyId: branch!.agencyId, slug: branchSlug(values, a2Id) });
  a2 = a2Id;
  members.owner = await memberOf(world.users.agent.cookie);
  members.otherAgency = await memberOf(world.users.otherAgent.cookie);
  members.manager = await joinAgencyA('branch-manager', a1);
  members.negotiator = await joinAgencyA('negotiator', a1);
  members.otherBranch = await joinAgencyA('branch-manager', a2);
}, 60_000);

afterAll(async () => {
  await world?.close();
});

test('every agent route has a case, and every case a route', () => {
  const served = servedRoutes(world.app)
    .map((r) => `${r.method} ${r.path}`)
    .filter((r) => / \/api\/agent(\/|$)/.test(r));
  expect(
    served.filter((r) => !CASES[r]),
    'agent routes without a case',
  ).toEqual([]);
  expect(
    Object.keys(CASES).filter((r) => !served.includes(r)),
    'cases without a route',
  ).toEqual([]);
});

test('the places stand where the matrix says: A has two branches, the owner works in both', () => {
  expect(members.owner.role).toBe('owner');
  expect(new Set(members.owner.branchIds)).toEqual(new Set([a1, a2]));
  expect(members.owner.branchIds[0]).toBe(a1);
  expect(members.otherAgency.branchIds).not.toContain(a1);
  expect(members.otherBranch.branchIds).toEqual([a2]);
});

describe.each(Object.entries(CASES))('%s', (route, c) => {
  test.each(PLACES)('as %s', async (place) => {
    const res = await send(place, await requestOf(route, c));
    const want = expected(c, place);
    expect(res.status, `${route} as ${place}: ${await res.clone().text()}`).toBe(want);
  });
});

test("a negotiator edits listings assigned to them or to no one, never a colleague's", async () => {
  const mine = await freshListing();
  const theirs = await freshListing();
  const assign = (id: string, memberId: string) =>
    send('owner', { method: 'PATCH', url: `/api/agent/properties/${id}`, body: { negotiatorId: memberId } });
  expect((await assign(mine.id, members.negotiator.memberId)).status).toBe(200);
  expect((await assign(theirs.id, members.manager.memberId)).status).toBe(200);
  const edit = (id: string) =>
    send('negotiator', {
      method: 'PATCH',
      url: `/api/agent/properties/${id}`,
      body: { description: 'Updated.' },
    });
  expect((await edit(mine.id)).status).toBe(200);
  expect((await edit(theirs.id)).status).toBe(403);
  // Nor may they hand a listing to someone else: assigning is a manager's action.
  const handOver = await send('negotiator', {
    method: 'PATCH',
    url: `/api/agent/properties/${mine.id}`,
    body: { negotiatorId: members.manager.memberId },
  });
  expect(handOver.status).toBe(403);
});
