import { describe, expect, test } from 'vitest';
import { fc } from '../testing-fast-check.ts';
import { parseSearchParams, toApiSearchParams, toSearchParams, type SearchState } from './search-url.ts';
import { SearchFiltersSchema, SearchQuerySchema } from './search.schema.ts';

describe('URL → search state', () => {
  test('reads the home page parameters (SPEC §2)', () => {
    const s = parseSearchParams(
      new URLSearchParams(
        'location=Reading&type=flat&minPrice=100000&maxPrice=300000&bedrooms=2&mode=sale&filters=garden,parking',
      ),
    );
    expect(s).toEqual({
      location: 'Reading',
      type: 'flat',
      minPrice: 100_000,
      maxPrice: 300_000,
      bedrooms: 2,
      mode: 'sale',
      filters: ['garden', 'parking'],
      page: 1,
      sort: 'newest',
      view: 'grid',
    });
  });

  test('drops invalid values instead of failing the page', () => {
    const s = parseSearchParams(
      new URLSearchParams('mode=buy&type=castle&bedrooms=lots&page=-3&sort=x&view=map&location=SW19'),
    );
    expect(s).toEqual({ location: 'SW19', page: 1, sort: 'newest', view: 'grid' });
  });

  test("keeps an inverted price range for the page to report, and 'all' as no filter", () => {
    const s = parseSearchParams(new URLSearchParams('minPrice=500000&maxPrice=200000&type=all'));
    expect(s).toMatchObject({ minPrice: 500_000, maxPrice: 200_000 });
    expect(s.type).toBeUndefined();
  });

  test('blank values mean no filter', () => {
    const s = parseSearchParams(new URLSearchParams('location=&minPrice=&filters='));
    expect(s).toEqual({ page: 1, sort: 'newest', view: 'grid' });
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
        view: fc.constantFrom('grid' as const, 'list' as const),
      },
      { requiredKeys: ['sort', 'page', 'view'] },
    );
    fc.assert(
      fc.property(state, (s) => {
        const back = parseSearchParams(toSearchParams(s as Partial<SearchState>));
        expect(back).toEqual(s);
      }),
    );
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

  test('query defaults', () => {
    expect(SearchQuerySchema.parse({})).toEqual({ page: 1, pageSize: 24, sort: 'newest' });
  });

  test('location is trimmed and capped at 100 characters (SPEC §9)', () => {
    expect(SearchQuerySchema.parse({ location: '  Reading ' }).location).toBe('Reading');
    expect(SearchQuerySchema.safeParse({ location: 'x'.repeat(101) }).success).toBe(false);
    expect(SearchQuerySchema.safeParse({ location: 'x'.repeat(100) }).success).toBe(true);
  });
});
