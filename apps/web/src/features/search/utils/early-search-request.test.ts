import { expect, test } from 'vitest';
import { SearchQuerySchema } from '@abode/shared/search/search.schema';
import {
  guessListingsRequest,
  isInvertedPriceRange,
  SEARCH_URL_FIELDS,
} from '@abode/shared/search/search-fields';
import { parseSearchParams, toSearchParams, type SearchState } from '@abode/shared/search/search-url';
import { listingsQueryOptions } from '#src/features/search/api/get-listings.ts';

/** What the search page really asks for: its query key (the API query string). */
function realKey(pageParams: URLSearchParams): string {
  return String(listingsQueryOptions(parseSearchParams(pageParams)).queryKey[1]);
}

const states: Partial<SearchState>[] = [
  {},
  { location: 'Reading' },
  { location: 'Reading', mode: 'sale' },
  { location: 'SW19', radius: 3, mode: 'rent', type: 'flat', minPrice: 1000, maxPrice: 2500, bedrooms: 2 },
  { location: 'Manchester', filters: ['garden', 'parking'], sort: 'price_asc', page: 3, view: 'list' },
  { location: 'Manchester', view: 'map' },
  { keywords: 'garage, "sea view" & more', added: 7, includeUnderOffer: true, exclude: ['auction'] },
  { bounds: '-2.3,53.4,-2.1,53.5', view: 'map', page: 2 },
  { location: 'Isle of Wight', bathrooms: 2, includeLetAgreed: true, mode: 'rent' },
  { location: 'Leeds', mode: 'rent', hasFloorPlan: true, letType: 'student', furnished: 'furnished' },
  { mode: 'rent', petsAllowed: true, billsIncluded: true, sort: 'price_asc', view: 'map' },
];

test.each(states.map((state) => [toSearchParams(state).toString(), state] as const))(
  'the early request for /search?%s is the one the page makes',
  (_query, state) => {
    // The URL as the app writes it (toSearchParams), read back as the browser does.
    const pageParams = new URLSearchParams(toSearchParams(state).toString());
    const { url, key } = guessListingsRequest(pageParams);
    expect(key).toBe(realKey(pageParams));
    expect(url).toBe(key ? `/api/properties?${key}` : '/api/properties');
  },
);

test('parameters the search does not read (utm_source and the like) are left out', () => {
  const pageParams = new URLSearchParams('location=Reading&utm_source=newsletter');
  expect(guessListingsRequest(pageParams).key).toBe(realKey(pageParams));
});

test('the field list matches the search schema (plus the view, less the page size)', () => {
  const schemaFields = Object.keys(SearchQuerySchema.shape).filter((key) => key !== 'pageSize');
  expect([...SEARCH_URL_FIELDS].sort()).toEqual([...schemaFields, 'view'].sort());
});

test('an inverted price range is recognised (the page refuses it, so nothing asks for it early)', () => {
  expect(isInvertedPriceRange(new URLSearchParams('minPrice=300000&maxPrice=200000'))).toBe(true);
  expect(isInvertedPriceRange(new URLSearchParams('minPrice=200000&maxPrice=300000'))).toBe(false);
  expect(isInvertedPriceRange(new URLSearchParams('minPrice=200000'))).toBe(false);
  expect(isInvertedPriceRange(new URLSearchParams('location=Reading'))).toBe(false);
});
