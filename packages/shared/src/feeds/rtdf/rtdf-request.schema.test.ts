import { describe, expect, test } from 'vitest';
import { formatRtdfTimestamp, parseRtdfDate, rtdfDay } from './rtdf-dates.ts';
import {
  GetBranchPropertyListRequestSchema,
  RemovePropertyRequestSchema,
  SendPropertyDetailsRequestSchema,
} from './rtdf-request.schema.ts';

/** Rightmove's sample sendpropertydetails call (specs/JSON Sample calls), its address and price made real. */
const SAMPLE = {
  network: { network_id: 5 },
  branch: { branch_id: 10001, channel: 1, overseas: false },
  property: {
    agent_ref: '02072013_0406',
    published: true,
    property_type: 2,
    status: 1,
    new_home: false,
    student_property: false,
    create_date: '02-07-2013 00:00:00',
    update_date: '02-07-2013 00:00:00',
    date_available: '02-07-2013 00:00:00',
    contract_months: 12,
    minimum_term: 12,
    let_type: 1,
    address: {
      house_name_number: '12',
      address_2: 'Cowper Road',
      address_3: null,
      address_4: '',
      town: 'London',
      postcode_1: 'SW19',
      postcode_2: '1AA',
      display_address: 'Cowper Road, Wimbledon',
      latitude: 51.4185,
      longitude: -0.1882,
      pov_latitude: 51.4185,
      pov_longitude: -0.1882,
      pov_pitch: -16.78,
      pov_heading: 235.75,
      pov_zoom: 0,
    },
    price_information: {
      price: 650000,
      price_qualifier: 0,
      deposit: 1000,
      administration_fee: '100',
      rent_frequency: 1,
      tenure_type: 1,
      auction: false,
      tenure_unexpired_years: 999,
      price_per_unit_area: 10,
    },
    details: {
      summary: 'A bright Victorian terrace',
      description: 'Testing full property schema with all the fields in the call for JSON',
      features: ['Has own Drive', 'Garage included', 'Double Glazed'],
      bedrooms: 2,
      bathrooms: 2,
      reception_rooms: 1,
      parking: [13],
      outside_space: [29],
      year_built: 999,
      internal_area: 100,
      internal_area_unit: 1,
      accessibility: [42],
      heating: [1],
      furnished_type: 0,
      pets_allowed: true,
      comm_use_class: [1, 4],
      rooms: [
        {
          room_name: 'room1',
          room_description: 'room1',
          room_length: 10.1,
          room_width: 20.2,
          room_dimension_unit: 5,
          room_photo_urls: ['http://www.rightmove.com/image1.JPG'],
        },
      ],
    },
    media: [
      {
        media_type: 1,
        media_url: 'www.rightmove.com/image1.JPG',
        caption: 'This is an image',
        sort_order: 1,
        media_update_date: '02-07-2013 12:12:12',
      },
    ],
    principal: { principal_email_address: 'principal@example.com', auto_email_when_live: true },
  },
};

describe('SendPropertyDetailsRequestSchema', () => {
  test("reads Rightmove's sample call, keeping fields Abode does not use", () => {
    const parsed = SendPropertyDetailsRequestSchema.parse(SAMPLE);
    expect(parsed.property.agent_ref).toBe('02072013_0406');
    expect(parsed.property.address.address_3).toBeUndefined();
    expect(parsed.property.address.address_4).toBeUndefined();
    expect((parsed.property as Record<string, unknown>).principal).toEqual(SAMPLE.property.principal);
    expect((parsed.property.details as Record<string, unknown>).comm_use_class).toEqual([1, 4]);
  });

  test('reads numbers and booleans sent as text, and a lone code as a list', () => {
    const parsed = SendPropertyDetailsRequestSchema.parse({
      ...SAMPLE,
      branch: { branch_id: '10001', channel: '2' },
      property: {
        ...SAMPLE.property,
        published: 'true',
        property_type: '8',
        price_information: { price: '1250.50', rent_frequency: '52' },
        details: { ...SAMPLE.property.details, bedrooms: '3', parking: 16, pets_allowed: 'no' },
      },
    });
    expect(parsed.branch).toMatchObject({ branch_id: 10001, channel: 2 });
    expect(parsed.property).toMatchObject({ published: true, property_type: 8 });
    expect(parsed.property.price_information).toMatchObject({ price: 1250.5, rent_frequency: 52 });
    expect(parsed.property.details).toMatchObject({ bedrooms: 3, parking: [16], pets_allowed: false });
  });

  test('an unknown code passes here: mapping the listing warns about it', () => {
    const parsed = SendPropertyDetailsRequestSchema.parse({
      ...SAMPLE,
      property: { ...SAMPLE.property, status: 99, details: { ...SAMPLE.property.details, heating: [1, 77] } },
    });
    expect(parsed.property.status).toBe(99);
    expect(parsed.property.details.heating).toEqual([1, 77]);
  });

  test.each([
    ['branch.branch_id', { ...SAMPLE, branch: { channel: 1 } }],
    ['property.agent_ref', { ...SAMPLE, property: { ...SAMPLE.property, agent_ref: '' } }],
    ['property.agent_ref', { ...SAMPLE, property: { ...SAMPLE.property, agent_ref: '<b>1</b>' } }],
    ['property.published', { ...SAMPLE, property: { ...SAMPLE.property, published: 'maybe' } }],
    [
      'property.address.postcode_2',
      {
        ...SAMPLE,
        property: { ...SAMPLE.property, address: { ...SAMPLE.property.address, postcode_2: null } },
      },
    ],
    [
      'property.price_information.price',
      { ...SAMPLE, property: { ...SAMPLE.property, price_information: { price: 'lots' } } },
    ],
  ])('refuses a request without a valid %s', (path, body) => {
    const parsed = SendPropertyDetailsRequestSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join('.'))).toContain(path);
  });
});

test("reads Rightmove's sample removeproperty and getbranchpropertylist calls", () => {
  expect(
    RemovePropertyRequestSchema.parse({
      network: { network_id: 0 },
      branch: { branch_id: 12345, channel: 2 },
      property: { agent_ref: 'test_property_1', removal_reason: 7, transaction_date: '02-07-2013 00:00:00' },
    }).property,
  ).toEqual({ agent_ref: 'test_property_1', removal_reason: 7, transaction_date: '02-07-2013 00:00:00' });
  expect(
    GetBranchPropertyListRequestSchema.parse({ network: { network_id: 0 }, branch: { branch_id: 12345 } })
      .branch,
  ).toEqual({ branch_id: 12345 });
});

describe('RTDF dates', () => {
  test('timestamps are dd-MM-yyyy HH:mm:ss in UK time (GMT in winter, BST in summer)', () => {
    expect(formatRtdfTimestamp(new Date('2026-11-26T20:05:09Z'))).toBe('26-11-2026 20:05:09');
    expect(formatRtdfTimestamp(new Date('2026-07-02T11:12:12Z'))).toBe('02-07-2026 12:12:12');
  });

  test('dates read back as the instant they name in UK time', () => {
    expect(parseRtdfDate('02-07-2013 12:12:12')?.toISOString()).toBe('2013-07-02T11:12:12.000Z');
    expect(parseRtdfDate('26-11-2026 20:05:09')?.toISOString()).toBe('2026-11-26T20:05:09.000Z');
    expect(parseRtdfDate('02/07/2013')?.toISOString()).toBe('2013-07-01T23:00:00.000Z');
  });

  test.each([
    '31-02-2026',
    '01-01-0000',
    '01-01-2101',
    '2026-02-01',
    'soon',
    '',
    null,
    '01-13-2026 00:00:00',
    '01-01-2026 25:00:00',
  ])('%j is not an RTDF date', (text) => {
    expect(parseRtdfDate(text)).toBeNull();
  });

  test('a day is its calendar date, whatever the time', () => {
    expect(rtdfDay('02-07-2013 00:00:00')).toBe('2013-07-02');
    expect(rtdfDay('1-9-2026')).toBe('2026-09-01');
    expect(rtdfDay('30-02-2026')).toBeNull();
  });
});
