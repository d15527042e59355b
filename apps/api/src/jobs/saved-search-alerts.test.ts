/**
 * The saved-search alert job on a real database (PGlite, or PostgreSQL 15 with TEST_DATABASE_URL): what matches,
 * what is never sent (old, non-public, already sent), frequency, who receives, the e-mail's links, the
 * unsubscribe link end to end, and two runners at once.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createApp } from '#src/app.ts';
import type { Database, DatabaseHandle } from '#src/db/client.ts';
import { outbox, savedSearchDeliveries, savedSearches, users } from '#src/db/schema.ts';
import { encodePolyline } from '@abode/shared/search/polyline';
import { loadReferenceData } from '#src/db/seed/seed-demo.ts';
import { refreshPlaces } from '#src/features/locations/refresh-places.ts';
import { createAgent, createListing } from '#src/testing/fixtures.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { MAX_LISTED, runSavedSearchAlerts } from './saved-search-alerts.ts';

const PUBLIC_URL = 'https://abode.example.org';
const HOUR = 3_600_000;
/** The alerts were switched on at T0; listings are published after it; runs happen at T0 + n hours. */
const T0 = new Date(Date.now() - 3 * 24 * HOUR);
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);

let handle: DatabaseHandle;
let db: Database;
let agentId: string;

beforeEach(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  agentId = (await createAgent(db)).id;
});
afterEach(async () => {
  await handle.close();
});

let userCounter = 0;
async function createUser(o: { verified?: boolean; suspended?: boolean; deleted?: boolean } = {}) {
  userCounter += 1;
  const [user] = await db
    .insert(users)
    .values({
      email: `alerts${userCounter}.${Date.now()}@example.com`,
      firstName: 'Sam',
      isVerified: o.verified ?? true,
      isSuspended: o.suspended ?? false,
      isDeleted: o.deleted ?? false,
    })
    .returning();
  return user!;
}

async function saveSearch(
  userId: string,
  filters: Record<string, unknown>,
  o: { label?: string; frequency?: 'instant' | 'daily'; alerts?: boolean; lastAlertedAt?: Date | null } = {},
) {
  const [row] = await db
    .insert(savedSearches)
    .values({
      userId,
      label: o.label ?? `Search in ${String(filters.location ?? 'All Areas')}`,
      searchParams: filters,
      emailAlerts: o.alerts ?? true,
      alertFrequency: o.frequency ?? 'instant',
      lastAlertedAt: o.lastAlertedAt === undefined ? T0 : o.lastAlertedAt,
    })
    .returning();
  return row!;
}

const run = (now: Date, extra: Partial<Parameters<typeof runSavedSearchAlerts>[0]> = {}) =>
  runSavedSearchAlerts({ db, now, publicUrl: PUBLIC_URL, ...extra });

async function mailsTo(email: string) {
  return db.select().from(outbox).where(eq(outbox.to, email)).orderBy(outbox.createdAt, outbox.id);
}

describe('matching', () => {
  test('sends one e-mail with the listings that match every filter, and none that do not', async () => {
    const user = await createUser();
    // A row saved before labels in words (REQ-CLIENT-07): the property type under the URL's name `type`, the old default label.
    await saveSearch(user.id, {
      location: 'manchester',
      mode: 'sale',
      type: 'house',
      minPrice: 200_000,
      maxPrice: 400_000,
      bedrooms: 2,
      bathrooms: 1,
      filters: ['garden'],
    });
    const published = at(1);
    const base = {
      at: 'manchester' as const,
      mode: 'sale' as const,
      propertyType: 'house' as const,
      pricePence: 350_000_00,
      bedrooms: 3,
      bathrooms: 1,
      features: ['garden', 'parking'],
      publishedAt: published,
    };
    const match = await createListing(db, agentId, { ...base, title: 'Match in Old Lane' });
    await createListing(db, agentId, { ...base, at: 'manchesterCentre', title: 'Match in Aytoun Street' });
    const misses = {
      rent: { mode: 'rent' as const },
      flat: { propertyType: 'flat' as const },
      tooDear: { pricePence: 400_000_01 },
      tooCheap: { pricePence: 199_999_99 },
      oneBed: { bedrooms: 1 },
      noBath: { bathrooms: 0 },
      noGarden: { features: ['parking'] },
      reading: { at: 'reading' as const },
    };
    for (const [name, o] of Object.entries(misses))
      await createListing(db, agentId, { ...base, ...o, title: `Miss ${name}` });

    const result = await run(at(2));

    expect(result).toEqual({
      searchesChecked: 1,
      emailsSent: 1,
      listingsSent: 2,
      listingsMatched: 2,
      emailsFailed: 0,
    });
    const [mail, ...others] = await mailsTo(user.email);
    expect(others).toHaveLength(0);
    // The old default label ('Search in manchester') is named by its filters instead (REQ-CLIENT-07).
    expect(mail!.subject).toBe('2 new homes for "Houses for sale in manchester, 2+ beds, £200k–£400k"');
    expect(mail!.text).toContain('Match in Old Lane');
    expect(mail!.text).toContain('Match in Aytoun Street');
    expect(mail!.text).not.toContain('Miss');
    expect(mail!.text).toContain(`${PUBLIC_URL}/property/${match.slug}`);
    expect(mail!.text).toContain('£350,000');
    expect(mail!.text).toContain('Old Lane, Manchester, M11 1DE');
    expect(mail!.html).toContain(`href="${PUBLIC_URL}/property/${match.slug}"`);
  });

  test('location is a partial match on town, street or postcode, and a postcode typed without its space', async () => {
    const user = await createUser();
    const searches = {
      town: await saveSearch(user.id, { location: 'READ' }),
      street: await saveSearch(user.id, { location: 'parkside' }),
      district: await saveSearch(user.id, { location: 'rg30' }),
      postcode: await saveSearch(user.id, { location: 'rg302by' }),
      elsewhere: await saveSearch(user.id, { location: 'Wimbledon' }),
    };
    await createListing(db, agentId, { at: 'reading', publishedAt: at(1), title: 'Parkside home' });
    await run(at(2));
    const sent = await db.select().from(savedSearchDeliveries);
    const ids = new Set(sent.map((d) => d.savedSearchId));
    expect(ids).toEqual(
      new Set([searches.town.id, searches.street.id, searches.district.id, searches.postcode.id]),
    );
  });

  test("REQ-CLIENT-06's propertyType is applied, and 'all' is no filter (REQ-CLIENT-06)", async () => {
    const user = await createUser();
    const flats = await saveSearch(user.id, { location: 'Reading', propertyType: 'flat' });
    const anything = await saveSearch(user.id, { location: 'all', propertyType: 'all', mode: 'all' });
    await createListing(db, agentId, { at: 'reading', propertyType: 'house', publishedAt: at(1) });
    const flat = await createListing(db, agentId, {
      at: 'reading',
      propertyType: 'flat',
      publishedAt: at(1),
    });
    await createListing(db, agentId, { at: 'manchester', propertyType: 'flat', publishedAt: at(1) });
    await run(at(2));
    const sent = await db.select().from(savedSearchDeliveries);
    expect(sent.filter((d) => d.savedSearchId === flats.id).map((d) => d.propertyId)).toEqual([flat.id]);
    expect(sent.filter((d) => d.savedSearchId === anything.id)).toHaveLength(3);
  });

  test('a search stored without a mode runs as Buy: homes for sale only, named and linked so (REQ-SEARCH-03)', async () => {
    const user = await createUser();
    const search = await saveSearch(user.id, { location: 'Reading' }, { label: 'Search in Reading' });
    const sale = await createListing(db, agentId, { at: 'reading', mode: 'sale', publishedAt: at(1) });
    await createListing(db, agentId, {
      at: 'reading',
      mode: 'rent',
      pricePence: 1_250_00,
      publishedAt: at(1),
    });
    await run(at(2));
    expect(await sentFor(search.id)).toEqual([sale.id]);
    const [mail] = await mailsTo(user.email);
    expect(mail!.subject).toBe('1 new home for "Properties for sale in Reading"');
    expect(mail!.text).toContain(`${PUBLIC_URL}/search?location=Reading&mode=sale`);
  });

  test('rent prices are per month and shown as such', async () => {
    const user = await createUser();
    await saveSearch(user.id, { location: 'London', mode: 'rent', maxPrice: 2500 });
    await createListing(db, agentId, { mode: 'rent', pricePence: 2_150_00, publishedAt: at(1) });
    await createListing(db, agentId, { mode: 'rent', pricePence: 2_600_00, publishedAt: at(1) });
    await run(at(2));
    const [mail] = await mailsTo(user.email);
    expect(mail!.subject).toBe('1 new home for "Properties to rent in London, up to £2,500/month"');
    expect(mail!.text).toContain('£2,150/month');
    expect(mail!.text).not.toContain('£2,600');
  });
});

/** The listings recorded as sent for a saved search, sorted. */
const sentFor = async (searchId: string) =>
  (await db.select().from(savedSearchDeliveries).where(eq(savedSearchDeliveries.savedSearchId, searchId)))
    .map((d) => d.propertyId)
    .sort();

describe('REQ-SEARCH filters', () => {
  /** Real OS positions of the Manchester and Reading districts, for radius searches. */
  const withPlaces = () => loadReferenceData(db, { districts: ['M1', 'M11', 'RG30', 'SW19'] });

  test('radius, keywords, status inclusion, must-haves and exclusions all apply', async () => {
    await withPlaces();
    const user = await createUser();
    const search = await saveSearch(
      user.id,
      {
        location: 'M1 3DA',
        radius: 3,
        keywords: 'garden',
        includeUnderOffer: true,
        exclude: ['auction'],
        filters: ['reduced'],
      },
      { label: 'Near M1' },
    );
    const base = {
      at: 'manchester' as const,
      features: ['garden'],
      priceReducedAt: at(0.5),
      originalPricePence: 380_000_00,
      publishedAt: at(1),
    };
    const active = await createListing(db, agentId, { ...base, title: 'Reduced with a garden' });
    const underOffer = await createListing(db, agentId, {
      ...base,
      at: 'manchesterCentre',
      status: 'under-offer',
      title: 'Under offer with a garden',
    });
    const misses = {
      // Reading is 150 miles from M1 3DA.
      far: { at: 'reading' as const },
      auction: { flags: ['auction'] },
      notReduced: { priceReducedAt: null, originalPricePence: null },
      noGarden: { features: [], description: 'A flat with a balcony.' },
      letAgreed: { status: 'let-agreed', mode: 'rent' as const },
      draft: { status: 'draft' },
    };
    for (const [name, o] of Object.entries(misses))
      await createListing(db, agentId, { ...base, ...o, title: `Miss ${name}` });

    expect(await run(at(2))).toMatchObject({ emailsSent: 1, listingsSent: 2 });
    expect(await sentFor(search.id)).toEqual([active.id, underOffer.id].sort());
    const [mail] = await mailsTo(user.email);
    expect(mail!.text).not.toContain('Miss');
    // The link to the search carries the same parameters as the page's URL, the mode the search ran with included.
    expect(mail!.text).toContain(
      `${PUBLIC_URL}/search?location=M1+3DA&radius=3&mode=sale&filters=reduced&exclude=auction&keywords=garden&includeUnderOffer=true`,
    );
  });

  test('map bounds and a drawn area', async () => {
    const user = await createUser();
    const inBox = await saveSearch(user.id, { bounds: '51.44,-1.05,51.47,-0.99' }, { label: 'Box' });
    const drawn = await saveSearch(
      user.id,
      {
        polygon: encodePolyline([
          { latitude: 51.43, longitude: -0.21 },
          { latitude: 51.43, longitude: -0.17 },
          { latitude: 51.4, longitude: -0.19 },
        ]),
      },
      { label: 'Drawn' },
    );
    const reading = await createListing(db, agentId, { at: 'reading', publishedAt: at(1) });
    const wimbledon = await createListing(db, agentId, { at: 'wimbledon', publishedAt: at(1) });
    await createListing(db, agentId, { at: 'newport', publishedAt: at(1) });
    expect(await run(at(2))).toMatchObject({ emailsSent: 2, listingsSent: 2 });
    expect(await sentFor(inBox.id)).toEqual([reading.id]);
    expect(await sentFor(drawn.id)).toEqual([wimbledon.id]);
  });

  test("'added' counts back from the run; a radius around an unknown place matches nothing", async () => {
    await withPlaces();
    const user = await createUser();
    const fresh = await saveSearch(user.id, { added: 1 }, { label: 'Fresh' });
    await saveSearch(user.id, { location: 'Atlantis', radius: 5 }, { label: 'Nowhere' });
    await createListing(db, agentId, { publishedAt: at(1) });
    // 29 hours after it was published: older than a day for this run.
    expect(await run(at(30))).toMatchObject({ searchesChecked: 2, emailsSent: 0 });
    const listing = await createListing(db, agentId, { publishedAt: at(31) });
    expect(await run(at(32))).toMatchObject({ emailsSent: 1, listingsSent: 1 });
    expect(await sentFor(fresh.id)).toEqual([listing.id]);
  });

  test('a radius around a town uses its centre from the listings', async () => {
    await withPlaces();
    // Reading's listings are in RG30, so the town centre is RG30's centroid; Tilehurst's street is 1.3 miles off it.
    await createListing(db, agentId, { at: 'reading', publishedAt: at(-10) });
    await refreshPlaces(db);
    const user = await createUser();
    const search = await saveSearch(user.id, { location: 'Reading', radius: 1 });
    const near = await createListing(db, agentId, { at: 'reading', publishedAt: at(1) });
    await createListing(db, agentId, { at: 'tilehurst', publishedAt: at(1) });
    await run(at(2));
    expect(await sentFor(search.id)).toEqual([near.id]);
  });
});

describe('ADR 028 filters', () => {
  test('the floor plan and the lettings terms apply, and the link to the search carries them', async () => {
    const user = await createUser();
    const search = await saveSearch(
      user.id,
      { location: 'London', mode: 'rent', petsAllowed: true, letType: 'long-term', hasFloorPlan: true },
      { label: 'Pets welcome' },
    );
    const base = {
      mode: 'rent' as const,
      pricePence: 1_900_00,
      letType: 'long-term',
      petsAllowed: true,
      hasFloorPlan: true,
      publishedAt: at(1),
    };
    const match = await createListing(db, agentId, {
      ...base,
      title: 'Flat with a floor plan, pets welcome',
    });
    const misses = {
      petsNotSaid: { petsAllowed: null },
      noPets: { petsAllowed: false },
      student: { letType: 'student' },
      noFloorPlan: { hasFloorPlan: false },
      forSale: { mode: 'sale' as const, letType: null, petsAllowed: null, pricePence: 450_000_00 },
    };
    for (const [name, o] of Object.entries(misses))
      await createListing(db, agentId, { ...base, ...o, title: `Miss ${name}` });

    expect(await run(at(2))).toMatchObject({ emailsSent: 1, listingsSent: 1 });
    expect(await sentFor(search.id)).toEqual([match.id]);
    const [mail] = await mailsTo(user.email);
    expect(mail!.text).not.toContain('Miss');
    expect(mail!.text).toContain(
      `${PUBLIC_URL}/search?location=London&mode=rent&hasFloorPlan=true&letType=long-term&petsAllowed=true`,
    );
  });
});

describe('REQ-PLACE places', () => {
  test('a place search alerts on that place only: a town, a street, an authority by its postcodes', async () => {
    await loadReferenceData(db, { districts: ['M1', 'M11', 'RG30', 'SW19'] });
    await createListing(db, agentId, { at: 'reading', publishedAt: at(-10) });
    await createListing(db, agentId, { at: 'tilehurst', publishedAt: at(-10) });
    await refreshPlaces(db);
    const user = await createUser();
    const town = await saveSearch(user.id, { location: 'Reading', place: 'town:reading' }, { label: 'Town' });
    const street = await saveSearch(
      user.id,
      { location: 'Rodway Road, Reading', place: 'street:reading|rodway road' },
      { label: 'Street' },
    );
    // Typed without picking: the text names the town, so it is the town too (not 'Reading Road' elsewhere).
    const typed = await saveSearch(user.id, { location: 'reading' }, { label: 'Typed' });
    // Reading's unitary authority holds RG30; Manchester's Reading Road lies in Manchester's.
    const authority = await saveSearch(user.id, { place: 'authority:E06000038' }, { label: 'Authority' });
    const unknown = await saveSearch(user.id, { place: 'postcode:ZE2 9ZZ' }, { label: 'Unknown postcode' });
    const parkside = await createListing(db, agentId, { at: 'reading', publishedAt: at(1) });
    const rodway = await createListing(db, agentId, { at: 'tilehurst', publishedAt: at(1) });
    await createListing(db, agentId, {
      at: 'manchester',
      addressLine1: 'Reading Road',
      publishedAt: at(1),
    });
    await run(at(2));
    expect(await sentFor(town.id)).toEqual([parkside.id, rodway.id].sort());
    expect(await sentFor(typed.id)).toEqual([parkside.id, rodway.id].sort());
    expect(await sentFor(street.id)).toEqual([rodway.id]);
    expect(await sentFor(authority.id)).toEqual([parkside.id, rodway.id].sort());
    expect(await sentFor(unknown.id)).toEqual([]);
  });
});

describe('never sent', () => {
  test('a listing published before the alert watermark, or after the run', async () => {
    const user = await createUser();
    await saveSearch(user.id, { location: 'London' });
    await createListing(db, agentId, { publishedAt: at(-1), title: 'Before the search' });
    await createListing(db, agentId, { publishedAt: at(5), title: 'After the run' });
    const result = await run(at(2));
    expect(result.emailsSent).toBe(0);
    expect(await mailsTo(user.email)).toHaveLength(0);
  });

  test('a deleted, draft, unapproved or never-published listing', async () => {
    const user = await createUser();
    await saveSearch(user.id, { location: 'London' });
    await createListing(db, agentId, { publishedAt: at(1), isDeleted: true });
    await createListing(db, agentId, { publishedAt: at(1), status: 'draft' });
    await createListing(db, agentId, { publishedAt: at(1), status: 'sold' });
    await createListing(db, agentId, { publishedAt: at(1), approvalStatus: 'pending' });
    await createListing(db, agentId, { publishedAt: null });
    expect((await run(at(2))).emailsSent).toBe(0);
  });

  test('a listing already sent: a second run, even later, sends nothing again', async () => {
    const user = await createUser();
    await saveSearch(user.id, { location: 'London' });
    await createListing(db, agentId, { publishedAt: at(1) });
    expect((await run(at(2))).emailsSent).toBe(1);
    expect(await run(at(2))).toMatchObject({ searchesChecked: 0, emailsSent: 0 });
    expect(await run(at(3))).toMatchObject({ searchesChecked: 1, emailsSent: 0 });
    // Even if the watermark were put back, the deliveries record stops a repeat.
    await db.update(savedSearches).set({ lastAlertedAt: T0 });
    expect(await run(at(4))).toMatchObject({ searchesChecked: 1, emailsSent: 0 });
    expect(await mailsTo(user.email)).toHaveLength(1);
    await createListing(db, agentId, { publishedAt: at(4.5), title: 'Newer' });
    expect(await run(at(5))).toMatchObject({ emailsSent: 1, listingsSent: 1 });
    expect((await mailsTo(user.email))[1]!.text).toContain('Newer');
  });

  test('alerts off, or a user who is unverified, suspended or deleted', async () => {
    const off = await createUser();
    await saveSearch(off.id, { location: 'London' }, { alerts: false });
    for (const o of [{ verified: false }, { suspended: true }, { deleted: true }]) {
      const user = await createUser(o);
      await saveSearch(user.id, { location: 'London' });
    }
    await createListing(db, agentId, { publishedAt: at(1) });
    expect(await run(at(2))).toMatchObject({ searchesChecked: 0, emailsSent: 0 });
    expect(await db.select().from(outbox)).toHaveLength(0);
  });

  test('a saved search with unreadable filters is skipped without stopping the others', async () => {
    const user = await createUser();
    await saveSearch(user.id, { location: 'London', minPrice: 500_000, maxPrice: 100 }, { label: 'Broken' });
    await saveSearch(user.id, { bedrooms: 'many' }, { label: 'Broken too' });
    await saveSearch(user.id, { location: 'London' }, { label: 'Fine' });
    await createListing(db, agentId, { publishedAt: at(1) });
    expect(await run(at(2))).toMatchObject({ searchesChecked: 3, emailsSent: 1 });
    expect((await mailsTo(user.email))[0]!.subject).toBe('1 new home for "Fine"');
  });
});

describe('frequency', () => {
  test('daily alerts wait 24 hours after the last one, then send everything new since', async () => {
    const user = await createUser();
    const search = await saveSearch(user.id, { location: 'London' }, { frequency: 'daily' });
    await createListing(db, agentId, { publishedAt: at(1), title: 'First' });
    expect(await run(at(2))).toMatchObject({ searchesChecked: 0, emailsSent: 0 });
    expect(await run(at(24))).toMatchObject({ searchesChecked: 1, emailsSent: 1 });
    await createListing(db, agentId, { publishedAt: at(25), title: 'Second' });
    await createListing(db, agentId, { publishedAt: at(30), title: 'Third' });
    expect(await run(at(47))).toMatchObject({ searchesChecked: 0, emailsSent: 0 });
    expect(await run(at(48))).toMatchObject({ searchesChecked: 1, emailsSent: 1, listingsSent: 2 });
    const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(row!.lastAlertedAt).toEqual(at(48));
  });

  test('instant alerts go out on every run that has something new', async () => {
    const user = await createUser();
    await saveSearch(user.id, { location: 'London' });
    await createListing(db, agentId, { publishedAt: at(1) });
    expect((await run(at(1.1))).emailsSent).toBe(1);
    await createListing(db, agentId, { publishedAt: at(1.2) });
    expect((await run(at(1.3))).emailsSent).toBe(1);
  });
});

describe('the e-mail', () => {
  test('lists at most 10, then "and N more" with a link to the search', async () => {
    const user = await createUser();
    await saveSearch(user.id, { location: 'Reading', mode: 'sale', bedrooms: 2, filters: ['garden'] });
    for (let i = 0; i < MAX_LISTED + 3; i++)
      await createListing(db, agentId, {
        at: 'reading',
        features: ['garden'],
        publishedAt: new Date(at(1).getTime() + i * 60_000),
        title: `Home number ${String(i).padStart(2, '0')}`,
      });
    const result = await run(at(2));
    expect(result).toMatchObject({
      emailsSent: 1,
      listingsSent: MAX_LISTED,
      listingsMatched: MAX_LISTED + 3,
    });
    const [mail] = await mailsTo(user.email);
    expect(mail!.subject).toBe('13 new homes for "Properties for sale in Reading, 2+ beds"');
    expect(mail!.text).toContain('your saved search "Properties for sale in Reading, 2+ beds"');
    // Alerts may have been switched on by default before alerts were asked for (REQ-CLIENT-09): the e-mail says they are on, not who did it.
    expect(mail!.text).not.toMatch(/you switched/i);
    expect(mail!.html).not.toMatch(/you switched/i);
    expect(mail!.text).toContain('e-mail alerts are on for this saved search');
    // Newest first: 12 … 03 listed, 00–02 counted.
    expect(mail!.text).toContain('Home number 12');
    expect(mail!.text).toContain('Home number 03');
    expect(mail!.text).not.toContain('Home number 02');
    const searchUrl = `${PUBLIC_URL}/search?location=Reading&mode=sale&bedrooms=2&filters=garden`;
    expect(mail!.text).toContain(`and 3 more: ${searchUrl}`);
    expect(mail!.html).toContain(`href="${searchUrl.replaceAll('&', '&amp;')}"`);
    // The 10 named are recorded; none of the 13 comes back in a later e-mail (the watermark passed them).
    expect(await db.select().from(savedSearchDeliveries)).toHaveLength(MAX_LISTED);
    expect(await run(at(3))).toMatchObject({ searchesChecked: 1, emailsSent: 0 });
  });

  test('escapes the label and titles in HTML', async () => {
    const user = await createUser();
    await saveSearch(user.id, { location: 'London' }, { label: '<b>Mine</b> & "yours"' });
    await createListing(db, agentId, { publishedAt: at(1), title: 'Flat <script>x</script>' });
    await run(at(2));
    const [mail] = await mailsTo(user.email);
    expect(mail!.subject).toBe('1 new home for "<b>Mine</b> & "yours""');
    expect(mail!.html).toContain('&lt;b&gt;Mine&lt;/b&gt; &amp; &quot;yours&quot;');
    expect(mail!.html).toContain('Flat &lt;script&gt;x&lt;/script&gt;');
    expect(mail!.html).not.toContain('<script>');
  });

  test('carries a List-Unsubscribe header for one-click unsubscribe', async () => {
    const user = await createUser();
    const search = await saveSearch(user.id, { location: 'London' });
    await createListing(db, agentId, { publishedAt: at(1) });
    const sent: { headers?: Record<string, string> }[] = [];
    await run(at(2), { send: async (m) => void sent.push(m) });
    expect(sent[0]!.headers).toEqual({
      'List-Unsubscribe': `<${PUBLIC_URL}/api/alerts/unsubscribe/one-click?token=${search.unsubscribeToken}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  test('its unsubscribe link works signed out and stops further alerts', async () => {
    const user = await createUser();
    const search = await saveSearch(user.id, { location: 'London' }, { label: 'Search in London' });
    await createListing(db, agentId, { publishedAt: at(1) });
    await run(at(2));
    const [mail] = await mailsTo(user.email);
    const link = /https:\/\/\S+\/alerts\/unsubscribe\?token=\S+/.exec(mail!.text)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.pathname).toBe('/alerts/unsubscribe');
    const token = url.searchParams.get('token')!;
    expect(mail!.html).toContain(`href="${PUBLIC_URL}/alerts/unsubscribe?token=${token}"`);

    const app = createApp({ db });
    const read = await app.request(`/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`);
    // The unsubscribe page names it as the e-mail did (an old default label as its filters in words).
    expect(await read.json()).toEqual({ label: 'Properties for sale in London' });
    const res = await app.request('/api/alerts/unsubscribe', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(res.status).toBe(200);
    const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(row!.emailAlerts).toBe(false);

    await createListing(db, agentId, { publishedAt: at(3) });
    expect(await run(at(4))).toMatchObject({ searchesChecked: 0, emailsSent: 0 });
  });
});

describe('failures and concurrency', () => {
  test('a failed e-mail is retried on the next run, with the same listings', async () => {
    const user = await createUser();
    await saveSearch(user.id, { location: 'London' });
    await createListing(db, agentId, { publishedAt: at(1), title: 'Retried' });
    const failed = await run(at(2), {
      send: () => Promise.reject(new Error('SMTP down')),
    });
    expect(failed).toMatchObject({ searchesChecked: 1, emailsSent: 0, emailsFailed: 1 });
    expect(await db.select().from(savedSearchDeliveries)).toHaveLength(0);
    const retried = await run(at(3));
    expect(retried).toMatchObject({ emailsSent: 1, listingsSent: 1 });
    expect((await mailsTo(user.email))[0]!.text).toContain('Retried');
  });

  test('two runners at once send each listing once per search', async () => {
    const searches = [];
    for (let i = 0; i < 12; i++) {
      const user = await createUser();
      searches.push(await saveSearch(user.id, { location: i % 2 ? 'London' : 'Reading' }));
    }
    for (let i = 0; i < 3; i++) {
      await createListing(db, agentId, { at: 'wimbledon', publishedAt: at(1) });
      await createListing(db, agentId, { at: 'tilehurst', publishedAt: at(1) });
    }
    // Small batches so the runners interleave; the second runner's clock is a little later.
    const [a, b] = await Promise.all([
      run(at(2), { batchSize: 2 }),
      run(new Date(at(2).getTime() + 1000), { batchSize: 3 }),
    ]);
    expect(a.emailsSent + b.emailsSent).toBe(12);
    expect(a.listingsSent + b.listingsSent).toBe(36);
    const mails = await db.select().from(outbox);
    expect(mails).toHaveLength(12);
    expect(new Set(mails.map((m) => m.to)).size).toBe(12);
    const deliveries = await db.execute(
      sql`SELECT count(*)::int AS n, count(DISTINCT (saved_search_id, property_id))::int AS d FROM saved_search_deliveries`,
    );
    expect(deliveries.rows[0]).toEqual({ n: 36, d: 36 });
    expect(await run(at(3))).toMatchObject({ emailsSent: 0 });
  });

  test('a saved search claimed by another runner is skipped, not waited for', async () => {
    const user = await createUser();
    const search = await saveSearch(user.id, { location: 'London' });
    await createListing(db, agentId, { publishedAt: at(1) });
    // PGlite has a single connection: a second runner cannot run while a transaction is open there.
    if (handle.kind === 'pglite') return;
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM saved_searches WHERE id = ${search.id} FOR UPDATE`);
      expect(await run(at(2))).toMatchObject({ searchesChecked: 0, emailsSent: 0 });
    });
    expect(await run(at(2))).toMatchObject({ searchesChecked: 1, emailsSent: 1 });
    const rows = await db
      .select()
      .from(savedSearchDeliveries)
      .where(and(eq(savedSearchDeliveries.savedSearchId, search.id)));
    expect(rows).toHaveLength(1);
  });
});
