/**
 * A price on application never leaks (REQ-LISTING-11, ADR 028), over HTTP and through the alert job: a listing that had
 * a figure (and a reduction) and is then put on application reads 'POA' in its page's share tags, and its stored
 * search price, its old figure and the price before its reduction appear nowhere the public can read: the listing
 * page's HTML, the API's detail, search (SQL and the in-memory engine), favourites and recent views, the alert
 * e-mail, nor the agent's CSV report (which says 'POA').
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { POA_SEARCH_PRICE_PENCE } from '@abode/shared/agent/listing-input.schema';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { outbox, postcodes, properties, propertyPhotos, savedSearches } from '#src/db/schema.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { createSearchEngine, type SearchEngine } from '#src/features/listings/search-engine/index.ts';
import { runSavedSearchAlerts } from '#src/jobs/saved-search-alerts.ts';
import { REAL_ADDRESSES } from '#src/testing/fixtures.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

const PUBLIC_URL = 'https://abode.example.org';
const INDEX_HTML =
  '<!doctype html><html><head><meta name="description" content="Abode" /><title>Abode</title></head><body><div id="root"></div></body></html>';

/** The figures the listing had, and the one it is stored at: none may be read by the public. */
const FIRST_PENCE = 2_900_000_00;
const REDUCED_PENCE = 2_750_000_00;
const FIGURES = [FIRST_PENCE, REDUCED_PENCE, POA_SEARCH_PRICE_PENCE].flatMap((pence) => {
  const pounds = pence / 100;
  return [String(pence), String(pounds), pounds.toLocaleString('en-GB')];
});

/** Fails with the figure found when `text` holds any figure of the listing, in pence or pounds, with or without commas. */
function expectNoFigure(text: string, where: string) {
  for (const figure of FIGURES) expect(text, `${where} shows ${figure}`).not.toContain(figure);
}

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let engine: SearchEngine;
let withEngine: ReturnType<typeof createApp>;
let dir: string;
let agentCookie: string;
let clientCookie: string;
let listing: { id: string; slug: string };
let publishedAt: Date;

beforeAll(async () => {
  handle = await createTestDatabase();
  const db = handle.db;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-poa-'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  app = createApp({ db, webDist: dir, publicUrl: PUBLIC_URL });
  await db
    .insert(postcodes)
    .values({ postcode: 'SW19 1AA', outcode: 'SW19', latitude: 51.42164, longitude: -0.18615 })
    .onConflictDoNothing();
  agentCookie = (await signedInUser(app, db, { role: 'agent' })).cookie;
  const client = await signedInUser(app, db);
  clientCookie = client.cookie;

  // A saved search with instant alerts, last sent before the listing is published.
  await db.insert(savedSearches).values({
    userId: client.userId,
    label: 'Houses for sale',
    searchParams: { mode: 'sale' },
    emailAlerts: true,
    alertFrequency: 'instant',
    lastAlertedAt: new Date(Date.now() - 3_600_000),
  });

  // The agent's own write path: a figure, a reduction, then price on application.
  const agent = (method: string, url: string, body?: unknown) =>
    callApi(app, method, `/api/agent/properties${url}`, agentCookie, body);
  const created = await agent('POST', '', {
    title: '5 bedroom detached house for sale',
    description: 'A large family house.',
    pricePence: FIRST_PENCE,
    priceQualifier: 'guide-price',
    mode: 'sale',
    status: 'draft',
    propertyType: 'house',
    bedrooms: 5,
    bathrooms: 3,
    addressLine1: REAL_ADDRESSES.wimbledon.addressLine1,
    city: REAL_ADDRESSES.wimbledon.city,
    postcode: 'SW19 1AA',
    tenure: 'freehold',
    councilTaxBand: 'H',
    keyFeatures: ['Five bedrooms', 'Walled garden'],
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const id = String((await readJson(created)).id);
  await db
    .insert(propertyPhotos)
    .values({ propertyId: id, url: '/media/demo/house-detached-1.svg', isMain: true });
  expect((await agent('PATCH', `/${id}`, { status: 'active' })).status).toBe(200);
  await db.update(properties).set({ approvalStatus: 'approved' }).where(eq(properties.id, id));
  expect((await agent('PATCH', `/${id}`, { pricePence: REDUCED_PENCE })).status).toBe(200);
  const poa = await agent('PATCH', `/${id}`, { priceQualifier: 'poa', pricePence: '' });
  expect(poa.status, await poa.clone().text()).toBe(200);

  const [row] = await db.select().from(properties).where(eq(properties.id, id));
  expect(row).toMatchObject({ pricePence: POA_SEARCH_PRICE_PENCE, priceQualifier: 'poa' });
  listing = { id, slug: row!.slug };
  publishedAt = row!.publishedAt!;

  engine = createSearchEngine({ db });
  await engine.start();
  await engine.cardsLoaded();
  withEngine = createApp({ db, webDist: dir, publicUrl: PUBLIC_URL, searchEngine: engine });
});

afterAll(async () => {
  await handle?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a listing whose price is on application', () => {
  test("its page's HTML and share tags say POA, with no figure", async () => {
    const res = await app.request(`/property/${listing.slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const description = 'POA · 5 bed house for sale · Cowper Road, London, SW19 1AA';
    for (const [attribute, key] of [
      ['property', 'og:description'],
      ['name', 'twitter:description'],
      ['name', 'description'],
    ])
      expect(html, key).toContain(`<meta ${attribute}="${key}" content="${description}" />`);
    expectNoFigure(html, 'the page');
  });

  test('the API detail sends no figure, no previous price and no reduction', async () => {
    const res = await app.request(`/api/properties/${listing.slug}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({
      pricePence: null,
      priceQualifier: 'poa',
      originalPricePence: null,
      priceReducedAt: null,
      weeklyRentPence: null,
    });
    expectNoFigure(text, 'the detail');
  });

  test('search, by SQL and by the engine, lists it first by highest price without its figure', async () => {
    for (const [name, server] of [
      ['SQL', app],
      ['engine', withEngine],
    ] as const) {
      for (const query of ['mode=sale&sort=price_desc', 'mode=sale&minPrice=1000000', 'keywords=walled']) {
        const res = await server.request(`/api/properties?${query}`);
        expect(res.status, `${name} ${query}`).toBe(200);
        const text = await res.text();
        const body = JSON.parse(text) as { items: { id: string; pricePence: number | null }[] };
        expect(body.items[0], `${name} ${query}`).toMatchObject({ id: listing.id, pricePence: null });
        expectNoFigure(text, `${name} search ${query}`);
      }
    }
    // The engine's card of the listing, as it is held outside the heap and sent as bytes.
    expect(engine.stats()).toMatchObject({ ready: true, cardsFilling: false });
    const [card] = await engine.cardBytes([listing.id]);
    expect(JSON.parse(card!.toString('utf8'))).toMatchObject({ id: listing.id, pricePence: null });
    expectNoFigure(card!.toString('utf8'), 'the engine card');
  });

  test("a visitor's favourites and recent views send no figure", async () => {
    expect((await callApi(app, 'PUT', `/api/me/favourites/${listing.id}`, clientCookie)).status).toBe(200);
    expect((await callApi(app, 'POST', `/api/properties/${listing.slug}/views`, clientCookie)).status).toBe(
      204,
    );
    for (const url of ['/api/me/favourites', '/api/me/recent-views']) {
      const res = await callApi(app, 'GET', url, clientCookie);
      expect(res.status, url).toBe(200);
      const text = await res.text();
      expect(text, url).toContain(listing.id);
      expect(text, url).toContain('"pricePence":null');
      expectNoFigure(text, url);
    }
  });

  test('the alert e-mail names it as POA', async () => {
    const result = await runSavedSearchAlerts({
      db: handle.db,
      now: new Date(publishedAt.getTime() + 60_000),
      publicUrl: PUBLIC_URL,
    });
    expect(result.emailsSent).toBe(1);
    const [mail] = await handle.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, '1 new home for "Houses for sale"'));
    expect(mail).toBeDefined();
    expect(mail!.text).toContain('5 bedroom detached house for sale — POA');
    expect(mail!.html).toContain('<br/>POA<br/>');
    expectNoFigure(mail!.text, 'the e-mail text');
    expectNoFigure(mail!.html ?? '', 'the e-mail HTML');
  });

  test("the agent's CSV report says POA, not the search price", async () => {
    const day = new Date().toISOString().slice(0, 10);
    const res = await callApi(
      app,
      'GET',
      `/api/agent/reports/listings.csv?from=${day}&to=${day}`,
      agentCookie,
    );
    expect(res.status).toBe(200);
    const csv = await res.text();
    const line = csv.split('\r\n').find((l) => l.startsWith('5 bedroom detached house for sale'));
    expect(line).toContain(',Sale,POA,');
    expectNoFigure(csv, 'the CSV');
  });
});
