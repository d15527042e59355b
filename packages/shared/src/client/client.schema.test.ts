import { describe, expect, test } from 'vitest';
import { MESSAGES } from '../messages.ts';
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

  test("keeps apostrophes and ampersands (DESIGN §7: O'Brien, Smith & Sons)", () => {
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

  test("defaults to 'Search in {location}' or 'Search in All Areas' (SPEC §7)", () => {
    expect(defaultSavedSearchLabel('Reading')).toBe('Search in Reading');
    expect(defaultSavedSearchLabel(undefined)).toBe('Search in All Areas');
    expect(defaultSavedSearchLabel('  ')).toBe('Search in All Areas');
    expect(defaultSavedSearchLabel('x'.repeat(100))).toHaveLength(100);
  });
});

describe('create a saved search', () => {
  test('alerts default to on and instant; the label is optional', () => {
    const input = CreateSavedSearchInputSchema.parse({ searchParams: { location: 'Reading' } });
    expect(input).toEqual({
      searchParams: { location: 'Reading' },
      emailAlerts: true,
      alertFrequency: 'instant',
    });
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
    // Paging and sort are not filters: they are dropped.
    expect(input.searchParams).toEqual({
      location: 'SW19',
      mode: 'rent',
      minPrice: 1000,
      maxPrice: 2500,
      bedrooms: 2,
      filters: ['garden', 'parking'],
    });
  });

  test('refuses an inverted price range with the SPEC §5 message', () => {
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

describe('Run Search restores the saved filters (DESIGN §7)', () => {
  const saved = SavedSearchSchema.parse({
    id: 'b3c1e0f2-6a4d-4e7a-9c1b-2f3d4e5f6a7b',
    label: 'Search in Reading',
    searchParams: {
      location: 'Reading',
      mode: 'sale',
      type: 'flat',
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

  test('the filter object survives the /search URL both ways', () => {
    const url = toSearchParams(saved.searchParams);
    expect(url.toString()).toBe(
      'location=Reading&mode=sale&type=flat&minPrice=100000&maxPrice=300000&bedrooms=2&bathrooms=1&filters=garden',
    );
    const { page: _page, sort: _sort, view: _view, ...back } = parseSearchParams(url);
    expect(back).toEqual(saved.searchParams);
  });

  test('an empty filter object is a search of all areas', () => {
    expect(toSearchParams({}).toString()).toBe('');
    expect(CreateSavedSearchInputSchema.parse({ searchParams: {} }).searchParams).toEqual({});
  });
});
