import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { routes } from '#src/app/router.tsx';
import { withDataPrefetch } from '#src/app/route-prefetch.ts';
import { takeEarlyFetch } from '#src/lib/early-fetch.ts';
import { makeListing, makeSearchResult } from '#src/testing/fixtures/listings.ts';
import { answerSearch } from '#src/testing/handlers/listing-search.ts';
import { recordRequests, server } from '#src/testing/server.ts';

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

/** Nobody is signed in: `GET /api/me` answers 401, as the API does. */
const signedOut = () =>
  http.get('/api/me', () =>
    HttpResponse.json({ error: { code: 'UNAUTHENTICATED', message: 'Sign in' } }, { status: 401 }),
  );

const pathsOf = (requests: Request[]) => requests.map((r) => new URL(r.url).pathname);

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
  answerSearch(makeSearchResult([]));
  const requests = recordRequests();
  const queryClient = new QueryClient();
  start('/search?location=Reading&mode=sale', queryClient);

  await vi.waitFor(() => expect(requests).toHaveLength(1));
  const sent = new URL(requests[0]!.url);
  expect(sent.pathname).toBe('/api/properties');
  expect(sent.searchParams.get('location')).toBe('Reading');
  await vi.waitFor(() =>
    expect(queryClient.getQueryCache().findAll({ queryKey: ['listings'] })[0]?.queryKey).toEqual([
      'listings',
      sent.search.slice(1),
    ]),
  );
});

test('the request leaves before the page code loads, and the page query takes it over: one request', async () => {
  answerSearch(makeSearchResult([]));
  const requests = recordRequests();
  const queryClient = new QueryClient();
  start('/search?location=Reading&view=map', queryClient);
  // Synchronously with the navigation, before any lazy code has arrived (MSW sees a fetch as it is called).
  expect(requests).toHaveLength(1);
  // A URL without a mode is the Buy search (REQ-SEARCH-03): the early request asks for it too.
  expect(new URL(requests[0]!.url).search).toBe('?location=Reading&mode=sale&pageSize=100');
  await vi.waitFor(() =>
    expect(queryClient.getQueryState(['listings', 'location=Reading&mode=sale&pageSize=100'])?.status).toBe(
      'success',
    ),
  );
  expect(requests).toHaveLength(1);
});

test('nothing is sent again for a search the cache already holds', async () => {
  // No handler: a request would fail the test as well as the last assertion.
  const requests = recordRequests();
  // As in the app (query-client.ts), a fresh answer is not asked for again.
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
  queryClient.setQueryData(['listings', 'location=Reading&mode=sale'], makeSearchResult([]));
  const done = start('/search?location=Reading', queryClient);
  await vi.waitFor(() => expect(done.state.initialized).toBe(true));
  expect(requests).toEqual([]);
});

test('an inverted price range is not searched (the page refuses it)', async () => {
  const requests = recordRequests();
  const done = start('/search?location=Reading&minPrice=500000&maxPrice=100000', new QueryClient());
  await vi.waitFor(() => expect(done.state.initialized).toBe(true));
  expect(requests).toEqual([]);
});

test('opening a listing starts loading it before the page renders', async () => {
  // What the answer says does not matter here (a 404): only that the request starts early, under the page's key.
  server.use(
    http.get('/api/properties/:slug', () =>
      HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 }),
    ),
  );
  const requests = recordRequests();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  start('/property/a-house', queryClient);

  expect(pathsOf(requests)).toEqual(['/api/properties/a-house']);
  await vi.waitFor(() => expect(queryClient.getQueryState(['property', 'a-house'])?.status).toBe('error'));
  // The page's query took the early request over.
  expect(requests).toHaveLength(1);
});

test('a failed prefetch does not fail the navigation', async () => {
  server.use(http.get('/api/properties/:slug', () => HttpResponse.error()));
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
  answerSearch(
    makeSearchResult([
      makeListing({
        photos: [
          { url: '/media/demo/b.svg', altText: null, orderIndex: 1, isMain: false },
          { url: '/media/demo/a.svg', altText: null, orderIndex: 0, isMain: true },
        ],
      }),
    ]),
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
  server.use(
    signedOut(),
    http.get('/api/admin/properties', () =>
      HttpResponse.json({
        items: [],
        total: 0,
        page: 1,
        pageSize: 25,
        stats: { total: 0, pending: 0, approved: 0, rejected: 0 },
      }),
    ),
    http.get('/api/admin/properties/agencies', () => HttpResponse.json({ agencies: [] })),
  );
  const requests = recordRequests();
  start('/admin/properties', new QueryClient());
  // Synchronously with the navigation.
  expect(pathsOf(requests).sort()).toEqual([
    '/api/admin/properties',
    '/api/admin/properties/agencies',
    '/api/me',
  ]);
});

test("the page's own query takes the early request over: one request each", async () => {
  server.use(
    signedOut(),
    http.get('/api/agent/enquiries', () =>
      HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 }),
    ),
  );
  const requests = recordRequests();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  start('/agent/enquiries', queryClient);
  const { agentEnquiriesQueryOptions } = await import('#src/features/agent-enquiries/api/agent-enquiries.ts');
  const { parseAgentEnquiryFilters } = await import('@abode/shared/agent/enquiries.schema');
  await queryClient
    .fetchQuery(agentEnquiriesQueryOptions(parseAgentEnquiryFilters(new URLSearchParams())))
    .catch(() => undefined);
  expect(pathsOf(requests).sort()).toEqual(['/api/agent/enquiries', '/api/me']);
});

test('a filtered portal page, or one opened while the app runs, asks only what the page asks itself', async () => {
  server.use(signedOut());
  const requests = recordRequests();
  start('/agent/properties?status=sold', new QueryClient());
  expect(pathsOf(requests)).toEqual(['/api/me']);

  requests.length = 0;
  const running = new QueryClient();
  running.setQueryData(['me'], null);
  start('/agent/dashboard', running);
  await vi.waitFor(() => expect(router?.state.initialized).toBe(true));
  expect(requests).toEqual([]);
});
