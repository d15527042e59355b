/**
 * Listing photos and the agent logo (REQ-AGENT-14 "Photo upload") through HTTP on a real database with real images made
 * by sharp: content-based type checks, size limits (nothing stored on refusal), EXIF orientation applied and EXIF
 * stripped, the 1600/800/400 WebP sizes, serving from /media/uploads with the immutable cache header, order and
 * main-photo rules, the cross-agent matrix, and the logo rules (JPG/PNG ≤ 2 MB).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp, { type Sharp } from 'sharp';
import {
  AgentPhotoListSchema,
  AgentPhotoSchema,
  MAX_PHOTOS_PER_LISTING,
  PHOTO_MESSAGES,
} from '@abode/shared/agent/photos.schema';
import { LISTING_MESSAGES } from '@abode/shared/agent/listing-input.schema';
import { ListingDetailSchema } from '@abode/shared/listings/listing.schema';
import type { DatabaseHandle } from '#src/db/client.ts';
import { agentActivity, agents, properties, propertyPhotos } from '#src/db/schema.ts';
import { ORIGIN } from '#src/features/auth/auth-test-helpers.ts';
import { createListing } from '#src/testing/fixtures.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import {
  closeUploadsWorld,
  filesUnder,
  openUploadsWorld,
  signedInAgent,
  type UploadsAgent,
  type UploadsWorld,
} from '#src/testing/uploads-world.ts';
import { IMAGE_DECODES_AT_ONCE } from './images.ts';

let handle: DatabaseHandle;
let app: UploadsWorld['app'];
let uploadsDir: string;
let alice: UploadsAgent;
let bob: UploadsAgent;
let client: UploadsWorld['client'];

let jpegRotated: Buffer; // 2400×1600 stored, EXIF orientation 6 (displayed 1600×2400)
let png: Buffer;
let webp: Buffer;

beforeAll(async () => {
  ({ handle, app, uploadsDir, alice, bob, client } = await openUploadsWorld('abode-photo-test-'));
  jpegRotated = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#88a' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
  png = await sharp({ create: { width: 500, height: 300, channels: 4, background: '#0a0a' } })
    .png()
    .toBuffer();
  webp = await sharp({ create: { width: 1000, height: 750, channels: 3, background: '#a80' } })
    .webp()
    .toBuffer();
});
afterAll(() => closeUploadsWorld(handle, uploadsDir));

/** A public listing of `owner` without the fixture's demo photos. */
async function bareListing(owner: UploadsAgent) {
  const listing = await createListing(handle.db, owner.agentId);
  await handle.db.delete(propertyPhotos).where(eq(propertyPhotos.propertyId, listing.id));
  return listing;
}

const call = (method: string, url: string, cookie?: string, body?: unknown) =>
  callApi(app, method, url, cookie, body);

function upload(
  url: string,
  cookie: string | undefined,
  file: { bytes: Uint8Array; name: string; type: string },
  extra: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  form.append('file', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type }));
  for (const [key, value] of Object.entries(extra)) form.append(key, value);
  return app.request(url, {
    method: 'POST',
    headers: { Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}), ...headers },
    body: form,
  });
}

const photosUrl = (propertyId: string) => `/api/agent/properties/${propertyId}/photos`;

async function uploadOk(owner: UploadsAgent, propertyId: string, bytes: Buffer = webp, type = 'image/webp') {
  const res = await upload(photosUrl(propertyId), owner.cookie, { bytes, name: 'photo', type });
  expect(res.status, await res.clone().text()).toBe(201);
  return AgentPhotoSchema.parse(await readJson(res));
}

async function listPhotos(owner: UploadsAgent, propertyId: string) {
  const res = await call('GET', photosUrl(propertyId), owner.cookie);
  expect(res.status).toBe(200);
  return AgentPhotoListSchema.parse(await readJson(res)).items;
}

/** Every file under the uploads folder, relative, sorted. */
const storedFiles = () => filesUnder(uploadsDir);

async function rowsOf(propertyId: string) {
  return handle.db
    .select()
    .from(propertyPhotos)
    .where(eq(propertyPhotos.propertyId, propertyId))
    .orderBy(propertyPhotos.orderIndex);
}

describe('POST /api/agent/properties/{id}/photos', () => {
  test('a JPEG is turned upright, resized to 1600/800/400 WebP without EXIF, stored, served and recorded', async () => {
    const listing = await bareListing(alice);
    const photo = await uploadOk(alice, listing.id, jpegRotated, 'image/jpeg');

    expect(photo.isMain).toBe(true);
    expect(photo.orderIndex).toBe(0);
    expect(photo.altText).toBe(`Photo 1 of ${listing.title}`);
    // Orientation 6 = rotate 90°: the 2400×1600 pixels stand as 1600×2400.
    expect(photo.variants.map((v) => [v.width, v.height])).toEqual([
      [1600, 2400],
      [800, 1200],
      [400, 600],
    ]);
    expect(photo.url).toBe(photo.variants[0]!.url);
    expect(photo.url).toMatch(
      new RegExp(`^/media/uploads/properties/${listing.id}/${photo.id}-1600\\.webp$`),
    );
    expect(photo.srcSet).toBe(photo.variants.map((v) => `${v.url} ${v.width}w`).join(', '));
    expect([photo.width, photo.height]).toEqual([1600, 2400]);

    for (const variant of photo.variants) {
      const res = await app.request(variant.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('Content-Type')).toBe('image/webp');
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }

    const [row] = await rowsOf(listing.id);
    expect(row!.storageKey).toBe(`properties/${listing.id}/${photo.id}`);
    const events = await handle.db
      .select()
      .from(agentActivity)
      .where(and(eq(agentActivity.propertyId, listing.id), eq(agentActivity.type, 'photos_added')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ agentId: alice.agentId, propertyTitle: listing.title });
  });

  test('PNG and WebP are accepted; later photos are appended, not main; small images are never enlarged', async () => {
    const listing = await createListing(handle.db, alice.agentId); // two demo photos at 0 and 1
    const fromPng = await uploadOk(alice, listing.id, png, 'image/png');
    expect(fromPng).toMatchObject({ orderIndex: 2, isMain: false, width: 500, height: 300 });
    expect(fromPng.variants.map((v) => v.width)).toEqual([500, 400]);
    const fromWebp = await uploadOk(alice, listing.id, webp, 'image/webp');
    expect(fromWebp.orderIndex).toBe(3);
    // Two uploads in a row read as one Recent Activity line with a count.
    const events = await handle.db
      .select()
      .from(agentActivity)
      .where(and(eq(agentActivity.propertyId, listing.id), eq(agentActivity.type, 'photos_added')));
    expect(events.map((e) => e.details)).toEqual([{ count: 2 }]);
    expect(fromWebp.variants.map((v) => v.width)).toEqual([1000, 800, 400]);

    // The alt text field is sanitised.
    const res = await upload(
      photosUrl(listing.id),
      alice.cookie,
      { bytes: png, name: 'a.png', type: 'image/png' },
      { alt: '  <b>Garden</b> view ' },
    );
    expect(res.status).toBe(201);
    expect((await readJson(res)).altText).toBe('bGarden/b view');

    // The public listing page gets srcSet for uploaded photos only.
    const page = ListingDetailSchema.parse(
      await readJson(await app.request(`/api/properties/${listing.slug}`)),
    );
    expect(page.photos.map((p) => p.orderIndex)).toEqual([0, 1, 2, 3, 4]);
    expect(page.photos[0]!.srcSet).toBeUndefined();
    expect(page.photos[2]).toMatchObject({ srcSet: fromPng.srcSet, width: 500, height: 300 });
  });

  test('a renamed text file and a PDF are refused by content, and nothing is stored', async () => {
    const listing = await bareListing(alice);
    const before = storedFiles();
    for (const file of [
      { bytes: Buffer.from('just some text, not a photo'), name: 'house.jpg', type: 'image/jpeg' },
      {
        bytes: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'),
        name: 'plan.pdf',
        type: 'image/png',
      },
      // A real image of another kind (GIF) is refused too.
      {
        bytes: await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
        name: 'a.gif',
        type: 'image/gif',
      },
    ]) {
      const res = await upload(photosUrl(listing.id), alice.cookie, file);
      expect(res.status).toBe(400);
      expect((await readJson(res)).error.message).toBe(PHOTO_MESSAGES.photoType);
    }
    expect(await rowsOf(listing.id)).toHaveLength(0);
    expect(storedFiles()).toEqual(before);
  });

  test('an 11 MB file is refused with 413 (streamed and by Content-Length) and nothing is stored', async () => {
    const listing = await bareListing(alice);
    const before = storedFiles();
    const big = { bytes: Buffer.alloc(11 * 1024 * 1024, 7), name: 'big.jpg', type: 'image/jpeg' };
    const streamed = await upload(photosUrl(listing.id), alice.cookie, big);
    expect(streamed.status).toBe(413);
    expect((await readJson(streamed)).error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: PHOTO_MESSAGES.photoTooLarge,
    });

    const declared = await app.request(photosUrl(listing.id), {
      method: 'POST',
      headers: {
        Origin: ORIGIN,
        Cookie: alice.cookie,
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': String(11 * 1024 * 1024),
      },
      body: 'not read',
    });
    expect(declared.status).toBe(413);
    expect((await readJson(declared)).error.message).toBe(PHOTO_MESSAGES.photoTooLarge);
    expect(await rowsOf(listing.id)).toHaveLength(0);
    expect(storedFiles()).toEqual(before);
  });

  test('a 10000×10000 PNG (a 300 KB pixel bomb) is refused from its header, before any decode (REQ-SEC)', async () => {
    const listing = await bareListing(alice);
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const before = storedFiles();
    const decodes = vi.spyOn(sharp.prototype, 'toBuffer');
    try {
      for (const [url, name] of [
        [photosUrl(listing.id), 'bomb.png'],
        ['/api/agent/profile/logo', 'logo.png'],
      ] as const) {
        const res = await upload(url, alice.cookie, { bytes: bomb, name, type: 'image/png' });
        expect(res.status).toBe(400);
        expect((await readJson(res)).error).toEqual({
          code: 'VALIDATION_ERROR',
          message: PHOTO_MESSAGES.photoTooManyPixels,
        });
      }
      // Only the header was read: no pixel of it was decoded.
      expect(decodes).not.toHaveBeenCalled();
    } finally {
      decodes.mockRestore();
    }
    expect(await rowsOf(listing.id)).toHaveLength(0);
    expect(storedFiles()).toEqual(before);
  });

  test(`parallel uploads decode at most ${IMAGE_DECODES_AT_ONCE} images at once, and all succeed`, async () => {
    const listing = await bareListing(alice);
    let inside = 0;
    let peak = 0;
    // Every resize ends in toBuffer (images.ts): count the calls in flight at once.
    type ToBuffer = (this: Sharp, ...args: unknown[]) => Promise<unknown>;
    const prototype = sharp.prototype as { toBuffer: ToBuffer };
    const toBuffer = prototype.toBuffer;
    const decodes = vi.spyOn(prototype, 'toBuffer').mockImplementation(async function (this: Sharp, ...args) {
      inside += 1;
      peak = Math.max(peak, inside);
      try {
        return await toBuffer.apply(this, args);
      } finally {
        inside -= 1;
      }
    });
    try {
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          upload(photosUrl(listing.id), alice.cookie, {
            bytes: jpegRotated,
            name: `${i}.jpg`,
            type: 'image/jpeg',
          }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
      expect(decodes).toHaveBeenCalledTimes(6 * 3); // three sizes each
      expect(peak).toBe(IMAGE_DECODES_AT_ONCE);
    } finally {
      decodes.mockRestore();
    }
    expect(await rowsOf(listing.id)).toHaveLength(6);
  });

  test('a missing file is a 400', async () => {
    const listing = await bareListing(alice);
    const form = new FormData();
    form.append('alt', 'no file');
    const res = await app.request(photosUrl(listing.id), {
      method: 'POST',
      headers: { Origin: ORIGIN, Cookie: alice.cookie },
      body: form,
    });
    expect(res.status).toBe(400);
    expect((await readJson(res)).error.message).toBe(PHOTO_MESSAGES.photoMissing);
  });

  test(`at most ${MAX_PHOTOS_PER_LISTING} photos per listing`, async () => {
    const listing = await bareListing(alice);
    await handle.db.insert(propertyPhotos).values(
      Array.from({ length: MAX_PHOTOS_PER_LISTING }, (_, i) => ({
        propertyId: listing.id,
        url: `/media/demo/house-semi-1.svg?${i}`,
        orderIndex: i,
        isMain: i === 0,
      })),
    );
    const before = storedFiles();
    const res = await upload(photosUrl(listing.id), alice.cookie, {
      bytes: png,
      name: 'a.png',
      type: 'image/png',
    });
    expect(res.status).toBe(400);
    expect((await readJson(res)).error.message).toBe(PHOTO_MESSAGES.tooManyPhotos);
    expect(storedFiles()).toEqual(before);
  });

  test('a deleted listing takes no photos', async () => {
    const listing = await bareListing(alice);
    await handle.db.update(properties).set({ isDeleted: true }).where(eq(properties.id, listing.id));
    const res = await upload(photosUrl(listing.id), alice.cookie, {
      bytes: png,
      name: 'a.png',
      type: 'image/png',
    });
    expect(res.status).toBe(404);
    expect((await call('GET', photosUrl(listing.id), alice.cookie)).status).toBe(404);
  });
});

describe('order, main photo, alt text and delete', () => {
  test('reorder needs exactly the listing’s photo ids; the first becomes main', async () => {
    const listing = await bareListing(alice);
    const a = await uploadOk(alice, listing.id);
    const b = await uploadOk(alice, listing.id);
    const c = await uploadOk(alice, listing.id);
    const other = await uploadOk(alice, (await bareListing(alice)).id);
    const url = `${photosUrl(listing.id)}/order`;

    for (const photoIds of [
      [a.id, b.id],
      [a.id, b.id, b.id],
      [a.id, b.id, other.id],
      [a.id, b.id, c.id, other.id],
    ]) {
      const res = await call('PUT', url, alice.cookie, { photoIds });
      expect(res.status).toBe(400);
      expect((await readJson(res)).error.message).toBe(PHOTO_MESSAGES.orderMismatch);
    }
    expect((await call('PUT', url, alice.cookie, { photoIds: ['nope'] })).status).toBe(400);
    expect((await listPhotos(alice, listing.id)).map((p) => p.id)).toEqual([a.id, b.id, c.id]);

    const res = await call('PUT', url, alice.cookie, { photoIds: [c.id, a.id, b.id] });
    expect(res.status).toBe(200);
    const items = AgentPhotoListSchema.parse(await readJson(res)).items;
    expect(items.map((p) => [p.id, p.orderIndex, p.isMain])).toEqual([
      [c.id, 0, true],
      [a.id, 1, false],
      [b.id, 2, false],
    ]);
    expect((await rowsOf(listing.id)).filter((r) => r.isMain).map((r) => r.id)).toEqual([c.id]);
  });

  test('set as main moves the photo to the front; exactly one main', async () => {
    const listing = await bareListing(alice);
    const a = await uploadOk(alice, listing.id);
    const b = await uploadOk(alice, listing.id);
    const c = await uploadOk(alice, listing.id);
    const res = await call('POST', `${photosUrl(listing.id)}/${c.id}/main`, alice.cookie);
    expect(res.status).toBe(200);
    const rows = await rowsOf(listing.id);
    expect(rows.map((r) => [r.id, r.orderIndex, r.isMain])).toEqual([
      [c.id, 0, true],
      [a.id, 1, false],
      [b.id, 2, false],
    ]);
    // The public page leads with it.
    const page = ListingDetailSchema.parse(
      await readJson(await app.request(`/api/properties/${listing.slug}`)),
    );
    expect(page.photos[0]!.url).toBe(c.url);
  });

  test('alt text is trimmed, stripped of < >, limited to 200 characters; empty clears it', async () => {
    const listing = await bareListing(alice);
    const photo = await uploadOk(alice, listing.id);
    const url = `${photosUrl(listing.id)}/${photo.id}`;
    let res = await call('PATCH', url, alice.cookie, { altText: '  Kitchen <script> with island ' });
    expect(res.status).toBe(200);
    expect((await readJson(res)).altText).toBe('Kitchen script with island');
    res = await call('PATCH', url, alice.cookie, { altText: 'x'.repeat(201) });
    expect(res.status).toBe(400);
    res = await call('PATCH', url, alice.cookie, { altText: '   ' });
    expect((await readJson(res)).altText).toBeNull();
  });

  test('deleting the main photo promotes the next, closes the order and removes its files', async () => {
    const listing = await bareListing(alice);
    const a = await uploadOk(alice, listing.id);
    const b = await uploadOk(alice, listing.id);
    const c = await uploadOk(alice, listing.id);
    const res = await call('DELETE', `${photosUrl(listing.id)}/${a.id}`, alice.cookie);
    expect(res.status).toBe(204);
    expect((await rowsOf(listing.id)).map((r) => [r.id, r.orderIndex, r.isMain])).toEqual([
      [b.id, 0, true],
      [c.id, 1, false],
    ]);
    for (const variant of a.variants) expect((await app.request(variant.url)).status).toBe(404);
    expect(storedFiles().some((f) => f.includes(a.id))).toBe(false);
    expect((await app.request(b.url)).status).toBe(200);
    expect((await call('DELETE', `${photosUrl(listing.id)}/${a.id}`, alice.cookie)).status).toBe(404);
  });

  // REQ-AGENT-09: a live listing must keep a photo.
  test('the last photo of an active listing cannot be deleted; a draft’s can', async () => {
    const listing = await bareListing(alice);
    const only = await uploadOk(alice, listing.id);
    const refused = await call('DELETE', `${photosUrl(listing.id)}/${only.id}`, alice.cookie);
    expect(refused.status).toBe(400);
    expect((await readJson(refused)).error.message).toBe(LISTING_MESSAGES.lastPhotoOfActive);
    expect((await rowsOf(listing.id)).map((r) => r.id)).toEqual([only.id]);
    expect((await app.request(only.url)).status).toBe(200);

    await handle.db.update(properties).set({ status: 'draft' }).where(eq(properties.id, listing.id));
    expect((await call('DELETE', `${photosUrl(listing.id)}/${only.id}`, alice.cookie)).status).toBe(204);
    expect(await rowsOf(listing.id)).toEqual([]);
  });
});

describe('who may', () => {
  test('agent B can neither see nor change agent A’s photos, and nothing is stored for B', async () => {
    const listing = await bareListing(alice);
    const a = await uploadOk(alice, listing.id);
    const b = await uploadOk(alice, listing.id);
    const before = storedFiles();
    const rowsBefore = await rowsOf(listing.id);

    expect((await call('GET', photosUrl(listing.id), bob.cookie)).status).toBe(404);
    expect(
      (await upload(photosUrl(listing.id), bob.cookie, { bytes: png, name: 'a.png', type: 'image/png' }))
        .status,
    ).toBe(404);
    expect(
      (await call('PUT', `${photosUrl(listing.id)}/order`, bob.cookie, { photoIds: [b.id, a.id] })).status,
    ).toBe(404);
    expect((await call('POST', `${photosUrl(listing.id)}/${b.id}/main`, bob.cookie)).status).toBe(404);
    expect(
      (await call('PATCH', `${photosUrl(listing.id)}/${a.id}`, bob.cookie, { altText: 'x' })).status,
    ).toBe(404);
    expect((await call('DELETE', `${photosUrl(listing.id)}/${a.id}`, bob.cookie)).status).toBe(404);

    // B's own listing id with A's photo id is no way in either.
    const bobs = await bareListing(bob);
    expect((await call('DELETE', `${photosUrl(bobs.id)}/${a.id}`, bob.cookie)).status).toBe(404);
    expect((await call('POST', `${photosUrl(bobs.id)}/${a.id}/main`, bob.cookie)).status).toBe(404);
    expect((await call('PATCH', `${photosUrl(bobs.id)}/${a.id}`, bob.cookie, { altText: 'x' })).status).toBe(
      404,
    );

    expect(await rowsOf(listing.id)).toEqual(rowsBefore);
    expect(storedFiles()).toEqual(before);
  });

  test('a client gets 403 and a visitor 401', async () => {
    const listing = await bareListing(alice);
    const file = { bytes: png, name: 'a.png', type: 'image/png' };
    expect((await call('GET', photosUrl(listing.id), client.cookie)).status).toBe(403);
    expect((await upload(photosUrl(listing.id), client.cookie, file)).status).toBe(403);
    expect((await upload('/api/agent/profile/logo', client.cookie, file)).status).toBe(403);
    expect((await call('GET', photosUrl(listing.id))).status).toBe(401);
    expect((await upload(photosUrl(listing.id), undefined, file)).status).toBe(401);
    expect((await call('DELETE', '/api/agent/profile/logo')).status).toBe(401);
  });
});

describe('/media/uploads', () => {
  test('missing files and odd paths are 404', async () => {
    expect((await app.request('/media/uploads/properties/nope.webp')).status).toBe(404);
    expect((await app.request('/media/uploads/../package.json')).status).toBe(404);
    expect((await app.request('/media/uploads/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
    expect((await app.request('/media/uploads/%E0%A4%A.webp')).status).toBe(404);
  });

  test("a BLM zip's files waiting for the media job are never served", async () => {
    fs.mkdirSync(path.join(uploadsDir, 'feed-imports', 'agency'), { recursive: true });
    fs.writeFileSync(path.join(uploadsDir, 'feed-imports', 'agency', 'img_00.png'), png);
    expect((await app.request('/media/uploads/feed-imports/agency/img_00.png')).status).toBe(404);
    expect((await app.request('/media/uploads/feed-imports%2Fagency%2Fimg_00.png')).status).toBe(404);
  });
});

describe('/api/agent/profile/logo', () => {
  const logoUrl = async (owner: UploadsAgent) =>
    (await handle.db.select().from(agents).where(eq(agents.id, owner.agentId)))[0]!.logoUrl;

  test('JPG and PNG are accepted (fitted in 400×400 WebP); the previous logo file is deleted', async () => {
    const carol = await signedInAgent(app, handle.db);
    const jpg = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#123' } })
      .jpeg()
      .withMetadata({ orientation: 1 })
      .toBuffer();
    let res = await upload('/api/agent/profile/logo', carol.cookie, {
      bytes: jpg,
      name: 'me.jpg',
      type: 'image/jpeg',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const first = (await readJson(res)).logoUrl as string;
    expect(first).toMatch(new RegExp(`^/media/uploads/agents/${carol.agentId}/logo-[0-9a-f-]+\\.webp$`));
    expect(await logoUrl(carol)).toBe(first);
    const served = await app.request(first);
    expect(served.status).toBe(200);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 400, 200, undefined]);

    res = await upload('/api/agent/profile/logo', carol.cookie, {
      bytes: png,
      name: 'me.png',
      type: 'image/png',
    });
    expect(res.status).toBe(200);
    const second = (await readJson(res)).logoUrl as string;
    expect(second).not.toBe(first);
    expect((await app.request(first)).status).toBe(404);
    const pngMeta = await sharp(Buffer.from(await (await app.request(second)).arrayBuffer())).metadata();
    expect(pngMeta.hasAlpha).toBe(true);

    res = await call('DELETE', '/api/agent/profile/logo', carol.cookie);
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ logoUrl: null });
    expect(await logoUrl(carol)).toBeNull();
    expect((await app.request(second)).status).toBe(404);
  });

  test('WebP, GIF or a renamed file is refused; a 3 MB file is refused; nothing changes', async () => {
    const dave = await signedInAgent(app, handle.db);
    const before = storedFiles();
    for (const file of [
      { bytes: webp, name: 'me.webp', type: 'image/webp' },
      { bytes: Buffer.from('hello'), name: 'me.png', type: 'image/png' },
    ]) {
      const res = await upload('/api/agent/profile/logo', dave.cookie, file);
      expect(res.status).toBe(400);
      expect((await readJson(res)).error.message).toBe(PHOTO_MESSAGES.logoType);
    }
    const big = await upload('/api/agent/profile/logo', dave.cookie, {
      bytes: Buffer.alloc(3 * 1024 * 1024, 1),
      name: 'me.jpg',
      type: 'image/jpeg',
    });
    expect(big.status).toBe(413);
    expect((await readJson(big)).error.message).toBe(PHOTO_MESSAGES.logoTooLarge);
    expect(await logoUrl(dave)).toBeNull();
    expect(storedFiles()).toEqual(before);
  });
});
