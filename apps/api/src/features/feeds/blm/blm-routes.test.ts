/**
 * BLM imports over HTTP (REQ-FEED-07): a CRM's file with its feed key and the portal's Bulk upload create, update,
 * leave unchanged, withdraw and reject rows in one go; a later file without a row withdraws it unless withdrawing is
 * off; branch codes route rows and never reach another agency's branches; the import history; who may upload.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { FEED_KEY_MESSAGES } from '@abode/shared/feeds/feed-keys.schema';
import { BLM_MESSAGES } from '@abode/shared/feeds/blm/blm-import.schema';
import type { FeedImportReport, FeedRowReport } from '@abode/shared/feeds/feed-report.schema';
import { MESSAGES } from '@abode/shared/messages';
import {
  agents,
  auditLogs,
  feedBranchCodes,
  feedImports,
  feedMedia,
  properties,
  propertyPhotos,
} from '#src/db/schema.ts';
import { readJson } from '#src/testing/http.ts';
import { createFeedKeyFor } from '../keys/feed-key-fixtures.ts';
import {
  blmBlob,
  blmFile,
  createBlmWorld,
  letRow,
  PUBLIC_URL,
  saleRow,
  type BlmWorld,
} from './blm-test-world.ts';

let w: BlmWorld;

beforeAll(async () => {
  w = await createBlmWorld();
}, 60_000);
afterAll(async () => {
  await w?.close();
});

async function listing(branchId: string, ref: string) {
  const [row] = await w.handle.db
    .select()
    .from(properties)
    .where(
      and(eq(properties.agentId, branchId), eq(properties.feedRef, ref), eq(properties.isDeleted, false)),
    );
  return row;
}

/** What the media job does once a listing's first photo is stored: the photo, and the live status it waited for. */
async function photoArrived(id: string) {
  await w.handle.db
    .insert(propertyPhotos)
    .values({ propertyId: id, url: '/media/demo/house-1.svg', isMain: true });
  await w.handle.db
    .update(properties)
    .set({ status: 'active', feedPendingStatus: null })
    .where(eq(properties.id, id));
}

/** The report's line of `ref` (its first). */
const lineOf = (report: FeedImportReport, ref: string): FeedRowReport => {
  const line = report.rows.find((r) => r.agentRef === ref);
  if (!line) throw new Error(`no line for ${ref}`);
  return line;
};

describe("a CRM's file with its feed key", () => {
  test('creates, updates, leaves unchanged, withdraws and rejects rows in one go, and reports each', async () => {
    const first = await w.feedUpload(
      w.keys.ownerA,
      blmBlob(
        blmFile([
          saleRow('WIM-1'),
          letRow('RDG-1'),
          saleRow('WIM-HIDE'),
          saleRow('WIM-GONE'),
          saleRow('WIM-BAD', { POSTCODE2: '' }),
        ]),
      ),
    );
    expect(first.status).toBe(200);
    const one = await readJson(first);
    expect(one.counts).toEqual({
      created: 4,
      updated: 0,
      unchanged: 0,
      withdrawn: 0,
      rejected: 1,
      mediaWarnings: 0,
    });
    expect(one.fileErrors).toEqual([]);
    const created = lineOf(one, 'WIM-1');
    expect(created).toMatchObject({ row: 1, branchId: w.a1, outcome: 'created', errors: [] });
    expect(created.url).toBe(`${PUBLIC_URL}/property/${created.slug}`);
    expect(created.warnings).toEqual([
      expect.objectContaining({
        code: 'BLM_BRANCH_NOT_MAPPED',
        field: 'BRANCH_ID',
        message: expect.stringContaining('WIM'),
      }),
    ]);
    expect(lineOf(one, 'WIM-BAD')).toMatchObject({
      row: 5,
      outcome: 'rejected',
      propertyId: null,
      errors: [{ code: 'BLM_MISSING_FIELD', field: 'POSTCODE2', message: 'POSTCODE2 is required' }],
    });
    const stored = await listing(w.a1, 'WIM-1');
    expect(stored).toMatchObject({
      title: '3 bedroom semi-detached house for sale',
      source: 'blm',
      status: 'draft',
      feedPendingStatus: 'active',
      approvalStatus: 'pending',
      pricePence: 650_000_00,
      postcode: 'SW19 1AA',
      feedUpdatedAt: new Date('2026-11-20T14:30:00Z'),
    });
    expect(
      await w.handle.db.select().from(feedMedia).where(eq(feedMedia.propertyId, stored!.id)),
    ).toMatchObject([
      { kind: 'photo', url: 'https://crm.example.com/WIM-1/front.jpg', caption: 'Front', state: 'pending' },
    ]);
    expect(await listing(w.a1, 'RDG-1')).toMatchObject({
      mode: 'rent',
      pricePence: 1_150_00,
      holdingDepositPence: 265_00,
    });
    await photoArrived((await listing(w.a1, 'WIM-HIDE'))!.id);

    const second = await w.feedUpload(
      w.keys.ownerA,
      blmBlob(
        blmFile([
          saleRow('WIM-1'),
          letRow('RDG-1', { PRICE: '1200' }),
          saleRow('WIM-HIDE', { PUBLISHED_FLAG: '0' }),
          saleRow('WIM-OFFICE', { PROP_SUB_ID: '178' }),
        ]),
      ),
    );
    const two = await readJson(second);
    expect(two.counts).toEqual({
      created: 0,
      updated: 1,
      unchanged: 1,
      withdrawn: 2,
      rejected: 1,
      mediaWarnings: 0,
    });
    expect(
      two.rows.map((r: { agentRef: string; outcome: string; row?: number }) => [
        r.row,
        r.agentRef,
        r.outcome,
      ]),
    ).toEqual([
      [1, 'WIM-1', 'unchanged'],
      [2, 'RDG-1', 'updated'],
      [3, 'WIM-HIDE', 'withdrawn'],
      [4, 'WIM-OFFICE', 'rejected'],
      [undefined, 'WIM-GONE', 'withdrawn'],
    ]);
    expect(lineOf(two, 'WIM-OFFICE').errors).toEqual([
      expect.objectContaining({ code: 'PROPERTY_TYPE_NOT_LISTED', field: 'PROP_SUB_ID' }),
    ]);
    expect(await listing(w.a1, 'RDG-1')).toMatchObject({ pricePence: 1_200_00 });
    expect(await listing(w.a1, 'WIM-HIDE')).toMatchObject({ status: 'draft', feedWithdrawnAt: w.clock });
    expect((await listing(w.a1, 'WIM-GONE'))!.feedWithdrawnAt).not.toBeNull();
    // The rejected update of a listing already there never withdraws it.
    expect((await listing(w.a1, 'WIM-1'))!.feedWithdrawnAt).toBeNull();
  });

  test("the write path's refusals name the BLM column", async () => {
    const res = await w.feedUpload(
      w.keys.ownerA,
      blmBlob(
        blmFile([
          saleRow('WIM-1'),
          letRow('RDG-1', { PRICE: '1200' }),
          saleRow('WIM-TAX', { COUNCIL_TAX_BAND: '' }),
          saleRow('WIM-PC', { POSTCODE1: 'ZZ99' }),
        ]),
      ),
    );
    const report = await readJson(res);
    expect(lineOf(report, 'WIM-TAX')).toMatchObject({
      outcome: 'rejected',
      errors: [
        {
          code: 'INVALID_FIELD',
          field: 'COUNCIL_TAX_BAND',
          message: expect.stringContaining('Council tax band'),
        },
      ],
    });
    expect(lineOf(report, 'WIM-PC')).toMatchObject({
      outcome: 'rejected',
      errors: [expect.objectContaining({ field: 'POSTCODE1' })],
    });
  });

  test('a file that cannot be read is a report with file errors, stored, and withdraws nothing', async () => {
    const res = await w.feedUpload(w.keys.ownerA, blmBlob('AGENT_REF,PRICE\nWIM-1,650000\n'), 'listings.csv');
    expect(res.status).toBe(200);
    const report = await readJson(res);
    expect(report).toMatchObject({
      fileName: 'listings.csv',
      rows: [],
      fileErrors: [{ code: 'BLM_BAD_HEADER' }],
    });
    const [stored] = await w.handle.db.select().from(feedImports).where(eq(feedImports.id, report.id));
    expect(stored).toMatchObject({ agencyId: w.agencyA, userId: null, fileName: 'listings.csv' });
    expect((await listing(w.a1, 'WIM-1'))!.feedWithdrawnAt).toBeNull();
  });

  test('without #END# the rows import but nothing is withdrawn', async () => {
    const report = await readJson(
      await w.feedUpload(w.keys.ownerA, blmBlob(blmFile([saleRow('WIM-1')], { end: false }))),
    );
    expect(report.counts).toMatchObject({ unchanged: 1, withdrawn: 0 });
    expect(report.fileErrors).toEqual([expect.objectContaining({ code: 'BLM_NO_END' })]);
    expect((await listing(w.a1, 'RDG-1'))!.feedWithdrawnAt).toBeNull();
  });

  test('a key whose withdrawAbsent is off keeps the listings a file leaves out', async () => {
    const keep = await createFeedKeyFor(w.handle.db, {
      userId: w.ownerA.userId,
      agencyId: w.agencyA,
      branchId: w.a1,
      withdrawAbsent: false,
    });
    const report = await readJson(
      await w.feedUpload(keep.authorization, blmBlob(blmFile([saleRow('WIM-1')]))),
    );
    expect(report.counts).toMatchObject({ unchanged: 1, withdrawn: 0 });
    expect((await listing(w.a1, 'RDG-1'))!.feedWithdrawnAt).toBeNull();
  });

  test("the file's own values quoted in the report are plain text; a reference with markup is refused", async () => {
    const report = await readJson(
      await w.feedUpload(
        w.keys.ownerA,
        blmBlob(
          blmFile([
            saleRow('WIM-1'),
            letRow('RDG-1', { PRICE: '1200' }),
            saleRow('<b>WIM-X</b>'),
            saleRow('WIM-Y', { STATUS_ID: '<script>1' }),
          ]),
        ),
      ),
    );
    expect(report.rows[2]).toMatchObject({
      agentRef: 'bWIM-X/b',
      outcome: 'rejected',
      errors: [expect.objectContaining({ field: 'AGENT_REF' })],
    });
    expect(report.rows[3].errors[0].message).not.toMatch(/[<>]/);
    const [stored] = await w.handle.db.select().from(feedImports).where(eq(feedImports.id, report.id));
    expect(JSON.stringify(stored!.report)).not.toMatch(/[<>]/);
  });

  test('is refused without a valid key, and every call is audited', async () => {
    const file = blmBlob(blmFile([saleRow('WIM-1')]));
    const res = await w.feedUpload('Bearer abode_feed_not-a-key', file);
    expect(res.status).toBe(401);
    expect((await readJson(res)).error.message).toBe(FEED_KEY_MESSAGES.keyInvalid);
    const missing = await w.app.request('/api/feeds/blm', {
      method: 'POST',
      headers: { Authorization: w.keys.ownerA },
      body: new FormData(),
    });
    expect(missing.status).toBe(400);
    expect((await readJson(missing)).error.message).toBe(BLM_MESSAGES.fileMissing);
    const audited = await w.handle.db.select().from(auditLogs).where(eq(auditLogs.action, 'feed_call'));
    expect(audited.some((a) => (a.afterData as { path: string }).path === '/api/feeds/blm')).toBe(true);
  });
});

describe('branches', () => {
  test("mapped codes route rows; a key's creator writes only branches they manage", async () => {
    await w.handle.db.insert(feedBranchCodes).values([
      { agencyId: w.agencyA, code: 'RDG', branchId: w.a2 },
      { agencyId: w.agencyA, code: 'WIM', branchId: w.a1 },
    ]);
    // A2's manager: RDG is their branch; WIM (A1) is not; an unmapped code goes to the key's branch, A2.
    const report = await readJson(
      await w.feedUpload(
        w.keys.managerA2,
        blmBlob(
          blmFile([
            letRow('A2-1', { BRANCH_ID: 'RDG' }),
            saleRow('A2-2', { BRANCH_ID: 'WIM' }),
            letRow('A2-3', { BRANCH_ID: 'PROSPECT' }),
          ]),
        ),
      ),
    );
    expect(
      report.rows.map((r: { outcome: string; branchId: string | null }) => [r.outcome, r.branchId]),
    ).toEqual([
      ['created', w.a2],
      ['rejected', null],
      ['created', w.a2],
    ]);
    expect(lineOf(report, 'A2-1').warnings).toEqual([]);
    expect(lineOf(report, 'A2-2').errors).toEqual([
      expect.objectContaining({ code: 'BRANCH_NOT_ALLOWED', field: 'BRANCH_ID' }),
    ]);
    expect(lineOf(report, 'A2-3').warnings).toEqual([
      expect.objectContaining({ code: 'BLM_BRANCH_NOT_MAPPED' }),
    ]);
    // A full feed for A2 only: A1's listings are not this file's to withdraw.
    expect((await listing(w.a1, 'WIM-1'))!.feedWithdrawnAt).toBeNull();
  });

  test("another agency's key cannot touch A's branches, whatever codes and numbers its file names", async () => {
    const [a1] = await w.handle.db
      .select({ feedBranchId: agents.feedBranchId })
      .from(agents)
      .where(eq(agents.id, w.a1));
    const feedNumberOfA1 = String(a1!.feedBranchId);
    const report = await readJson(
      await w.feedUpload(
        w.keys.ownerB,
        blmBlob(
          blmFile([saleRow('WIM-1', { BRANCH_ID: 'WIM' }), saleRow('B-2', { BRANCH_ID: feedNumberOfA1 })]),
        ),
      ),
    );
    expect(report.rows.map((r: { outcome: string; branchId: string }) => [r.outcome, r.branchId])).toEqual([
      ['created', w.ownerB.branchId],
      ['created', w.ownerB.branchId],
    ]);
    const a1Listing = await listing(w.a1, 'WIM-1');
    expect(a1Listing).toMatchObject({ source: 'blm', feedWithdrawnAt: null, pricePence: 650_000_00 });
    expect(await listing(w.ownerB.branchId, 'WIM-1')).toMatchObject({ agentId: w.ownerB.branchId });
  });
});

describe('the Bulk upload screen', () => {
  test('an owner uploads to a branch of theirs, and can keep listings the file leaves out', async () => {
    const res = await w.portalUpload(
      w.ownerA.cookie,
      blmBlob(blmFile([letRow('A2-1', { BRANCH_ID: 'RDG', PRICE: '1195' })])),
      { branchId: w.a2, withdrawAbsent: 'false' },
      'reading.blm',
    );
    expect(res.status).toBe(200);
    const report = await readJson(res);
    expect(report.rows).toMatchObject([{ agentRef: 'A2-1', outcome: 'updated', branchId: w.a2 }]);
    expect((await listing(w.a2, 'A2-3'))!.feedWithdrawnAt).toBeNull();
    const [stored] = await w.handle.db.select().from(feedImports).where(eq(feedImports.id, report.id));
    expect(stored).toMatchObject({ userId: w.ownerA.userId, feedKeyId: null, fileName: 'reading.blm' });

    // With withdrawing on (the default), A2-3 is withdrawn now.
    const again = await readJson(
      await w.portalUpload(
        w.ownerA.cookie,
        blmBlob(blmFile([letRow('A2-1', { BRANCH_ID: 'RDG', PRICE: '1195' })])),
      ),
    );
    expect(again.rows.map((r: { agentRef: string; outcome: string }) => [r.agentRef, r.outcome])).toEqual([
      ['A2-1', 'unchanged'],
      ['A2-3', 'withdrawn'],
    ]);
  });

  test('who may upload: not a negotiator, not to a branch one does not manage', async () => {
    const file = blmBlob(blmFile([saleRow('N-1')]));
    const negotiator = await w.portalUpload(w.negotiatorA1.cookie, file);
    expect(negotiator.status).toBe(403);
    expect((await readJson(negotiator)).error.message).toBe(MESSAGES.authorization);
    const elsewhere = await w.portalUpload(w.managerA2.cookie, file, { branchId: w.a1 });
    expect(elsewhere.status).toBe(400);
    expect((await readJson(elsewhere)).error.details).toEqual([
      { path: 'branchId', message: BLM_MESSAGES.branchUnknown },
    ]);
    const bad = await w.portalUpload(w.ownerA.cookie, file, { withdrawAbsent: 'maybe' });
    expect(bad.status).toBe(400);
  });

  test('the history: newest first with who sent it; a report is the agency’s own; a manager sees their lines', async () => {
    const list = await w.app.request('/api/agent/feeds/imports', { headers: { Cookie: w.ownerA.cookie } });
    expect(list.status).toBe(200);
    const { items } = await readJson(list);
    expect(items.length).toBeGreaterThanOrEqual(8);
    expect(items[0]).toMatchObject({ fileName: 'feed.blm', sentBy: 'Clara Whitmore' });
    expect(items.find((i: { sentBy: string }) => i.sentBy === 'Reapit')).toBeDefined();
    const newest = items[0].id;
    const report = await readJson(
      await w.app.request(`/api/agent/feeds/imports/${newest}`, { headers: { Cookie: w.ownerA.cookie } }),
    );
    expect(report.rows.map((r: { agentRef: string }) => r.agentRef)).toEqual(['A2-1', 'A2-3']);

    for (const [cookie, status] of [
      [w.ownerB.cookie, 404],
      [w.negotiatorA1.cookie, 403],
      [w.managerA2.cookie, 200],
    ] as const) {
      const res = await w.app.request(`/api/agent/feeds/imports/${newest}`, { headers: { Cookie: cookie } });
      expect(res.status, cookie).toBe(status);
    }
    const bOwn = await readJson(
      await w.app.request('/api/agent/feeds/imports', { headers: { Cookie: w.ownerB.cookie } }),
    );
    expect(bOwn.items.map((i: { sentBy: string }) => i.sentBy)).toEqual(['Jupix']);
    const missing = await w.app.request('/api/agent/feeds/imports/not-an-id', {
      headers: { Cookie: w.ownerA.cookie },
    });
    expect(missing.status).toBe(404);
    expect((await readJson(missing)).error.message).toBe(BLM_MESSAGES.importNotFound);
  });
});

test('the routes are in the OpenAPI document: the CRM upload behind the feed key, the portal ones for members', async () => {
  const doc = await readJson(await w.app.request('/api/openapi.json'));
  const upload = doc.paths['/api/feeds/blm'].post;
  expect(upload).toMatchObject({ tags: ['Listing feeds'], security: [{ feedKey: [] }] });
  expect(upload.requestBody.content['multipart/form-data'].schema.properties.file).toMatchObject({
    type: 'string',
    format: 'binary',
  });
  const form = doc.paths['/api/agent/feeds/blm'].post.requestBody.content['multipart/form-data'].schema;
  expect(Object.keys(form.properties).sort()).toEqual(['branchId', 'file', 'withdrawAbsent']);
  expect(doc.paths['/api/agent/feeds/imports'].get.responses['200']).toBeDefined();
  expect(doc.paths['/api/agent/feeds/imports/{id}'].get.responses['404']).toBeDefined();
  expect(doc.components.securitySchemes.feedKey).toMatchObject({ type: 'http', scheme: 'bearer' });
});
