import { describe, expect, test } from 'vitest';
import { fc } from '../testing-fast-check.ts';
import { encodePolyline } from './polyline.ts';
import { POLYGON_MESSAGES } from './geo.ts';
import { guessListingsRequest } from './search-fields.ts';
import { parseSearchParams, toApiSearchParams, toSearchParams, type SearchState } from './search-url.ts';
import { FURNISHINGS, LET_TYPES } from '../listings/listing-vocabulary.ts';
import {
  fromSavedSearchFilters,
  parseBounds,
  RENTAL_ONLY_FILTERS,
  SavedSearchFiltersInputSchema,
  savedSearchFiltersKey,
  SEARCH_MESSAGES,
  SearchFiltersSchema,
  SearchQuerySchema,
  toSavedSearchFilters,
} from './search.schema.ts';

/** A drawn area around Wimbledon (real OS positions of SW19), as the SPA encodes it. */
const WIMBLEDON_AREA = encodePolyline([
  { latitude: 51.43, longitude: -0.22 },
  { latitude: 51.43, longitude: -0.19 },
  { latitude: 51.41, longitude: -0.18 },
  { latitude: 51.4, longitude: -0.21 },
]);

/** The state of a search URL with nothing in it (to sale, first page, newest first, as a grid). */
const EMPTY_SEARCH: SearchState = { mode: 'sale', page: 1, sort: 'newest', view: 'grid' };

describe('URL → search state', () => {
  test('reads the home page parameters (REQ-SEARCH)', () => {
    const s = parseSearchParams(
      new URLSearchParams(
        'location=Reading&type=flat&minPrice=100000&maxPrice=300000&bedrooms=2&mode=sale&filters=garden,parking',
      ),
    );
    expect(s).toEqual({
      ...EMPTY_SEARCH,
      location: 'Reading',
      type: 'flat',
      minPrice: 100_000,
      maxPrice: 300_000,
      bedrooms: 2,
      mode: 'sale',
      filters: ['garden', 'parking'],
    });
  });

  test('drops invalid values instead of failing the page', () => {
    const s = parseSearchParams(
      new URLSearchParams('mode=buy&type=castle&bedrooms=lots&page=-3&sort=x&view=globe&location=SW19'),
    );
    expect(s).toEqual({ location: 'SW19', mode: 'sale', page: 1, sort: 'newest', view: 'grid' });
  });

  test('a search without a mode is a search to buy, as on the home page (REQ-SEARCH-03)', () => {
    expect(parseSearchParams(new URLSearchParams('location=Leeds')).mode).toBe('sale');
    expect(parseSearchParams(new URLSearchParams('mode=all')).mode).toBe('sale');
    expect(parseSearchParams(new URLSearchParams('mode=rent')).mode).toBe('rent');
    // The early request (REQ-PERF) asks for the same thing as the page will.
    expect(guessListingsRequest(new URLSearchParams('location=Leeds')).url).toBe(
      '/api/properties?location=Leeds&mode=sale',
    );
    expect(guessListingsRequest(new URLSearchParams('')).url).toBe('/api/properties?mode=sale');
    expect(guessListingsRequest(new URLSearchParams('mode=rent')).key).toBe('mode=rent');
  });

  test("location 'all' is no location filter (REQ-DATA-02), a place containing it still is", () => {
    expect(parseSearchParams(new URLSearchParams('location=all')).location).toBeUndefined();
    expect(parseSearchParams(new URLSearchParams('location=All')).location).toBeUndefined();
    expect(parseSearchParams(new URLSearchParams('location=Hall%20Green')).location).toBe('Hall Green');
    expect(SearchQuerySchema.parse({ location: 'all' }).location).toBeUndefined();
  });

  test("keeps an inverted price range for the page to report, and 'all' as no filter", () => {
    const s = parseSearchParams(new URLSearchParams('minPrice=500000&maxPrice=200000&type=all'));
    expect(s).toMatchObject({ minPrice: 500_000, maxPrice: 200_000 });
    expect(s.type).toBeUndefined();
  });

  test('blank values mean no filter', () => {
    const s = parseSearchParams(new URLSearchParams('location=&minPrice=&filters='));
    expect(s).toEqual(EMPTY_SEARCH);
  });
});

describe('search state → URL', () => {
  test('leaves out defaults and empties, in a stable order', () => {
    const params = toSearchParams({
      view: 'grid',
      page: 1,
      sort: 'newest',
      mode: 'rent',
      location: 'M1',
      filters: [],
    });
    expect(params.toString()).toBe('location=M1&mode=rent');
  });

  test('writes tags comma-separated', () => {
    expect(toSearchParams({ filters: ['garden', 'new-build'] }).toString()).toBe(
      'filters=garden%2Cnew-build',
    );
  });

  test('round-trips any valid state', () => {
    const state = fc.record(
      {
        // Canonical locations: white space already folded to single spaces (the schema folds it).
        location: fc.stringMatching(/^[A-Za-z0-9]+( [A-Za-z0-9]+)*$/).filter((s) => s.length <= 20),
        mode: fc.constantFrom('sale' as const, 'rent' as const),
        type: fc.constantFrom('house' as const, 'flat' as const, 'land' as const),
        minPrice: fc.integer({ min: 0, max: 1_000_000 }),
        bedrooms: fc.integer({ min: 0, max: 5 }),
        filters: fc.uniqueArray(fc.constantFrom('garden' as const, 'parking' as const, 'reduced' as const), {
          minLength: 1,
        }),
        sort: fc.constantFrom('newest' as const, 'price_asc' as const, 'price_desc' as const),
        page: fc.integer({ min: 1, max: 50 }),
        view: fc.constantFrom('grid' as const, 'list' as const, 'map' as const),
      },
      { requiredKeys: ['mode', 'sort', 'page', 'view'] },
    );
    fc.assert(
      fc.property(state, (s) => {
        const back = parseSearchParams(toSearchParams(s as Partial<SearchState>));
        expect(back).toEqual(s);
      }),
    );
  });

  test('view=map is kept in the URL but never sent to the API', () => {
    const s = parseSearchParams(new URLSearchParams('location=M1&radius=3&view=map'));
    expect(s.view).toBe('map');
    expect(toSearchParams(s).toString()).toBe('location=M1&radius=3&mode=sale&view=map');
    expect(toApiSearchParams(s, 100).toString()).toBe('location=M1&radius=3&mode=sale&pageSize=100');
  });

  test('the API query carries the page size only when not the default', () => {
    expect(toApiSearchParams({ location: 'Reading', view: 'list' }).toString()).toBe('location=Reading');
    expect(toApiSearchParams({ page: 2 }, 10).toString()).toBe('page=2&pageSize=10');
  });
});

describe('schemas', () => {
  test('the filter object refuses an inverted price range with the SPEC message', () => {
    const r = SearchFiltersSchema.safeParse({ minPrice: 3, maxPrice: 2 });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Minimum price cannot be greater than maximum price.');
    expect(SearchFiltersSchema.safeParse({ minPrice: 2, maxPrice: 2 }).success).toBe(true);
  });

  test('query defaults: a search to buy (REQ-PLACE), newest first, page 1 of 24', () => {
    expect(SearchQuerySchema.parse({})).toEqual({ mode: 'sale', page: 1, pageSize: 24, sort: 'newest' });
    for (const mode of ['', 'all', undefined, null])
      expect(SearchQuerySchema.parse({ mode }).mode).toBe('sale');
    expect(SearchQuerySchema.parse({ mode: 'rent' }).mode).toBe('rent');
    expect(SearchQuerySchema.safeParse({ mode: 'both' }).success).toBe(false);
  });

  test('location is trimmed and capped at 100 characters (REQ-SEARCH-02)', () => {
    expect(SearchQuerySchema.parse({ location: '  Reading ' }).location).toBe('Reading');
    expect(SearchQuerySchema.safeParse({ location: 'x'.repeat(101) }).success).toBe(false);
    expect(SearchQuerySchema.safeParse({ location: 'x'.repeat(100) }).success).toBe(true);
  });
});

describe('REQ-SEARCH parameters in the URL', () => {
  test('reads every new parameter', () => {
    const params = new URLSearchParams();
    params.set('location', 'M1');
    params.set('radius', '0.25');
    params.set('bounds', '51.43,-1.05,51.47,-0.95');
    params.set('polygon', WIMBLEDON_AREA);
    params.set('keywords', '  garden   -garage ');
    params.set('added', '3');
    params.set('includeUnderOffer', 'true');
    params.set('includeLetAgreed', '1');
    params.set('exclude', 'auction,retirement');
    params.set('filters', 'reduced');
    params.set('sort', 'most_reduced');
    params.set('view', 'list');
    expect(parseSearchParams(params)).toEqual({
      location: 'M1',
      radius: 0.25,
      bounds: '51.43,-1.05,51.47,-0.95',
      polygon: WIMBLEDON_AREA,
      keywords: 'garden -garage',
      added: 3,
      includeUnderOffer: true,
      includeLetAgreed: true,
      exclude: ['auction', 'retirement'],
      filters: ['reduced'],
      mode: 'sale',
      sort: 'most_reduced',
      page: 1,
      view: 'list',
    });
  });

  test('writes them in a stable order, switches only when on', () => {
    const params = toSearchParams({
      polygon: WIMBLEDON_AREA,
      includeLetAgreed: undefined,
      includeUnderOffer: true,
      added: 14,
      keywords: 'period cottage',
      exclude: ['shared-ownership'],
      bounds: '51.4,-0.24,51.44,-0.17',
      radius: 5,
      location: 'Reading',
      sort: 'most_reduced',
      view: 'list',
    });
    expect([...params.keys()]).toEqual([
      'location',
      'radius',
      'exclude',
      'keywords',
      'added',
      'includeUnderOffer',
      'bounds',
      'polygon',
      'sort',
      'view',
    ]);
    expect(params.get('includeUnderOffer')).toBe('true');
    expect(params.get('exclude')).toBe('shared-ownership');
    expect(params.get('polygon')).toBe(WIMBLEDON_AREA);
  });

  test.each([
    ['radius not offered', 'radius=2'],
    ['radius not a number', 'radius=far'],
    ['added not offered', 'added=2'],
    ['bounds with three numbers', 'bounds=1,2,3'],
    ['bounds south of north inverted', 'bounds=52,-1,51,0'],
    ['bounds west of east inverted', 'bounds=51,1,52,0'],
    ['bounds off the map', 'bounds=51,-190,52,0'],
    ['an unknown exclusion', 'exclude=bungalows'],
    ['a polygon that is not a polyline', 'polygon=%21%21'],
    ['a switch with another value', 'includeUnderOffer=yes'],
    ['a sort not offered', 'sort=most-reduced'],
  ])('drops %s', (_name, query) => {
    expect(parseSearchParams(new URLSearchParams(query))).toEqual(EMPTY_SEARCH);
  });

  test("'false', '0' and blank switches mean off", () => {
    const s = parseSearchParams(
      new URLSearchParams('includeUnderOffer=false&includeLetAgreed=0&added=&radius='),
    );
    expect(s).toEqual(EMPTY_SEARCH);
  });

  test('round-trips any valid REQ-SEARCH state', () => {
    const coordinate = (lo: number, hi: number) =>
      fc.integer({ min: lo * 1e4, max: hi * 1e4 }).map((n) => n / 1e4);
    const state = fc.record(
      {
        location: fc.constantFrom('Reading', 'SW19', 'M1 3DA'),
        radius: fc.constantFrom(0.25, 0.5, 1, 3, 5, 10, 15, 20, 30, 40),
        bounds: fc
          .tuple(coordinate(50, 51), coordinate(-3, -1), coordinate(51, 52), coordinate(-1, 1))
          .map((b) => b.join(',')),
        polygon: fc.constant(WIMBLEDON_AREA),
        keywords: fc.stringMatching(/^[a-z]+( -?[a-z]+)*$/).filter((k) => k.length <= 40),
        added: fc.constantFrom(1, 3, 7, 14),
        includeUnderOffer: fc.constant(true as const),
        includeLetAgreed: fc.constant(true as const),
        exclude: fc.uniqueArray(
          fc.constantFrom('retirement' as const, 'shared-ownership' as const, 'auction' as const),
          {
            minLength: 1,
          },
        ),
        mode: fc.constantFrom('sale' as const, 'rent' as const),
        sort: fc.constantFrom('newest' as const, 'most_reduced' as const),
        page: fc.integer({ min: 1, max: 50 }),
        view: fc.constantFrom('grid' as const, 'list' as const, 'map' as const),
      },
      { requiredKeys: ['mode', 'sort', 'page', 'view'] },
    );
    fc.assert(
      fc.property(state, (s) => {
        expect(parseSearchParams(toSearchParams(s as Partial<SearchState>))).toEqual(s);
      }),
    );
  });

  test('the API query carries the new parameters under the same names', () => {
    expect(
      toApiSearchParams({ location: 'M1', radius: 3, keywords: 'garden', view: 'list', added: 7 }).toString(),
    ).toBe('location=M1&radius=3&keywords=garden&added=7');
  });
});

describe('REQ-SEARCH schema rules', () => {
  test('bounds are written canonically and read back as numbers', () => {
    const q = SearchQuerySchema.parse({ bounds: ' 51.430000 , -1.0500001234 ,51.47,-0.95' });
    expect(q.bounds).toBe('51.43,-1.05,51.47,-0.95');
    expect(parseBounds(q.bounds!)).toEqual({ south: 51.43, west: -1.05, north: 51.47, east: -0.95 });
  });

  test.each([
    ['radius', { radius: '2' }, SEARCH_MESSAGES.radius],
    ['added', { added: '30' }, SEARCH_MESSAGES.added],
    ['bounds', { bounds: '52,-1,51,0' }, SEARCH_MESSAGES.bounds],
    [
      'polygon',
      {
        polygon: encodePolyline([
          { latitude: 0, longitude: 0 },
          { latitude: 10, longitude: 10 },
          { latitude: 10, longitude: 0 },
          { latitude: 0, longitude: 10 },
        ]),
      },
      POLYGON_MESSAGES.crossesItself,
    ],
    ['polygon', { polygon: 'x'.repeat(2001) }, undefined],
  ])('a bad %s fails with its field message', (path, raw, message) => {
    const r = SearchQuerySchema.safeParse(raw);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual([path]);
    if (message) expect(r.error?.issues[0]?.message).toBe(message);
  });

  test('keywords are one sanitised line of at most 100 characters', () => {
    expect(SearchQuerySchema.parse({ keywords: ' <b>garden</b>\n  shed ' }).keywords).toBe('bgarden/b shed');
    expect(SearchQuerySchema.safeParse({ keywords: 'k'.repeat(101) }).success).toBe(false);
  });

  test('a saved search stores the new filters as plain JSON and reads them back', () => {
    const filters = SearchFiltersSchema.parse({
      location: 'Reading',
      radius: '5',
      polygon: WIMBLEDON_AREA,
      includeUnderOffer: 'true',
      exclude: 'auction',
      added: '7',
    });
    expect(SearchFiltersSchema.parse(JSON.parse(JSON.stringify(filters)))).toEqual(filters);
    expect(filters).toMatchObject({ radius: 5, includeUnderOffer: true, exclude: ['auction'], added: 7 });
  });
});

describe('REQ-LISTING-16 filters: floor plan and lettings terms', () => {
  test('reads them from the URL, written in the lettings vocabulary', () => {
    const s = parseSearchParams(
      new URLSearchParams(
        'mode=rent&hasFloorPlan=true&letType=student&furnished=part_furnished&petsAllowed=1&billsIncluded=true',
      ),
    );
    expect(s).toEqual({
      ...EMPTY_SEARCH,
      mode: 'rent',
      hasFloorPlan: true,
      letType: 'student',
      furnished: 'part_furnished',
      petsAllowed: true,
      billsIncluded: true,
    });
  });

  test('writes them after the must-haves, switches only when on', () => {
    const params = toSearchParams({
      billsIncluded: true,
      petsAllowed: undefined,
      furnished: 'unfurnished',
      letType: 'long-term',
      hasFloorPlan: true,
      filters: ['garden'],
      exclude: ['auction'],
      mode: 'rent',
    });
    expect(params.toString()).toBe(
      'mode=rent&filters=garden&hasFloorPlan=true&letType=long-term&furnished=unfurnished&billsIncluded=true&exclude=auction',
    );
  });

  test.each([
    ['a let type not offered', 'letType=holiday'],
    ['a let type in another spelling', 'letType=long_term'],
    ['a furnishing not offered', 'furnished=yes'],
    ['a furnishing in another spelling', 'furnished=part-furnished'],
    ['a switch with another value', 'petsAllowed=yes'],
  ])('drops %s', (_name, query) => {
    expect(parseSearchParams(new URLSearchParams(query))).toEqual(EMPTY_SEARCH);
  });

  test("'any' is no filter: blank, 'all', 'false' and '0'", () => {
    const q = SearchQuerySchema.parse({
      letType: 'all',
      furnished: '',
      petsAllowed: 'false',
      billsIncluded: '0',
      hasFloorPlan: '',
    });
    expect([q.letType, q.furnished, q.petsAllowed, q.billsIncluded, q.hasFloorPlan]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  test('a bad value is a 400 with the field named', () => {
    for (const [path, raw] of [
      ['letType', { letType: 'holiday' }],
      ['furnished', { furnished: 'yes' }],
      ['petsAllowed', { petsAllowed: 'maybe' }],
      ['billsIncluded', { billsIncluded: 2 }],
      ['hasFloorPlan', { hasFloorPlan: 'no' }],
    ] as const) {
      const r = SearchQuerySchema.safeParse(raw);
      expect(r.success, path).toBe(false);
      expect(r.error?.issues[0]?.path, path).toEqual([path]);
    }
  });

  test('round-trips any state with them, and the early request asks for the same search', () => {
    const state = fc.record(
      {
        hasFloorPlan: fc.constant(true as const),
        letType: fc.constantFrom(...LET_TYPES),
        furnished: fc.constantFrom(...FURNISHINGS),
        petsAllowed: fc.constant(true as const),
        billsIncluded: fc.constant(true as const),
        location: fc.constantFrom('Reading', 'SW19'),
        mode: fc.constantFrom('sale' as const, 'rent' as const),
        sort: fc.constantFrom('newest' as const, 'price_asc' as const),
        page: fc.integer({ min: 1, max: 50 }),
        view: fc.constantFrom('grid' as const, 'map' as const),
      },
      { requiredKeys: ['mode', 'sort', 'page', 'view'] },
    );
    fc.assert(
      fc.property(state, (s) => {
        const url = toSearchParams(s as Partial<SearchState>);
        expect(parseSearchParams(url)).toEqual(s);
        const early = new URLSearchParams(guessListingsRequest(url).key);
        for (const key of ['hasFloorPlan', 'letType', 'furnished', 'petsAllowed', 'billsIncluded'])
          expect(early.get(key), key).toBe(url.get(key));
      }),
    );
  });

  test('a saved search keeps them, and names them apart from a search without them', () => {
    const saved = toSavedSearchFilters(
      SearchFiltersSchema.parse({ mode: 'rent', location: 'Leeds', petsAllowed: 'true', letType: 'student' }),
    );
    expect(saved).toEqual({ mode: 'rent', location: 'Leeds', petsAllowed: true, letType: 'student' });
    expect(SavedSearchFiltersInputSchema.parse(JSON.parse(JSON.stringify(saved)))).toEqual(saved);
    expect(fromSavedSearchFilters(saved)).toMatchObject({ petsAllowed: true, letType: 'student' });
    const without = toSavedSearchFilters(SearchFiltersSchema.parse({ mode: 'rent', location: 'Leeds' }));
    expect(savedSearchFiltersKey(saved)).not.toBe(savedSearchFiltersKey(without));
  });

  test('the rental-only filters are lettings terms the schema knows', () => {
    for (const key of RENTAL_ONLY_FILTERS) expect(SearchQuerySchema.shape).toHaveProperty(key);
    expect(RENTAL_ONLY_FILTERS).not.toContain('hasFloorPlan');
  });
});
