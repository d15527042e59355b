/**
 * Floor plans, EPC certificate and brochure (REQ-LISTING-16 "Media") against the real server: an agent uploads a floor
 * plan PNG and a brochure PDF to a live listing on its edit page, sees each upload's progress bar (on a slowed
 * uplink) and then the files, captions the floor plan, and the public listing API carries both, the PDF downloading
 * with its safe headers. Axe checks the manager; it is captured at 1280 and 390 px wide into SHOTS for checking by
 * eye, once mid-upload.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signUpAndIn } from '../fixtures/accounts.ts';
import { verifyAgency } from '../fixtures/agency.ts';
import { photo } from '../fixtures/photos.ts';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-listing-media';
/** A real Wimbledon street (HM Land Registry Price Paid) and a postcode of the project's extract. */
const ADDRESS = { addressLine1: 'Cowper Road', city: 'London', postcode: 'SW19 1AA' };

const originOf = (page: Page) => ({ Origin: new URL(page.url()).origin });

/** Creates a listing through the agent API, gives it a photo and puts it live (the dev route stands for approval). */
async function createLive(page: Page): Promise<{ id: string; slug: string }> {
  const created = await page.request.post('/api/agent/properties', {
    data: {
      ...ADDRESS,
      title: `3 bedroom house for sale ${randomUUID().slice(0, 6)}`,
      description: 'A Victorian terrace a short walk from Wimbledon station.',
      pricePence: 650_000_00,
      mode: 'sale',
      status: 'draft',
      propertyType: 'house',
      bedrooms: 3,
      bathrooms: 1,
      tenure: 'freehold',
      councilTaxBand: 'E',
    },
    headers: originOf(page),
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, slug } = (await created.json()) as { id: string; slug: string };
  const front = await photo('front.jpg', '#8fa9c4');
  const uploaded = await page.request.post(`/api/agent/properties/${id}/photos`, {
    multipart: { file: front },
    headers: originOf(page),
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const live = await page.request.post('/api/dev/publish-listing', {
    data: { slug },
    headers: originOf(page),
  });
  expect(live.ok(), await live.text()).toBe(true);
  return { id, slug };
}

/** A floor plan drawn as an agent's software exports one: walls and labels on white, as a PNG. */
async function floorPlanPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1800" height="1300" viewBox="0 0 1800 1300">
    <rect width="1800" height="1300" fill="#fff"/>
    <g fill="none" stroke="#222" stroke-width="12">
      <rect x="100" y="100" width="1600" height="1100"/>
      <path d="M900 100 V700 M100 700 H1700 M1300 700 V1200"/>
    </g>
    <g font-family="sans-serif" font-size="48" fill="#222">
      <text x="380" y="420">Kitchen 4.20 m × 3.10 m</text>
      <text x="1150" y="420">Living room</text>
      <text x="500" y="980">Hall</text>
      <text x="1400" y="980">WC</text>
    </g>
  </svg>`;
  // Light noise, as a scanned plan has, makes a file of about 200 kB: long enough on the slowed uplink to watch.
  return sharp(await sharp(Buffer.from(svg)).png().toBuffer())
    .composite([
      {
        input: {
          create: {
            width: 1800,
            height: 1300,
            channels: 3,
            background: '#000',
            noise: { type: 'gaussian', mean: 0, sigma: 8 },
          },
        },
        blend: 'add',
      },
    ])
    .png()
    .toBuffer();
}

/** A four-page brochure PDF written out by hand: a title and a line of text per page, with a correct xref. */
function brochurePdf(): Buffer {
  const pages = ['Cowper Road, Wimbledon', 'Ground floor', 'First floor', 'Garden and location'];
  const bodies: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const kids: string[] = [];
  for (const title of pages) {
    const content = `BT /F1 28 Tf 60 760 Td (${title}) Tj ET`;
    bodies.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    const contentRef = bodies.length;
    bodies.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${contentRef} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
    );
    kids.push(`${bodies.length} 0 R`);
  }
  bodies[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages.length} >>`;
  let out = '%PDF-1.7\n';
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** The manager alone at 1280 px and at 390 px, as `{name}-1280.png` and `{name}-390.png`. */
async function shootManager(browser: Browser, page: Page, url: string, name: string) {
  const state = await page.context().storageState();
  for (const width of [1280, 390]) {
    const context = await browser.newContext({
      storageState: state,
      // Tall enough to hold the whole manager, so the sticky portal header is never drawn across it.
      viewport: { width, height: 2400 },
      ...(width === 390 ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    });
    const shot = await context.newPage();
    await shot.goto(url);
    const manager = shot.getByTestId('media-manager');
    const plan = manager.getByRole('img', { name: 'Ground floor' });
    // Thumbnails load lazily: bring the manager into view and wait for the drawing itself.
    await plan.scrollIntoViewIfNeeded();
    await expect
      .poll(() => plan.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await manager.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`) });
    await context.close();
  }
}

test('an agent uploads a floor plan and a brochure with progress bars, and the public listing carries them', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const email = `agent-${randomUUID().slice(0, 8)}@example.com`;
  await signUpAndIn(page, email, { firstName: 'Imogen', role: 'Agent' });
  // A new agency publishes once an admin has verified it (ADR 029); the dev shortcut stands in.
  await verifyAgency(page, email);
  const { id, slug } = await createLive(page);
  const editUrl = `/agent/properties/${id}/edit`;
  await page.goto(editUrl);
  const manager = page.getByTestId('media-manager');
  await expect(manager.getByRole('heading', { name: 'Floor plans, EPC and brochure' })).toBeVisible();
  await expect(manager.getByRole('heading', { name: 'Floor plans (0 of 10)' })).toBeVisible();

  // A slow uplink (100 kB/s), so each upload's progress can be watched.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: -1,
    uploadThroughput: 100 * 1024,
  });

  const png = await floorPlanPng();
  expect(png.byteLength).toBeGreaterThan(150 * 1024);
  await page.getByLabel('Choose floor plans to upload').setInputFiles({
    name: 'ground-floor.png',
    mimeType: 'image/png',
    buffer: png,
  });
  const planProgress = manager.getByRole('progressbar', { name: 'ground-floor.png' });
  await expect(planProgress).toBeVisible();
  await expect.poll(async () => Number(await planProgress.getAttribute('value'))).toBeGreaterThan(0);
  await manager.screenshot({ path: path.join(SHOTS, 'media-uploading-1280.png') });
  await expect(planProgress).toHaveCount(0, { timeout: 30_000 });
  await expect(manager.getByRole('img', { name: 'Floor plan 1' })).toBeVisible();
  await expect(manager.getByRole('heading', { name: 'Floor plans (1 of 10)' })).toBeVisible();

  const pdf = brochurePdf();
  await page.getByLabel('Choose a brochure to upload').setInputFiles({
    name: 'cowper-road-brochure.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  });
  await expect(manager.getByRole('progressbar', { name: 'cowper-road-brochure.pdf' })).toBeVisible();
  const brochureLink = manager.getByRole('link', { name: /brochure\.pdf/ });
  await expect(brochureLink).toBeVisible({ timeout: 30_000 });
  await expect(brochureLink).toContainText('PDF · 1 kB');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  // A brochure must be a PDF: an image is refused on its row, before anything is sent.
  await page.getByLabel('Choose a brochure to upload').setInputFiles({
    name: 'front.png',
    mimeType: 'image/png',
    buffer: png,
  });
  await expect(manager.getByTestId('media-brochure').getByRole('alert')).toHaveText(
    'A brochure must be a PDF',
  );
  await manager.getByRole('button', { name: 'Dismiss front.png' }).click();

  // The floor plan's caption, saved when the field is left.
  await manager.getByLabel('Caption for floor plan 1').fill('Ground floor');
  await manager.getByLabel('Caption for floor plan 1').blur();
  await expect(page.getByText('Caption saved').first()).toBeVisible();
  await expect(manager.getByRole('img', { name: 'Ground floor' })).toBeVisible();

  const axe = await new AxeBuilder({ page })
    .include('[data-testid="media-manager"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // The public listing, asked by a visitor with no session, carries both files in order.
  const visitor = await browser.newContext();
  const detail = await visitor.request.get(new URL(`/api/properties/${slug}`, page.url()).href);
  expect(detail.status()).toBe(200);
  const { media } = (await detail.json()) as {
    media: {
      kind: string;
      format: string;
      caption: string | null;
      url: string;
      bytes?: number;
      srcSet?: string;
    }[];
  };
  expect(media.map((m) => [m.kind, m.format, m.caption])).toEqual([
    ['floor-plan', 'image', 'Ground floor'],
    ['brochure', 'pdf', null],
  ]);
  expect(media[0]!.srcSet).toMatch(/1600w/);
  expect(media[1]!.bytes).toBe(pdf.byteLength);
  const download = await visitor.request.get(new URL(media[1]!.url, page.url()).href);
  expect(download.headers()['content-type']).toBe('application/pdf');
  expect(download.headers()['content-disposition']).toBe('attachment; filename="brochure.pdf"');
  expect(download.headers()['content-security-policy']).toBe("default-src 'none'; sandbox");
  expect(download.headers()['x-content-type-options']).toBe('nosniff');
  expect(Buffer.from(await download.body()).equals(pdf)).toBe(true);
  await visitor.close();

  await shootManager(browser, page, editUrl, 'media-manager');
});
