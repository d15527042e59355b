/**
 * Floor plans, EPC certificates and brochures (REQ-LISTING-16 "Media") through HTTP on a real database, with real images
 * (sharp) and real PDFs (test-pdfs.ts): the type each kind takes decided by content, PDFs checked and stored as
 * uploaded, images as WebP sizes; serving with the download and sandbox headers; counts and sizes refused with their
 * messages and nothing stored; `has_floor_plan` kept with every insert and delete; captions; another agent's
 * listing a 404; and the agent's and the public listing detail carrying the files in order.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { MEDIA_MESSAGES } from '@abode/shared/agent/media.schema';
import { ListingDetailSchema, ListingMediaSchema } from '@abode/shared/listings/listing.schema';
import { MESSAGES } from '@abode/shared/messages';
import type { DatabaseHandle } from '#src/db/client.ts';
import { agentActivity, listingMedia, properties } from '#src/db/schema.ts';
import { ORIGIN } from '#src/features/auth/auth-test-helpers.ts';
import { APP_CSP } from '#src/middleware/security-headers.ts';
import { createListing } from '#src/testing/fixtures.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import {
  closeUploadsWorld,
  filesUnder,
  openUploadsWorld,
  type UploadsAgent,
  type UploadsWorld,
} from '#src/testing/uploads-world.ts';
import { ACTIVE_PDFS, makePdf } from './test-pdfs.ts';

let handle: DatabaseHandle;
let app: UploadsWorld['app'];
let uploadsDir: string;
let alice: UploadsAgent;
let bob: UploadsAgent;
let client: UploadsWorld['client'];

let floorPlanPng: Buffer; // 1200×900, a drawing's flat colours
let epcJpeg: Buffer;
let brochurePdf: Buffer;

beforeAll(async () => {
  ({ handle, app, uploadsDir, alice, bob, client } = await openUploadsWorld('abode-media-test-'));
  floorPlanPng = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  epcJpeg = await sharp({ create: { width: 900, height: 1270, channels: 3, background: '#eee' } })
    .jpeg()
    .toBuffer();
  brochurePdf = await makePdf(undefined, 4);
});
afterAll(() => closeUploadsWorld(handle, uploadsDir));

const mediaUrl = (propertyId: string) => `/api/agent/properties/${propertyId}/media`;

function upload(
  propertyId: string,
  cookie: string | undefined,
  fields: { bytes?: Uint8Array; name?: string; type?: string; kind?: string; caption?: string },
) {
  const form = new FormData();
  if (fields.bytes)
    form.append(
      'file',
      new File([fields.bytes as Uint8Array<ArrayBuffer>], fields.name ?? 'file', { type: fields.type ?? '' }),
    );
  if (fields.kind !== undefined) form.append('kind', fields.kind);
  if (fields.caption !== undefined) form.append('caption', fields.caption);
  return app.request(mediaUrl(propertyId), {
    method: 'POST',
    headers: { Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
    body: form,
  });
}

async function uploadOk(owner: UploadsAgent, propertyId: string, fields: Parameters<typeof upload>[2]) {
  const res = await upload(propertyId, owner.cookie, fields);
  expect(res.status, await res.clone().text()).toBe(201);
  return ListingMediaSchema.parse(await readJson(res));
}

const plan = () => ({ bytes: floorPlanPng, name: 'plan.png', type: 'image/png', kind: 'floor-plan' });
const brochure = () => ({
  bytes: brochurePdf,
  name: 'brochure.pdf',
  type: 'application/pdf',
  kind: 'brochure',
});

/** Every file under the uploads folder, relative, sorted. */
const storedFiles = () => filesUnder(uploadsDir);

const rowsOf = (propertyId: string) =>
  handle.db
    .select()
    .from(listingMedia)
    .where(eq(listingMedia.propertyId, propertyId))
    .orderBy(listingMedia.kind, listingMedia.orderIndex);

async function hasFloorPlan(propertyId: string): Promise<boolean> {
  const [row] = await handle.db
    .select({ v: properties.hasFloorPlan })
    .from(properties)
    .where(eq(properties.id, propertyId));
  return row!.v;
}

async function refusal(res: Response, status: number): Promise<string> {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await readJson(res)).error.message as string;
}

describe('POST /api/agent/properties/{id}/media', () => {
  test('a floor plan PNG becomes WebP sizes, is served as an image and sets has_floor_plan', async () => {
    const listing = await createListing(handle.db, alice.agentId);
    expect(await hasFloorPlan(listing.id)).toBe(false);
    const media = await uploadOk(alice, listing.id, { ...plan(), caption: '  Ground <b>floor</b> ' });

    expect(media).toMatchObject({
      kind: 'floor-plan',
      format: 'image',
      caption: 'Ground bfloor/b',
      width: 1200,
    });
    expect(media.url).toBe(`/media/uploads/properties/${listing.id}/${media.id}-1200.webp`);
    expect(media.srcSet).toMatch(/-1200\.webp 1200w, .*-800\.webp 800w, .*-400\.webp 400w$/);
    expect(await hasFloorPlan(listing.id)).toBe(true);

    const res = await app.request(media.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/webp');
    expect(res.headers.get('Content-Disposition')).toBeNull();
    expect(res.headers.get('Content-Security-Policy')).toBe(APP_CSP);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).format).toBe('webp');

    const events = await handle.db
      .select()
      .from(agentActivity)
      .where(and(eq(agentActivity.propertyId, listing.id), eq(agentActivity.type, 'listing_updated')));
    expect(events.map((e) => e.details)).toEqual([
      { fields: ['media'], media: { kind: 'floor-plan', change: 'added' } },
    ]);
  });

  test('a brochure PDF is checked and stored as uploaded, and downloads as brochure.pdf in a sandbox', async () => {
    const listing = await createListing(handle.db, alice.agentId);
    const media = await uploadOk(alice, listing.id, { ...brochure(), caption: 'Sales brochure' });
    expect(media).toMatchObject({
      kind: 'brochure',
      format: 'pdf',
      caption: 'Sales brochure',
      bytes: brochurePdf.byteLength,
    });
    expect(media.url).toBe(`/media/uploads/properties/${listing.id}/${media.id}-brochure.pdf`);
    expect(media.srcSet).toBeUndefined();
    // A brochure is not a floor plan.
    expect(await hasFloorPlan(listing.id)).toBe(false);

    const res = await app.request(media.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="brochure.pdf"');
    expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer()).equals(brochurePdf)).toBe(true);
  });

  test('a floor plan and an EPC certificate may be PDFs or images; each PDF downloads under its kind', async () => {
    const listing = await createListing(handle.db, alice.agentId);
    const pdfPlan = await uploadOk(alice, listing.id, { ...brochure(), kind: 'floor-plan' });
    const epcImage = await uploadOk(alice, listing.id, { bytes: epcJpeg, type: 'image/jpeg', kind: 'epc' });
    const epcPdf = await uploadOk(alice, listing.id, { ...brochure(), kind: 'epc' });
    expect([pdfPlan.format, epcImage.format, epcPdf.format]).toEqual(['pdf', 'image', 'pdf']);
    expect(await hasFloorPlan(listing.id)).toBe(true);
    for (const [media, name] of [
      [pdfPlan, 'floor-plan.pdf'],
      [epcPdf, 'epc.pdf'],
    ] as const) {
      const res = await app.request(media.url);
      expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="${name}"`);
    }
  });

  test('files of the wrong type for their kind, and unacceptable PDFs, are refused by content; nothing is stored', async () => {
    const listing = await createListing(handle.db, alice.agentId);
    const before = storedFiles();
    const cases: [Parameters<typeof upload>[2], string][] = [
      // A PNG renamed and declared a PDF is still a PNG: a brochure must be a PDF.
      [
        { bytes: floorPlanPng, name: 'brochure.pdf', type: 'application/pdf', kind: 'brochure' },
        MEDIA_MESSAGES.brochureType,
      ],
      [
        {
          bytes: Buffer.from('not a drawing at all'),
          name: 'plan.png',
          type: 'image/png',
          kind: 'floor-plan',
        },
        MEDIA_MESSAGES.floorPlanType,
      ],
      [
        { bytes: Buffer.from('GIF89a, still not one'), name: 'epc.jpg', type: 'image/jpeg', kind: 'epc' },
        MEDIA_MESSAGES.epcType,
      ],
      [
        {
          bytes: await ACTIVE_PDFS.openActionJavaScript(),
          name: 'b.pdf',
          type: 'application/pdf',
          kind: 'brochure',
        },
        MEDIA_MESSAGES.pdfActiveContent,
      ],
      [
        { bytes: brochurePdf.subarray(0, 600), name: 'b.pdf', type: 'application/pdf', kind: 'floor-plan' },
        MEDIA_MESSAGES.pdfUnreadable,
      ],
    ];
    for (const [fields, message] of cases)
      expect(await refusal(await upload(listing.id, alice.cookie, fields), 400)).toBe(message);
    expect(await rowsOf(listing.id)).toHaveLength(0);
    expect(await hasFloorPlan(listing.id)).toBe(false);
    expect(storedFiles()).toEqual(before);
  });

  test('a missing file or kind, or an unknown kind, is a 400 with its message', async () => {
    const listing = await createListing(handle.db, alice.agentId);
    expect(await refusal(await upload(listing.id, alice.cookie, { kind: 'brochure' }), 400)).toBe(
      MEDIA_MESSAGES.fileMissing,
    );
    for (const kind of [undefined, 'photo']) {
      const res = await upload(listing.id, alice.cookie, { bytes: brochurePdf, kind });
      expect(res.status).toBe(400);
      const { error } = await readJson(res);
      expect(error.message).toBe(MESSAGES.validation);
      expect(error.details).toEqual([{ path: 'kind', message: MEDIA_MESSAGES.kindInvalid }]);
    }
  });

  test('a kind that is full answers 409 with its message, before any file work', async () => {
    const listing = await createListing(handle.db, alice.agentId);
    await handle.db.insert(listingMedia).values(
      Array.from({ length: 10 }, (_, i) => ({
        propertyId: listing.id,
        kind: 'floor-plan',
        format: 'image',
        url: '/media/demo/floor-plan-1.svg',
        orderIndex: i,
      })),
    );
    expect(await refusal(await upload(listing.id, alice.cookie, plan()), 409)).toBe(
      MEDIA_MESSAGES.tooManyFloorPlans,
    );
    await uploadOk(alice, listing.id, brochure());
    await uploadOk(alice, listing.id, brochure());
    expect(await refusal(await upload(listing.id, alice.cookie, brochure()), 409)).toBe(
      MEDIA_MESSAGES.tooManyBrochures,
    );
    expect((await rowsOf(listing.id)).filter((r) => r.kind === 'brochure').map((r) => r.orderIndex)).toEqual([
      0, 1,
    ]);
  });

  test('an 11 MB file is refused with 413, streamed or declared, and nothing is stored', async () => {
    const listing = await createListing(handle.db, alice.agentId);
    const before = storedFiles();
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    const streamed = await upload(listing.id, alice.cookie, { bytes: big, kind: 'brochure' });
    expect(await refusal(streamed, 413)).toBe(MEDIA_MESSAGES.tooLarge);
    const declared = await app.request(mediaUrl(listing.id), {
      method: 'POST',
      headers: {
        Origin: ORIGIN,
        Cookie: alice.cookie,
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': String(11 * 1024 * 1024),
      },
      body: 'not read',
    });
    expect(await refusal(declared, 413)).toBe(MEDIA_MESSAGES.tooLarge);
    expect(await rowsOf(listing.id)).toHaveLength(0);
    expect(storedFiles()).toEqual(before);
  });
});

describe('who may', () => {
  test("another agent's listing is a 404 for every route and nothing changes; visitors 401, clients 403", async () => {
    const listing = await createListing(handle.db, alice.agentId);
    const mine = await uploadOk(alice, listing.id, plan());
    const before = storedFiles();
    expect(await refusal(await upload(listing.id, bob.cookie, plan()), 404)).toBe(MESSAGES.notFound);
    const item = `${mediaUrl(listing.id)}/${mine.id}`;
    expect((await callApi(app, 'PATCH', item, bob.cookie, { caption: 'Mine now' })).status).toBe(404);
    expect((await callApi(app, 'DELETE', item, bob.cookie)).status).toBe(404);
    expect((await upload(listing.id, undefined, plan())).status).toBe(401);
    expect((await upload(listing.id, client.cookie, plan())).status).toBe(403);
    expect(storedFiles()).toEqual(before);
    expect(await rowsOf(listing.id)).toMatchObject([{ id: mine.id, caption: null }]);
  });
});

describe('PATCH /api/agent/properties/{id}/media/{mediaId}', () => {
  test('the caption is sanitised, refused when too long, cleared when empty; a file of another listing is a 404', async () => {
    const listing = await createListing(handle.db, alice.agentId);
    const other = await createListing(handle.db, alice.agentId);
    const media = await uploadOk(alice, listing.id, plan());
    const url = `${mediaUrl(listing.id)}/${media.id}`;

    const saved = await callApi(app, 'PATCH', url, alice.cookie, { caption: ' First\nfloor <i>' });
    expect(saved.status).toBe(200);
    expect(ListingMediaSchema.parse(await readJson(saved))).toMatchObject({
      id: media.id,
      caption: 'First floor i',
    });

    const long = await callApi(app, 'PATCH', url, alice.cookie, { caption: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    expect((await readJson(long)).error.details).toEqual([
      { path: 'caption', message: MEDIA_MESSAGES.captionTooLong },
    ]);

    const cleared = await callApi(app, 'PATCH', url, alice.cookie, { caption: '   ' });
    expect((await readJson(cleared)).caption).toBeNull();

    const elsewhere = await callApi(app, 'PATCH', `${mediaUrl(other.id)}/${media.id}`, alice.cookie, {
      caption: 'Moved',
    });
    expect(elsewhere.status).toBe(404);
  });
});

describe('DELETE /api/agent/properties/{id}/media/{mediaId}', () => {
  test("removes the row and its files, closes the kind's order and keeps has_floor_plan true until the last plan goes", async () => {
    const listing = await createListing(handle.db, alice.agentId);
    const first = await uploadOk(alice, listing.id, plan());
    const second = await uploadOk(alice, listing.id, plan());
    const third = await uploadOk(alice, listing.id, plan());
    const epc = await uploadOk(alice, listing.id, { bytes: epcJpeg, type: 'image/jpeg', kind: 'epc' });
    const keysOf = (id: string) => storedFiles().filter((f) => f.includes(id));
    expect(keysOf(second.id)).toHaveLength(3);

    expect((await callApi(app, 'DELETE', `${mediaUrl(listing.id)}/${second.id}`, alice.cookie)).status).toBe(
      204,
    );
    expect(keysOf(second.id)).toEqual([]);
    expect((await app.request(second.url)).status).toBe(404);
    const plans = (await rowsOf(listing.id)).filter((r) => r.kind === 'floor-plan');
    expect(plans.map((r) => [r.id, r.orderIndex])).toEqual([
      [first.id, 0],
      [third.id, 1],
    ]);

    for (const media of [first, third, epc])
      expect((await callApi(app, 'DELETE', `${mediaUrl(listing.id)}/${media.id}`, alice.cookie)).status).toBe(
        204,
      );
    expect(await hasFloorPlan(listing.id)).toBe(false);
    expect(await rowsOf(listing.id)).toEqual([]);
    expect((await callApi(app, 'DELETE', `${mediaUrl(listing.id)}/${first.id}`, alice.cookie)).status).toBe(
      404,
    );
  });
});

describe('the listing details carry the files', () => {
  test('floor plans, then the EPC certificate, then the brochure, in upload order, on the agent and the public detail', async () => {
    const listing = await createListing(handle.db, alice.agentId);
    const brochureItem = await uploadOk(alice, listing.id, { ...brochure(), caption: 'Brochure' });
    const ground = await uploadOk(alice, listing.id, { ...plan(), caption: 'Ground floor' });
    const epc = await uploadOk(alice, listing.id, { bytes: epcJpeg, type: 'image/jpeg', kind: 'epc' });
    const first = await uploadOk(alice, listing.id, { ...plan(), caption: 'First floor' });
    const expected = [ground, first, epc, brochureItem];

    const page = ListingDetailSchema.parse(
      await readJson(await app.request(`/api/properties/${listing.slug}`)),
    );
    expect(page.media).toEqual(expected);
    expect(page.media[3]).toMatchObject({ format: 'pdf', bytes: brochurePdf.byteLength });

    const mine = await callApi(app, 'GET', `/api/agent/properties/${listing.id}`, alice.cookie);
    expect((await readJson(mine)).media).toEqual(expected);
  });
});

test('the routes are in the OpenAPI document', async () => {
  const doc = await readJson(await app.request('/api/openapi.json'));
  const upload = doc.paths['/api/agent/properties/{id}/media'].post;
  expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['201', '400', '404', '409', '413']));
  expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data']);
  expect(Object.keys(doc.paths['/api/agent/properties/{id}/media/{mediaId}'])).toEqual(['patch', 'delete']);
});
