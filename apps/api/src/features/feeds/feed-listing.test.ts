/**
 * The feeds' one write path (ADR 030) against a real database: create or update by (branch, CRM reference), an
 * identical resend writes nothing, a live status waits for the first photo, withdrawal and republishing, the portal's
 * rules (Part A, branches) refuse a listing without writing anything, a typed edit is overwritten by the next send,
 * and two sends of a new reference at once make one listing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { LISTING_MESSAGES } from '@abode/shared/agent/listing-input.schema';
import type { DatabaseHandle } from '#src/db/client.ts';
import { agentActivity, feedMedia, postcodes, properties, propertyPhotos } from '#src/db/schema.ts';
import { createApp } from '#src/app.ts';
import { loadMembership } from '#src/features/agency/membership.ts';
import { updateAgentListing } from '#src/features/agent/listings/update-agent-listing.ts';
import { agencyOwner } from '#src/features/agent/listings/listings-test-helpers.ts';
import { createLogger } from '#src/lib/logger.ts';
import { createDiskStorage } from '#src/lib/storage.ts';
import { REAL_ADDRESSES } from '#src/testing/fixtures.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { upsertFeedListing, type FeedContext, type FeedListing } from './feed-listing.ts';
import {
  applyFeedPendingStatus,
  withdrawAbsentFeedListings,
  withdrawFeedListing,
} from './feed-listing-status.ts';

let handle: DatabaseHandle;
let ctx: FeedContext;
let otherCtx: FeedContext;
let branchId: string;
let otherBranchId: string;
let queued = 0;

const reading = REAL_ADDRESSES.reading;

/** A freehold house for sale with Part A complete, as an adapter would map it. */
function house(agentRef: string, overrides: Partial<FeedListing['fields']> = {}): FeedListing {
  return {
    branchId,
    agentRef,
    published: true,
    fields: {
      title: '3 bedroom semi-detached house for sale',
      description: 'A family home close to the park.',
      pricePence: 375_000_00,
      priceQualifier: 'guide-price',
      mode: 'sale',
      status: 'active',
      propertyType: 'house',
      propertySubType: 'semi-detached',
      bedrooms: 3,
      bathrooms: 1,
      addressLine1: reading.addressLine1,
      city: reading.city,
      postcode: reading.postcode,
      tenure: 'freehold',
      councilTaxBand: 'C',
      keyFeatures: ['Three bedrooms', 'South-facing garden'],
      ...overrides,
    },
    media: [{ kind: 'photo', url: 'https://crm.example.com/photos/front.jpg', caption: 'Front' }],
    warnings: [],
  };
}

async function row(id: string) {
  const [found] = await handle.db.select().from(properties).where(eq(properties.id, id));
  return found!;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  const app = createApp({ db: handle.db });
  await handle.db
    .insert(postcodes)
    .values({
      postcode: reading.postcode,
      outcode: 'RG30',
      latitude: reading.latitude,
      longitude: reading.longitude,
    })
    .onConflictDoNothing();
  const owner = await agencyOwner(app, handle.db);
  const other = await agencyOwner(app, handle.db, { name: 'Sam Other' });
  branchId = owner.branchId;
  otherBranchId = other.branchId;
  const base = {
    db: handle.db,
    storage: createDiskStorage('/tmp/abode-feed-listing-test'),
    logger: createLogger('silent'),
    keyId: null,
    source: 'rtdf' as const,
    now: new Date('2026-11-26T12:00:00Z'),
    mediaQueued: () => {
      queued += 1;
    },
  };
  ctx = { ...base, scope: (await loadMembership(handle.db, owner.userId))! };
  otherCtx = { ...base, scope: (await loadMembership(handle.db, other.userId))! };
});
afterAll(async () => {
  await handle?.close();
});

describe('a feed listing', () => {
  test('is created as a draft that goes live with its first photo, approval still pending', async () => {
    const created = await upsertFeedListing(ctx, house('RG-001'));
    expect(created).toMatchObject({ outcome: 'created', errors: [] });
    const stored = await row(created.propertyId!);
    expect(stored).toMatchObject({
      status: 'draft',
      feedPendingStatus: 'active',
      source: 'rtdf',
      feedRef: 'RG-001',
      approvalStatus: 'pending',
      propertySubType: 'semi-detached',
      agentId: branchId,
    });
    expect(stored.listingNumber).toBeGreaterThan(100_000_000);
    const media = await handle.db.select().from(feedMedia).where(eq(feedMedia.propertyId, stored.id));
    expect(media).toMatchObject([
      { kind: 'photo', state: 'pending', url: 'https://crm.example.com/photos/front.jpg' },
    ]);
    expect(queued).toBe(1);

    await handle.db
      .insert(propertyPhotos)
      .values({ propertyId: stored.id, url: '/media/demo/house-1.svg', isMain: true });
    await applyFeedPendingStatus(ctx, stored.id);
    expect(await row(stored.id)).toMatchObject({
      status: 'active',
      feedPendingStatus: null,
      approvalStatus: 'pending',
    });
  });

  test('sent again unchanged writes nothing; a new price updates it in place', async () => {
    const first = await upsertFeedListing(ctx, house('RG-001'));
    expect(first.outcome).toBe('unchanged');
    const before = await row(first.propertyId!);

    const cheaper = await upsertFeedListing(ctx, house('RG-001', { pricePence: 360_000_00 }));
    expect(cheaper).toMatchObject({ outcome: 'updated', propertyId: first.propertyId });
    const after = await row(first.propertyId!);
    expect(after).toMatchObject({ pricePence: 360_000_00, status: 'active', slug: before.slug });
    expect(after.priceReducedAt).not.toBeNull();
    const changes = await handle.db
      .select()
      .from(agentActivity)
      .where(and(eq(agentActivity.propertyId, after.id), eq(agentActivity.type, 'listing_price_changed')));
    expect(changes).toHaveLength(1);
  });

  test('is withdrawn to draft, and published again by a later send', async () => {
    const sent = await upsertFeedListing(ctx, house('RG-002'));
    const id = sent.propertyId!;
    await handle.db
      .insert(propertyPhotos)
      .values({ propertyId: id, url: '/media/demo/house-2.svg', isMain: true });
    await applyFeedPendingStatus(ctx, id);
    expect((await row(id)).status).toBe('active');

    expect(await withdrawFeedListing(ctx, branchId, 'RG-002')).toMatchObject({
      outcome: 'withdrawn',
      propertyId: id,
    });
    expect(await row(id)).toMatchObject({ status: 'draft' });
    expect((await row(id)).feedWithdrawnAt).not.toBeNull();
    expect((await withdrawFeedListing(ctx, branchId, 'RG-002')).outcome).toBe('unchanged');

    expect(await upsertFeedListing(ctx, house('RG-002'))).toMatchObject({
      outcome: 'updated',
      propertyId: id,
    });
    expect(await row(id)).toMatchObject({ status: 'active', feedWithdrawnAt: null });

    const unpublished = await upsertFeedListing(ctx, { ...house('RG-002'), published: false });
    expect(unpublished.outcome).toBe('withdrawn');
    expect((await row(id)).status).toBe('draft');
  });

  test('an unknown reference cannot be withdrawn', async () => {
    expect(await withdrawFeedListing(ctx, branchId, 'NOPE')).toMatchObject({
      outcome: 'rejected',
      errors: [{ code: 'PROPERTY_NOT_FOUND', field: 'agent_ref' }],
    });
  });

  test('breaking the portal rules is rejected with the fields named, and nothing is written', async () => {
    const before = await handle.db.select().from(properties);
    const noBand = await upsertFeedListing(ctx, house('RG-003', { councilTaxBand: null }));
    expect(noBand).toMatchObject({ outcome: 'rejected', propertyId: null });
    expect(noBand.errors).toContainEqual({
      code: 'INVALID_FIELD',
      message: LISTING_MESSAGES.councilTaxBandRequired,
      field: 'councilTaxBand',
    });
    const leasehold = await upsertFeedListing(
      ctx,
      house('RG-004', { propertyType: 'flat', propertySubType: 'semi-detached', tenure: 'leasehold' }),
    );
    expect(leasehold.errors.map((e) => e.field)).toEqual(
      expect.arrayContaining([
        'propertySubType',
        'leaseYearsRemaining',
        'groundRentPence',
        'serviceChargePence',
      ]),
    );
    expect(await handle.db.select().from(properties)).toHaveLength(before.length);
  });

  test("another agency's branch is refused", async () => {
    const stranger = await upsertFeedListing(ctx, { ...house('RG-005'), branchId: otherBranchId });
    expect(stranger).toMatchObject({ outcome: 'rejected', propertyId: null });
    expect(stranger.errors[0]?.field).toBe('branchId');
    const [theirs] = await handle.db.select().from(properties).where(eq(properties.agentId, otherBranchId));
    expect(theirs).toBeUndefined();
  });

  test('a typed edit lasts until the next send, even an identical one', async () => {
    const sent = await upsertFeedListing(ctx, house('RG-006', { status: 'draft' }));
    await updateAgentListing(
      handle.db,
      ctx.scope,
      sent.propertyId!,
      { title: 'Typed in the portal' },
      ctx.now,
    );
    expect((await row(sent.propertyId!)).title).toBe('Typed in the portal');
    expect((await upsertFeedListing(ctx, house('RG-006', { status: 'draft' }))).outcome).toBe('updated');
    expect((await row(sent.propertyId!)).title).toBe('3 bedroom semi-detached house for sale');
  });

  test('media no longer sent are dropped from the wish list', async () => {
    const two = house('RG-007');
    two.media.push({ kind: 'floor-plan', url: 'https://crm.example.com/plans/ground.pdf' });
    const sent = await upsertFeedListing(ctx, two);
    const id = sent.propertyId!;
    expect(await handle.db.select().from(feedMedia).where(eq(feedMedia.propertyId, id))).toHaveLength(2);
    await upsertFeedListing(ctx, house('RG-007'));
    const left = await handle.db.select().from(feedMedia).where(eq(feedMedia.propertyId, id));
    expect(left.map((m) => m.kind)).toEqual(['photo']);
  });

  test('two sends of a new reference at once make one listing', async () => {
    const results = await Promise.all([
      upsertFeedListing(ctx, house('RG-008')),
      upsertFeedListing(ctx, house('RG-008')),
    ]);
    expect(results.map((r) => r.outcome).sort()).toEqual(['created', 'unchanged']);
    const rows = await handle.db.select().from(properties).where(eq(properties.feedRef, 'RG-008'));
    expect(rows).toHaveLength(1);
  });

  test("a full file's absent listings are withdrawn, the others kept", async () => {
    // What the real-time feed sent is none of a BLM file's business.
    const blm = { ...ctx, source: 'blm' as const };
    expect(await withdrawAbsentFeedListings(blm, new Map([[branchId, new Set<string>()]]))).toEqual([]);
    const results = await withdrawAbsentFeedListings(
      ctx,
      new Map([[branchId, new Set(['RG-001', 'RG-006'])]]),
    );
    const withdrawn = results.filter((r) => r.outcome === 'withdrawn').map((r) => r.agentRef);
    expect(withdrawn).toEqual(expect.arrayContaining(['RG-007', 'RG-008']));
    expect(withdrawn).not.toContain('RG-001');
    const [kept] = await handle.db.select().from(properties).where(eq(properties.feedRef, 'RG-001'));
    expect(kept).toMatchObject({ status: 'active', feedWithdrawnAt: null });
    // Another agency's key writing the same map touches nothing of ours.
    const theirs = await withdrawAbsentFeedListings(otherCtx, new Map([[otherBranchId, new Set<string>()]]));
    expect(theirs).toEqual([]);
  });
});
