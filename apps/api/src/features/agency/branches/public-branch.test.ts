/**
 * The public side of branches (ADR 029) over HTTP on a real database: `GET /api/branches/{slug}` shows a branch and
 * only its public listings, by mode and page, and is gone with a suspended agency; the property page carries its
 * branch (slug, address, hours, logo) and 'More from {agency}' (other public listings of the agency, any branch).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BRANCH_MESSAGES, PublicBranchPageSchema } from '@abode/shared/agency/branches.schema';
import { ListingDetailSchema } from '@abode/shared/listings/listing.schema';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { agencies, agents, type properties } from '#src/db/schema.ts';
import { createAgent, createListing } from '#src/testing/fixtures.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { BRANCH_PAGE_SIZE } from './get-public-branch.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
type Branch = typeof agents.$inferSelect;
type Listing = typeof properties.$inferSelect;

/** Harbour & Vale: Wimbledon (the agency's first branch) and Reading; Linden Key, another agency. */
let wimbledon: Branch;
let reading: Branch;
let otherAgency: Branch;
let forSale: Listing[];
let toRent: Listing;
let readingListing: Listing;
let otherAgencyListing: Listing;

const get = (url: string) => callApi(app, 'GET', url);

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db });
  const { db } = handle;
  wimbledon = await createAgent(db, {
    address: 'Wimbledon, London SW19',
    businessHours: { 'Monday to Friday': '9:00 to 17:30', Saturday: '9:00 to 16:00' },
    logoUrl: '/media/uploads/agents/logo-test.webp',
    bio: 'Sales and lettings in SW19.',
  });
  const [second] = await db
    .insert(agents)
    .values({
      agencyId: wimbledon.agencyId,
      slug: `harbour-vale-reading-test`,
      name: 'Imran Castell',
      branchName: 'Reading',
      agencyName: 'Harbour & Vale',
      email: 'reading@example.com',
      phone: '0118 496 0101',
      address: 'Reading RG1',
    })
    .returning();
  reading = second!;
  otherAgency = await createAgent(db, { agencyName: 'Linden Key Estates' });
  // Oldest first: the newest is the last made.
  forSale = [];
  for (let i = 0; i < BRANCH_PAGE_SIZE + 2; i += 1)
    forSale.push(await createListing(db, wimbledon.id, { createdAt: new Date(Date.UTC(2026, 0, 1 + i)) }));
  toRent = await createListing(db, wimbledon.id, {
    mode: 'rent',
    at: 'reading',
    pricePence: 1_400_00,
    createdAt: new Date(Date.UTC(2026, 4, 1)),
  });
  await createListing(db, wimbledon.id, { status: 'draft' });
  await createListing(db, wimbledon.id, { approvalStatus: 'pending', approvedAt: null });
  await createListing(db, wimbledon.id, { status: 'under-offer' });
  await createListing(db, wimbledon.id, { isDeleted: true });
  readingListing = await createListing(db, reading.id, {
    at: 'reading',
    createdAt: new Date(Date.UTC(2026, 5, 1)),
  });
  otherAgencyListing = await createListing(db, otherAgency.id, { createdAt: new Date(Date.UTC(2026, 6, 1)) });
});

afterAll(async () => {
  await handle?.close();
});

describe('GET /api/branches/{slug}', () => {
  test('the branch and its public listings for sale, newest first, a page at a time; cached like public reads', async () => {
    const res = await get(`/api/branches/${wimbledon.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=30');
    expect(res.headers.get('ETag')).toBeTruthy();
    const page = PublicBranchPageSchema.parse(await readJson(res));
    expect(page.branch).toEqual({
      slug: wimbledon.slug,
      agencyName: 'Harbour & Vale',
      branchName: 'Wimbledon',
      contactName: 'Alex Morgan',
      address: 'Wimbledon, London SW19',
      phone: '020 7946 0001',
      email: 'wimbledon@example.com',
      websiteUrl: null,
      businessHours: { 'Monday to Friday': '9:00 to 17:30', Saturday: '9:00 to 16:00' },
      logoUrl: '/media/uploads/agents/logo-test.webp',
      bio: 'Sales and lettings in SW19.',
      handlesSales: true,
      handlesLettings: true,
    });
    // Drafts, pending approval, under offer and deleted listings are not on the market.
    expect(page.counts).toEqual({ sale: BRANCH_PAGE_SIZE + 2, rent: 1 });
    expect(page.mode).toBe('sale');
    expect(page.listings.total).toBe(BRANCH_PAGE_SIZE + 2);
    expect(page.listings.items.map((l) => l.id)).toEqual(
      [...forSale]
        .reverse()
        .slice(0, BRANCH_PAGE_SIZE)
        .map((l) => l.id),
    );
    // The search's cards: photos, agent, address.
    expect(page.listings.items[0]).toMatchObject({
      slug: forSale.at(-1)!.slug,
      agent: { agencyName: 'Harbour & Vale', phone: '020 7946 0001' },
      photos: [{ url: '/media/demo/house-semi-1.svg' }, { url: '/media/demo/living-room-1.svg' }],
    });

    const second = PublicBranchPageSchema.parse(
      await readJson(await get(`/api/branches/${wimbledon.slug}?page=2`)),
    );
    expect(second.listings.items.map((l) => l.id)).toEqual([forSale[1]!.id, forSale[0]!.id]);
    const past = PublicBranchPageSchema.parse(
      await readJson(await get(`/api/branches/${wimbledon.slug}?page=9`)),
    );
    expect(past.listings.items).toEqual([]);
  });

  test('to rent', async () => {
    const page = PublicBranchPageSchema.parse(
      await readJson(await get(`/api/branches/${wimbledon.slug}?mode=rent`)),
    );
    expect(page.mode).toBe('rent');
    expect(page.listings.items.map((l) => l.id)).toEqual([toRent.id]);
    expect(page.listings.total).toBe(1);
  });

  test('another branch of the agency shows only its own listings', async () => {
    const page = PublicBranchPageSchema.parse(await readJson(await get(`/api/branches/${reading.slug}`)));
    expect(page.branch.branchName).toBe('Reading');
    expect(page.listings.items.map((l) => l.id)).toEqual([readingListing.id]);
    expect(page.counts).toEqual({ sale: 1, rent: 0 });
  });

  test('a branch with only lettings listings opens on them', async () => {
    const lettings = await createAgent(handle.db, { handlesSales: false, branchName: 'Tilehurst' });
    const rental = await createListing(handle.db, lettings.id, { mode: 'rent', at: 'tilehurst' });
    const page = PublicBranchPageSchema.parse(await readJson(await get(`/api/branches/${lettings.slug}`)));
    expect(page.mode).toBe('rent');
    expect(page.listings.items.map((l) => l.id)).toEqual([rental.id]);
  });

  test('an unknown slug, and a suspended agency, are 404; bad parameters 400', async () => {
    const unknown = await get('/api/branches/no-such-branch');
    expect(unknown.status).toBe(404);
    expect((await readJson(unknown)).error.message).toBe(BRANCH_MESSAGES.notFound);

    await handle.db
      .update(agencies)
      .set({ suspendedAt: new Date() })
      .where(eq(agencies.id, otherAgency.agencyId));
    try {
      expect((await get(`/api/branches/${otherAgency.slug}`)).status).toBe(404);
    } finally {
      await handle.db
        .update(agencies)
        .set({ suspendedAt: null })
        .where(eq(agencies.id, otherAgency.agencyId));
    }
    expect((await get(`/api/branches/${otherAgency.slug}`)).status).toBe(200);
    expect((await get(`/api/branches/${wimbledon.slug}?mode=lease`)).status).toBe(400);
    expect((await get(`/api/branches/${wimbledon.slug}?page=0`)).status).toBe(400);
  });
});

describe('GET /api/properties/{slug}: the branch and more from the agency', () => {
  test('the agent block is the branch: its page, address, hours and logo', async () => {
    const res = await get(`/api/properties/${forSale[0]!.slug}`);
    expect(res.status).toBe(200);
    const listing = ListingDetailSchema.parse(await readJson(res));
    expect(listing.agent).toEqual({
      name: 'Alex Morgan',
      agencyName: 'Harbour & Vale',
      phone: '020 7946 0001',
      email: 'wimbledon@example.com',
      branchName: 'Wimbledon',
      logoUrl: '/media/uploads/agents/logo-test.webp',
      slug: wimbledon.slug,
      address: 'Wimbledon, London SW19',
      businessHours: { 'Monday to Friday': '9:00 to 17:30', Saturday: '9:00 to 16:00' },
    });
  });

  test("'More from': up to 6 other public listings of the agency, any branch, newest first", async () => {
    const listing = ListingDetailSchema.parse(
      await readJson(await get(`/api/properties/${forSale[0]!.slug}`)),
    );
    const newestOfAgency = [readingListing, toRent, ...[...forSale].reverse()].filter(
      (l) => l.id !== forSale[0]!.id,
    );
    expect(listing.agencyListings!.map((l) => l.id)).toEqual(newestOfAgency.slice(0, 6).map((l) => l.id));
    expect(listing.agencyListings!.map((l) => l.id)).not.toContain(otherAgencyListing.id);

    // The Reading listing's page lists Wimbledon's, never itself.
    const fromReading = ListingDetailSchema.parse(
      await readJson(await get(`/api/properties/${readingListing.slug}`)),
    );
    expect(fromReading.agencyListings!.map((l) => l.id)).not.toContain(readingListing.id);
    expect(fromReading.agencyListings![0]!.id).toBe(toRent.id);

    // A one-listing agency has none.
    const lone = ListingDetailSchema.parse(
      await readJson(await get(`/api/properties/${otherAgencyListing.slug}`)),
    );
    expect(lone.agencyListings).toEqual([]);
  });
});
