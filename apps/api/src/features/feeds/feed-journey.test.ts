/**
 * Listing feeds end to end over HTTP (REQ-FEED-07, ADR 030): a CRM's real-time calls and its BLM file create listings
 * whose photos the media job fetches from the CRM's file host; an admin approves them and visitors find them in the
 * search; the CRM's later calls update and withdraw them, and they leave the search.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { ListingSearchResultSchema } from '@abode/shared/listings/listing.schema';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { postcodes, properties } from '#src/db/schema.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { agencyOwner } from '#src/features/agent/listings/listings-test-helpers.ts';
import { createLogger } from '#src/lib/logger.ts';
import { createDiskStorage } from '#src/lib/storage.ts';
import { REAL_ADDRESSES } from '#src/testing/fixtures.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { createFeedKeyFor } from './keys/feed-key-fixtures.ts';
import { runFeedMediaJob } from './media/feed-media-job.ts';
import { MEDIA_SERVER_FETCH, startMediaServer, type MediaServer } from './media/media-server-fixture.ts';
import { sampleCall } from './rtdf/rtdf-fixtures.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let server: MediaServer;
let authorization: string;
let adminCookie: string;
let feedBranchId: number;
const storage = createDiskStorage(`/tmp/abode-feed-journey-${process.pid}`);
const { wimbledon, reading } = REAL_ADDRESSES;

const rtdf = (call: string, body: unknown) =>
  app.request(`/api/rtdf/v1/property/${call}`, {
    method: 'POST',
    headers: { Authorization: authorization, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** A BLM v3 file with a sale at Parkside Road, Reading, per row. */
function blm(rows: { ref: string; price: number; photo: string }[]): Blob {
  const fields = [
    'AGENT_REF',
    'BRANCH_ID',
    'STATUS_ID',
    'PUBLISHED_FLAG',
    'TRANS_TYPE_ID',
    'ADDRESS_1',
    'ADDRESS_2',
    'TOWN',
    'POSTCODE1',
    'POSTCODE2',
    'SUMMARY',
    'DESCRIPTION',
    'BEDROOMS',
    'BATHROOMS',
    'PRICE',
    'PRICE_QUALIFIER',
    'PROP_SUB_ID',
    'TENURE_TYPE_ID',
    'COUNCIL_TAX_BAND',
    'MEDIA_IMAGE_00',
  ];
  const [outward, inward] = reading.postcode.split(' ');
  const lines = rows.map((r) =>
    [
      r.ref,
      'RDG',
      '0',
      '1',
      '1',
      '41',
      reading.addressLine1,
      reading.city,
      outward,
      inward,
      'A terraced house near the park.',
      'A terraced house near Prospect Park, with a long garden.',
      '2',
      '1',
      String(r.price),
      '0',
      '1',
      '1',
      'B',
      r.photo,
      '',
    ].join('^'),
  );
  const text = [
    '#HEADER#',
    'Version : 3',
    "EOF : '^'",
    "EOR : '~'",
    `Property Count : ${rows.length}`,
    'Generated Date : 26-Nov-2026 09:00',
    '#DEFINITION#',
    `${fields.join('^')}^~`,
    '#DATA#',
    ...lines.map((l) => `${l}~`),
    '#END#',
  ].join('\n');
  return new Blob([text], { type: 'text/plain' });
}

async function sendBlm(file: Blob) {
  const form = new FormData();
  form.append('file', file, 'crm-export.blm');
  const res = await app.request('/api/feeds/blm', {
    method: 'POST',
    headers: { Authorization: authorization },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await readJson(res)) as {
    counts: Record<string, number>;
    rows: { outcome: string; propertyId: string }[];
  };
}

const fetchMedia = () =>
  runFeedMediaJob({
    db: handle.db,
    storage,
    logger: createLogger('silent'),
    now: new Date(),
    fetch: MEDIA_SERVER_FETCH,
  });

async function approve(id: string) {
  const res = await callApi(app, 'POST', `/api/admin/properties/${id}/approve`, adminCookie);
  expect(res.status, await res.clone().text()).toBe(200);
}

async function searchSlugs(location: string) {
  const res = await app.request(`/api/properties?mode=sale&location=${encodeURIComponent(location)}`);
  expect(res.status).toBe(200);
  return ListingSearchResultSchema.parse(await readJson(res)).items.map((i) => i.slug);
}

async function listing(id: string) {
  const [row] = await handle.db.select().from(properties).where(eq(properties.id, id));
  return row!;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db, storage });
  server = await startMediaServer();
  const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#7a8' } })
    .png()
    .toBuffer();
  server.file('/photos/front.png', png, 'image/png');
  server.file('/photos/parkside.png', png, 'image/png');
  for (const place of [wimbledon, reading])
    await handle.db
      .insert(postcodes)
      .values({
        postcode: place.postcode,
        outcode: place.postcode.split(' ')[0]!,
        latitude: place.latitude,
        longitude: place.longitude,
      })
      .onConflictDoNothing();
  const owner = await agencyOwner(app, handle.db);
  const key = await createFeedKeyFor(handle.db, {
    userId: owner.userId,
    agencyId: owner.agencyId,
    branchId: owner.branchId,
  });
  authorization = key.authorization;
  const [branch] = (
    await handle.db.execute(`SELECT feed_branch_id FROM agents WHERE id = '${owner.branchId}'`)
  ).rows as {
    feed_branch_id: number;
  }[];
  feedBranchId = branch!.feed_branch_id;
  adminCookie = (await signedInUser(app, handle.db, { admin: 'admin' })).cookie;
});
afterAll(async () => {
  await server?.close();
  await handle?.close();
});

test("a CRM's real-time calls put a listing in the search after approval, update it and withdraw it", async () => {
  const call = sampleCall(feedBranchId, 'CRM-1001', (body) => {
    body.property.media = [{ media_type: 1, media_url: server.hostUrl('/photos/front.png'), sort_order: 1 }];
  });
  const sent = await rtdf('sendpropertydetails', call);
  const answer = (await readJson(sent)) as {
    success: boolean;
    property: { rightmove_id: number; rightmove_url: string };
  };
  expect(answer.success).toBe(true);
  const [created] = await handle.db.select().from(properties).where(eq(properties.feedRef, 'CRM-1001'));
  expect(created).toMatchObject({
    status: 'draft',
    feedPendingStatus: 'active',
    listingNumber: answer.property.rightmove_id,
  });
  expect(await searchSlugs(wimbledon.addressLine1)).not.toContain(created!.slug);

  expect((await fetchMedia()).stored).toBe(1);
  expect(await listing(created!.id)).toMatchObject({ status: 'active', approvalStatus: 'pending' });
  expect(await searchSlugs(wimbledon.addressLine1)).not.toContain(created!.slug);
  await approve(created!.id);
  expect(await searchSlugs(wimbledon.addressLine1)).toContain(created!.slug);
  expect(answer.property.rightmove_url).toMatch(new RegExp(`/property/${created!.slug}$`));

  const cheaper = structuredClone(call);
  cheaper.property.price_information.price = 600_000;
  expect(((await readJson(await rtdf('sendpropertydetails', cheaper))) as { success: boolean }).success).toBe(
    true,
  );
  expect(await listing(created!.id)).toMatchObject({
    pricePence: 600_000_00,
    status: 'active',
    approvalStatus: 'approved',
  });
  // The photo was not fetched again: same URL, same date.
  expect(server.hits('/photos/front.png')).toBe(1);

  const removed = await rtdf('removeproperty', {
    network: { network_id: 5 },
    branch: { branch_id: feedBranchId, channel: 1 },
    property: { agent_ref: 'CRM-1001', removal_reason: 9 },
  });
  expect(((await readJson(removed)) as { success: boolean }).success).toBe(true);
  expect(await searchSlugs(wimbledon.addressLine1)).not.toContain(created!.slug);
});

test("a CRM's BLM file puts a listing in the search after approval; the next file without it withdraws it", async () => {
  const first = await sendBlm(
    blm([{ ref: 'BLM-2001', price: 325_000, photo: server.hostUrl('/photos/parkside.png') }]),
  );
  expect(first.counts).toMatchObject({ created: 1, rejected: 0 });
  const id = first.rows[0]!.propertyId;
  expect((await fetchMedia()).stored).toBe(1);
  await approve(id);
  const { slug } = await listing(id);
  expect(await searchSlugs(reading.addressLine1)).toContain(slug);

  const again = await sendBlm(
    blm([{ ref: 'BLM-2001', price: 325_000, photo: server.hostUrl('/photos/parkside.png') }]),
  );
  expect(again.counts).toMatchObject({ unchanged: 1 });

  // A file is a full feed for the branches it names: the next one, without BLM-2001, withdraws it.
  const next = await sendBlm(
    blm([{ ref: 'BLM-2002', price: 310_000, photo: server.hostUrl('/photos/parkside.png') }]),
  );
  expect(next.counts).toMatchObject({ created: 1, withdrawn: 1 });
  expect(await listing(id)).toMatchObject({ status: 'draft' });
  expect(await searchSlugs(reading.addressLine1)).not.toContain(slug);
});
