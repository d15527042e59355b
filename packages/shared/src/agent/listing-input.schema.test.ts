import { describe, expect, test } from 'vitest';
import {
  AGENT_LISTING_SORTS,
  AgentListingFiltersSchema,
  LISTING_MESSAGES,
  ListingInputSchema,
  UpdateListingInputSchema,
  type ListingFormValues,
} from './listing-input.schema.ts';

const SALE: ListingFormValues = {
  title: '3 bedroom house for sale',
  description: 'A bright terraced house.',
  pricePence: 350_000_00,
  mode: 'sale',
  status: 'active',
  propertyType: 'house',
  bedrooms: 3,
  bathrooms: 1,
  addressLine1: 'Cowper Road',
  city: 'London',
  postcode: 'sw19 1aa',
  tenure: 'freehold',
  councilTaxBand: 'E',
};

const RENT: ListingFormValues = {
  ...SALE,
  title: '2 bedroom flat to rent',
  mode: 'rent',
  pricePence: 1_850_00,
  tenure: '',
  availableFrom: '2026-12-01',
  furnished: 'part_furnished',
  // Part A for a rental (REQ-LISTING-10).
  depositPence: 2_134_00,
  holdingDepositPence: 426_00,
  minimumTermMonths: 12,
};

function issues(input: unknown): Record<string, string> {
  const result = ListingInputSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('ListingInputSchema', () => {
  test('normalises a complete sale listing and drops the rent-only fields', () => {
    const out = ListingInputSchema.parse({
      ...SALE,
      title: '  3 bedroom <b>house</b> for sale ',
      description: '',
      features: ['garden', 'garden', 'parking'],
      availableFrom: '2026-12-01',
      furnished: 'furnished',
      epcRating: '',
      floorAreaSqm: Number.NaN,
    });
    expect(out).toMatchObject({
      title: '3 bedroom bhouse/b for sale',
      postcode: 'SW19 1AA',
      parkingSpaces: 0,
      features: ['garden', 'parking'],
      availableFrom: null,
      furnished: null,
      epcRating: null,
      floorAreaSqm: null,
      description: '',
    });
  });

  test('keeps the rent-only fields of a rental, with tenure optional', () => {
    const out = ListingInputSchema.parse(RENT);
    expect(out).toMatchObject({ availableFrom: '2026-12-01', furnished: 'part_furnished', tenure: null });
  });

  test('a new listing defaults to draft', () => {
    const { status: _status, ...rest } = SALE;
    expect(ListingInputSchema.parse(rest).status).toBe('draft');
  });

  test('material information Part A is required before a listing leaves draft', () => {
    const missing = { ...SALE, tenure: '', councilTaxBand: null, pricePence: 0 };
    expect(issues(missing)).toEqual({
      pricePence: LISTING_MESSAGES.askingPriceRequired,
      tenure: LISTING_MESSAGES.tenureRequired,
      councilTaxBand: LISTING_MESSAGES.councilTaxBandRequired,
    });
    expect(issues({ ...missing, status: 'under-offer' })).toHaveProperty('councilTaxBand');
    expect(issues({ ...missing, status: 'draft' })).toEqual({});
    expect(issues({ ...RENT, pricePence: 0, councilTaxBand: '' })).toEqual({
      pricePence: LISTING_MESSAGES.rentRequired,
      councilTaxBand: LISTING_MESSAGES.councilTaxBandRequired,
    });
  });

  test('the status must fit the mode', () => {
    expect(issues({ ...SALE, status: 'let-agreed' })).toEqual({ status: LISTING_MESSAGES.rentStatusForSale });
    expect(issues({ ...RENT, status: 'sold' })).toEqual({ status: LISTING_MESSAGES.saleStatusForRent });
    expect(issues({ ...SALE, status: 'sold' })).toEqual({});
    expect(issues({ ...RENT, status: 'let' })).toEqual({});
  });

  test('flags: none by default, duplicates dropped, only known slugs (REQ-SEARCH)', () => {
    expect(ListingInputSchema.parse(SALE).flags).toEqual([]);
    expect(ListingInputSchema.parse({ ...SALE, flags: ['auction', 'retirement', 'auction'] }).flags).toEqual([
      'auction',
      'retirement',
    ]);
    expect(issues({ ...SALE, flags: ['new-build'] })).toHaveProperty('flags.0');
  });

  test('shared ownership and auction are sale-only; a rental may be a retirement home', () => {
    expect(issues({ ...SALE, flags: ['retirement', 'shared-ownership', 'auction'] })).toEqual({});
    expect(issues({ ...RENT, flags: ['retirement'] })).toEqual({});
    expect(issues({ ...RENT, flags: ['auction'] })).toEqual({ flags: LISTING_MESSAGES.saleFlagForRent });
    expect(issues({ ...RENT, status: 'draft', flags: ['shared-ownership'] })).toEqual({
      flags: LISTING_MESSAGES.saleFlagForRent,
    });
  });

  test('rejects script-like content, bad postcodes, bad counts and prices', () => {
    expect(issues({ ...SALE, title: 'Nice <script>alert(1)</script>' })).toEqual({
      title: LISTING_MESSAGES.invalidContent,
    });
    expect(issues({ ...SALE, description: 'see javascript:void(0)' })).toEqual({
      description: LISTING_MESSAGES.invalidContent,
    });
    expect(issues({ ...SALE, postcode: 'SW19' })).toEqual({ postcode: LISTING_MESSAGES.postcodeInvalid });
    expect(issues({ ...SALE, bedrooms: 2.5 })).toEqual({ bedrooms: LISTING_MESSAGES.countInvalid });
    expect(issues({ ...SALE, pricePence: Number.NaN })).toEqual({
      pricePence: LISTING_MESSAGES.priceRequired,
    });
    expect(issues({ ...SALE, pricePence: 3_000_000_000 })).toEqual({
      pricePence: LISTING_MESSAGES.priceTooHigh,
    });
    expect(issues({ ...SALE, title: ' <> ' })).toEqual({ title: LISTING_MESSAGES.titleRequired });
    expect(issues({ ...SALE, title: 'x'.repeat(121) })).toEqual({ title: LISTING_MESSAGES.titleTooLong });
    expect(issues({ ...SALE, description: 'x'.repeat(5001) })).toEqual({
      description: LISTING_MESSAGES.descriptionTooLong,
    });
  });

  test('title, address and town are one line without control or bidi characters; the description keeps lines', () => {
    const out = ListingInputSchema.parse({
      ...SALE,
      title: ' Sunny\r\nflat\u0007 \u202eexe.gnp\u202c\u2066 ',
      addressLine1: '12 Cowper Road\nFlat 2',
      city: 'Lon\u200fdon\t',
      description: 'Line 1\r\nLine 2\u202e',
    });
    expect(out).toMatchObject({
      title: 'Sunny flat exe.gnp',
      addressLine1: '12 Cowper Road Flat 2',
      city: 'London',
      description: 'Line 1\nLine 2',
    });
    expect(issues({ ...SALE, title: '\n\u202e\u0000\r\n' })).toEqual({
      title: LISTING_MESSAGES.titleRequired,
    });
  });

  test.each(['0000-01-01', '1899-12-31', '2101-01-01', '9999-12-31'])(
    'availableFrom %s is outside 1900-2100 (REQ-SEC)',
    (availableFrom) =>
      expect(issues({ ...RENT, availableFrom })).toEqual({ availableFrom: LISTING_MESSAGES.dateOutOfRange }),
  );

  test.each(['2026-02-30', '2026-13-01', '26-01-01', '2026-1-1', '+002026-01-01', '2026-01-01T00:00:00Z'])(
    'availableFrom %s is not a date',
    (availableFrom) =>
      expect(issues({ ...RENT, availableFrom })).toEqual({ availableFrom: LISTING_MESSAGES.dateInvalid }),
  );

  test('availableFrom accepts the first and last day of the range and leap days', () => {
    for (const availableFrom of ['1900-01-01', '2100-12-31', '2028-02-29'])
      expect(ListingInputSchema.parse({ ...RENT, availableFrom }).availableFrom).toBe(availableFrom);
  });
});

test('UpdateListingInputSchema leaves out what the PATCH left out (no defaults filled in)', () => {
  expect(UpdateListingInputSchema.parse({ pricePence: 1000 })).toEqual({ pricePence: 1000 });
  expect(UpdateListingInputSchema.parse({ councilTaxBand: '' })).toEqual({ councilTaxBand: null });
  expect(UpdateListingInputSchema.parse({ flags: ['auction', 'auction'] })).toEqual({ flags: ['auction'] });
  expect(UpdateListingInputSchema.parse({ flags: [] })).toEqual({ flags: [] });
});

test('AgentListingFiltersSchema defaults to all statuses and modes, newest first, page 1 of 25', () => {
  expect(AgentListingFiltersSchema.parse({})).toEqual({
    status: 'all',
    mode: 'all',
    sort: 'created',
    order: 'desc',
    page: 1,
    pageSize: 25,
  });
  expect(AgentListingFiltersSchema.safeParse({ status: 'archived' }).success).toBe(false);
});

test('AgentListingFiltersSchema: every column sorts both ways; branch and negotiator are ids (or unassigned)', () => {
  for (const sort of AGENT_LISTING_SORTS)
    for (const order of ['asc', 'desc'])
      expect(AgentListingFiltersSchema.parse({ sort, order })).toMatchObject({ sort, order });
  const branchId = '7d0c5a1e-2b3f-4c6d-8e9f-0a1b2c3d4e5f';
  expect(AgentListingFiltersSchema.parse({ branchId, negotiatorId: 'unassigned' })).toMatchObject({
    branchId,
    negotiatorId: 'unassigned',
  });
  for (const bad of [
    { sort: 'bedrooms' },
    { order: 'up' },
    { branchId: 'reading' },
    { negotiatorId: 'bea' },
    { negotiatorId: '' },
  ])
    expect(AgentListingFiltersSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
});

test('AgentListingFiltersSchema reads page and pageSize from the query string and bounds them', () => {
  expect(AgentListingFiltersSchema.parse({ page: '3', pageSize: '100' })).toMatchObject({
    page: 3,
    pageSize: 100,
  });
  for (const bad of [
    { page: '0' },
    { page: '1001' },
    { page: '1.5' },
    { pageSize: '101' },
    { pageSize: '0' },
  ])
    expect(AgentListingFiltersSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
});
