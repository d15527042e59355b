/**
 * REQ-AGENCY-08: a suspended agent's listings stayed public and still took enquiries. Over HTTP on a real database, with
 * the in-memory search engine and a live answer cache (ADR 021, 023) as in production: a super admin's suspension
 * withdraws the agent's listings from the search (engine and SQL), the property page, the sitemap, the visit count
 * and the saved-search alerts' reads, and enquiries to them are refused with ENQUIRY_MESSAGES.agentUnavailable;
 * reactivation brings all of it back. Another agent's listing on the same street stays throughout.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ENQUIRY_MESSAGES } from '@abode/shared/enquiries/enquiry.schema';
import { SearchQuerySchema } from '@abode/shared/search/search.schema';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { properties } from '#src/db/schema.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { findListings } from '#src/features/listings/find-listings.ts';
import { VISIBLE_LISTING } from '#src/features/listings/listing-row.ts';
import { createSearchCache } from '#src/features/listings/search-cache.ts';
import { createSearchEngine, type SearchEngine } from '#src/features/listings/search-engine/index.ts';
import { branchesOfUser, createAgent, createListing } from '#src/testing/fixtures.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

let handle: DatabaseHandle;
let engine: SearchEngine;
let app: ReturnType<typeof createApp>;
let superAdmin: { cookie: string };
let agentUser: { userId: string; cookie: string };
let listing: typeof properties.$inferSelect;
let underOffer: typeof properties.$inferSelect;
let othersListing: typeof properties.$inferSelect;
const NOW = new Date('2026-11-23T10:00:00.000Z');
const STREET = 'Ash Lane'; // REAL_ADDRESSES.newport: Ash Lane, Newport, PO30 5LT

beforeAll(async () => {
  handle = await createTestDatabase();
  engine = createSearchEngine({ db: handle.db });
  app = createApp({
    db: handle.db,
    now: () => NOW,
    searchEngine: engine,
    searchCache: createSearchCache({ ttlMs: 60_000 }),
    searchRateLimitPerMinute: 10_000,
  });
  superAdmin = await signedInUser(app, handle.db, { admin: 'super_admin' });
  agentUser = await signedInUser(app, handle.db, { role: 'agent' });
  const [agent] = await branchesOfUser(handle.db, agentUser.userId);
  listing = await createListing(handle.db, agent!.id, { at: 'newport', title: 'Suspended agent home' });
  underOffer = await createListing(handle.db, agent!.id, { at: 'newport', status: 'under-offer' });
  othersListing = await createListing(handle.db, (await createAgent(handle.db)).id, { at: 'newport' });
  await engine.start();
});
afterAll(async () => {
  await handle?.close();
});

const call = (method: string, path: string, cookie?: string, body?: unknown) =>
  callApi(app, method, path, cookie, body, { 'X-Forwarded-For': '198.51.100.23' });

/** Slugs the public search lists on the street (under offer included), answered by the app (engine or SQL). */
async function searchSlugs(): Promise<string[]> {
  const res = await call(
    'GET',
    `/api/properties?location=${encodeURIComponent(STREET)}&includeUnderOffer=true`,
  );
  expect(res.status).toBe(200);
  return ((await readJson(res)).items as { slug: string }[]).map((i) => i.slug);
}

/** The engine's own answer (after reading the change log), so a stale in-memory copy cannot hide behind SQL. */
async function engineIds(): Promise<string[]> {
  await engine.catchUp();
  const q = SearchQuerySchema.parse({ location: STREET, includeUnderOffer: 'true' });
  const answer = await engine.search(q, { now: NOW });
  expect(answer, 'the engine answers').toBeDefined();
  return answer!.ids;
}

/** The SQL path's answer (no engine). */
async function sqlIds(): Promise<string[]> {
  const q = SearchQuerySchema.parse({ location: STREET, includeUnderOffer: 'true' });
  return (await findListings(handle.db, q, { now: NOW })).items.map((i) => i.id);
}

async function sitemap(): Promise<string> {
  const res = await app.request('/sitemap.xml');
  expect(res.status).toBe(200);
  return res.text();
}

const enquire = (propertyId: string) =>
  call('POST', '/api/enquiries', undefined, {
    propertyId,
    name: 'Priya Shah',
    email: 'priya.shah@example.com',
    message: 'Could we view on Saturday morning?',
  });

/** Every public read of the listing: search (app, engine, SQL), page, sitemap, a visit, an enquiry. */
async function publicFacts() {
  const enquiry = await enquire(listing.id);
  return {
    inSearch: (await searchSlugs()).includes(listing.slug),
    underOfferInSearch: (await searchSlugs()).includes(underOffer.slug),
    inEngine: (await engineIds()).includes(listing.id),
    inSql: (await sqlIds()).includes(listing.id),
    page: (await call('GET', `/api/properties/${listing.slug}`)).status,
    underOfferPage: (await call('GET', `/api/properties/${underOffer.slug}`)).status,
    inSitemap: (await sitemap()).includes(`/property/${listing.slug}`),
    visit: (await call('POST', `/api/properties/${listing.slug}/views`)).status,
    enquiry: { status: enquiry.status, message: (await readJson(enquiry)).error?.message ?? null },
    othersInSearch: (await searchSlugs()).includes(othersListing.slug),
  };
}

const PUBLIC = {
  inSearch: true,
  underOfferInSearch: true,
  inEngine: true,
  inSql: true,
  page: 200,
  underOfferPage: 200,
  inSitemap: true,
  visit: 204,
  enquiry: { status: 201, message: null },
  othersInSearch: true,
};

describe('suspending an agent', () => {
  test('withdraws every listing of theirs from public view and refuses enquiries; reactivation restores them', async () => {
    expect(await publicFacts()).toEqual(PUBLIC);

    const suspended = await call('POST', `/api/admin/users/${agentUser.userId}/suspend`, superAdmin.cookie);
    expect(suspended.status).toBe(200);
    expect(await publicFacts()).toEqual({
      inSearch: false,
      underOfferInSearch: false,
      inEngine: false,
      inSql: false,
      page: 404,
      underOfferPage: 404,
      inSitemap: false,
      visit: 404,
      enquiry: { status: 404, message: ENQUIRY_MESSAGES.agentUnavailable },
      othersInSearch: true,
    });
    // The saved-search alerts, favourites and recent views read the same predicate.
    const visible = await handle.db.execute(
      sql`SELECT p.id FROM properties p WHERE p.id = ${listing.id} AND ${VISIBLE_LISTING}`,
    );
    expect(visible.rows).toEqual([]);

    const reactivated = await call(
      'POST',
      `/api/admin/users/${agentUser.userId}/reactivate`,
      superAdmin.cookie,
    );
    expect(reactivated.status).toBe(200);
    expect(await publicFacts()).toEqual(PUBLIC);
  });

  test('a draft of a suspended agent still answers "no longer available", never naming the suspension', async () => {
    const [agent] = await branchesOfUser(handle.db, agentUser.userId);
    const draft = await createListing(handle.db, agent!.id, { at: 'newport', status: 'draft' });
    expect(
      (await call('POST', `/api/admin/users/${agentUser.userId}/suspend`, superAdmin.cookie)).status,
    ).toBe(200);
    const res = await enquire(draft.id);
    expect(res.status).toBe(404);
    expect((await readJson(res)).error.message).toBe('This property is no longer available.');
    const [row] = await handle.db.select().from(properties).where(eq(properties.id, draft.id));
    expect(row!.agentSuspended).toBe(true);
    await call('POST', `/api/admin/users/${agentUser.userId}/reactivate`, superAdmin.cookie);
    const [after] = await handle.db.select().from(properties).where(eq(properties.id, draft.id));
    expect(after!.agentSuspended).toBe(false);
  });
});
