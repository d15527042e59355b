import { describe, expect, test } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { fromSavedSearchFilters, toSavedSearchFilters } from '../search/search.schema.ts';
import { parseSearchParams, toSearchParams } from '../search/search-url.ts';
import {
  CLIENT_MESSAGES,
  CreateSavedSearchInputSchema,
  defaultSavedSearchLabel,
  FavouriteParamsSchema,
  SavedSearchLabelSchema,
  SavedSearchSchema,
  UpdateSavedSearchInputSchema,
} from './client.schema.ts';

const messagesOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('saved search label', () => {
  test('is trimmed, folds white space and loses angle brackets', () => {
    expect(SavedSearchLabelSchema.parse('  Family   homes <b>near</b> school ')).toBe(
      'Family homes bnear/b school',
    );
  });

  test("keeps apostrophes and ampersands (REQ-CLIENT: O'Brien, Smith & Sons)", () => {
    expect(SavedSearchLabelSchema.parse("Flats near King's Cross & St Pancras")).toBe(
      "Flats near King's Cross & St Pancras",
    );
  });

  test('must not be blank after sanitising', () => {
    expect(messagesOf(SavedSearchLabelSchema.safeParse('   '))).toEqual([CLIENT_MESSAGES.labelRequired]);
    expect(messagesOf(SavedSearchLabelSchema.safeParse('<>'))).toEqual([CLIENT_MESSAGES.labelRequired]);
  });

  test('allows 100 characters and refuses 101', () => {
    expect(SavedSearchLabelSchema.safeParse('a'.repeat(100)).success).toBe(true);
    expect(messagesOf(SavedSearchLabelSchema.safeParse('a'.repeat(101)))).toEqual([
      CLIENT_MESSAGES.labelTooLong,
    ]);
  });

  test('defaults to the filters in words, within the label cap (REQ-CLIENT)', () => {
    expect(defaultSavedSearchLabel({ location: 'Reading', mode: 'sale' })).toBe(
      'Properties for sale in Reading',
    );
    expect(defaultSavedSearchLabel({ mode: 'rent' })).toBe('Properties to rent in all areas');
    expect(defaultSavedSearchLabel({ location: 'x'.repeat(100), mode: 'rent' })).toHaveLength(100);
  });
});

describe('create a saved search', () => {
  test('alerts are off unless asked for (REQ-CLIENT-10); the label is optional', () => {
    const input = CreateSavedSearchInputSchema.parse({ searchParams: { location: 'Reading' } });
    // A search stored without a mode is a search to buy (REQ-SEARCH-03).
    expect(input).toEqual({
      searchParams: { location: 'Reading', mode: 'sale' },
      emailAlerts: false,
      alertFrequency: 'instant',
    });
  });

  test("reads REQ-CLIENT-06's propertyType, and the URL's (and old rows') type as the same", () => {
    const spec = CreateSavedSearchInputSchema.parse({ searchParams: { propertyType: 'flat' } });
    const old = CreateSavedSearchInputSchema.parse({ searchParams: { type: 'flat' } });
    expect(spec.searchParams).toEqual({ propertyType: 'flat', mode: 'sale' });
    expect(old.searchParams).toEqual({ propertyType: 'flat', mode: 'sale' });
    const both = CreateSavedSearchInputSchema.parse({
      searchParams: { propertyType: 'flat', type: 'house' },
    });
    expect(both.searchParams).toEqual({ propertyType: 'flat', mode: 'sale' });
    expect(CreateSavedSearchInputSchema.safeParse({ searchParams: { propertyType: 'castle' } }).success).toBe(
      false,
    );
  });

  test("'all' is no filter, for the location too (REQ-CLIENT); every search has a mode, Buy by default", () => {
    const input = CreateSavedSearchInputSchema.parse({
      searchParams: { location: 'all', mode: 'all', propertyType: 'all', bedrooms: 'all', filters: 'all' },
    });
    expect(input.searchParams).toEqual({ mode: 'sale' });
    expect(CreateSavedSearchInputSchema.parse({ searchParams: { location: ' ALL ' } }).searchParams).toEqual({
      mode: 'sale',
    });
    // A place whose name merely contains 'all' is still a place.
    expect(
      CreateSavedSearchInputSchema.parse({ searchParams: { location: 'Wallsend', mode: 'rent' } })
        .searchParams,
    ).toEqual({ location: 'Wallsend', mode: 'rent' });
  });

  test("stores the filter object as the search page has it, 'all' meaning no filter", () => {
    const input = CreateSavedSearchInputSchema.parse({
      searchParams: {
        location: 'SW19',
        mode: 'rent',
        type: 'all',
        minPrice: 1000,
        maxPrice: 2500,
        bedrooms: 2,
        filters: ['garden', 'parking'],
        page: 3,
        sort: 'price_asc',
      },
      emailAlerts: false,
    });
    // Paging and sort are not filters: they are dropped; the type is no filter ('all').
    expect(input.searchParams).toEqual({
      location: 'SW19',
      mode: 'rent',
      minPrice: 1000,
      maxPrice: 2500,
      bedrooms: 2,
      filters: ['garden', 'parking'],
    });
  });

  test('refuses an inverted price range with the REQ-SEARCH-06 message', () => {
    const r = CreateSavedSearchInputSchema.safeParse({
      searchParams: { minPrice: 500_000, maxPrice: 200_000 },
    });
    expect(messagesOf(r)).toEqual([MESSAGES.invalidPriceRange]);
  });

  test('refuses an unknown alert frequency', () => {
    const r = CreateSavedSearchInputSchema.safeParse({ searchParams: {}, alertFrequency: 'weekly' });
    expect(r.success).toBe(false);
  });
});

describe('update a saved search', () => {
  test('accepts any one of label, alerts and frequency', () => {
    expect(UpdateSavedSearchInputSchema.parse({ label: ' Reading flats ' })).toEqual({
      label: 'Reading flats',
    });
    expect(UpdateSavedSearchInputSchema.parse({ emailAlerts: false })).toEqual({ emailAlerts: false });
    expect(UpdateSavedSearchInputSchema.parse({ alertFrequency: 'daily' })).toEqual({
      alertFrequency: 'daily',
    });
  });

  test('refuses an empty change and a blank label', () => {
    expect(messagesOf(UpdateSavedSearchInputSchema.safeParse({}))).toEqual([CLIENT_MESSAGES.nothingToUpdate]);
    expect(messagesOf(UpdateSavedSearchInputSchema.safeParse({ label: ' ' }))).toEqual([
      CLIENT_MESSAGES.labelRequired,
    ]);
  });
});

test('a property id must be a UUID', () => {
  expect(
    FavouriteParamsSchema.safeParse({ propertyId: 'b3c1e0f2-6a4d-4e7a-9c1b-2f3d4e5f6a7b' }).success,
  ).toBe(true);
  expect(FavouriteParamsSchema.safeParse({ propertyId: "1' OR '1'='1" }).success).toBe(false);
});

describe('Run Search restores the saved filters (REQ-CLIENT-11)', () => {
  const saved = SavedSearchSchema.parse({
    id: 'b3c1e0f2-6a4d-4e7a-9c1b-2f3d4e5f6a7b',
    label: 'Flats for sale in Reading',
    searchParams: {
      location: 'Reading',
      mode: 'sale',
      propertyType: 'flat',
      minPrice: 100_000,
      maxPrice: 300_000,
      bedrooms: 2,
      bathrooms: 1,
      filters: ['garden'],
    },
    emailAlerts: true,
    alertFrequency: 'instant',
    createdAt: '2026-11-22T10:00:00.000Z',
    updatedAt: '2026-11-22T10:00:00.000Z',
  });

  test('the filter object survives the /search URL both ways (propertyType there is type)', () => {
    const url = toSearchParams(fromSavedSearchFilters(saved.searchParams));
    expect(url.toString()).toBe(
      'location=Reading&mode=sale&type=flat&minPrice=100000&maxPrice=300000&bedrooms=2&bathrooms=1&filters=garden',
    );
    expect(toSavedSearchFilters(parseSearchParams(url))).toEqual(saved.searchParams);
  });

  test('an empty filter object is a search of all areas, to buy', () => {
    expect(toSearchParams({}).toString()).toBe('');
    expect(CreateSavedSearchInputSchema.parse({ searchParams: {} }).searchParams).toEqual({ mode: 'sale' });
  });
});
