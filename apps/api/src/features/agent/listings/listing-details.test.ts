/**
 * REQ-LISTING-11 over HTTP (ADR 028): an agent enters a listing's qualifier, rent frequency, key features, summary,
 * rooms, lease and lettings terms, tours and material information; Part A holds before it goes live; a price on
 * application is never sent; a weekly rent is stored per month.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AgentListingDetailSchema,
  LISTING_MESSAGES,
  POA_SEARCH_PRICE_PENCE,
} from '@abode/shared/agent/listing-input.schema';
import { ListingDetailSchema, ListingSearchResultSchema } from '@abode/shared/listings/listing.schema';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { postcodes, properties, propertyPhotos } from '#src/db/schema.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { branchesOfUser, REAL_ADDRESSES } from '#src/testing/fixtures.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let cookie: string;

const wimbledon = REAL_ADDRESSES.wimbledon;
/** A leasehold flat with its Part A complete. */
const FLAT = {
  title: '2 bedroom flat for sale',
  pricePence: 450_000_00,
  priceQualifier: 'guide-price',
  mode: 'sale',
  status: 'draft',
  propertyType: 'flat',
  bedrooms: 2,
  bathrooms: 1,
  addressLine1: wimbledon.addressLine1,
  city: wimbledon.city,
  postcode: 'SW19 1AA',
  tenure: 'leasehold',
  councilTaxBand: 'D',
  leaseYearsRemaining: 112,
  groundRentPence: 250_00,
  groundRentReview: 'Doubles every 25 years',
  serviceChargePence: 1_800_00,
  keyFeatures: ['Two double bedrooms', '', 'South-facing balcony'],
  summary: 'A bright flat near the station.',
  receptionRooms: 1,
  rooms: [
    { name: 'Living room', lengthM: 4.2, widthM: 3.654, description: 'Bay window' },
    { name: '', lengthM: '', widthM: '', description: '' },
  ],
  videoTourUrl: 'https://youtu.be/dQw4w9WgXcQ',
  materialInformation: {
    heating: { status: 'answered', value: 'gas-central', note: 'Boiler fitted 2021' },
    broadband: { status: 'ask-agent' },
    floodRisk: { status: 'answered', value: 'very-low' },
  },
};
const RENTAL = {
  ...FLAT,
  title: '2 bedroom flat to rent',
  mode: 'rent',
  pricePence: 400_00,
  priceQualifier: null,
  rentFrequency: 'pw',
  tenure: null,
  depositPence: 2_000_00,
  holdingDepositPence: 400_00,
  minimumTermMonths: 12,
  letType: 'student',
  billsIncluded: 'yes',
  petsAllowed: false,
};

const call = (method: string, path: string, body?: unknown) =>
  callApi(app, method, `/api/agent/properties${path}`, cookie, body);

async function create(body: unknown) {
  const res = await call('POST', '', body);
  expect(res.status, await res.clone().text()).toBe(201);
  return AgentListingDetailSchema.parse(await readJson(res));
}

/** Publishes a draft (a photo, active, approved) and returns its public detail. */
async function publish(id: string) {
  await handle.db
    .insert(propertyPhotos)
    .values({ propertyId: id, url: '/media/demo/flat-1.svg', isMain: true });
  const res = await call('PATCH', `/${id}`, { status: 'active' });
  expect(res.status, await res.clone().text()).toBe(200);
  await handle.db.update(properties).set({ approvalStatus: 'approved' }).where(eq(properties.id, id));
  const [row] = await handle.db
    .select({ slug: properties.slug })
    .from(properties)
    .where(eq(properties.id, id));
  const page = await app.request(`/api/properties/${row!.slug}`);
  expect(page.status).toBe(200);
  return ListingDetailSchema.parse(await readJson(page));
}

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db });
  await handle.db
    .insert(postcodes)
    .values({ postcode: 'SW19 1AA', outcode: 'SW19', latitude: 51.42164, longitude: -0.18615 })
    .onConflictDoNothing();
  const user = await signedInUser(app, handle.db, { role: 'agent' });
  cookie = user.cookie;
  const [agent] = await branchesOfUser(handle.db, user.userId);
  expect(agent).toBeDefined();
});
afterAll(async () => {
  await handle?.close();
});

describe('the listing details an agent enters', () => {
  test('are stored as given, blank rows dropped, and shown to the public', async () => {
    const created = await create(FLAT);
    expect(created).toMatchObject({
      pricePence: 450_000_00,
      priceQualifier: 'guide-price',
      rentFrequency: null,
      keyFeatures: ['Two double bedrooms', 'South-facing balcony'],
      summary: 'A bright flat near the station.',
      receptionRooms: 1,
      rooms: [{ name: 'Living room', lengthM: 4.2, widthM: 3.65, description: 'Bay window' }],
      leaseYearsRemaining: 112,
      groundRentPence: 250_00,
      serviceChargePence: 1_800_00,
      videoTourUrl: 'https://youtu.be/dQw4w9WgXcQ',
      materialInformation: {
        heating: { status: 'answered', value: 'gas-central', note: 'Boiler fitted 2021' },
        broadband: { status: 'ask-agent', value: null, note: null },
      },
      media: [],
    });
    const page = await publish(created.id);
    expect(page).toMatchObject({
      pricePence: 450_000_00,
      priceQualifier: 'guide-price',
      keyFeatures: ['Two double bedrooms', 'South-facing balcony'],
      leaseYearsRemaining: 112,
      rooms: created.rooms,
      materialInformation: created.materialInformation,
    });
  });

  test('a leasehold sale cannot go live without its lease terms; a draft can be saved without them', async () => {
    const draft = await create({
      ...FLAT,
      leaseYearsRemaining: '',
      groundRentPence: 250_00,
      groundRentReview: '',
      serviceChargePence: null,
    });
    await handle.db.insert(propertyPhotos).values({ propertyId: draft.id, url: '/media/demo/flat-1.svg' });
    const res = await call('PATCH', `/${draft.id}`, { status: 'active' });
    expect(res.status).toBe(400);
    expect((await readJson(res)).error.details).toEqual([
      { path: 'leaseYearsRemaining', message: LISTING_MESSAGES.leaseYearsRequired },
      { path: 'groundRentReview', message: LISTING_MESSAGES.groundRentReviewRequired },
      { path: 'serviceChargePence', message: LISTING_MESSAGES.serviceChargeRequired },
    ]);
    // A ground rent of £0 needs no review.
    const ok = await call('PATCH', `/${draft.id}`, {
      status: 'active',
      leaseYearsRemaining: 90,
      groundRentPence: 0,
      serviceChargePence: 0,
    });
    expect(ok.status, await ok.clone().text()).toBe(200);
  });

  test('a rental cannot go live without its deposit, holding deposit and minimum term', async () => {
    const res = await call('POST', '', {
      ...RENTAL,
      status: 'active',
      depositPence: null,
      holdingDepositPence: '',
      minimumTermMonths: undefined,
    });
    expect(res.status).toBe(400);
    expect((await readJson(res)).error.details).toEqual([
      { path: 'depositPence', message: LISTING_MESSAGES.depositRequired },
      { path: 'holdingDepositPence', message: LISTING_MESSAGES.holdingDepositRequired },
      { path: 'minimumTermMonths', message: LISTING_MESSAGES.minimumTermRequired },
    ]);
  });

  test('a weekly rent is stored per calendar month, with the weekly figure as quoted; lease terms are dropped', async () => {
    const created = await create(RENTAL);
    expect(created).toMatchObject({
      pricePence: Math.round((400_00 * 52) / 12),
      rentFrequency: 'pw',
      weeklyRentPence: 400_00,
      letType: 'student',
      billsIncluded: true,
      petsAllowed: false,
      leaseYearsRemaining: null,
      groundRentPence: null,
    });
    // An edit of something else keeps the rent as it was quoted.
    const edited = await call('PATCH', `/${created.id}`, { title: '2 bedroom student flat' });
    expect(AgentListingDetailSchema.parse(await readJson(edited))).toMatchObject({
      pricePence: created.pricePence,
      weeklyRentPence: 400_00,
    });
    const page = await publish(created.id);
    expect(page).toMatchObject({ pricePence: 1_733_33, weeklyRentPence: 400_00, rentFrequency: 'pw' });
  });

  test('refuses a sale qualifier on a rental, an http or javascript: tour link, an answer without its choice', async () => {
    const cases: [Record<string, unknown>, { path: string; message: string }][] = [
      [
        { ...RENTAL, priceQualifier: 'guide-price' },
        { path: 'priceQualifier', message: LISTING_MESSAGES.qualifierForSale },
      ],
      [
        { ...FLAT, videoTourUrl: 'http://youtu.be/dQw4w9WgXcQ' },
        { path: 'videoTourUrl', message: LISTING_MESSAGES.tourUrlInvalid },
      ],
      [
        { ...FLAT, virtualTourUrl: 'javascript:alert(1)' },
        { path: 'virtualTourUrl', message: LISTING_MESSAGES.tourUrlInvalid },
      ],
      [
        { ...FLAT, materialInformation: { water: { status: 'answered', value: 'lake' } } },
        { path: 'materialInformation.water.value', message: LISTING_MESSAGES.materialAnswerRequired },
      ],
      [
        { ...FLAT, keyFeatures: Array.from({ length: 11 }, (_, i) => `Feature ${i}`) },
        { path: 'keyFeatures', message: LISTING_MESSAGES.keyFeaturesTooMany },
      ],
      [
        { ...FLAT, rooms: [{ name: 'Hall', lengthM: 0.1 }] },
        { path: 'rooms.0.lengthM', message: LISTING_MESSAGES.dimensionInvalid },
      ],
    ];
    for (const [body, detail] of cases) {
      const res = await call('POST', '', body);
      expect(res.status, detail.path).toBe(400);
      expect((await readJson(res)).error.details, detail.path).toEqual([detail]);
    }
  });
});

describe('a price on application', () => {
  test('needs no figure, is stored at the search price and is never sent', async () => {
    const created = await create({
      ...FLAT,
      title: 'Penthouse, price on application',
      pricePence: '',
      priceQualifier: 'poa',
    });
    expect(created).toMatchObject({ pricePence: null, priceQualifier: 'poa' });
    const [row] = await handle.db.select().from(properties).where(eq(properties.id, created.id));
    expect(row!.pricePence).toBe(POA_SEARCH_PRICE_PENCE);
    const page = await publish(created.id);
    expect(page).toMatchObject({ pricePence: null, priceQualifier: 'poa', originalPricePence: null });
    const search = await app.request('/api/properties?mode=sale&sort=price_desc&pageSize=5');
    const found = ListingSearchResultSchema.parse(await readJson(search));
    expect(found.items[0]).toMatchObject({ id: created.id, pricePence: null });
    expect(JSON.stringify(found)).not.toContain(String(POA_SEARCH_PRICE_PENCE));
  });

  test('moving from POA to a figure is not a reduction, and the figure is then required', async () => {
    const created = await create({ ...FLAT, pricePence: null, priceQualifier: 'poa' });
    const missing = await call('PATCH', `/${created.id}`, { priceQualifier: 'offers-over' });
    expect(missing.status).toBe(400);
    expect((await readJson(missing)).error.details).toEqual([
      { path: 'pricePence', message: LISTING_MESSAGES.priceRequired },
    ]);
    const priced = await call('PATCH', `/${created.id}`, {
      priceQualifier: 'offers-over',
      pricePence: 900_000_00,
    });
    expect(AgentListingDetailSchema.parse(await readJson(priced))).toMatchObject({
      pricePence: 900_000_00,
      priceQualifier: 'offers-over',
      priceReducedAt: null,
    });
  });
});
