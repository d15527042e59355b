/**
 * How sendpropertydetails maps a CRM's listing, over HTTP on a real database (REQ-FEED-03): Part A refused with the
 * RTDF fields named (council tax band; lease terms of a leasehold flat; the deposit of a rental), unknown codes as
 * warnings with their field and value, a price on application, weekly and yearly rents, tour links and media URLs
 * that are not allowed left out with a warning, codes that are not homes, and requests that do not match the schema.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { LISTING_MESSAGES } from '@abode/shared/agent/listing-input.schema';
import { RTDF_MESSAGES } from '@abode/shared/feeds/rtdf/rtdf-response.schema';
import { feedMedia, properties } from '#src/db/schema.ts';
import { readJson } from '#src/testing/http.ts';
import { lettingsCall, sampleCall, type Body } from './rtdf-fixtures.ts';
import { createRtdfWorld, type RtdfWorld } from './rtdf-test-world.ts';
import { FEED_MEDIA_MESSAGES } from '../media/feed-media-messages.ts';

let w: RtdfWorld;

beforeAll(async () => {
  w = await createRtdfWorld();
});
afterAll(async () => {
  await w?.close();
});

let refs = 0;
/** Sends a sale (or, with `lettings`, a rental) changed by `change` under a new reference; returns answer and row. */
async function send(change: (body: Body) => void, { lettings = false } = {}) {
  refs += 1;
  const ref = `MAP-${refs}`;
  const body = (lettings ? lettingsCall : sampleCall)(w.a1.feedBranchId, ref, change);
  const res = await w.rtdf('sendpropertydetails', body, w.keys.owner);
  expect(res.status).toBe(200);
  const json = await readJson(res);
  const [row] = await w.handle.db
    .select()
    .from(properties)
    .where(and(eq(properties.agentId, w.a1.id), eq(properties.feedRef, ref)));
  return { json, row };
}

const codes = (list: { error_code?: string; warning_code?: string }[]) =>
  list.map((i) => i.error_code ?? i.warning_code);

describe('material information Part A', () => {
  test('a live sale without a council tax band is refused, naming the field; nothing is written', async () => {
    const { json, row } = await send((b) => delete b.property.price_information.council_tax_band);
    expect(json).toMatchObject({
      success: false,
      message: RTDF_MESSAGES.rejected,
      property: { rightmove_id: null, rightmove_url: null },
      errors: [
        {
          error_code: 'INVALID_FIELD',
          error_description: `property.price_information.council_tax_band: ${LISTING_MESSAGES.councilTaxBandRequired}`,
          error_value: null,
        },
      ],
    });
    expect(row).toBeUndefined();
  });

  test('a leasehold flat without its lease terms is refused, each term named', async () => {
    const { json, row } = await send((b) => {
      b.property.property_type = 8;
      b.property.price_information = { price: 325000, tenure_type: 2, council_tax_band: 'C' };
    });
    expect(json.success).toBe(false);
    expect(json.errors.map((e: { error_description: string }) => e.error_description)).toEqual(
      expect.arrayContaining([
        `property.price_information.tenure_unexpired_years: ${LISTING_MESSAGES.leaseYearsRequired}`,
        `property.price_information.annual_ground_rent: ${LISTING_MESSAGES.groundRentRequired}`,
        `property.price_information.annual_service_charge: ${LISTING_MESSAGES.serviceChargeRequired}`,
      ]),
    );
    expect(row).toBeUndefined();
  });

  test('with its lease terms the flat is saved, ground rent and service charge in pence', async () => {
    const { json, row } = await send((b) => {
      b.property.property_type = 8;
      b.property.price_information = {
        price: 325000,
        tenure_type: 2,
        council_tax_band: 'c',
        tenure_unexpired_years: 125,
        annual_ground_rent: 250,
        ground_rent_review_period_years: 25,
        annual_service_charge: 1800.5,
      };
    });
    expect(json).toMatchObject({ success: true, errors: [] });
    expect(row).toMatchObject({
      title: '2 bedroom flat for sale',
      tenure: 'leasehold',
      councilTaxBand: 'C',
      leaseYearsRemaining: 125,
      groundRentPence: 250_00,
      groundRentReview: 'Every 25 years',
      serviceChargePence: 1800_50,
    });
  });

  test('a rental without a deposit is refused, naming the deposit', async () => {
    const { json } = await send((b) => delete b.property.price_information.deposit, { lettings: true });
    expect(json).toMatchObject({
      success: false,
      errors: [
        {
          error_code: 'INVALID_FIELD',
          error_description: `property.price_information.deposit: ${LISTING_MESSAGES.depositRequired}`,
        },
      ],
    });
  });

  test('a rental with its terms is saved with its deposits, minimum term and furnishing', async () => {
    const { json, row } = await send(() => undefined, { lettings: true });
    expect(json).toMatchObject({ success: true });
    expect(row).toMatchObject({
      mode: 'rent',
      title: '2 bedroom apartment to rent',
      addressLine1: 'Old Lane',
      pricePence: 1250_00,
      rentFrequency: 'pcm',
      depositPence: 1442_00,
      holdingDepositPence: 288_00,
      minimumTermMonths: 6,
      letType: 'long-term',
      furnished: 'furnished',
      availableFrom: '2013-07-02',
      petsAllowed: true,
      billsIncluded: false,
    });
  });
});

describe('codes', () => {
  test('unknown codes are warnings naming the field and value; the listing is saved without them', async () => {
    const { json, row } = await send((b) => {
      b.property.status = 42;
      b.property.price_information.price_qualifier = 99;
      b.property.details.heating = [7, 77];
      b.property.details.parking = [13, 99];
      b.property.media.push({ media_type: 12, media_url: 'https://crm.example.com/a.mp3' });
    });
    expect(json.success).toBe(true);
    expect(json.warnings).toEqual(
      expect.arrayContaining([
        {
          warning_code: 'UNKNOWN_CODE',
          warning_description: expect.stringMatching(/^property\.status: Unknown code 42/),
          warning_value: '42',
        },
        expect.objectContaining({ warning_code: 'UNKNOWN_CODE', warning_value: '99' }),
        expect.objectContaining({
          warning_description: expect.stringMatching(/^property\.details\.heating\.1: /),
          warning_value: '77',
        }),
        expect.objectContaining({
          warning_description: expect.stringMatching(/^property\.media\.1\.media_type/),
        }),
      ]),
    );
    expect(row).toMatchObject({ priceQualifier: null, feedPendingStatus: 'active' });
  });

  test('a code that is not a home is refused: Abode lists homes only', async () => {
    const { json, row } = await send((b) => {
      b.property.property_type = 178;
    });
    expect(json).toMatchObject({
      success: false,
      errors: [
        {
          error_code: 'PROPERTY_TYPE_NOT_LISTED',
          error_description: "property.property_type: Abode lists homes only: 'Office' is not one",
          error_value: '178',
        },
      ],
    });
    expect(row).toBeUndefined();
  });

  test('feudal tenure is freehold, with a warning; a retirement property carries its flag', async () => {
    const { json, row } = await send((b) => {
      b.property.property_type = 47;
      b.property.price_information.tenure_type = 3;
    });
    expect(codes(json.warnings)).toContain('CODE_APPROXIMATED');
    expect(row).toMatchObject({ tenure: 'freehold', propertyType: 'flat', flags: ['retirement'] });
  });
});

describe('prices', () => {
  test('price on application (qualifier 1) keeps no figure public', async () => {
    const { json, row } = await send((b) => {
      b.property.price_information.price_qualifier = 1;
    });
    expect(json.success).toBe(true);
    expect(row).toMatchObject({ priceQualifier: 'poa' });
  });

  test('a weekly rent is kept weekly beside its pcm figure', async () => {
    const { row } = await send(
      (b) => {
        b.property.price_information.price = 300;
        b.property.price_information.rent_frequency = 52;
      },
      { lettings: true },
    );
    expect(row).toMatchObject({ rentFrequency: 'pw', weeklyRentPence: 300_00, pricePence: 1300_00 });
  });

  test('a yearly rent is converted to pcm, with a warning', async () => {
    const { json, row } = await send(
      (b) => {
        b.property.price_information.price = 15000;
        b.property.price_information.rent_frequency = 1;
      },
      { lettings: true },
    );
    expect(codes(json.warnings)).toContain('RENT_CONVERTED');
    expect(row).toMatchObject({ rentFrequency: 'pcm', pricePence: 1250_00 });
  });
});

describe('media and tours', () => {
  test('https tours are kept (YouTube as the video tour); javascript: and http: tours are dropped with a warning', async () => {
    const { json, row } = await send((b) => {
      b.property.media.push(
        { media_type: 4, media_url: 'javascript:alert(document.cookie)' },
        { media_type: 4, media_url: 'http://tours.example.com/12-cowper-road' },
        { media_type: 4, media_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
        { media_type: 4, media_url: 'https://my.matterport.com/show/?m=SxQL3iGyoDo' },
      );
    });
    expect(json.success).toBe(true);
    const refused = json.warnings.filter(
      (w: { warning_code: string }) => w.warning_code === 'MEDIA_URL_REFUSED',
    );
    expect(refused.map((w: { warning_value: string }) => w.warning_value)).toEqual([
      'javascript:alert(document.cookie)',
      'http://tours.example.com/12-cowper-road',
    ]);
    expect(row).toMatchObject({
      videoTourUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      virtualTourUrl: 'https://my.matterport.com/show/?m=SxQL3iGyoDo',
    });
    expect(row!.features).toContain('virtual-tour');
  });

  test('a media URL that is not http(s) is dropped with a warning; the rest are queued in order', async () => {
    const { json, row } = await send((b) => {
      b.property.media = [
        { media_type: 2, media_url: 'https://crm.example.com/plans/ground.png', sort_order: 3 },
        { media_type: 1, media_url: 'ftp://crm.example.com/photos/front.jpg', sort_order: 1 },
        { media_type: 1, media_url: 'data:image/png;base64,iVBORw0KGgo=', sort_order: 2 },
        { media_type: 1, media_url: 'http://169.254.169.254/latest/meta-data/', sort_order: 4 },
        { media_type: 1, media_url: 'https://crm.example.com/photos/back.jpg', sort_order: 0 },
        { media_type: 7, media_url: 'https://crm.example.com/epc/graph.png', caption: '<b>EPC</b>' },
      ];
    });
    expect(json.warnings).toEqual([
      expect.objectContaining({
        warning_code: 'MEDIA_URL_REFUSED',
        warning_description: expect.stringMatching(/^property\.media\.1\.media_url: /),
        warning_value: 'ftp://crm.example.com/photos/front.jpg',
      }),
      expect.objectContaining({
        warning_code: 'MEDIA_URL_REFUSED',
        warning_value: expect.stringMatching(/^data:/),
      }),
      // A private address is refused before anything is fetched (the SSRF pre-check every adapter runs).
      expect.objectContaining({
        warning_code: 'MEDIA_URL_REFUSED',
        warning_description: expect.stringContaining(FEED_MEDIA_MESSAGES.blockedAddress),
        warning_value: 'http://169.254.169.254/latest/meta-data/',
      }),
    ]);
    const media = await w.handle.db
      .select({ kind: feedMedia.kind, url: feedMedia.url, caption: feedMedia.caption })
      .from(feedMedia)
      .where(eq(feedMedia.propertyId, row!.id))
      .orderBy(feedMedia.kind);
    expect(media).toEqual([
      { kind: 'epc', url: 'https://crm.example.com/epc/graph.png', caption: 'EPC' },
      { kind: 'floor-plan', url: 'https://crm.example.com/plans/ground.png', caption: null },
      { kind: 'photo', url: 'https://crm.example.com/photos/back.jpg', caption: null },
    ]);
  });
});

describe('requests that do not match the schema', () => {
  test('are answered 200 with success false and an error per field, in our words', async () => {
    const body = sampleCall(w.a1.feedBranchId, 'BAD-1', (b) => {
      delete b.property.address.postcode_2;
      b.property.published = 'perhaps';
      b.property.details.bedrooms = 'two';
    });
    const res = await w.rtdf('sendpropertydetails', body, w.keys.owner);
    expect(res.status).toBe(200);
    const json = await readJson(res);
    expect(json).toMatchObject({
      success: false,
      message: RTDF_MESSAGES.invalidRequest,
      property: { agent_ref: 'BAD-1', rightmove_id: null },
    });
    expect(json.errors).toEqual(
      expect.arrayContaining([
        {
          error_code: 'MISSING_FIELD',
          error_description: 'property.address.postcode_2: This field is required',
          error_value: null,
        },
        expect.objectContaining({ error_code: 'INVALID_FIELD', error_value: 'perhaps' }),
        expect.objectContaining({ error_code: 'INVALID_FIELD', error_value: 'two' }),
      ]),
    );
  });

  test('a body over 1 MB is refused with 413', async () => {
    const body = sampleCall(w.a1.feedBranchId, 'HUGE-1', (b) => {
      b.property.details.description = 'x'.repeat(1024 * 1024);
    });
    const res = await w.rtdf('sendpropertydetails', body, w.keys.owner);
    expect(res.status).toBe(413);
    expect(await readJson(res)).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: RTDF_MESSAGES.bodyTooLarge },
    });
  });

  test('a long description is shortened at a word, with a warning', async () => {
    const { json, row } = await send((b) => {
      b.property.details.description = 'A spacious family home. '.repeat(400);
    });
    expect(codes(json.warnings)).toEqual(['TEXT_SHORTENED']);
    expect(row!.description!.length).toBeLessThanOrEqual(5000);
    expect(row!.description!.endsWith('…')).toBe(true);
  });
});
