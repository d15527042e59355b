/**
 * /api/agent/properties (REQ-AGENT) over HTTP on a real database (PGlite, or PostgreSQL 15 with TEST_DATABASE_URL):
 * the cross-agent matrix, guards, postcode location (approximate at the outcode's centre for a postcode our data
 * lacks, REQ-LISTING-10), material information, a photo before going live (REQ-LISTING-09), slugs, price drops, approval,
 * flags, soft delete and the activity rows.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  AgentListingDetailSchema,
  AgentListingListSchema,
  LISTING_MESSAGES,
} from '@abode/shared/agent/listing-input.schema';
import { MESSAGES } from '@abode/shared/messages';
import { createApp } from '#src/app.ts';
import { agentListingRoutes } from './routes.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { agentActivity, outcodes, postcodes, properties, propertyPhotos } from '#src/db/schema.ts';
import { loadReferenceData } from '#src/db/seed/seed-demo.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import {
  branchesOfUser,
  createListing,
  REAL_ADDRESSES,
  WIMBLEDON_SALE_DRAFT,
  WIMBLEDON_SALE_FACTS,
  UNLISTED_POSTCODE_ADDRESSES,
} from '#src/testing/fixtures.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let clock = new Date('2026-11-23T10:00:00.000Z');
const tick = (minutes = 1) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
  return clock;
};

let agentA: { cookie: string; agentId: string };
let agentB: { cookie: string; agentId: string };
let client: { cookie: string };

/** Coordinates from OS Code-Point Open (the project's demo extract, apps/api/data/demo/postcodes.csv.gz). */
const POSTCODE_ROWS = [
  { postcode: 'SW19 1AA', outcode: 'SW19', latitude: 51.42164, longitude: -0.18615 },
  { postcode: 'M11 1DE', outcode: 'M11', latitude: 53.47417, longitude: -2.16811 },
  { postcode: 'RG30 2BY', outcode: 'RG30', latitude: 51.45177, longitude: -1.00046 },
];

const wimbledon = REAL_ADDRESSES.wimbledon;
const SALE = { ...WIMBLEDON_SALE_DRAFT, ...WIMBLEDON_SALE_FACTS, status: 'active', postcode: 'sw191aa' };
/** Part A for a rental (REQ-LISTING-14): deposit, holding deposit and minimum term. */
const LETTINGS_TERMS = { depositPence: 2_250_00, holdingDepositPence: 450_00, minimumTermMonths: 12 };
/** SALE let instead: a 2 bedroom flat to rent, with lettings terms and no tenure. */
const RENTAL_FLAT = {
  ...SALE,
  title: '2 bedroom flat to rent',
  mode: 'rent',
  ...LETTINGS_TERMS,
  propertyType: 'flat',
  pricePence: 1_950_00,
  tenure: null,
};

async function agentSession() {
  const user = await signedInUser(app, handle.db, { role: 'agent' });
  const [agent] = await branchesOfUser(handle.db, user.userId);
  return { cookie: user.cookie, agentId: agent!.id };
}

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db, now: () => clock });
  await handle.db.insert(postcodes).values(POSTCODE_ROWS).onConflictDoNothing();
  // Every GB outcode centroid from the project's extract (apps/api/data/demo/outcodes.csv.gz), no more postcodes.
  await loadReferenceData(handle.db, { districts: [] });
  agentA = await agentSession();
  agentB = await agentSession();
  client = await signedInUser(app, handle.db);
});
afterAll(async () => {
  await handle?.close();
});

/** `path` under /api/agent/properties; '/' and '/?…' are the collection itself (no trailing slash). */
/** A request under /api/agent/properties (`path` '/' or '/?…' is the collection itself). */
const call = (method: string, path: string, cookie?: string, body?: unknown) =>
  callApi(app, method, `/api/agent/properties${path.replace(/^\/(?=\?|$)/, '')}`, cookie, body);

async function create(cookie: string, body: unknown) {
  const res = await call('POST', '/', cookie, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return AgentListingDetailSchema.parse(await readJson(res));
}

/** Gives the listing a photo row (a demo illustration), as an upload would. */
async function addPhoto(propertyId: string) {
  await handle.db.insert(propertyPhotos).values({
    propertyId,
    url: '/media/demo/house-semi-1.svg',
    altText: 'Illustration of a house',
    orderIndex: 0,
    isMain: true,
  });
}

/**
 * A listing with `body`'s status, made the only way an active one can be (REQ-AGENT-09): created as a draft, given a
 * photo, then published with PATCH.
 */
async function createLive(cookie: string, body: Record<string, unknown>) {
  const draft = await create(cookie, { ...body, status: 'draft' });
  await addPhoto(draft.id);
  const res = await call('PATCH', `/${draft.id}`, cookie, { status: body.status ?? 'active' });
  expect(res.status, await res.clone().text()).toBe(200);
  return AgentListingDetailSchema.parse(await readJson(res));
}

async function list(cookie: string, query = '') {
  const res = await call('GET', `/${query}`, cookie);
  expect(res.status).toBe(200);
  return AgentListingListSchema.parse(await readJson(res));
}

async function activity(propertyId: string) {
  return handle.db
    .select({ type: agentActivity.type, details: agentActivity.details, agentId: agentActivity.agentId })
    .from(agentActivity)
    .where(eq(agentActivity.propertyId, propertyId))
    .orderBy(agentActivity.createdAt);
}

async function isPublic(slug: string): Promise<boolean> {
  const res = await app.request(`/api/properties?location=${encodeURIComponent('Cowper Road')}`);
  const body = await readJson(res);
  return (body.items as { slug: string }[]).some((i) => i.slug === slug);
}

describe('guards', () => {
  test('a visitor gets 401 and a client 403, with no-store', async () => {
    const visitor = await call('GET', '/');
    expect(visitor.status).toBe(401);
    expect(visitor.headers.get('Cache-Control')).toBe('no-store');
    expect((await call('GET', '/', client.cookie)).status).toBe(403);
    expect((await call('POST', '/', client.cookie, SALE)).status).toBe(403);
  });
});

describe('create', () => {
  test('creates a pending listing located from the postcode, with a readable slug, not public yet', async () => {
    const listing = await create(agentA.cookie, { ...SALE, status: 'draft' });
    expect(listing).toMatchObject({
      title: SALE.title,
      postcode: 'SW19 1AA',
      outcode: 'SW19',
      latitude: 51.42164,
      longitude: -0.18615,
      locationApproximate: false,
      approvalStatus: 'pending',
      status: 'draft',
      publishedAt: null,
      availableFrom: null,
      rejectionReason: null,
      statusBeforeRejection: null,
    });
    expect(listing.slug).toMatch(/^3-bedroom-house-for-sale-cowper-road-sw19-[0-9a-f]{6}$/);
    expect(await isPublic(listing.slug)).toBe(false);
    expect(await activity(listing.id)).toEqual([
      { type: 'listing_created', details: { status: 'draft' }, agentId: agentA.agentId },
    ]);
  });

  // REQ-LISTING-06: a listing without a photo went live.
  test('a listing goes active only with a photo: created active or published without one is a 400', async () => {
    const before = (await list(agentA.cookie)).stats.total;
    const refused = await call('POST', '/', agentA.cookie, SALE);
    expect(refused.status).toBe(400);
    expect((await readJson(refused)).error).toEqual({
      code: 'VALIDATION_ERROR',
      message: MESSAGES.validation,
      details: [{ path: 'status', message: LISTING_MESSAGES.photoRequired }],
    });
    expect((await list(agentA.cookie)).stats.total).toBe(before);

    const draft = await create(agentA.cookie, { ...SALE, status: 'draft' });
    const publish = await call('PATCH', `/${draft.id}`, agentA.cookie, { status: 'active' });
    expect(publish.status).toBe(400);
    expect((await readJson(publish)).error.details).toEqual([
      { path: 'status', message: LISTING_MESSAGES.photoRequired },
    ]);
    const [row] = await handle.db.select().from(properties).where(eq(properties.id, draft.id));
    expect(row!.status).toBe('draft');
    // Other statuses are not 'going live', and a photo makes publishing possible.
    const underOffer = await call('PATCH', `/${draft.id}`, agentA.cookie, { status: 'under-offer' });
    expect(underOffer.status).toBe(200);
    await addPhoto(draft.id);
    const published = await call('PATCH', `/${draft.id}`, agentA.cookie, { status: 'active' });
    expect(published.status).toBe(200);
    expect(AgentListingDetailSchema.parse(await readJson(published)).status).toBe('active');
  });

  test('the same title twice gets two different slugs', async () => {
    const first = await create(agentA.cookie, { ...SALE, status: 'draft' });
    const second = await create(agentA.cookie, { ...SALE, status: 'draft' });
    expect(first.slug).not.toBe(second.slug);
  });

  test('a postcode whose outcode does not exist is a 400 on the postcode field, and nothing is stored', async () => {
    const before = (await list(agentA.cookie)).stats.total;
    // A well-formed postcode, but London's W districts stop at W14.
    const res = await call('POST', '/', agentA.cookie, { ...SALE, status: 'draft', postcode: 'W15 1AA' });
    expect(res.status).toBe(400);
    expect((await readJson(res)).error.details).toEqual([
      { path: 'postcode', message: LISTING_MESSAGES.postcodeUnknown },
    ]);
    expect((await list(agentA.cookie)).stats.total).toBe(before);
  });

  // REQ-PLACE-06: an agent was told 'We could not find this postcode' for real postcodes outside the demo regions.
  test.each(UNLISTED_POSTCODE_ADDRESSES)(
    '$postcode, missing from our postcode data, is placed at its outcode centroid and flagged approximate',
    async (address) => {
      const outcode = address.postcode.split(' ')[0]!;
      const [unit] = await handle.db.select().from(postcodes).where(eq(postcodes.postcode, address.postcode));
      expect(unit).toBeUndefined();
      const [centroid] = await handle.db.select().from(outcodes).where(eq(outcodes.outcode, outcode));
      const listing = await create(agentA.cookie, { ...SALE, status: 'draft', ...address });
      expect(listing).toMatchObject({
        postcode: address.postcode,
        outcode,
        latitude: centroid!.latitude,
        longitude: centroid!.longitude,
        locationApproximate: true,
      });
      const [row] = await handle.db.select().from(properties).where(eq(properties.id, listing.id));
      expect(row!.locationApproximate).toBe(true);
    },
  );

  test('material information: active without a council tax band is refused; a draft is fine', async () => {
    const res = await call('POST', '/', agentA.cookie, { ...SALE, councilTaxBand: null });
    expect(res.status).toBe(400);
    expect((await readJson(res)).error.details).toEqual([
      { path: 'councilTaxBand', message: LISTING_MESSAGES.councilTaxBandRequired },
    ]);
    const draft = await create(agentA.cookie, {
      ...SALE,
      status: 'draft',
      councilTaxBand: null,
      tenure: null,
    });
    expect(draft).toMatchObject({ status: 'draft', councilTaxBand: null });
  });

  test('refuses a status of the other mode and script-like text; strips < and >', async () => {
    const wrong = await call('POST', '/', agentA.cookie, { ...SALE, status: 'let-agreed' });
    expect(wrong.status).toBe(400);
    expect((await readJson(wrong)).error.details[0]).toEqual({
      path: 'status',
      message: LISTING_MESSAGES.rentStatusForSale,
    });
    const scripted = await call('POST', '/', agentA.cookie, { ...SALE, description: '<script>x</script>' });
    expect(scripted.status).toBe(400);
    const stripped = await create(agentA.cookie, { ...SALE, status: 'draft', title: ' Big <b>house</b> ' });
    expect(stripped.title).toBe('Big bhouse/b');
  });

  test('a rental keeps available-from and furnished, without tenure', async () => {
    const rental = await createLive(agentA.cookie, {
      ...RENTAL_FLAT,
      postcode: 'M11 1DE',
      addressLine1: REAL_ADDRESSES.manchester.addressLine1,
      city: REAL_ADDRESSES.manchester.city,
      availableFrom: '2027-01-04',
      furnished: 'unfurnished',
    });
    expect(rental).toMatchObject({ mode: 'rent', availableFrom: '2027-01-04', furnished: 'unfurnished' });
  });
});

describe('dates and one-line text (REQ-SEC)', () => {
  const RENTAL = {
    ...RENTAL_FLAT,
    availableFrom: '2027-01-04',
    furnished: 'unfurnished',
  };

  // '0000-01-01' reached PostgreSQL (no year 0) and answered 500.
  test.each([
    ['0000-01-01', LISTING_MESSAGES.dateOutOfRange],
    ['9999-12-31', LISTING_MESSAGES.dateOutOfRange],
    ['2026-02-30', LISTING_MESSAGES.dateInvalid],
  ])(
    'availableFrom %s is a 400 on create and on edit, and nothing changes',
    async (availableFrom, message) => {
      const invalid = {
        error: {
          code: 'VALIDATION_ERROR',
          message: MESSAGES.validation,
          details: [{ path: 'availableFrom', message }],
        },
      };
      const created = await call('POST', '/', agentA.cookie, { ...RENTAL, availableFrom });
      expect(created.status).toBe(400);
      expect(await readJson(created)).toEqual(invalid);

      const rental = await createLive(agentA.cookie, RENTAL);
      const edited = await call('PATCH', `/${rental.id}`, agentA.cookie, { availableFrom });
      expect(edited.status).toBe(400);
      expect(await readJson(edited)).toEqual(invalid);
      const [row] = await handle.db.select().from(properties).where(eq(properties.id, rental.id));
      expect(row!.availableFrom).toBe('2027-01-04');
    },
  );

  test('a title with line breaks, control and bidi characters is stored as one clean line', async () => {
    const listing = await create(agentA.cookie, {
      ...SALE,
      status: 'draft',
      title: 'Sunny flat\r\n\u0007\u202eSTC dlos\u202c\u2066 ',
      description: 'First line\r\nSecond line\u202e',
    });
    expect(listing.title).toBe('Sunny flat STC dlos');
    expect(listing.description).toBe('First line\nSecond line');
    const res = await call('PATCH', `/${listing.id}`, agentA.cookie, { title: 'New\ntitle\u200f' });
    expect(res.status).toBe(200);
    expect(AgentListingDetailSchema.parse(await readJson(res)).title).toBe('New title');
  });
});

describe('list', () => {
  test('own listings only, newest first, filters and unfiltered stats', async () => {
    const b = await agentSession();
    // Older than the two created over HTTP (the fixture's default stamp follows the wall clock, not the app's).
    await createListing(handle.db, b.agentId, {
      title: 'Other agent listing',
      createdAt: new Date('2026-11-01T09:00:00.000Z'),
    });
    const mine = await create(b.cookie, {
      ...SALE,
      title: 'Garden flat in Wimbledon',
      status: 'under-offer',
    });
    tick();
    const rent = await create(b.cookie, {
      ...SALE,
      title: 'Reading semi to rent',
      mode: 'rent',
      ...LETTINGS_TERMS,
      pricePence: 1_500_00,
      status: 'let-agreed',
      postcode: 'RG30 2BY',
      addressLine1: REAL_ADDRESSES.reading.addressLine1,
      city: REAL_ADDRESSES.reading.city,
    });
    await handle.db.update(properties).set({ viewCount: 7 }).where(eq(properties.id, rent.id));

    const all = await list(b.cookie);
    expect(all.items.map((i) => i.title)).toEqual([
      'Reading semi to rent',
      'Garden flat in Wimbledon',
      'Other agent listing',
    ]);
    expect(all.stats).toEqual({ total: 3, active: 1, underOffer: 2, totalViews: 7 });
    expect(all.items[0]).toMatchObject({
      photoCount: 0,
      mainPhoto: null,
      viewCount: 7,
      approvalStatus: 'pending',
    });
    expect(all.items[2]).toMatchObject({
      photoCount: 2,
      mainPhoto: { url: '/media/demo/house-semi-1.svg', altText: 'Illustration of a house' },
    });
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 25 });

    const byTown = await list(b.cookie, '?q=READ');
    expect(byTown.items.map((i) => i.id)).toEqual([rent.id]);
    expect(byTown.stats.total).toBe(3);
    expect((await list(b.cookie, '?q=cowper')).items.map((i) => i.id)).toContain(mine.id);
    expect((await list(b.cookie, '?q=100%25')).items).toEqual([]);
    expect((await list(b.cookie, '?status=under-offer')).items.map((i) => i.id)).toEqual([mine.id]);
    expect((await list(b.cookie, '?mode=rent')).items.map((i) => i.id)).toEqual([rent.id]);
    expect((await call('GET', '/?status=archived', b.cookie)).status).toBe(400);
    // Agent A sees none of them.
    expect((await list(agentA.cookie)).items.some((i) => i.id === mine.id)).toBe(false);
  });
});

describe('pages', () => {
  let agent: { cookie: string; agentId: string };
  /** Ids newest first: seven listings a minute apart, plus two created at the same instant (ordered by id). */
  let newestFirst: string[];

  beforeAll(async () => {
    agent = await agentSession();
    const base = Date.parse('2026-11-01T09:00:00.000Z');
    const rows = [];
    for (let i = 0; i < 7; i += 1)
      rows.push(
        await createListing(handle.db, agent.agentId, {
          title: `Listing ${i}`,
          createdAt: new Date(base + i * 60_000),
        }),
      );
    const tied = new Date(base - 60_000);
    for (const title of ['Tied one', 'Tied two'])
      rows.push(await createListing(handle.db, agent.agentId, { title, createdAt: tied }));
    newestFirst = rows
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((r) => r.id);
  });

  test('pages follow one stable newest-first order without overlap, with the full total', async () => {
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const body = await list(agent.cookie, `?page=${page}&pageSize=4`);
      expect(body).toMatchObject({ total: 9, page, pageSize: 4 });
      expect(body.stats.total).toBe(9);
      seen.push(...body.items.map((i) => i.id));
    }
    expect(seen).toEqual(newestFirst);
    const second = await list(agent.cookie, '?page=2&pageSize=4');
    expect(second.items.map((i) => i.title)).toEqual([
      'Listing 2',
      'Listing 1',
      'Listing 0',
      expect.any(String),
    ]);
  });

  test('25 per page by default; filters narrow the total; a page past the end is empty', async () => {
    const first = await list(agent.cookie);
    expect(first).toMatchObject({ page: 1, pageSize: 25, total: 9 });
    expect(first.items).toHaveLength(9);
    const tied = await list(agent.cookie, '?q=tied&pageSize=1&page=2');
    expect(tied).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(tied.items.map((i) => i.id)).toEqual([newestFirst[8]]);
    const beyond = await list(agent.cookie, '?page=5&pageSize=4');
    expect(beyond).toMatchObject({ items: [], total: 9, page: 5 });
    expect(beyond.stats.total).toBe(9);
  });

  test('pageSize is capped at 100 and page at 1000; bad numbers are 400', async () => {
    expect((await list(agent.cookie, '?pageSize=100')).items).toHaveLength(9);
    for (const query of ['?pageSize=101', '?pageSize=0', '?page=0', '?page=1001', '?page=two']) {
      const res = await call('GET', `/${query}`, agent.cookie);
      expect(res.status, query).toBe(400);
      expect((await readJson(res)).error.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('cross-agent matrix', () => {
  test("agent B cannot read, edit or delete agent A's listing, and it is unchanged", async () => {
    const listing = await create(agentA.cookie, { ...SALE, status: 'draft' });
    const [before] = await handle.db.select().from(properties).where(eq(properties.id, listing.id));
    for (const [method, body] of [['GET'], ['PATCH', { pricePence: 1 }], ['DELETE']] as const) {
      const res = await call(method, `/${listing.id}`, agentB.cookie, body);
      expect(res.status, method).toBe(404);
      expect((await readJson(res)).error.message).toBe(LISTING_MESSAGES.notFound);
    }
    const [after] = await handle.db.select().from(properties).where(eq(properties.id, listing.id));
    expect(after).toEqual(before);
    expect((await call('GET', `/${listing.id}`, agentA.cookie)).status).toBe(200);
  });

  test('unknown and malformed ids are 404, not 400', async () => {
    expect((await call('GET', '/0b8e4c2a-3f1d-4e5b-9a7c-6d2e1f0a9b8c', agentA.cookie)).status).toBe(404);
    expect((await call('GET', '/not-a-uuid', agentA.cookie)).status).toBe(404);
    expect((await call('DELETE', '/not-a-uuid', agentA.cookie)).status).toBe(404);
  });
});

describe('edit', () => {
  test('a price drop stamps price_reduced_at, a rise clears it; activity records both', async () => {
    const listing = await createLive(agentA.cookie, SALE);
    const dropAt = tick(5);
    const drop = await call('PATCH', `/${listing.id}`, agentA.cookie, { pricePence: 625_000_00 });
    expect(drop.status).toBe(200);
    const dropped = AgentListingDetailSchema.parse(await readJson(drop));
    expect(dropped).toMatchObject({
      pricePence: 625_000_00,
      priceReducedAt: dropAt.toISOString(),
      slug: listing.slug,
    });
    expect(dropped.updatedAt).toBe(dropAt.toISOString());
    const rise = AgentListingDetailSchema.parse(
      await readJson(await call('PATCH', `/${listing.id}`, agentA.cookie, { pricePence: 640_000_00 })),
    );
    expect(rise.priceReducedAt).toBeNull();
    // After listing_created and listing_status_changed (published).
    expect((await activity(listing.id)).slice(2)).toEqual([
      {
        type: 'listing_price_changed',
        details: { fromPence: 650_000_00, toPence: 625_000_00 },
        agentId: agentA.agentId,
      },
      {
        type: 'listing_price_changed',
        details: { fromPence: 625_000_00, toPence: 640_000_00 },
        agentId: agentA.agentId,
      },
    ]);
  });

  test('the price before the first drop is kept through later drops and cleared by a rise (REQ-SEARCH)', async () => {
    const listing = await createLive(agentA.cookie, SALE);
    const original = async () =>
      (await handle.db.select().from(properties).where(eq(properties.id, listing.id)))[0]!;
    tick(1);
    await call('PATCH', `/${listing.id}`, agentA.cookie, { pricePence: 625_000_00 });
    expect(await original()).toMatchObject({ pricePence: 625_000_00, originalPricePence: 650_000_00 });
    tick(1);
    await call('PATCH', `/${listing.id}`, agentA.cookie, { pricePence: 600_000_00 });
    expect(await original()).toMatchObject({ pricePence: 600_000_00, originalPricePence: 650_000_00 });
    tick(1);
    await call('PATCH', `/${listing.id}`, agentA.cookie, { title: 'A new title for the same home' });
    expect((await original()).originalPricePence).toBe(650_000_00);
    tick(1);
    await call('PATCH', `/${listing.id}`, agentA.cookie, { pricePence: 610_000_00 });
    expect(await original()).toMatchObject({ originalPricePence: null, priceReducedAt: null });
  });

  test('a partial edit is re-checked whole: removing the council tax band of an active listing is refused', async () => {
    const listing = await createLive(agentA.cookie, SALE);
    const res = await call('PATCH', `/${listing.id}`, agentA.cookie, { councilTaxBand: '' });
    expect(res.status).toBe(400);
    expect((await readJson(res)).error.details).toEqual([
      { path: 'councilTaxBand', message: LISTING_MESSAGES.councilTaxBandRequired },
    ]);
    const ok = await call('PATCH', `/${listing.id}`, agentA.cookie, { councilTaxBand: '', status: 'draft' });
    expect(ok.status).toBe(200);
  });

  test('an approved listing stays approved and public after an edit; status changes are recorded', async () => {
    const listing = await create(agentA.cookie, { ...SALE, status: 'draft' });
    await handle.db
      .update(properties)
      .set({ approvalStatus: 'approved', approvedAt: clock })
      .where(eq(properties.id, listing.id));
    expect(await isPublic(listing.slug)).toBe(false); // draft
    await addPhoto(listing.id);
    const liveAt = tick();
    const live = AgentListingDetailSchema.parse(
      await readJson(await call('PATCH', `/${listing.id}`, agentA.cookie, { status: 'active' })),
    );
    expect(live).toMatchObject({ approvalStatus: 'approved', publishedAt: liveAt.toISOString() });
    expect(await isPublic(listing.slug)).toBe(true);
    tick();
    const edited = AgentListingDetailSchema.parse(
      await readJson(
        await call('PATCH', `/${listing.id}`, agentA.cookie, { title: 'Renovated 3 bedroom house' }),
      ),
    );
    expect(edited).toMatchObject({ approvalStatus: 'approved', publishedAt: liveAt.toISOString() });
    expect(edited.slug).toBe(listing.slug);
    expect(await isPublic(listing.slug)).toBe(true);
    const events = await activity(listing.id);
    expect(events.map((e) => e.type)).toEqual([
      'listing_created',
      'listing_status_changed',
      'listing_updated',
    ]);
    expect(events[1]!.details).toEqual({ from: 'draft', to: 'active' });
    expect(events[2]!.details).toEqual({ fields: ['title'] });
  });

  test('a rejected listing goes back to pending when edited; an edit that changes nothing writes nothing', async () => {
    const listing = await create(agentA.cookie, { ...SALE, status: 'draft' });
    await handle.db
      .update(properties)
      .set({ approvalStatus: 'rejected' })
      .where(eq(properties.id, listing.id));
    const same = await call('PATCH', `/${listing.id}`, agentA.cookie, { title: SALE.title });
    expect(AgentListingDetailSchema.parse(await readJson(same)).approvalStatus).toBe('rejected');
    const res = await call('PATCH', `/${listing.id}`, agentA.cookie, { bedrooms: 4 });
    expect(AgentListingDetailSchema.parse(await readJson(res)).approvalStatus).toBe('pending');
    expect((await activity(listing.id)).length).toBe(2);
  });

  test('saving the same floor area again is no change (it is stored as a 4-byte float)', async () => {
    const listing = await create(agentA.cookie, { ...SALE, status: 'draft', floorAreaSqm: 85.3 });
    const res = await call('PATCH', `/${listing.id}`, agentA.cookie, { floorAreaSqm: 85.3 });
    expect(res.status).toBe(200);
    expect((await activity(listing.id)).map((e) => e.type)).toEqual(['listing_created']);
  });

  test('a new postcode is located again; an unknown one is refused', async () => {
    const listing = await create(agentA.cookie, { ...SALE, status: 'draft' });
    const moved = AgentListingDetailSchema.parse(
      await readJson(await call('PATCH', `/${listing.id}`, agentA.cookie, { postcode: 'RG30 2BY' })),
    );
    expect(moved).toMatchObject({ postcode: 'RG30 2BY', outcode: 'RG30', latitude: 51.45177 });
    const unknown = await call('PATCH', `/${listing.id}`, agentA.cookie, { postcode: 'W15 1AA' });
    expect(unknown.status).toBe(400);
    // REQ-PLACE-06: a postcode our data lacks is placed at its outcode's centre, flagged; a known one is exact again.
    const leeds = UNLISTED_POSTCODE_ADDRESSES.find((a) => a.postcode === 'LS1 1UR')!;
    const approximate = AgentListingDetailSchema.parse(
      await readJson(await call('PATCH', `/${listing.id}`, agentA.cookie, leeds)),
    );
    const [ls1] = await handle.db.select().from(outcodes).where(eq(outcodes.outcode, 'LS1'));
    expect(approximate).toMatchObject({
      postcode: 'LS1 1UR',
      outcode: 'LS1',
      latitude: ls1!.latitude,
      longitude: ls1!.longitude,
      locationApproximate: true,
    });
    const exact = AgentListingDetailSchema.parse(
      await readJson(
        await call('PATCH', `/${listing.id}`, agentA.cookie, {
          postcode: 'SW19 1AA',
          addressLine1: wimbledon.addressLine1,
          city: wimbledon.city,
        }),
      ),
    );
    expect(exact).toMatchObject({ latitude: 51.42164, longitude: -0.18615, locationApproximate: false });
  });
});

describe('flags (REQ-SEARCH)', () => {
  /** Slugs the public search finds on Cowper Road with these extra parameters. */
  async function searchSlugs(query: string): Promise<string[]> {
    const res = await app.request(
      `/api/properties?location=${encodeURIComponent('Cowper Road')}&pageSize=100&${query}`,
    );
    expect(res.status).toBe(200);
    return ((await readJson(res)).items as { slug: string }[]).map((i) => i.slug);
  }

  test('an agent sets, keeps and clears flags; the search leaves flagged listings out with exclude=', async () => {
    const listing = await createLive(agentA.cookie, { ...SALE, flags: ['auction', 'auction'] });
    expect(listing.flags).toEqual(['auction']);
    const read = await call('GET', `/${listing.id}`, agentA.cookie);
    expect(AgentListingDetailSchema.parse(await readJson(read)).flags).toEqual(['auction']);

    // Approved by an admin: public from now on.
    await handle.db
      .update(properties)
      .set({ approvalStatus: 'approved', approvedAt: clock, publishedAt: clock })
      .where(eq(properties.id, listing.id));
    expect(await searchSlugs('exclude=retirement')).toContain(listing.slug);
    expect(await searchSlugs('exclude=auction')).not.toContain(listing.slug);

    // A PATCH without flags leaves them as they are.
    tick();
    const renamed = await call('PATCH', `/${listing.id}`, agentA.cookie, {
      title: 'House for sale by auction',
    });
    expect(AgentListingDetailSchema.parse(await readJson(renamed)).flags).toEqual(['auction']);
    expect(await searchSlugs('exclude=auction')).not.toContain(listing.slug);

    tick();
    const retirement = await call('PATCH', `/${listing.id}`, agentA.cookie, { flags: ['retirement'] });
    expect(AgentListingDetailSchema.parse(await readJson(retirement)).flags).toEqual(['retirement']);
    expect(await searchSlugs('exclude=auction')).toContain(listing.slug);
    expect(await searchSlugs('exclude=retirement,shared-ownership')).not.toContain(listing.slug);

    tick();
    const cleared = await call('PATCH', `/${listing.id}`, agentA.cookie, { flags: [] });
    expect(AgentListingDetailSchema.parse(await readJson(cleared)).flags).toEqual([]);
    expect(await searchSlugs('exclude=retirement,shared-ownership,auction')).toContain(listing.slug);
    expect((await activity(listing.id)).map((e) => e.details)).toEqual([
      { status: 'draft' },
      { from: 'draft', to: 'active' },
      { fields: ['title'] },
      { fields: ['flags'] },
      { fields: ['flags'] },
    ]);
  });

  test('auction and shared ownership on a rental are a 400 on the flags field; a retirement rental is fine', async () => {
    const RENTAL = { ...RENTAL_FLAT, title: '1 bedroom flat to rent', pricePence: 1_250_00 };
    const before = (await list(agentA.cookie)).stats.total;
    for (const flags of [['auction'], ['retirement', 'shared-ownership']]) {
      const res = await call('POST', '/', agentA.cookie, { ...RENTAL, flags });
      expect(res.status, flags.join()).toBe(400);
      expect((await readJson(res)).error.details).toEqual([
        { path: 'flags', message: LISTING_MESSAGES.saleFlagForRent },
      ]);
    }
    expect((await list(agentA.cookie)).stats.total).toBe(before);
    expect((await createLive(agentA.cookie, { ...RENTAL, flags: ['retirement'] })).flags).toEqual([
      'retirement',
    ]);
    expect((await call('POST', '/', agentA.cookie, { ...SALE, flags: ['chain-free'] })).status).toBe(400);

    // Turning an auction sale into a rental without clearing the flag is refused the same way.
    const sale = await create(agentA.cookie, { ...SALE, status: 'draft', flags: ['auction'] });
    const switched = await call('PATCH', `/${sale.id}`, agentA.cookie, { mode: 'rent' });
    expect(switched.status).toBe(400);
    expect((await readJson(switched)).error.details).toEqual([
      { path: 'flags', message: LISTING_MESSAGES.saleFlagForRent },
    ]);
    const ok = await call('PATCH', `/${sale.id}`, agentA.cookie, { mode: 'rent', flags: [] });
    expect(ok.status).toBe(200);
  });
});

describe('delete', () => {
  test('soft delete hides the listing from the agent list and the public search', async () => {
    const listing = await createListing(handle.db, agentA.agentId, { title: 'Public house to delete' });
    expect(await isPublic(listing.slug)).toBe(true);
    const res = await call('DELETE', `/${listing.id}`, agentA.cookie);
    expect(res.status).toBe(204);
    const [row] = await handle.db
      .select({ isDeleted: properties.isDeleted })
      .from(properties)
      .where(and(eq(properties.id, listing.id)));
    expect(row!.isDeleted).toBe(true);
    expect(await isPublic(listing.slug)).toBe(false);
    expect((await list(agentA.cookie)).items.some((i) => i.id === listing.id)).toBe(false);
    expect((await call('GET', `/${listing.id}`, agentA.cookie)).status).toBe(404);
    expect((await call('DELETE', `/${listing.id}`, agentA.cookie)).status).toBe(404);
    expect((await activity(listing.id)).map((e) => e.type)).toEqual(['listing_deleted']);
  });
});

describe('postcode lookup', () => {
  test('locates a known postcode, 404s an unknown outcode and 400s a malformed one', async () => {
    const res = await call('GET', '/postcodes/sw191aa', agentA.cookie);
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({
      postcode: 'SW19 1AA',
      outcode: 'SW19',
      latitude: 51.42164,
      longitude: -0.18615,
      approximate: false,
    });
    const [b33] = await handle.db.select().from(outcodes).where(eq(outcodes.outcode, 'B33'));
    const approximate = await call('GET', '/postcodes/b338th', agentA.cookie);
    expect(approximate.status).toBe(200);
    expect(await readJson(approximate)).toEqual({
      postcode: 'B33 8TH',
      outcode: 'B33',
      latitude: b33!.latitude,
      longitude: b33!.longitude,
      approximate: true,
    });
    const unknown = await call('GET', '/postcodes/W15%201AA', agentA.cookie);
    expect(unknown.status).toBe(404);
    expect((await readJson(unknown)).error.message).toBe(LISTING_MESSAGES.postcodeUnknown);
    expect((await call('GET', '/postcodes/nonsense', agentA.cookie)).status).toBe(400);
    expect((await call('GET', '/postcodes/SW19%201AA', client.cookie)).status).toBe(403);
  });
});

test('is documented for the OpenAPI document', () => {
  // This sub-app's own document: the whole /api/openapi.json also depends on every other area's schemas.
  const doc = agentListingRoutes.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'Abode', version: '1' },
  });
  expect(Object.keys(doc.paths ?? {})).toEqual(
    expect.arrayContaining(['/', '/{id}', '/postcodes/{postcode}', '/bulk']),
  );
  expect(Object.keys(doc.paths?.['/{id}'] ?? {})).toEqual(expect.arrayContaining(['get', 'patch', 'delete']));
  expect(Object.keys(doc.paths?.['/'] ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
});
