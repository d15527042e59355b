/**
 * The RTDF calls over HTTP on a real database (REQ-FEED-03): a listing's life from Rightmove's own sample call
 * (create, identical resend, price change, `published: false`, removeproperty, getbranchpropertylist), the answers
 * in Rightmove's shape, and who may call: no key, a bad or revoked key (401), an unverified agency (403), a branch
 * of another agency or outside the key creator's branches (refused, nothing written); every call audited, with the
 * CRM's network_id, and the per-key limit.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { LISTING_MESSAGES } from '@abode/shared/agent/listing-input.schema';
import { FEED_KEY_MESSAGES } from '@abode/shared/feeds/feed-keys.schema';
import { RTDF_MESSAGES } from '@abode/shared/feeds/rtdf/rtdf-response.schema';
import { auditLogs, feedKeys, feedMedia, properties } from '#src/db/schema.ts';
import { checkRateLimit } from '#src/features/rate-limit/check-rate-limit.ts';
import { agencyOwner } from '#src/features/agent/listings/listings-test-helpers.ts';
import { readJson } from '#src/testing/http.ts';
import { FEED_RATE_LIMIT, hashFeedKey } from '../keys/feed-key-auth.ts';
import { createFeedKeyFor } from '../keys/feed-key-fixtures.ts';
import { lettingsCall, sampleCall } from './rtdf-fixtures.ts';
import { createRtdfWorld, PUBLIC_URL, type RtdfWorld } from './rtdf-test-world.ts';

let w: RtdfWorld;

beforeAll(async () => {
  w = await createRtdfWorld();
});
afterAll(async () => {
  await w?.close();
});

const TIMESTAMP = /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/;

async function send(body: unknown, key = w.keys.owner) {
  const res = await w.rtdf('sendpropertydetails', body, key);
  expect(res.status, await res.clone().text()).toBe(200);
  return { res, json: await readJson(res) };
}

async function listingOf(agentRef: string, branchId = w.a1.id) {
  const [row] = await w.handle.db
    .select()
    .from(properties)
    .where(and(eq(properties.agentId, branchId), eq(properties.feedRef, agentRef)));
  return row;
}

describe('sendpropertydetails', () => {
  test("creates a listing from Rightmove's sample call, answering in Rightmove's shape", async () => {
    const { res, json } = await send(sampleCall(w.a1.feedBranchId, 'SAMPLE-1'));
    const row = (await listingOf('SAMPLE-1'))!;
    expect(json).toEqual({
      request_id: res.headers.get('X-Request-Id'),
      message: RTDF_MESSAGES.created,
      success: true,
      request_timestamp: '26-11-2026 10:00:00',
      response_timestamp: expect.stringMatching(TIMESTAMP),
      property: {
        agent_ref: 'SAMPLE-1',
        rightmove_id: row.listingNumber,
        rightmove_url: `${PUBLIC_URL}/property/${row.slug}`,
        change_type: 'CREATE',
      },
      errors: [],
      warnings: [],
    });
    expect(row.listingNumber).toBeGreaterThanOrEqual(100_000_001);
    expect(row).toMatchObject({
      title: '2 bedroom end of terrace house for sale',
      description: 'A bright Victorian end of terrace.\nClose to the station & the common.',
      summary: 'A bright Victorian end of terrace near Wimbledon station',
      addressLine1: 'Cowper Road',
      city: 'London',
      postcode: 'SW19 1AA',
      mode: 'sale',
      propertyType: 'house',
      propertySubType: 'end-of-terrace',
      pricePence: 650_000_00,
      tenure: 'freehold',
      councilTaxBand: 'F',
      bedrooms: 2,
      bathrooms: 2,
      receptionRooms: 1,
      floorAreaSqm: 92.9,
      keyFeatures: ['Has own drive', 'Garage included', 'Double glazed'],
      rooms: [{ name: 'Living room', lengthM: 4.5, widthM: 3.65, description: 'Bay window onto the street' }],
      source: 'rtdf',
      // Live once its photo is fetched (REQ-LISTING-02); pending an admin's approval like any new listing.
      status: 'draft',
      feedPendingStatus: 'active',
      approvalStatus: 'pending',
      feedUpdatedAt: new Date('2013-07-02T00:00:00+01:00'),
    });
    expect([...row.features].sort()).toEqual(['garden', 'parking']);
    expect(row.materialInformation).toMatchObject({
      parking: { status: 'answered', value: 'allocated' },
      heating: { status: 'answered', value: 'gas-central', note: 'Gas central heating, double glazing' },
      accessibility: { status: 'answered', value: 'no' },
    });
    const media = await w.handle.db.select().from(feedMedia).where(eq(feedMedia.propertyId, row.id));
    expect(media).toMatchObject([
      {
        kind: 'photo',
        url: 'https://www.rightmove.com/image1.JPG',
        caption: 'This is an image',
        state: 'pending',
        sourceUpdatedAt: new Date('2013-07-02T11:12:12Z'),
      },
    ]);
  });

  test('a resend that changes nothing is unchanged; a new price updates the listing', async () => {
    const again = await send(sampleCall(w.a1.feedBranchId, 'SAMPLE-1'));
    expect(again.json).toMatchObject({
      success: true,
      message: RTDF_MESSAGES.unchanged,
      property: { agent_ref: 'SAMPLE-1', change_type: null },
    });
    const cheaper = sampleCall(w.a1.feedBranchId, 'SAMPLE-1', (b) => {
      b.property.price_information.price = 625000;
    });
    const updated = await send(cheaper);
    expect(updated.json).toMatchObject({
      success: true,
      message: RTDF_MESSAGES.updated,
      property: { change_type: 'UPDATE' },
    });
    expect((await listingOf('SAMPLE-1'))!.pricePence).toBe(625_000_00);
    const count = await w.handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(properties)
      .where(eq(properties.feedRef, 'SAMPLE-1'));
    expect(count[0]!.n).toBe(1);
  });

  test('published: false withdraws the listing; sending it published again brings it back', async () => {
    const withdrawn = await send(
      sampleCall(w.a1.feedBranchId, 'SAMPLE-1', (b) => {
        b.property.published = false;
        b.property.price_information.price = 625000;
      }),
    );
    expect(withdrawn.json).toMatchObject({
      success: true,
      message: RTDF_MESSAGES.withdrawn,
      property: { change_type: 'DELETE' },
    });
    const row = (await listingOf('SAMPLE-1'))!;
    expect(row.status).toBe('draft');
    expect(row.feedWithdrawnAt).not.toBeNull();
    const back = await send(sampleCall(w.a1.feedBranchId, 'SAMPLE-1'));
    expect(back.json).toMatchObject({ success: true, property: { change_type: 'UPDATE' } });
    expect((await listingOf('SAMPLE-1'))!.feedWithdrawnAt).toBeNull();
  });

  test("a manager's key writes to their branch A2 as a lettings listing", async () => {
    const { json } = await send(lettingsCall(w.a2.feedBranchId, 'LET-A2'), w.keys.managerA2);
    expect(json).toMatchObject({ success: true, property: { change_type: 'CREATE' } });
    expect(await listingOf('LET-A2', w.a2.id)).toMatchObject({ mode: 'rent', propertySubType: 'apartment' });
  });
});

describe('removeproperty', () => {
  test('withdraws a listing, says so again on a retry, and refuses an unknown reference', async () => {
    await send(sampleCall(w.a1.feedBranchId, 'REMOVE-1'));
    const remove = { network: { network_id: 5 }, branch: { branch_id: w.a1.feedBranchId, channel: 1 } };
    const call = (agentRef: string) =>
      w.rtdf(
        'removeproperty',
        {
          ...remove,
          property: { agent_ref: agentRef, removal_reason: 9, transaction_date: '26-11-2026 09:00:00' },
        },
        w.keys.owner,
      );
    const first = await readJson(await call('REMOVE-1'));
    const row = (await listingOf('REMOVE-1'))!;
    expect(first).toMatchObject({
      success: true,
      message: RTDF_MESSAGES.withdrawn,
      property: { agent_ref: 'REMOVE-1', rightmove_id: row.listingNumber, change_type: 'DELETE' },
      errors: [],
    });
    expect(row.feedWithdrawnAt).not.toBeNull();
    expect(await readJson(await call('REMOVE-1'))).toMatchObject({
      success: true,
      message: RTDF_MESSAGES.alreadyWithdrawn,
    });
    expect(await readJson(await call('NO-SUCH-REF'))).toMatchObject({
      success: false,
      property: { agent_ref: 'NO-SUCH-REF', rightmove_id: null },
      errors: [
        {
          error_code: 'PROPERTY_NOT_FOUND',
          error_description: expect.stringMatching(/^property\.agent_ref: /),
          error_value: 'NO-SUCH-REF',
        },
      ],
    });
  });
});

describe('getbranchpropertylist', () => {
  test("lists the branch's feed listings on Abode (not withdrawn), by channel when asked", async () => {
    await send(sampleCall(w.a1.feedBranchId, 'LIST-SALE'));
    await send(lettingsCall(w.a1.feedBranchId, 'LIST-LET'));
    const list = async (channel?: number) =>
      readJson(
        await w.rtdf(
          'getbranchpropertylist',
          { network: { network_id: 5 }, branch: { branch_id: w.a1.feedBranchId, channel } },
          w.keys.owner,
        ),
      );
    const all = await list();
    expect(all).toMatchObject({ success: true, branch: { branch_id: w.a1.feedBranchId, channel: null } });
    const refs = all.property.map((p: { agent_ref: string }) => p.agent_ref);
    expect(refs).toEqual(expect.arrayContaining(['SAMPLE-1', 'LIST-SALE', 'LIST-LET']));
    expect(refs).not.toContain('REMOVE-1');
    const sale = (await listingOf('LIST-SALE'))!;
    expect(all.property).toContainEqual({
      rightmove_id: sale.listingNumber,
      agent_ref: 'LIST-SALE',
      update_date: '02-07-2013 00:00:00',
      channel: 1,
    });
    const lettings = await list(2);
    expect(lettings.property.map((p: { agent_ref: string }) => p.agent_ref)).toEqual(['LIST-LET']);
  });
});

describe('who may call', () => {
  test('no key, a malformed or unknown key and a revoked key get 401', async () => {
    const body = sampleCall(w.a1.feedBranchId, 'AUTH-1');
    const revoked = await createFeedKeyFor(w.handle.db, { ...w.ownerA, branchId: w.a1.id });
    await w.handle.db.update(feedKeys).set({ revokedAt: w.clock }).where(eq(feedKeys.id, revoked.id));
    for (const key of [
      null,
      'Bearer',
      'Basic abc',
      'Bearer abode_feed_not-a-real-key',
      revoked.authorization,
    ]) {
      for (const call of ['sendpropertydetails', 'removeproperty', 'getbranchpropertylist']) {
        const res = await w.rtdf(call, body, key);
        expect(res.status, `${call} with ${key}`).toBe(401);
        expect(await readJson(res)).toEqual({
          error: { code: 'UNAUTHENTICATED', message: FEED_KEY_MESSAGES.keyInvalid },
        });
      }
    }
    expect(await listingOf('AUTH-1')).toBeUndefined();
  });

  test('an agency not verified for publishing gets 403', async () => {
    const unverified = await agencyOwner(w.app, w.handle.db, { name: 'Una Verified', agencyVerified: false });
    const key = await createFeedKeyFor(w.handle.db, { ...unverified, branchId: unverified.branchId });
    const res = await w.rtdf('sendpropertydetails', sampleCall(1, 'UNVERIFIED-1'), key.authorization);
    expect(res.status).toBe(403);
    expect(await readJson(res)).toEqual({
      error: { code: 'FORBIDDEN', message: LISTING_MESSAGES.agencyNotVerified },
    });
  });

  test.each([
    ['a branch of another agency', () => w.b1.feedBranchId, () => w.keys.owner],
    [
      "a branch of the agency outside the key creator's branches",
      () => w.a1.feedBranchId,
      () => w.keys.managerA2,
    ],
    ['a feed id no branch has', () => 9_999_999, () => w.keys.owner],
  ])('%s is refused and nothing is written', async (_name, branchId, key) => {
    const ref = `FOREIGN-${branchId()}`;
    for (const call of ['sendpropertydetails', 'removeproperty', 'getbranchpropertylist']) {
      const json = await readJson(await w.rtdf(call, sampleCall(branchId(), ref), key()));
      expect(json, call).toMatchObject({
        success: false,
        errors: [
          {
            error_code: 'BRANCH_NOT_ALLOWED',
            error_description: `branch.branch_id: ${RTDF_MESSAGES.branchNotAllowed}`,
            error_value: String(branchId()),
          },
        ],
      });
    }
    const written = await w.handle.db.select().from(properties).where(eq(properties.feedRef, ref));
    expect(written).toEqual([]);
  });

  test("another agency's key cannot withdraw or list this agency's listings", async () => {
    const remove = await readJson(
      await w.rtdf(
        'removeproperty',
        { branch: { branch_id: w.a1.feedBranchId, channel: 1 }, property: { agent_ref: 'SAMPLE-1' } },
        w.keys.ownerB,
      ),
    );
    expect(remove).toMatchObject({ success: false, errors: [{ error_code: 'BRANCH_NOT_ALLOWED' }] });
    expect((await listingOf('SAMPLE-1'))!.feedWithdrawnAt).toBeNull();
  });
});

describe('audit and limits', () => {
  /** The feed_call audit rows written by `act`, oldest first. */
  const feedCallsOf = async (act: () => Promise<unknown>) => {
    const calls = () => w.handle.db.select().from(auditLogs).where(eq(auditLogs.action, 'feed_call'));
    const before = new Set((await calls()).map((row) => row.id));
    await act();
    return (await calls()).filter((row) => !before.has(row.id));
  };
  const listBody = () => ({ network: { network_id: 77 }, branch: { branch_id: w.a1.feedBranchId } });

  test("every call is audited with its status and the CRM's network_id, refused ones too, never the secret", async () => {
    const secret = 'abode_feed_WrongWrongWrongWrong';
    const [refused] = await feedCallsOf(async () =>
      expect((await w.rtdf('getbranchpropertylist', listBody(), `Bearer ${secret}`)).status).toBe(401),
    );
    expect(refused).toMatchObject({
      entityType: 'feed_key',
      entityId: 'unknown:abode_feed_WrongW',
      userId: null,
    });
    expect(refused!.afterData).toMatchObject({
      path: '/api/rtdf/v1/property/getbranchpropertylist',
      status: 401,
    });
    expect(JSON.stringify(refused)).not.toContain(secret);

    const [accepted] = await feedCallsOf(async () =>
      expect((await w.rtdf('getbranchpropertylist', listBody(), w.keys.owner)).status).toBe(200),
    );
    expect(accepted).toMatchObject({ entityType: 'feed_key', userId: w.ownerA.userId });
    expect(accepted!.afterData).toMatchObject({ status: 200, networkId: 77, agencyId: w.ownerA.agencyId });

    const [sent] = await feedCallsOf(() => send(sampleCall(w.a1.feedBranchId, 'AUDIT-1')));
    expect(sent!.afterData).toMatchObject({
      path: '/api/rtdf/v1/property/sendpropertydetails',
      networkId: 5,
    });
  });

  test('a key over its calls a minute gets 429 with Retry-After, audited; another key is not held back', async () => {
    const token = w.keys.managerA2.replace(/^Bearer /, '');
    const [key] = await w.handle.db
      .select({ id: feedKeys.id })
      .from(feedKeys)
      .where(eq(feedKeys.keyHash, hashFeedKey(token)));
    // The minute's calls so far, as FEED_RATE_LIMIT.limit calls would have left them.
    await checkRateLimit(
      w.handle.db,
      { key: `feedkey:${key!.id}`, action: 'feed', ...FEED_RATE_LIMIT, now: w.clock },
      FEED_RATE_LIMIT.limit,
    );
    const body = { branch: { branch_id: w.a2.feedBranchId } };
    let over: Response | undefined;
    const [audited] = await feedCallsOf(async () => {
      over = await w.rtdf('getbranchpropertylist', body, w.keys.managerA2);
    });
    expect(over!.status).toBe(429);
    expect(Number(over!.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(audited).toMatchObject({ entityId: key!.id });
    expect(audited!.afterData).toMatchObject({ status: 429 });
    expect((await w.rtdf('getbranchpropertylist', listBody(), w.keys.owner)).status).toBe(200);
  });
});

test('the three calls are in the OpenAPI document, behind the feed key', async () => {
  const doc = await readJson(await w.app.request('/api/openapi.json'));
  for (const call of ['sendpropertydetails', 'removeproperty', 'getbranchpropertylist']) {
    const operation = doc.paths[`/api/rtdf/v1/property/${call}`].post;
    expect(operation.tags).toEqual(['Listing feeds']);
    expect(operation.security).toEqual([{ feedKey: [] }]);
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '401', '403', '413', '429']);
    expect(operation.requestBody.content['application/json'].schema).toBeDefined();
  }
  expect(doc.components.securitySchemes.feedKey).toMatchObject({ type: 'http', scheme: 'bearer' });
});
