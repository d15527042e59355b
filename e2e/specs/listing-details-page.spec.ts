/**
 * ADR 028 as a visitor sees it, against the real server: an agent's leasehold flat with a price qualifier, key
 * features, a summary, rooms with dimensions, reception rooms, an EPC with its potential rating, Parts A to C of
 * the material information and a video tour; and a house whose price is on application, on the search results and
 * its page, with no figure anywhere. Each page is captured at 1280 and 390 px wide into SHOTS for checking by eye.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUpAndIn } from '../fixtures/accounts.ts';
import { verifyAgency } from '../fixtures/agency.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { photo } from '../fixtures/photos.ts';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-listing-details';
/** A real Wimbledon street (HM Land Registry Price Paid) and a postcode of the project's extract. */
const ADDRESS = { addressLine1: 'Cowper Road', city: 'London', postcode: 'SW19 1AA' };

/** A word no demo listing holds, so a keyword search finds this run's listing alone. */
const word = () =>
  `quill${Array.from(randomUUID().replaceAll('-', '').slice(0, 8), (c) => String.fromCharCode(97 + (parseInt(c, 16) % 26))).join('')}`;

/** Writes as the signed-in page would: its cookies and the site's Origin (the CSRF check). */
function write(page: Page, method: 'POST' | 'PATCH', url: string, data: unknown) {
  return page.request.fetch(url, { method, data, headers: { Origin: new URL(page.url()).origin } });
}

/** Creates a listing through the agent API, gives it a photo and puts it live (the dev route stands for approval). */
async function createLive(page: Page, body: Record<string, unknown>): Promise<string> {
  const created = await write(page, 'POST', '/api/agent/properties', {
    ...ADDRESS,
    mode: 'sale',
    status: 'draft',
    ...body,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, slug } = (await created.json()) as { id: string; slug: string };
  const front = await photo('front.jpg', '#8fa9c4');
  const uploaded = await page.request.post(`/api/agent/properties/${id}/photos`, {
    multipart: {
      file: front,
      alt: 'Front of the building',
    },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const live = await page.request.post('/api/dev/publish-listing', {
    data: { slug },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(live.ok(), await live.text()).toBe(true);
  return slug;
}

/** The page at 1280 px (whole page) and at 390 px (whole page), as `{name}-1280.png` and `{name}-390.png`. */
async function shoot(browser: Browser, url: string, name: string, ready: (page: Page) => Promise<void>) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    const context = await browser.newContext({
      viewport: { width, height: width === 390 ? 844 : 900 },
      ...(width === 390 ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    });
    const page = await context.newPage();
    await page.goto(url);
    await ready(page);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
    await context.close();
  }
}

test('a visitor sees every listing detail, and a price on application shows no figure', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = `agent-${randomUUID().slice(0, 8)}@example.com`;
  const flatWord = word();
  const poaWord = word();
  await signUpAndIn(page, email, { firstName: 'Imogen', role: 'Agent' });
  // A new agency publishes once an admin has verified it (ADR 029); the dev shortcut stands in.
  await verifyAgency(page, email);

  const flatSlug = await createLive(page, {
    title: `2 bedroom flat for sale ${flatWord}`,
    pricePence: 450_000_00,
    priceQualifier: 'guide-price',
    propertyType: 'flat',
    bedrooms: 2,
    bathrooms: 1,
    receptionRooms: 1,
    floorAreaSqm: 68,
    tenure: 'leasehold',
    councilTaxBand: 'D',
    leaseYearsRemaining: 112,
    groundRentPence: 250_00,
    groundRentReview: 'Doubles every 25 years',
    serviceChargePence: 1_800_00,
    epcRating: 'D',
    epcPotentialRating: 'B',
    keyFeatures: ['Two double bedrooms', 'South-facing balcony', 'Share of the garden', 'Chain free'],
    summary: `A bright second-floor flat a short walk from Wimbledon station (${flatWord}).`,
    description:
      'The flat opens onto a wide hall with storage.\n\nThe living room has a bay window to the front and room to dine.',
    rooms: [
      { name: 'Living room', lengthM: 3.65, widthM: 4.2, description: 'Bay window to the front.' },
      { name: 'Kitchen', lengthM: 3, widthM: 2.4, description: '' },
      { name: 'Bedroom 1', lengthM: 4.1, widthM: 3.3, description: 'Fitted wardrobes.' },
    ],
    videoTourUrl: 'https://tours.example.co.uk/cowper-road-flat',
    materialInformation: {
      construction: { status: 'answered', value: 'standard' },
      electricity: { status: 'answered', value: 'mains' },
      water: { status: 'answered', value: 'mains' },
      heating: { status: 'answered', value: 'gas-central', note: 'Boiler fitted 2021' },
      broadband: { status: 'answered', value: 'superfast' },
      floodRisk: { status: 'answered', value: 'very-low' },
      coastalErosion: { status: 'not-applicable' },
    },
  });
  const poaSlug = await createLive(page, {
    title: `5 bedroom detached house for sale ${poaWord}`,
    pricePence: '',
    priceQualifier: 'poa',
    propertyType: 'house',
    bedrooms: 5,
    bathrooms: 3,
    tenure: 'freehold',
    councilTaxBand: 'H',
    keyFeatures: ['Walled garden', 'Five bedrooms'],
    summary: `A large family house on a quiet road (${poaWord}).`,
  });

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();

  // The flat's page: qualifier, key features, description, rooms, EPC, tour link, material information.
  await visitor.goto(`/property/${flatSlug}`);
  await expect(visitor.getByTestId('property-price')).toHaveText('Guide price £450,000');
  const features = visitor.getByRole('region', { name: 'Key features' });
  await expect(features.getByRole('listitem')).toHaveText([
    'Two double bedrooms',
    'South-facing balcony',
    'Share of the garden',
    'Chain free',
  ]);
  await expect(visitor.getByRole('region', { name: 'Description' }).locator('p')).toHaveCount(3);
  const rooms = visitor.getByRole('region', { name: 'Rooms' });
  await expect(rooms.getByText('1 reception room · Floor area 68 m² (732 sq ft)')).toBeVisible();
  await expect(rooms.getByText('3.65 m × 4.20 m (11′ 11″ × 13′ 9″)')).toBeVisible();
  const epc = visitor.getByRole('img', { name: /^Energy efficiency rating: current D, potential B\./ });
  await expect(epc).toBeVisible();
  await expect(epc.locator('[data-testid="epc-current"] polygon')).toHaveAttribute('fill', '#ffd500');
  await expect(epc.locator('[data-testid="epc-potential"] polygon')).toHaveAttribute('fill', '#19b459');
  const tour = visitor.getByRole('link', { name: /Open the video tour/ });
  await expect(tour).toHaveAttribute('href', 'https://tours.example.co.uk/cowper-road-flat');
  await expect(tour).toHaveAttribute('rel', 'noopener noreferrer');
  const material = visitor.getByRole('region', { name: 'Material information' });
  await expect(material.getByText('Guide price £450,000')).toBeVisible();
  await expect(material.getByText('112 years')).toBeVisible();
  await expect(material.getByText('Doubles every 25 years')).toBeVisible();
  await expect(material.getByText('£1,800 a year')).toBeVisible();
  await expect(material.getByText('Gas central heating. Boiler fitted 2021')).toBeVisible();
  await expect(material.getByText('Not applicable')).toBeVisible();
  // Part A of a leasehold (7 facts), every Part B item (type, rooms and 8 more) and every Part C item (9); the
  // unanswered ones (mobile signal, parking, sewerage and 7 of Part C) read 'Ask agent'.
  await expect(material.getByRole('definition')).toHaveCount(7 + 10 + 9);
  await expect(material.getByText('Ask agent', { exact: true })).toHaveCount(3 + 7);
  await expectNoSeriousA11yViolations(visitor);
  await shoot(browser, `/property/${flatSlug}`, 'flat', async (p) => {
    await expect(p.getByRole('region', { name: 'Material information' })).toBeVisible();
  });

  // The POA house on the search results: 'POA', no figure, key features on hover.
  await visitor.goto(`/search?mode=sale&keywords=${poaWord}`);
  const card = visitor.getByRole('article').filter({ hasText: poaWord });
  await expect(card.getByTestId('listing-price')).toHaveText('POA');
  await expect(card.getByTitle('Price on application')).toBeVisible();
  await expect(card).not.toContainText('£');
  await card.hover();
  await expect(card.getByRole('list', { name: 'Key features' })).toHaveCSS('opacity', '1');
  fs.mkdirSync(SHOTS, { recursive: true });
  await card.screenshot({ path: path.join(SHOTS, 'poa-card-hover-1280.png') });
  // The flat's card reads its qualifier with the figure.
  await visitor.goto(`/search?mode=sale&keywords=${flatWord}`);
  await expect(
    visitor.getByRole('article').filter({ hasText: flatWord }).getByTestId('listing-price'),
  ).toHaveText('Guide price £450,000');
  await shoot(browser, `/search?mode=sale&keywords=${poaWord}`, 'poa-search', async (p) => {
    await expect(p.getByTestId('listing-price').first()).toHaveText('POA');
  });

  // Its page: POA in the header and Part A, no figure, no calculators.
  await visitor.goto(`/property/${poaSlug}`);
  await expect(visitor.getByTestId('property-price')).toHaveText('POA');
  await expect(visitor.getByRole('region', { name: 'Material information' }).getByText('POA')).toBeVisible();
  await expect(visitor.getByRole('region', { name: 'Sold prices nearby' })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Stamp Duty calculator' })).toHaveCount(0);
  await expect(visitor.locator('body')).not.toContainText('21,474,836');
  const html = await (await visitor.request.get(`/property/${poaSlug}`)).text();
  expect(html).toContain('content="POA · 5 bed house for sale · Cowper Road, London, SW19 1AA"');
  expect(html).not.toContain('21,474,836');
  await shoot(browser, `/property/${poaSlug}`, 'poa-page', async (p) => {
    await expect(p.getByTestId('property-price')).toHaveText('POA');
  });
  await visitorContext.close();
});
