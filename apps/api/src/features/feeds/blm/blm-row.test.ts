/**
 * A BLM row mapped to the shared listing input (REQ-FEED-07): each column, the title Abode writes, required columns
 * refused with their BLM name, unknown codes as warnings, rents converted, text cleaned and cut; and the media
 * columns (URLs, files of a zip, refused `storage:` values, tours).
 */
import { describe, expect, test } from 'vitest';
import { blmMediaRefs, resolveBlmMedia, type BlmUploadFiles } from './blm-media.ts';
import { blmColumnOf, mapBlmRow, type BlmRowMapping } from './blm-row.ts';
import { letRow, saleRow } from './blm-test-world.ts';
import { listingTitle } from './blm-title.ts';
import { blmDay, blmInstant, blmPence, blmText, shorten } from './blm-values.ts';

const fieldsOf = (mapping: BlmRowMapping) => {
  if (!mapping.listing) throw new Error(`expected a listing: ${JSON.stringify(mapping.errors)}`);
  return mapping.listing.fields;
};

describe('a sale row', () => {
  test('maps every column it has', () => {
    const mapping = mapBlmRow(saleRow('WIM-1', { FEATURE3: 'Chain free', NEW_HOME_FLAG: 'Y' }));
    expect(mapping).toMatchObject({ agentRef: 'WIM-1', branchCode: 'WIM', errors: [], warnings: [] });
    expect(mapping.listing).toMatchObject({
      agentRef: 'WIM-1',
      published: true,
      updatedAt: new Date('2026-11-20T14:30:00Z'),
    });
    expect(fieldsOf(mapping)).toEqual({
      title: '3 bedroom semi-detached house for sale',
      description: 'A bright family home.\n\nClose to the station & the park.',
      summary: 'A Victorian semi near Wimbledon station.',
      keyFeatures: ['Three bedrooms', 'South-facing garden', 'Chain free'],
      mode: 'sale',
      status: 'active',
      propertyType: 'house',
      propertySubType: 'semi-detached',
      pricePence: 650_000_00,
      priceQualifier: 'guide-price',
      rentFrequency: null,
      bedrooms: 3,
      bathrooms: 1,
      receptionRooms: 2,
      addressLine1: 'Cowper Road',
      city: 'London',
      postcode: 'SW19 1AA',
      features: ['new-build'],
      flags: [],
      councilTaxBand: 'F',
      councilTaxIncluded: null,
      tenure: 'freehold',
      leaseYearsRemaining: null,
      groundRentPence: null,
      groundRentReview: null,
      serviceChargePence: null,
      availableFrom: null,
      depositPence: null,
      holdingDepositPence: null,
      minimumTermMonths: null,
      letType: null,
      furnished: null,
    });
  });

  test('a leasehold flat reads its lease columns, in pounds a year', () => {
    const fields = fieldsOf(
      mapBlmRow(
        saleRow('WIM-2', {
          ADDRESS_1: '5',
          PROP_SUB_ID: '8',
          BEDROOMS: '2',
          TENURE_TYPE_ID: '2',
          TENURE_UNEXPIRED_YEARS: '112',
          ANNUAL_GROUND_RENT: '250',
          GROUND_RENT_REVIEW_PERIOD_YEARS: '25',
          ANNUAL_SERVICE_CHARGE: '1,480.50',
          SHARED_OWNERSHIP: 'Y',
        }),
      ),
    );
    expect(fields).toMatchObject({
      title: '2 bedroom flat for sale',
      tenure: 'leasehold',
      leaseYearsRemaining: 112,
      groundRentPence: 250_00,
      groundRentReview: 'Every 25 years',
      serviceChargePence: 1_480_50,
      flags: ['shared-ownership'],
    });
  });

  test('the street is ADDRESS_2 (ADDRESS_1, the house number, is not shown); without ADDRESS_2, ADDRESS_1', () => {
    expect(fieldsOf(mapBlmRow(saleRow('a'))).addressLine1).toBe('Cowper Road');
    const noStreet = mapBlmRow(saleRow('b', { ADDRESS_1: 'Cowper Road', ADDRESS_2: '' }));
    expect(fieldsOf(noStreet).addressLine1).toBe('Cowper Road');
    expect(blmColumnOf('addressLine1', noStreet.columnOf)).toBe('ADDRESS_1');
  });

  test('PUBLISHED_FLAG 0 maps to a listing to withdraw', () => {
    expect(mapBlmRow(saleRow('c', { PUBLISHED_FLAG: '0' })).listing?.published).toBe(false);
  });

  test('price on application needs no PRICE', () => {
    const fields = fieldsOf(mapBlmRow(saleRow('d', { PRICE: '', PRICE_QUALIFIER: '1' })));
    expect(fields).toMatchObject({ priceQualifier: 'poa', pricePence: undefined });
  });

  test('sheltered housing carries the retirement flag', () => {
    expect(fieldsOf(mapBlmRow(saleRow('e', { PROP_SUB_ID: '46' })))).toMatchObject({
      propertyType: 'flat',
      propertySubType: null,
      flags: ['retirement'],
    });
  });

  test.each([
    ['1', 'sold'],
    ['3', 'under-offer'],
    ['4', 'under-offer'],
  ])('STATUS_ID %s → %s', (code, status) => {
    expect(fieldsOf(mapBlmRow(saleRow('f', { STATUS_ID: code }))).status).toBe(status);
  });

  test('COUNCIL_TAX_EXEMPT Y is the exempt band', () => {
    expect(
      fieldsOf(mapBlmRow(saleRow('g', { COUNCIL_TAX_EXEMPT: 'Y', COUNCIL_TAX_BAND: '' }))).councilTaxBand,
    ).toBe('exempt');
  });
});

describe('a lettings row', () => {
  test('maps its lettings columns', () => {
    const mapping = mapBlmRow(letRow('RDG-1', { COUNCIL_TAX_INCLUDED: 'N' }));
    expect(mapping.warnings).toEqual([]);
    expect(fieldsOf(mapping)).toMatchObject({
      title: '2 bedroom flat to rent',
      mode: 'rent',
      pricePence: 1_150_00,
      rentFrequency: 'pcm',
      availableFrom: '2026-12-15',
      depositPence: 1_326_00,
      holdingDepositPence: 265_00,
      minimumTermMonths: 12,
      letType: 'long-term',
      furnished: 'unfurnished',
      councilTaxIncluded: false,
      tenure: null,
      addressLine1: 'Parkside Road',
    });
  });

  test.each([
    ['0', 'pw', 1_150_00, false],
    ['1', 'pcm', 1_150_00, false],
    ['2', 'pcm', 38_333, true],
    ['3', 'pcm', 9_583, true],
    ['5', 'pw', 1_150_00, true],
    ['', 'pcm', 1_150_00, false],
  ])('LET_RENT_FREQUENCY %j: %s, £1,150 as %i pence', (code, frequency, pence, warned) => {
    const mapping = mapBlmRow(letRow('RDG-2', { LET_RENT_FREQUENCY: code }));
    expect(fieldsOf(mapping)).toMatchObject({ rentFrequency: frequency, pricePence: pence });
    expect(mapping.warnings.some((w) => w.field === 'LET_RENT_FREQUENCY')).toBe(warned);
  });

  test('LET_FURN_ID and LET_TYPE_ID codes', () => {
    expect(fieldsOf(mapBlmRow(letRow('h', { LET_FURN_ID: '0', LET_TYPE_ID: '3' })))).toMatchObject({
      furnished: 'furnished',
      letType: 'student',
    });
  });

  test('lettings columns on a sale row are not read', () => {
    expect(fieldsOf(mapBlmRow(saleRow('i', { LET_BOND: '1326', LET_FURN_ID: '0' })))).toMatchObject({
      depositPence: null,
      furnished: null,
    });
  });
});

describe('problems', () => {
  test('each required column that is blank is an error naming it; nothing is mapped', () => {
    const mapping = mapBlmRow({ AGENT_REF: 'x', BRANCH_ID: 'WIM' });
    expect(mapping.listing).toBeNull();
    expect(mapping.errors.map((e) => e.field)).toEqual([
      'PUBLISHED_FLAG',
      'TRANS_TYPE_ID',
      'STATUS_ID',
      'PROP_SUB_ID',
      'TOWN',
      'POSTCODE1',
      'POSTCODE2',
      'ADDRESS_2',
      'PRICE',
    ]);
    expect(mapping.errors.every((e) => e.code === 'BLM_MISSING_FIELD')).toBe(true);
  });

  test('an unknown code of a required column is an error; of an optional one, a warning (field left out)', () => {
    expect(mapBlmRow(saleRow('j', { STATUS_ID: '9' })).errors).toEqual([
      expect.objectContaining({ code: 'UNKNOWN_CODE', field: 'STATUS_ID' }),
    ]);
    const mapping = mapBlmRow(
      saleRow('k', { PRICE_QUALIFIER: '99', TENURE_TYPE_ID: '8', COUNCIL_TAX_BAND: 'I' }),
    );
    expect(mapping.errors).toEqual([]);
    expect(mapping.warnings.map((w) => [w.code, w.field])).toEqual([
      ['UNKNOWN_CODE', 'PRICE_QUALIFIER'],
      ['UNKNOWN_CODE', 'COUNCIL_TAX_BAND'],
      ['UNKNOWN_CODE', 'TENURE_TYPE_ID'],
    ]);
    expect(fieldsOf(mapping)).toMatchObject({ priceQualifier: null, tenure: null, councilTaxBand: null });
  });

  test('a property type that is not a home refuses the row', () => {
    expect(mapBlmRow(saleRow('l', { PROP_SUB_ID: '178' })).errors).toEqual([
      expect.objectContaining({ code: 'PROPERTY_TYPE_NOT_LISTED', field: 'PROP_SUB_ID' }),
    ]);
  });

  test('numbers that are not numbers', () => {
    const mapping = mapBlmRow(
      saleRow('m', { PRICE: '£six hundred', BEDROOMS: 'three', ANNUAL_GROUND_RENT: 'TBC' }),
    );
    expect(mapping.errors.map((e) => e.field)).toEqual(['PRICE', 'BEDROOMS']);
    expect(mapping.listing).toBeNull();
    expect(mapBlmRow(saleRow('n', { ANNUAL_GROUND_RENT: 'TBC' })).warnings).toEqual([
      expect.objectContaining({ field: 'ANNUAL_GROUND_RENT' }),
    ]);
  });

  test('a bad date is a warning; the import time stands in for UPDATE_DATE', () => {
    const mapping = mapBlmRow(
      letRow('o', { UPDATE_DATE: '2026-02-30 10:00:00', LET_DATE_AVAILABLE: 'soon' }),
    );
    expect(mapping.warnings.map((w) => w.field)).toEqual(['LET_DATE_AVAILABLE', 'UPDATE_DATE']);
    expect(mapping.listing).toMatchObject({ updatedAt: null });
    expect(fieldsOf(mapping).availableFrom).toBeNull();
  });

  test('text longer than Abode holds is cut at a word, with a warning', () => {
    const mapping = mapBlmRow(
      saleRow('p', { FEATURE1: 'Garden '.repeat(30), DESCRIPTION: 'Room. '.repeat(1200) }),
    );
    const fields = fieldsOf(mapping);
    const feature = (fields.keyFeatures as string[])[0]!;
    expect(feature.length).toBeLessThanOrEqual(100);
    expect(feature.endsWith('Garden…')).toBe(true);
    expect((fields.description as string).length).toBeLessThanOrEqual(5000);
    expect(mapping.warnings.map((w) => [w.code, w.field])).toEqual([
      ['BLM_TEXT_SHORTENED', 'FEATURE1'],
      ['BLM_TEXT_SHORTENED', 'DESCRIPTION'],
    ]);
  });

  test("the write path's fields are named as BLM columns", () => {
    const { columnOf } = mapBlmRow(saleRow('q'));
    expect(blmColumnOf('postcode', columnOf)).toBe('POSTCODE1');
    expect(blmColumnOf('pricePence', columnOf)).toBe('PRICE');
    expect(blmColumnOf('keyFeatures.2', columnOf)).toBe('FEATURE3');
    expect(blmColumnOf('councilTaxBand', columnOf)).toBe('COUNCIL_TAX_BAND');
    expect(blmColumnOf('addressLine1', columnOf)).toBe('ADDRESS_2');
    expect(blmColumnOf('holdingDepositPence', columnOf)).toBe('LET_HOLDING_DEPOSIT');
    expect(blmColumnOf('petsAllowed', columnOf)).toBe('petsAllowed');
    expect(blmColumnOf(undefined, columnOf)).toBeUndefined();
  });
});

describe('values', () => {
  test('prices in whole pounds as pence, never through a float', () => {
    expect(blmPence('650000')).toBe(650_000_00);
    expect(blmPence('1,250,000')).toBe(1_250_000_00);
    expect(blmPence('£19.99')).toBe(1999);
    expect(blmPence('19.9')).toBe(1990);
    for (const bad of ['', '-5', '1e6', '12,34', '1.999', 'abc']) expect(blmPence(bad), bad).toBeNull();
  });

  test("dates: Rightmove's YYYY-MM-DD HH:MM:SS and DD/MM/YYYY, read as London time", () => {
    expect(blmDay('2026-12-15 00:00:00')).toBe('2026-12-15');
    expect(blmDay('15/12/2026')).toBe('2026-12-15');
    expect(blmDay('2026-02-30')).toBeNull();
    expect(blmInstant('2026-07-01 12:00:00')).toEqual(new Date('2026-07-01T11:00:00Z'));
    expect(blmInstant('2026-12-01 12:00:00')).toEqual(new Date('2026-12-01T12:00:00Z'));
  });

  test('HTML of descriptions becomes text; script stays for the listing rules to refuse', () => {
    expect(blmText('<p>One</p><p>Two &pound;5 &#8211; <i>now</i></p><ul><li>A</li><li>B</li></ul>')).toBe(
      'One\n\nTwo £5 – now\n\n• A\n• B',
    );
    expect(blmText('Hi <span onclick="x()">there</span>')).toContain('onclick');
    expect(blmText('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
  });

  test('shorten cuts at a word and adds an ellipsis', () => {
    expect(shorten('one two three', 9)).toEqual({ text: 'one two…', cut: true });
    expect(shorten('short', 9)).toEqual({ text: 'short', cut: false });
  });

  test.each([
    [
      { bedrooms: 3, type: 'house', subType: 'semi-detached', mode: 'sale' },
      '3 bedroom semi-detached house for sale',
    ],
    [{ bedrooms: 0, type: 'flat', subType: 'studio', mode: 'rent' }, 'Studio flat to rent'],
    [{ bedrooms: 1, type: 'flat', subType: 'studio', mode: 'rent' }, 'Studio flat to rent'],
    [
      { bedrooms: 2, type: 'flat', subType: 'ground-flat', mode: 'rent' },
      '2 bedroom ground floor flat to rent',
    ],
    [{ bedrooms: 0, type: 'land', subType: 'plot', mode: 'sale' }, 'Plot for sale'],
    [{ bedrooms: 4, type: 'house', subType: null, mode: 'sale' }, '4 bedroom house for sale'],
    [
      { bedrooms: 2, type: 'bungalow', subType: 'detached-bungalow', mode: 'sale' },
      '2 bedroom detached bungalow for sale',
    ],
  ] as const)('title %j', (listing, title) => {
    expect(listingTitle(listing)).toBe(title);
  });
});

describe('media columns', () => {
  const zip: BlmUploadFiles = {
    store: async (name) => (name === 'front.jpg' ? 'storage:feed-imports/agency/abc-front.jpg' : null),
  };

  test('photos in column order, then floor plans, EPCs and brochures, with captions', async () => {
    const refs = blmMediaRefs({
      MEDIA_IMAGE_01: 'https://crm.example.com/kitchen.jpg',
      MEDIA_IMAGE_TEXT_01: 'Kitchen <b>new</b>',
      MEDIA_IMAGE_00: 'https://crm.example.com/front.jpg',
      MEDIA_DOCUMENT_00: 'https://crm.example.com/brochure.pdf',
      MEDIA_DOCUMENT_50: 'https://crm.example.com/epc.pdf',
      MEDIA_FLOOR_PLAN_00: 'https://crm.example.com/plan.png',
      MEDIA_IMAGE_60: 'https://crm.example.com/epc-graph.png',
      MEDIA_IMAGE_02: '',
    });
    const resolved = await resolveBlmMedia(refs, null);
    expect(resolved.media).toEqual([
      { kind: 'photo', url: 'https://crm.example.com/front.jpg', caption: null },
      { kind: 'photo', url: 'https://crm.example.com/kitchen.jpg', caption: 'Kitchen new' },
      { kind: 'floor-plan', url: 'https://crm.example.com/plan.png', caption: null },
      { kind: 'epc', url: 'https://crm.example.com/epc.pdf', caption: null },
      { kind: 'epc', url: 'https://crm.example.com/epc-graph.png', caption: null },
      { kind: 'brochure', url: 'https://crm.example.com/brochure.pdf', caption: null },
    ]);
    expect(resolved.warnings).toEqual([]);
  });

  test('file names: stored from a zip, not found otherwise; storage: and other schemes refused', async () => {
    const values = {
      MEDIA_IMAGE_00: 'front.jpg',
      MEDIA_IMAGE_01: 'storage:feed-imports/other-agency/x.jpg',
      MEDIA_IMAGE_02: 'ftp://crm.example.com/x.jpg',
      MEDIA_IMAGE_03: 'missing.jpg',
      MEDIA_IMAGE_04: 'http://10.0.0.7/front.jpg',
      MEDIA_IMAGE_60: 'https://crm.example.com/hip.pdf',
      MEDIA_IMAGE_TEXT_60: 'HIP',
    };
    const fromZip = await resolveBlmMedia(blmMediaRefs(values), zip);
    expect(fromZip.media).toEqual([
      { kind: 'photo', url: 'storage:feed-imports/agency/abc-front.jpg', caption: null },
    ]);
    expect(fromZip.warnings.map((w) => [w.code, w.field])).toEqual([
      ['MEDIA_REFUSED', 'MEDIA_IMAGE_01'],
      ['MEDIA_REFUSED', 'MEDIA_IMAGE_02'],
      ['MEDIA_NOT_FOUND', 'MEDIA_IMAGE_03'],
      // A private address is refused before anything is fetched (the SSRF pre-check every adapter runs).
      ['MEDIA_REFUSED', 'MEDIA_IMAGE_04'],
      ['MEDIA_REFUSED', 'MEDIA_IMAGE_60'],
    ]);
    const alone = await resolveBlmMedia(blmMediaRefs({ MEDIA_IMAGE_00: 'front.jpg' }), null);
    expect(alone.media).toEqual([]);
    expect(alone.warnings).toEqual([expect.objectContaining({ code: 'MEDIA_NOT_FOUND' })]);
  });

  test('tours: the first video link and the first other https link; the rest are left out', async () => {
    const resolved = await resolveBlmMedia(
      blmMediaRefs({
        MEDIA_VIRTUAL_TOUR_00: 'https://my.matterport.com/show/?m=abc123',
        MEDIA_VIRTUAL_TOUR_01: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        MEDIA_VIRTUAL_TOUR_02: 'https://vimeo.com/76979871',
        MEDIA_VIRTUAL_TOUR_03: 'http://tours.example.com/x',
      }),
      null,
    );
    expect(resolved.tours).toEqual({
      virtualTourUrl: 'https://my.matterport.com/show/?m=abc123',
      videoTourUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    expect(resolved.warnings.map((w) => w.field)).toEqual(['MEDIA_VIRTUAL_TOUR_02', 'MEDIA_VIRTUAL_TOUR_03']);
    expect(resolved.media).toEqual([]);
  });
});
