import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { routes } from '#src/app/router.tsx';
import { withDataPrefetch } from '#src/app/route-prefetch.ts';
import { takeEarlyFetch } from '#src/lib/early-fetch.ts';
import { makeListing, makeSearchResult } from '#src/testing/fixtures/listings.ts';
import { fetchedUrl, stubFetch } from '#src/testing/test-utils.tsx';

let router: ReturnType<typeof createMemoryRouter> | undefined;
afterEach(() => router?.dispose());

/** The portal pages' early requests nobody took would stand in for the next test's (early-fetch.ts keeps them 30 s). */
const PORTAL_URLS = [
  '/api/me',
  '/api/agent/dashboard',
  '/api/agent/properties',
  '/api/agent/enquiries',
  '/api/admin/dashboard',
  '/api/admin/properties',
  '/api/admin/properties/agencies',
  '/api/admin/users',
];
afterEach(() => PORTAL_URLS.forEach((url) => void takeEarlyFetch(url)));

function start(url: string, queryClient: QueryClient) {
  router = createMemoryRouter(withDataPrefetch(routes, queryClient), { initialEntries: [url] });
  return router;
}

function findRoute(table: RouteObject[], path: string): RouteObject | undefined {
  for (const route of table) {
    if (route.path === path) return route;
    const child = route.children && findRoute(route.children, path);
    if (child) return child;
  }
  return undefined;
}

test('opening /search starts its search before the page renders, under the key the page reads', async () => {
  const fetch = stubFetch(() => Response.json(makeSearchResult([])));
  const queryClient = new QueryClient();
  start('/search?location=Reading&mode=sale', queryClient);

  await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
  expect(fetchedUrl(fetch).pathname).toBe('/api/properties');
  expect(fetchedUrl(fetch).searchParams.get('location')).toBe('Reading');
  await vi.waitFor(() =>
    expect(queryClient.getQueryCache().findAll({ queryKey: ['listings'] })[0]?.queryKey).toEqual([
      'listings',
      fetchedUrl(fetch).search.slice(1),
    ]),
  );
});

test('the request leaves before the page code loads, and the page query takes it over: one request', async () => {
  const fetch = stubFetch(() => Response.json(makeSearchResult([])));
  const queryClient = new QueryClient();
  start('/search?location=Reading&view=map', queryClient);
  // Synchronously with the navigation, before any lazy code has arrived.
  expect(fetch).toHaveBeenCalledTimes(1);
  // A URL without a mode is the Buy search (REQ-SEARCH-03): the early request asks for it too.
  expect(fetchedUrl(fetch).search).toBe('?location=Reading&mode=sale&pageSize=100');
  await vi.waitFor(() =>
    expect(queryClient.getQueryState(['listings', 'location=Reading&mode=sale&pageSize=100'])?.status).toBe(
      'success',
    ),
  );
  expect(fetch).toHaveBeenCalledTimes(1);
});

test('nothing is sent again for a search the cache already holds', async () => {
  const fetch = stubFetch(() => Response.json(makeSearchResult([])));
  // As in the app (query-client.ts), a fresh answer is not asked for again.
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
  queryClient.setQueryData(['listings', 'location=Reading&mode=sale'], makeSearchResult([]));
  const done = start('/search?location=Reading', queryClient);
  await vi.waitFor(() => expect(done.state.initialized).toBe(true));
  expect(fetch).not.toHaveBeenCalled();
});

test('an inverted price range is not searched (the page refuses it)', async () => {
  const fetch = stubFetch(() => Response.json(makeSearchResult([])));
  const done = start('/search?location=Reading&minPrice=500000&maxPrice=100000', new QueryClient());
  await vi.waitFor(() => expect(done.state.initialized).toBe(true));
  expect(fetch).not.toHaveBeenCalled();
});

test('opening a listing starts loading it before the page renders', async () => {
  // What the answer says does not matter here (a 404): only that the request starts early, under the page's key.
  const fetch = stubFetch(() =>
    Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  start('/property/a-house', queryClient);

  expect(fetch).toHaveBeenCalledTimes(1);
  expect(fetchedUrl(fetch).pathname).toBe('/api/properties/a-house');
  await vi.waitFor(() => expect(queryClient.getQueryState(['property', 'a-house'])?.status).toBe('error'));
  // The page's query took the early request over.
  expect(fetch).toHaveBeenCalledTimes(1);
});

test('a failed prefetch does not fail the navigation', async () => {
  stubFetch(() => Promise.reject(new TypeError('offline')));
  const done = start('/property/a-house', new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  await vi.waitFor(() => expect(done.state.initialized).toBe(true));
  expect(done.state.errors).toBeNull();
});

test('only the app router gets the loaders; the plain route table (tests) has none', () => {
  const withLoaders = withDataPrefetch(routes, new QueryClient());
  expect(findRoute(routes, '/search')?.loader).toBeUndefined();
  expect(findRoute(withLoaders, '/search')?.loader).toBeTypeOf('function');
  expect(findRoute(withLoaders, '/property/:slug')?.loader).toBeTypeOf('function');
  expect(findRoute(withLoaders, '/about')?.loader).toBeUndefined();
});

test("the first result's first photo starts loading as soon as the search answers", async () => {
  stubFetch(() =>
    Response.json(
      makeSearchResult([
        makeListing({
          photos: [
            { url: '/media/demo/b.svg', altText: null, orderIndex: 1, isMain: false },
            { url: '/media/demo/a.svg', altText: null, orderIndex: 0, isMain: true },
          ],
        }),
      ]),
    ),
  );
  start('/search?location=Preload', new QueryClient());
  await vi.waitFor(() =>
    expect(document.head.querySelector('link[rel="preload"][as="image"]')).toHaveAttribute(
      'href',
      '/media/demo/a.svg',
    ),
  );
  const link = document.head.querySelector('link[rel="preload"][as="image"]')!;
  expect(link).toHaveAttribute('fetchpriority', 'high');
  link.remove();
});

test('opening a portal page asks who is signed in and for the page data at once, before any page code loads', async () => {
  const fetch = stubFetch((url) =>
    url.pathname === '/api/me'
      ? Response.json({ error: { code: 'UNAUTHENTICATED', message: 'Sign in' } }, { status: 401 })
      : Response.json({}),
  );
  start('/admin/properties', new QueryClient());
  // Synchronously with the navigation.
  expect(fetch.mock.calls.map((_, i) => fetchedUrl(fetch, i).pathname).sort()).toEqual([
    '/api/admin/properties',
    '/api/admin/properties/agencies',
    '/api/me',
  ]);
});

test("the page's own query takes the early request over: one request each", async () => {
  const fetch = stubFetch((url) =>
    url.pathname === '/api/me'
      ? Response.json({ error: { code: 'UNAUTHENTICATED', message: 'Sign in' } }, { status: 401 })
      : Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  start('/agent/enquiries', queryClient);
  const { agentEnquiriesQueryOptions } = await import('#src/features/agent-enquiries/api/agent-enquiries.ts');
  const { parseAgentEnquiryFilters } = await import('@abode/shared/agent/enquiries.schema');
  await queryClient
    .fetchQuery(agentEnquiriesQueryOptions(parseAgentEnquiryFilters(new URLSearchParams())))
    .catch(() => undefined);
  expect(fetch).toHaveBeenCalledTimes(2);
});

test('a filtered portal page, or one opened while the app runs, asks only what the page asks itself', async () => {
  const fetch = stubFetch(() => Response.json({}));
  start('/agent/properties?status=sold', new QueryClient());
  expect(fetch.mock.calls.map((_, i) => fetchedUrl(fetch, i).pathname)).toEqual(['/api/me']);

  fetch.mockClear();
  const running = new QueryClient();
  running.setQueryData(['me'], null);
  start('/agent/dashboard', running);
  await vi.waitFor(() => expect(router?.state.initialized).toBe(true));
  expect(fetch).not.toHaveBeenCalled();
});
