/**
 * `POST /api/agent/properties/bulk` (REQ-AGENT-04 "working at volume"; ADR 029) over HTTP on a real database: a status
 * for several listings or deleting several, all or nothing, with each listing checked as the single routes check it
 * (role per listing, status fitting the mode, a photo before going live, a verified agency) and its activity
 * recorded; errors name the listing that failed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { BULK_LISTING_MESSAGES, BulkListingResultSchema } from '@abode/shared/agent/listing-bulk.schema';
import { LISTING_MESSAGES } from '@abode/shared/agent/listing-input.schema';
import { MESSAGES } from '@abode/shared/messages';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { agentActivity, properties, propertyPhotos } from '#src/db/schema.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { createListing } from '#src/testing/fixtures.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { addBranch, addMember, agencyOwner, type TestMember } from './listings-test-helpers.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let owner: TestMember & { branchId: string };
let manager: TestMember;
let negotiator: TestMember;
let reading: string;
let foreign: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db, writeRateLimitPerMinute: 10_000 });
  owner = await agencyOwner(app, handle.db);
  reading = await addBranch(handle.db, owner.agencyId, 'Reading');
  manager = await addMember(app, handle.db, {
    agencyId: owner.agencyId,
    role: 'branch-manager',
    branchIds: [reading],
    name: 'Adam Price',
  });
  negotiator = await addMember(app, handle.db, {
    agencyId: owner.agencyId,
    role: 'negotiator',
    branchIds: [reading],
    name: 'Bea Nash',
  });
  const other = await agencyOwner(app, handle.db, { name: 'Olive Stone' });
  foreign = (await createListing(handle.db, other.branchId, { title: 'Another agency listing' })).id;
});
afterAll(async () => {
  await handle?.close();
});

const bulk = (cookie: string, body: unknown) =>
  callApi(app, 'POST', '/api/agent/properties/bulk', cookie, body);

async function rowsOf(ids: string[]) {
  const rows = await handle.db
    .select({
      id: properties.id,
      status: properties.status,
      isDeleted: properties.isDeleted,
      updatedAt: properties.updatedAt,
    })
    .from(properties)
    .where(inArray(properties.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

async function activityOf(ids: string[]) {
  return handle.db
    .select({
      propertyId: agentActivity.propertyId,
      type: agentActivity.type,
      details: agentActivity.details,
    })
    .from(agentActivity)
    .where(inArray(agentActivity.propertyId, ids));
}

/** Active, approved listings with photos and Part A, in Wimbledon (the owner's branch) and Reading. */
let wimbledonSale: string;
let readingSale: string;
let readingRent: string;
beforeEach(async () => {
  const partA = { councilTaxBand: 'D', tenure: 'freehold' } as const;
  wimbledonSale = (await createListing(handle.db, owner.branchId, { title: 'Wimbledon semi', ...partA })).id;
  readingSale = (await createListing(handle.db, reading, { title: 'Reading terrace', ...partA })).id;
  readingRent = (
    await createListing(handle.db, reading, {
      title: 'Reading flat to rent',
      mode: 'rent',
      pricePence: 1_500_00,
      rentFrequency: 'pcm',
      councilTaxBand: 'B',
      depositPence: 1_700_00,
      holdingDepositPence: 340_00,
      minimumTermMonths: 12,
    })
  ).id;
});

describe('status', () => {
  test('the owner marks two sale listings under offer in one go; each records its change', async () => {
    const res = await bulk(owner.cookie, {
      ids: [wimbledonSale, readingSale],
      action: 'status',
      status: 'under-offer',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(BulkListingResultSchema.parse(await readJson(res))).toEqual({
      action: 'status',
      count: 2,
      ids: [wimbledonSale, readingSale],
    });
    const rows = await rowsOf([wimbledonSale, readingSale, readingRent]);
    expect(rows.get(wimbledonSale)!.status).toBe('under-offer');
    expect(rows.get(readingSale)!.status).toBe('under-offer');
    expect(rows.get(readingRent)!.status).toBe('active');
    const events = await activityOf([wimbledonSale, readingSale]);
    expect(events).toHaveLength(2);
    for (const event of events)
      expect(event).toMatchObject({
        type: 'listing_status_changed',
        details: { from: 'active', to: 'under-offer' },
      });
  });

  test('a branch manager changes the status of their branch’s listings; a repeated id counts once', async () => {
    const res = await bulk(manager.cookie, {
      ids: [readingRent, readingRent, readingSale],
      action: 'status',
      status: 'draft',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await readJson(res)).toEqual({ action: 'status', count: 2, ids: [readingRent, readingSale] });
    expect((await activityOf([readingRent, readingSale])).map((e) => e.type)).toEqual([
      'listing_status_changed',
      'listing_status_changed',
    ]);
  });

  test('a status that does not fit one listing’s mode: 400 naming it, and nothing changes', async () => {
    const res = await bulk(owner.cookie, {
      ids: [readingSale, readingRent],
      action: 'status',
      status: 'under-offer',
    });
    expect(res.status).toBe(400);
    expect((await readJson(res)).error).toEqual({
      code: 'VALIDATION_ERROR',
      message: MESSAGES.validation,
      details: [
        { path: 'ids.1.status', message: `Reading flat to rent: ${LISTING_MESSAGES.saleStatusForRent}` },
      ],
    });
    const rows = await rowsOf([readingSale, readingRent]);
    expect([...rows.values()].map((r) => r.status)).toEqual(['active', 'active']);
    expect(await activityOf([readingSale, readingRent])).toEqual([]);
  });

  test('every listing that breaks a rule is listed: going live without a photo or without Part A', async () => {
    const noPhoto = (
      await createListing(handle.db, owner.branchId, {
        title: 'No photo yet',
        status: 'draft',
        councilTaxBand: 'C',
        tenure: 'freehold',
      })
    ).id;
    await handle.db.delete(propertyPhotos).where(eq(propertyPhotos.propertyId, noPhoto));
    const noBand = (await createListing(handle.db, owner.branchId, { title: 'No band', status: 'draft' })).id;
    const res = await bulk(owner.cookie, {
      ids: [wimbledonSale, noPhoto, noBand],
      action: 'status',
      status: 'active',
    });
    expect(res.status).toBe(400);
    const { details } = (await readJson(res)).error;
    expect(details).toContainEqual({
      path: 'ids.1.status',
      message: `No photo yet: ${LISTING_MESSAGES.photoRequired}`,
    });
    expect(details).toContainEqual({
      path: 'ids.2.councilTaxBand',
      message: `No band: ${LISTING_MESSAGES.councilTaxBandRequired}`,
    });
    expect(details.every((d: { path: string }) => !d.path.startsWith('ids.0'))).toBe(true);
    const rows = await rowsOf([noPhoto, noBand]);
    expect([...rows.values()].map((r) => r.status)).toEqual(['draft', 'draft']);
  });

  test('a negotiator may not change statuses: 403, and nothing changes', async () => {
    const res = await bulk(negotiator.cookie, {
      ids: [readingSale, readingRent],
      action: 'status',
      status: 'draft',
    });
    expect(res.status).toBe(403);
    const { error } = await readJson(res);
    expect(error).toMatchObject({ code: 'FORBIDDEN', message: MESSAGES.authorization });
    expect(error.details).toHaveLength(1);
    expect(error.details[0].path).toMatch(/^ids\.[01]$/);
    const rows = await rowsOf([readingSale, readingRent]);
    expect([...rows.values()].map((r) => r.status)).toEqual(['active', 'active']);
  });

  test('an unverified agency may not publish several at once either (403), but may set drafts', async () => {
    const fresh = await agencyOwner(app, handle.db, { name: 'Nina Fresh', agencyVerified: false });
    const draft = (
      await createListing(handle.db, fresh.branchId, {
        title: 'Unverified draft',
        status: 'draft',
        approvalStatus: 'pending',
        councilTaxBand: 'D',
        tenure: 'freehold',
      })
    ).id;
    const refused = await bulk(fresh.cookie, { ids: [draft], action: 'status', status: 'active' });
    expect(refused.status).toBe(403);
    expect((await readJson(refused)).error).toMatchObject({
      message: LISTING_MESSAGES.agencyNotVerified,
      details: [{ path: 'ids.0', message: `Unverified draft: ${LISTING_MESSAGES.agencyNotVerified}` }],
    });
    expect((await bulk(fresh.cookie, { ids: [draft], action: 'status', status: 'draft' })).status).toBe(200);
  });
});

describe('delete', () => {
  test('the owner deletes several; each leaves the list and records listing_deleted', async () => {
    const res = await bulk(owner.cookie, { ids: [wimbledonSale, readingRent], action: 'delete' });
    expect(res.status, await res.clone().text()).toBe(200);
    const rows = await rowsOf([wimbledonSale, readingRent, readingSale]);
    expect(rows.get(wimbledonSale)!.isDeleted).toBe(true);
    expect(rows.get(readingRent)!.isDeleted).toBe(true);
    expect(rows.get(readingSale)!.isDeleted).toBe(false);
    expect((await activityOf([wimbledonSale, readingRent])).map((e) => e.type)).toEqual([
      'listing_deleted',
      'listing_deleted',
    ]);
    const list = await readJson(await callApi(app, 'GET', '/api/agent/properties', owner.cookie));
    expect(list.items.map((i: { id: string }) => i.id)).not.toContain(wimbledonSale);
    // Deleting again: the listing is gone (404), as the single delete answers.
    const again = await bulk(owner.cookie, { ids: [readingSale, wimbledonSale], action: 'delete' });
    expect(again.status).toBe(404);
    expect((await readJson(again)).error).toMatchObject({
      message: LISTING_MESSAGES.notFound,
      details: [{ path: 'ids.1', message: LISTING_MESSAGES.notFound }],
    });
    expect((await rowsOf([readingSale])).get(readingSale)!.isDeleted).toBe(false);
  });

  test('a negotiator may not delete (403) and nothing is deleted', async () => {
    const res = await bulk(negotiator.cookie, { ids: [readingSale], action: 'delete' });
    expect(res.status).toBe(403);
    expect((await rowsOf([readingSale])).get(readingSale)!.isDeleted).toBe(false);
  });

  test('a branch manager’s batch with another branch’s listing: 404 naming it, nothing deleted', async () => {
    const res = await bulk(manager.cookie, { ids: [readingSale, wimbledonSale], action: 'delete' });
    expect(res.status).toBe(404);
    const { error } = await readJson(res);
    expect(error).toEqual({
      code: 'NOT_FOUND',
      message: LISTING_MESSAGES.notFound,
      details: [{ path: 'ids.1', message: LISTING_MESSAGES.notFound }],
    });
    const rows = await rowsOf([readingSale, wimbledonSale]);
    expect([...rows.values()].every((r) => !r.isDeleted)).toBe(true);
  });
});

test("another agency's listing in the batch: 404 naming its place, its title never shown, nothing changed", async () => {
  for (const body of [
    { ids: [readingSale, foreign], action: 'delete' },
    { ids: [foreign, readingSale], action: 'status', status: 'under-offer' },
  ]) {
    const res = await bulk(owner.cookie, body);
    expect(res.status).toBe(404);
    const text = await res.text();
    expect(text).not.toContain('Another agency listing');
    const place = body.ids.indexOf(foreign);
    expect(JSON.parse(text).error.details).toEqual([
      { path: `ids.${place}`, message: LISTING_MESSAGES.notFound },
    ]);
  }
  const rows = await rowsOf([readingSale, foreign]);
  expect(rows.get(readingSale)).toMatchObject({ status: 'active', isDeleted: false });
  expect(rows.get(foreign)).toMatchObject({ status: 'active', isDeleted: false });
  expect(await handle.db.select().from(agentActivity).where(eq(agentActivity.propertyId, foreign))).toEqual(
    [],
  );
});

test('bad bodies are 400 with field messages', async () => {
  const ids = (n: number) => Array.from({ length: n }, () => crypto.randomUUID());
  const cases: [unknown, string, string][] = [
    [{ ids: [], action: 'delete' }, 'ids', BULK_LISTING_MESSAGES.selectionSize],
    [{ ids: ids(101), action: 'delete' }, 'ids', BULK_LISTING_MESSAGES.selectionSize],
    [{ ids: ['not-a-uuid'], action: 'delete' }, 'ids.0', BULK_LISTING_MESSAGES.idInvalid],
    [{ ids: ids(1), action: 'status' }, 'status', BULK_LISTING_MESSAGES.statusRequired],
  ];
  for (const [body, path, message] of cases) {
    const res = await bulk(owner.cookie, body);
    expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    expect((await readJson(res)).error.details).toContainEqual({ path, message });
  }
  for (const body of [
    { ids: ids(1), action: 'archive' },
    { ids: ids(1), action: 'status', status: 'gone' },
    { ids: ids(1), action: 'delete', extra: true },
  ])
    expect((await bulk(owner.cookie, body)).status).toBe(400);
});

test('a visitor gets 401 and a client 403', async () => {
  expect((await bulk('', { ids: [readingSale], action: 'delete' })).status).toBe(401);
  const client = await signedInUser(app, handle.db);
  expect((await bulk(client.cookie, { ids: [readingSale], action: 'delete' })).status).toBe(403);
  expect((await rowsOf([readingSale])).get(readingSale)!.isDeleted).toBe(false);
});
