/**
 * The media job of listing feeds (ADR 030) over a real database, with a local media server the test allows: a
 * feed listing written by `upsertFeedListing` gets its photos (with their sizes), floor plan and EPC stored as
 * uploads are, and goes live once it has a photo; a failing file is retried with back-off, then failed; an unchanged
 * resend fetches nothing, a new date replaces the file; an item the feed drops loses its photo; files the upload
 * checks refuse fail for good; a revoked key's items fail; a BLM zip's stored files are taken and then deleted; the
 * scheduler fetches as soon as a feed write signals it. `GET /api/agent/properties/{id}/feed-media` shows each item.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { MEDIA_MESSAGES } from '@abode/shared/agent/media.schema';
import { FeedMediaListSchema } from '@abode/shared/feeds/feed-media.schema';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { feedKeys, feedMedia, listingMedia, postcodes, properties, propertyPhotos } from '#src/db/schema.ts';
import type { AgentScope } from '#src/features/agency/authorise.ts';
import { loadMembership } from '#src/features/agency/membership.ts';
import { ACTIVE_PDFS, makePdf } from '#src/features/agent/media/test-pdfs.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { startTestJobs } from '#src/testing/test-jobs.ts';
import { createLogger } from '#src/lib/logger.ts';
import { createDiskStorage, type Storage } from '#src/lib/storage.ts';
import { branchesOfUser, REAL_ADDRESSES } from '#src/testing/fixtures.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { upsertFeedListing, type FeedContext, type FeedMediaItem } from '../feed-listing.ts';
import { createFeedKeyFor } from '../keys/feed-key-fixtures.ts';
import { FEED_MEDIA_MESSAGES } from './feed-media-messages.ts';
import { feedMediaQueued } from './feed-media-signal.ts';
import { FEED_MEDIA_BACKOFF_MS, runFeedMediaJob } from './feed-media-job.ts';
import { MEDIA_SERVER_FETCH, startMediaServer, type MediaServer } from './media-server-fixture.ts';

const logger = createLogger('silent');
let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let storage: Storage;
let uploadsDir: string;
let server: MediaServer;

interface Member {
  cookie: string;
  branchId: string;
  agencyId: string;
  keyId: string;
  scope: AgentScope;
}
let alice: Member;
let bob: Member;

beforeAll(async () => {
  handle = await createTestDatabase();
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-feed-media-test-'));
  storage = createDiskStorage(uploadsDir);
  app = createApp({ db: handle.db, storage });
  // SW19 1AA's position in OS Code-Point Open (the project's demo extract, apps/api/data/demo/postcodes.csv.gz).
  await handle.db
    .insert(postcodes)
    .values({ postcode: 'SW19 1AA', outcode: 'SW19', latitude: 51.42164, longitude: -0.18615 });
  server = await startMediaServer();
  alice = await member();
  bob = await member();
  const image = (width: number, background: string) =>
    sharp({ create: { width, height: Math.round(width * 0.75), channels: 3, background } });
  for (const name of ['a', 'b', 'c', 'd1', 'd2', 'e', 'flaky', 'first', 'second', 'signal'])
    server.file(`/${name}.png`, await image(1200, '#9ab').png().toBuffer(), 'image/png');
  server.file('/c-new.jpg', await image(900, '#345').jpeg().toBuffer(), 'image/jpeg');
  server.file('/epc.png', await image(900, '#eee').png().toBuffer(), 'image/png');
  server.file('/plan.pdf', await makePdf(undefined, 2), 'application/pdf');
  server.file('/active.pdf', await ACTIVE_PDFS.openActionJavaScript(), 'application/pdf');
  server.file('/text.png', Buffer.from('this is not an image'), 'image/png');
});
afterAll(async () => {
  await server?.close();
  await handle?.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

async function member(): Promise<Member> {
  const user = await signedInUser(app, handle.db, { role: 'agent' });
  const [branch] = await branchesOfUser(handle.db, user.userId);
  const key = await createFeedKeyFor(handle.db, {
    userId: user.userId,
    agencyId: branch!.agencyId,
    branchId: branch!.id,
  });
  const scope = (await loadMembership(handle.db, user.userId))!;
  return { cookie: user.cookie, branchId: branch!.id, agencyId: branch!.agencyId, keyId: key.id, scope };
}

const feedContext = (who: Member, now: Date, extra: Partial<FeedContext> = {}): FeedContext => ({
  db: handle.db,
  storage,
  logger,
  scope: who.scope,
  keyId: who.keyId,
  source: 'rtdf',
  now,
  ...extra,
});

const { wimbledon } = REAL_ADDRESSES;

/** Writes listing `agentRef` of alice's branch, live, with `media`; returns its id. */
async function send(
  agentRef: string,
  media: FeedMediaItem[],
  o: { now?: Date; title?: string; ctx?: Partial<FeedContext> } = {},
): Promise<string> {
  const result = await upsertFeedListing(feedContext(alice, o.now ?? new Date(), o.ctx), {
    branchId: alice.branchId,
    agentRef,
    published: true,
    fields: {
      title: o.title ?? '3 bedroom terraced house for sale',
      description: 'A bright Victorian terrace near Wimbledon station.',
      pricePence: 650_000_00,
      mode: 'sale',
      status: 'active',
      propertyType: 'house',
      bedrooms: 3,
      bathrooms: 1,
      addressLine1: wimbledon.addressLine1,
      city: wimbledon.city,
      postcode: wimbledon.postcode,
      tenure: 'freehold',
      councilTaxBand: 'E',
    },
    media,
    warnings: [],
  });
  expect(result.errors).toEqual([]);
  return result.propertyId!;
}

const run = (now = new Date()) =>
  runFeedMediaJob({ db: handle.db, storage, logger, now, fetch: MEDIA_SERVER_FETCH });

const itemsOf = (propertyId: string) =>
  handle.db
    .select()
    .from(feedMedia)
    .where(eq(feedMedia.propertyId, propertyId))
    .orderBy(asc(feedMedia.kind), asc(feedMedia.orderIndex));

const photosOf = (propertyId: string) =>
  handle.db
    .select()
    .from(propertyPhotos)
    .where(eq(propertyPhotos.propertyId, propertyId))
    .orderBy(asc(propertyPhotos.orderIndex));

async function listingRow(propertyId: string) {
  const [row] = await handle.db.select().from(properties).where(eq(properties.id, propertyId));
  return row!;
}

test("a feed listing's photos, floor plan and EPC are stored as uploads are, and it goes live with its first photo", async () => {
  const id = await send('ABC1', [
    { kind: 'photo', url: server.url('/a.png'), caption: 'Front of the house' },
    { kind: 'photo', url: server.url('/b.png') },
    { kind: 'floor-plan', url: server.url('/plan.pdf'), caption: 'Ground and first floor' },
    { kind: 'epc', url: server.url('/epc.png') },
  ]);
  expect(await listingRow(id)).toMatchObject({ status: 'draft', feedPendingStatus: 'active' });

  expect(await run()).toEqual({ stored: 4, retrying: 0, failed: 0, superseded: 0 });
  const items = await itemsOf(id);
  expect(items.map((i) => [i.kind, i.state, i.attempts])).toEqual([
    ['epc', 'stored', 1],
    ['floor-plan', 'stored', 1],
    ['photo', 'stored', 1],
    ['photo', 'stored', 1],
  ]);
  const photos = await photosOf(id);
  expect(photos.map((p) => p.id)).toEqual([items[2]!.photoId, items[3]!.photoId]);
  expect(photos[0]).toMatchObject({ isMain: true, altText: 'Front of the house' });
  expect(photos[0]!.variants.map((v) => v.width)).toEqual([1200, 800, 400]);
  expect(await storage.list(`properties/${id}/${photos[0]!.id}-`)).toHaveLength(3);
  const media = await handle.db
    .select()
    .from(listingMedia)
    .where(eq(listingMedia.propertyId, id))
    .orderBy(asc(listingMedia.kind));
  expect(media.map((m) => [m.id, m.kind, m.format, m.caption])).toEqual([
    [items[0]!.mediaId, 'epc', 'image', null],
    [items[1]!.mediaId, 'floor-plan', 'pdf', 'Ground and first floor'],
  ]);
  // Live as the CRM asked, awaiting approval like any listing.
  expect(await listingRow(id)).toMatchObject({
    status: 'active',
    approvalStatus: 'pending',
    feedPendingStatus: null,
    hasFloorPlan: true,
  });

  const res = await callApi(app, 'GET', `/api/agent/properties/${id}/feed-media`, alice.cookie);
  expect(res.status).toBe(200);
  const body = FeedMediaListSchema.parse(await readJson(res));
  expect(body.items.map((i) => [i.kind, i.url, i.state, i.lastError, i.nextAttemptAt])).toEqual([
    ['photo', server.url('/a.png'), 'stored', null, null],
    ['photo', server.url('/b.png'), 'stored', null, null],
    ['floor-plan', server.url('/plan.pdf'), 'stored', null, null],
    ['epc', server.url('/epc.png'), 'stored', null, null],
  ]);
  expect((await callApi(app, 'GET', `/api/agent/properties/${id}/feed-media`, bob.cookie)).status).toBe(404);
});

test('a failing file is retried after 1 min, 5 min, 30 min and 2 h, then failed; the photos keep the feed order', async () => {
  server.failWith('/flaky.png', 503);
  server.failWith('/first.png', 503);
  const t0 = new Date();
  const failing = await send('FLAKY1', [{ kind: 'photo', url: server.url('/flaky.png') }], { now: t0 });
  const ordered = await send(
    'ORDER1',
    [
      { kind: 'photo', url: server.url('/first.png') },
      { kind: 'photo', url: server.url('/second.png') },
    ],
    { now: t0 },
  );
  await run(t0);
  const [flaky] = await itemsOf(failing);
  expect(flaky).toMatchObject({
    state: 'pending',
    attempts: 1,
    lastError: FEED_MEDIA_MESSAGES.httpStatus(503),
    nextAttemptAt: new Date(t0.getTime() + FEED_MEDIA_BACKOFF_MS[0]),
  });
  // The second photo arrived first, so it leads for now, and the listing is live with it.
  expect((await photosOf(ordered)).length).toBe(1);
  expect((await listingRow(ordered)).status).toBe('active');

  // Not due yet: nothing is fetched.
  await run(new Date(t0.getTime() + 30_000));
  expect(server.hits('/flaky.png')).toBe(1);

  server.failWith('/first.png', null);
  let at = t0.getTime();
  for (const [index, wait] of FEED_MEDIA_BACKOFF_MS.entries()) {
    at += wait;
    await run(new Date(at));
    const [row] = await itemsOf(failing);
    expect(row!.attempts).toBe(index + 2);
    if (index < FEED_MEDIA_BACKOFF_MS.length - 1)
      expect(row).toMatchObject({
        state: 'pending',
        nextAttemptAt: new Date(at + FEED_MEDIA_BACKOFF_MS[index + 1]!),
      });
    else expect(row).toMatchObject({ state: 'failed', lastError: FEED_MEDIA_MESSAGES.httpStatus(503) });
  }
  expect(server.hits('/flaky.png')).toBe(5);
  expect((await listingRow(failing)).status).toBe('draft');

  // The first photo, stored on its retry, went in front as the feed orders them.
  const items = await itemsOf(ordered);
  expect((await photosOf(ordered)).map((p) => [p.id, p.isMain])).toEqual([
    [items[0]!.photoId, true],
    [items[1]!.photoId, false],
  ]);
});

test('an unchanged resend fetches nothing again; a new date fetches the file again and replaces it', async () => {
  const dated = new Date('2026-11-01T09:00:00Z');
  const id = await send('REFETCH1', [{ kind: 'photo', url: server.url('/c.png'), updatedAt: dated }]);
  await run();
  const [before] = await photosOf(id);
  await send('REFETCH1', [{ kind: 'photo', url: server.url('/c.png'), updatedAt: dated }]);
  await send('REFETCH1', [{ kind: 'photo', url: server.url('/c.png'), updatedAt: dated }], {
    title: '3 bedroom Victorian terraced house for sale',
  });
  await run();
  expect(server.hits('/c.png')).toBe(1);
  expect((await photosOf(id)).map((p) => p.id)).toEqual([before!.id]);

  await send('REFETCH1', [
    { kind: 'photo', url: server.url('/c.png'), updatedAt: new Date('2026-11-20T09:00:00Z') },
  ]);
  await run();
  expect(server.hits('/c.png')).toBe(2);
  const after = await photosOf(id);
  expect(after).toHaveLength(1);
  expect(after[0]!.id).not.toBe(before!.id);
  expect(after[0]!.isMain).toBe(true);
  expect(await storage.list(`properties/${id}/${before!.id}-`)).toEqual([]);
  expect((await itemsOf(id))[0]!.photoId).toBe(after[0]!.id);
});

test('a photo the feed no longer sends is removed with its files', async () => {
  const id = await send('DROP1', [
    { kind: 'photo', url: server.url('/d1.png') },
    { kind: 'photo', url: server.url('/d2.png') },
  ]);
  await run();
  const [, dropped] = await photosOf(id);
  await send('DROP1', [{ kind: 'photo', url: server.url('/d1.png') }]);
  expect((await photosOf(id)).map((p) => p.id)).not.toContain(dropped!.id);
  expect(await photosOf(id)).toHaveLength(1);
  expect(await storage.list(`properties/${id}/${dropped!.id}-`)).toEqual([]);
  expect((await itemsOf(id)).map((i) => i.url)).toEqual([server.url('/d1.png')]);
});

test('files the upload checks refuse, and addresses the fetcher refuses, fail at once', async () => {
  const id = await send('REFUSED1', [
    { kind: 'photo', url: server.url('/text.png') },
    { kind: 'photo', url: 'http://169.254.169.254/latest/meta-data/' },
    { kind: 'floor-plan', url: server.url('/large/11000000') },
    { kind: 'brochure', url: server.url('/active.pdf') },
    { kind: 'epc', url: server.url('/status/404') },
  ]);
  expect(await run()).toMatchObject({ stored: 0, failed: 5 });
  const items = await itemsOf(id);
  expect(items.map((i) => [i.kind, i.state, i.attempts, i.lastError])).toEqual([
    ['brochure', 'failed', 1, MEDIA_MESSAGES.pdfActiveContent],
    ['epc', 'failed', 1, FEED_MEDIA_MESSAGES.notFound(404)],
    ['floor-plan', 'failed', 1, 'The file is larger than 10 MB'],
    ['photo', 'failed', 1, FEED_MEDIA_MESSAGES.notAnImage],
    ['photo', 'failed', 1, FEED_MEDIA_MESSAGES.blockedAddress],
  ]);
  expect(await photosOf(id)).toEqual([]);
  expect(await listingRow(id)).toMatchObject({ status: 'draft', feedPendingStatus: 'active' });
  expect(await storage.list(`properties/${id}/`)).toEqual([]);
});

test("a revoked key's items fail, and nothing is fetched for them", async () => {
  const id = await send('REVOKED1', [{ kind: 'photo', url: server.url('/e.png') }]);
  await handle.db.update(feedKeys).set({ revokedAt: new Date() }).where(eq(feedKeys.id, alice.keyId));
  try {
    await run();
    expect((await itemsOf(id))[0]).toMatchObject({
      state: 'failed',
      lastError: FEED_MEDIA_MESSAGES.keyRevoked,
    });
    expect(server.hits('/e.png')).toBe(0);
  } finally {
    await handle.db.update(feedKeys).set({ revokedAt: null }).where(eq(feedKeys.id, alice.keyId));
  }
});

test("a BLM zip's file is taken from the storage, as the member who uploaded it, then deleted", async () => {
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#642' } })
    .png()
    .toBuffer();
  const own = `feed-imports/${alice.agencyId}/blm1_img_00.png`;
  const others = `feed-imports/${bob.agencyId}/blm9_img_00.png`;
  await storage.put(own, png, 'image/png');
  await storage.put(others, png, 'image/png');
  const id = await send(
    'BLM1',
    [
      { kind: 'photo', url: `storage:${own}` },
      { kind: 'photo', url: `storage:${others}` },
    ],
    { ctx: { keyId: null, source: 'blm' } },
  );
  await run();
  expect((await itemsOf(id)).map((i) => [i.state, i.lastError])).toEqual([
    ['stored', null],
    // Another agency's upload is never read, nor deleted.
    ['failed', FEED_MEDIA_MESSAGES.blockedAddress],
  ]);
  expect(await photosOf(id)).toHaveLength(1);
  expect(await storage.get(own)).toBeNull();
  expect(await storage.get(others)).not.toBeNull();
});

test('the scheduler fetches as soon as a feed write signals queued media', async () => {
  const jobs = startTestJobs({
    db: handle.db,
    logger,
    purgeIntervalMs: 0,
    placesIntervalMs: 0,
    storage,
    // A long interval: only the signal can make the fetch happen within the test.
    feedMediaIntervalMs: 60 * 60_000,
    feedMediaFetch: MEDIA_SERVER_FETCH,
  });
  try {
    const id = await send('SIGNAL1', [{ kind: 'photo', url: server.url('/signal.png') }], {
      ctx: { mediaQueued: feedMediaQueued },
    });
    await expect
      .poll(async () => (await itemsOf(id))[0]?.state, { timeout: 10_000, interval: 100 })
      .toBe('stored');
  } finally {
    await jobs.stop();
  }
});
