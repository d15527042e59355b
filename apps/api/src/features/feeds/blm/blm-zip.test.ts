/**
 * `.zip` uploads of a BLM and its media (REQ-FEED-07): files a row names are stored once, by content, and given to the
 * media job as `storage:` URLs, so the same zip sent again changes nothing; a zip-slip name, a bomb, too many files
 * or the wrong number of `.blm` files are refused before anything is unpacked or written; a `.blm` alone has its
 * own size limit.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { BLM_MESSAGES } from '@abode/shared/feeds/blm/blm-import.schema';
import type { FeedImportReport } from '@abode/shared/feeds/feed-report.schema';
import { feedImports, feedMedia } from '#src/db/schema.ts';
import { readJson } from '#src/testing/http.ts';
import { blmBlob, blmFile, createBlmWorld, saleRow, zipOf, type BlmWorld } from './blm-test-world.ts';

let w: BlmWorld;
let front: Buffer;
let plan: Buffer;

beforeAll(async () => {
  w = await createBlmWorld();
  const image = (background: string) =>
    sharp({ create: { width: 48, height: 32, channels: 3, background } })
      .png()
      .toBuffer();
  front = await image('#8a8');
  plan = await image('#fff');
}, 60_000);
afterAll(async () => {
  await w?.close();
});

const withPhotos = (ref: string, overrides: Record<string, string> = {}) =>
  saleRow(ref, {
    MEDIA_IMAGE_00: 'front.png',
    MEDIA_IMAGE_TEXT_00: 'Front',
    MEDIA_FLOOR_PLAN_00: 'plans/Ground Floor.PNG',
    ...overrides,
  });

async function importsCount(): Promise<number> {
  return (await w.handle.db.select().from(feedImports).where(eq(feedImports.agencyId, w.agencyA))).length;
}

describe('a zip with its media', () => {
  test('stores the files its rows name and hands them on as storage: URLs; the same zip again is unchanged', async () => {
    const zip = await zipOf({
      'feed.blm': blmFile([withPhotos('ZIP-1'), withPhotos('ZIP-2', { MEDIA_IMAGE_01: 'missing.jpg' })]),
      'front.png': front,
      'plans/ground floor.png': plan,
      '__MACOSX/._feed.blm': 'resource fork',
    });
    const res = await w.feedUpload(w.keys.ownerA, blmBlob(zip), 'feed.zip');
    expect(res.status).toBe(200);
    const report = (await readJson(res)) as FeedImportReport;
    expect(report.counts).toMatchObject({ created: 2, rejected: 0, mediaWarnings: 1 });
    expect(report.rows[1]!.warnings).toContainEqual(
      expect.objectContaining({ code: 'MEDIA_NOT_FOUND', field: 'MEDIA_IMAGE_01' }),
    );
    const media = await w.handle.db
      .select()
      .from(feedMedia)
      .where(eq(feedMedia.propertyId, report.rows[0]!.propertyId!));
    const photo = media.find((m) => m.kind === 'photo')!;
    const floorPlan = media.find((m) => m.kind === 'floor-plan')!;
    expect(photo.url).toMatch(new RegExp(`^storage:feed-imports/${w.agencyA}/[0-9a-f]{32}-front\\.png$`));
    expect(floorPlan.url).toMatch(/-ground-floor\.png$/);
    const stored = await w.storage.get(photo.url.slice('storage:'.length));
    expect(stored).toEqual({ body: expect.any(Buffer), contentType: 'image/png' });
    expect(Buffer.compare(Buffer.from(stored!.body), front)).toBe(0);
    // Both rows name front.png: one file, one URL.
    const second = await w.handle.db
      .select()
      .from(feedMedia)
      .where(eq(feedMedia.propertyId, report.rows[1]!.propertyId!));
    expect(second.find((m) => m.kind === 'photo')!.url).toBe(photo.url);

    const again = (await readJson(
      await w.feedUpload(w.keys.ownerA, blmBlob(zip), 'feed.zip'),
    )) as FeedImportReport;
    expect(again.rows.map((r) => r.outcome)).toEqual(['unchanged', 'unchanged']);
  });

  test("a storage: value in the file itself is refused: only Abode's own stored files are storage: URLs", async () => {
    const zip = await zipOf({
      'feed.blm': blmFile([
        withPhotos('ZIP-1'),
        withPhotos('ZIP-2'),
        saleRow('ZIP-3', { MEDIA_IMAGE_00: `storage:feed-imports/${w.agencyA}/0000-front.png` }),
      ]),
      'front.png': front,
      'plans/ground floor.png': plan,
    });
    const report = (await readJson(
      await w.feedUpload(w.keys.ownerA, blmBlob(zip), 'feed.zip'),
    )) as FeedImportReport;
    expect(report.rows[2]).toMatchObject({ agentRef: 'ZIP-3', outcome: 'created' });
    expect(report.rows[2]!.warnings).toContainEqual(
      expect.objectContaining({ code: 'MEDIA_REFUSED', field: 'MEDIA_IMAGE_00' }),
    );
    expect(
      await w.handle.db.select().from(feedMedia).where(eq(feedMedia.propertyId, report.rows[2]!.propertyId!)),
    ).toEqual([]);
  });
});

describe('refused zips', () => {
  /** The zip of `files`, with `from` replaced by `to` (same length) in its bytes: names yazl would not write. */
  async function patchedZip(
    files: Record<string, string | Uint8Array>,
    from: string,
    to: string,
  ): Promise<Buffer> {
    const bytes = await zipOf(files);
    const at: number[] = [];
    for (let i = bytes.indexOf(from); i !== -1; i = bytes.indexOf(from, i + 1)) at.push(i);
    for (const i of at) bytes.write(to, i, 'latin1');
    return bytes;
  }

  test.each([
    ['a ../ name (zip slip)', 'xx/evil.png', '../evil.png'],
    ['an absolute name', 'xevil.png', '/evil.png'],
  ])('%s: 400, nothing stored or imported', async (_name, from, to) => {
    const before = await importsCount();
    const zip = await patchedZip({ 'feed.blm': blmFile([withPhotos('SLIP-1')]), [from]: front }, from, to);
    const res = await w.feedUpload(w.keys.ownerA, blmBlob(zip), 'feed.zip');
    expect(res.status).toBe(400);
    expect((await readJson(res)).error.message).toBe(BLM_MESSAGES.zipUnsafeName);
    expect(await importsCount()).toBe(before);
  });

  test('not exactly one .blm: 400', async () => {
    const cases: Record<string, string | Uint8Array>[] = [
      { 'front.png': front },
      { 'a.blm': blmFile([]), 'b.BLM': blmFile([]) },
    ];
    for (const files of cases) {
      const res = await w.feedUpload(w.keys.ownerA, blmBlob(await zipOf(files)), 'feed.zip');
      expect(res.status).toBe(400);
      expect((await readJson(res)).error.message).toBe(BLM_MESSAGES.zipBlmCount);
    }
  });

  test('a file that unpacks past the limit (a zip bomb): 413 before it is unpacked', async () => {
    const zip = await zipOf({
      'feed.blm': blmFile([withPhotos('BOMB-1')]),
      'front.png': new Uint8Array(11 * 1024 * 1024),
    });
    expect(zip.length).toBeLessThan(100 * 1024);
    const res = await w.feedUpload(w.keys.ownerA, blmBlob(zip), 'feed.zip');
    expect(res.status).toBe(413);
    expect((await readJson(res)).error.message).toBe(BLM_MESSAGES.zipFileTooLarge);
  });

  test('more files than a zip may hold: 400, read from its directory alone', async () => {
    const zip = await zipOf({ 'feed.blm': blmFile([]) });
    const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    zip.writeUInt16LE(20_001, end + 8);
    zip.writeUInt16LE(20_001, end + 10);
    const res = await w.feedUpload(w.keys.ownerA, blmBlob(zip), 'feed.zip');
    expect(res.status).toBe(400);
    expect((await readJson(res)).error.message).toBe(BLM_MESSAGES.zipTooManyFiles);
  });

  test('a damaged zip: 400', async () => {
    const zip = await zipOf({ 'feed.blm': blmFile([withPhotos('DMG-1')]) });
    const res = await w.feedUpload(w.keys.ownerA, blmBlob(zip.subarray(0, zip.length - 30)), 'feed.zip');
    expect(res.status).toBe(400);
    expect((await readJson(res)).error.message).toBe(BLM_MESSAGES.zipUnreadable);
  });

  test('a .blm alone over 20 MB: 413 (send it zipped)', async () => {
    const big = blmFile([saleRow('BIG-1', { DESCRIPTION: 'x'.repeat(21 * 1024 * 1024) })]);
    const res = await w.feedUpload(w.keys.ownerA, blmBlob(big));
    expect(res.status).toBe(413);
    expect((await readJson(res)).error.message).toBe(BLM_MESSAGES.blmTooLarge);
  });
});
