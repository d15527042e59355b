import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { delay, HttpResponse, type JsonBodyType } from 'msw';
import { resetSearchRateLimitWarning } from '#src/features/search/utils/search-rate-limit.ts';
import { makeListing, makeSearchResult } from '#src/testing/fixtures/listings.ts';
import { answerSearch, searchUrls } from '#src/testing/handlers/listing-search.ts';
import { flushedTo, recordSecurityEvents } from '#src/testing/handlers/security-events.ts';
import { recordRequests } from '#src/testing/server.ts';
import { currentUrl, renderRoute } from '#src/testing/test-utils.tsx';

const jsonResponse = (body: JsonBodyType, status = 200) => HttpResponse.json(body, { status });

test('reads the search from the URL, asks the API for it and shows the results', async () => {
  answerSearch(
    makeSearchResult(
      [
        makeListing({ title: '3 bed semi-detached house for sale' }),
        makeListing({ title: '2 bed flat for sale', propertyType: 'flat', pricePence: 21_000_000 }),
      ],
      { total: 2 },
    ),
  );
  const requests = recordRequests();

  renderRoute('/search?location=Reading&mode=sale&bedrooms=2&filters=garden,parking&sort=price_asc');

  expect(await screen.findByRole('heading', { level: 1, name: '2 Properties Found' })).toBeInTheDocument();
  const url = new URL(requests[0]!.url);
  expect(url.pathname).toBe('/api/properties');
  expect(Object.fromEntries(url.searchParams)).toEqual({
    location: 'Reading',
    mode: 'sale',
    bedrooms: '2',
    filters: 'garden,parking',
    sort: 'price_asc',
  });
  expect(screen.getByRole('heading', { name: '3 bed semi-detached house for sale' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: '2 bed flat for sale' })).toBeInTheDocument();
  expect(screen.getByText('£210,000')).toBeInTheDocument();
  expect(screen.getByLabelText('Location')).toHaveValue('Reading');
  expect(screen.getByText('Reading', { selector: 'span' })).toBeInTheDocument();
  expect(screen.getByLabelText('Sort by')).toHaveValue('price_asc');
  expect(document.title).toBe('Properties for sale in Reading — Abode');
});

test('shows exactly six skeleton cards while the results load', async () => {
  answerSearch(async () => {
    await delay('infinite');
    return jsonResponse(makeSearchResult([]));
  });

  renderRoute('/search?location=Reading');

  await waitFor(() => expect(screen.getAllByTestId('listing-card-skeleton')).toHaveLength(6));
  expect(screen.getByRole('heading', { level: 1, name: 'Searching properties…' })).toBeInTheDocument();
});

test('an empty result shows the empty state, and Clear Filters keeps nothing but Buy or Rent and the view', async () => {
  const user = userEvent.setup();
  answerSearch(makeSearchResult([]));
  const requests = recordRequests();

  const { router } = renderRoute('/search?location=Nowhere&mode=rent&type=land&bedrooms=5&view=list&page=2');

  expect(await screen.findByRole('heading', { name: 'No Properties Found' })).toBeInTheDocument();
  expect(
    screen.getByText('Try adjusting your search criteria or expanding your location search.'),
  ).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Clear Filters' }));

  await waitFor(() => expect(currentUrl(router)).toBe('/search?mode=rent&view=list'));
  await waitFor(() => expect(requests).toHaveLength(2));
  expect(searchUrls(requests)[1]!.search).toBe('?mode=rent');
  expect(screen.getByLabelText('Location')).toHaveValue('');
});

test('a changed filter is a new history entry and goes back to page 1', async () => {
  const user = userEvent.setup();
  answerSearch(makeSearchResult([makeListing()], { total: 60, page: 3 }));
  const requests = recordRequests();

  const { router } = renderRoute('/search?location=Reading&page=3');
  await screen.findByRole('heading', { level: 1, name: '60 Properties Found' });

  await user.click(screen.getByRole('button', { name: 'Filters' }));
  expect(screen.getByRole('button', { name: 'Filters' })).toHaveAttribute('aria-expanded', 'true');
  await user.selectOptions(screen.getByLabelText('Bathrooms'), '2+ baths');

  await waitFor(() => expect(currentUrl(router)).toBe('/search?location=Reading&mode=sale&bathrooms=2'));
  await waitFor(() =>
    expect(searchUrls(requests).at(-1)!.search).toBe('?location=Reading&mode=sale&bathrooms=2'),
  );

  await router.navigate(-1);
  await waitFor(() => expect(currentUrl(router)).toBe('/search?location=Reading&mode=sale&page=3'));
});

test('Enter in the location box runs a new search', async () => {
  const user = userEvent.setup();
  answerSearch(makeSearchResult([makeListing()]));
  const { router } = renderRoute('/search?mode=sale&sort=price_desc');
  await screen.findByRole('heading', { level: 1, name: '1 Property Found' });

  await user.type(screen.getByLabelText('Location'), 'RG30{Enter}');

  await waitFor(() => expect(currentUrl(router)).toBe('/search?location=RG30&mode=sale&sort=price_desc'));
});

test('an inverted price range in the URL shows the toast and sends no request', async () => {
  // No handler answers a search: one would fail the test as well as the last assertion.
  const requests = recordRequests();

  renderRoute('/search?minPrice=500000&maxPrice=200000');

  expect(await screen.findByText('Invalid price range')).toBeInTheDocument();
  expect(screen.getAllByText('Minimum price cannot be greater than maximum price.').length).toBeGreaterThan(
    0,
  );
  expect(requests).toEqual([]);
});

test('choosing a minimum above the maximum is refused with the toast', async () => {
  const user = userEvent.setup();
  answerSearch(makeSearchResult([makeListing()]));
  const { router } = renderRoute('/search?mode=sale&maxPrice=300000');
  await screen.findByRole('heading', { level: 1, name: '1 Property Found' });

  await user.click(screen.getByRole('button', { name: /Filters/ }));
  await user.selectOptions(screen.getByLabelText('Min price'), '£500k');

  expect(await screen.findByText('Invalid price range')).toBeInTheDocument();
  expect(currentUrl(router)).toBe('/search?mode=sale&maxPrice=300000');
  expect(screen.getByLabelText('Min price')).toHaveValue('');
});

test('an API error shows the Search error toast with the server message', async () => {
  answerSearch(() =>
    jsonResponse(
      { error: { code: 'VALIDATION_ERROR', message: 'Please check your input and try again.' } },
      400,
    ),
  );

  renderRoute('/search?location=Reading');

  expect(await screen.findByText('Search error')).toBeInTheDocument();
  expect(screen.getAllByText('Please check your input and try again.').length).toBeGreaterThan(0);
});

test('INVALID_PRICE_RANGE from the API is reported with the price range message', async () => {
  answerSearch(() => jsonResponse({ error: { code: 'INVALID_PRICE_RANGE', message: 'Bad range' } }, 400));

  renderRoute('/search?location=Reading');

  expect(await screen.findByText('Search error')).toBeInTheDocument();
  const toast = screen.getByText('Search error').closest('li');
  expect(toast).not.toBeNull();
  expect(within(toast!).getByText('Minimum price cannot be greater than maximum price.')).toBeInTheDocument();
});

test('Save Search and the heart ask the visitor to sign in', async () => {
  const user = userEvent.setup();
  answerSearch(makeSearchResult([makeListing()]));
  renderRoute('/search');
  await screen.findByRole('heading', { level: 1, name: '1 Property Found' });

  await user.click(screen.getByRole('button', { name: 'Save Search' }));
  expect(await screen.findByText('Please sign in to save searches')).toBeInTheDocument();

  const heart = screen.getByRole('button', { name: 'Save to favourites' });
  expect(heart).toHaveAttribute('aria-pressed', 'false');
  await user.click(heart);
  expect(await screen.findByText('Please sign in to save favourites')).toBeInTheDocument();
  expect(screen.getAllByText('Authentication Required').length).toBeGreaterThan(0);
});

test('the view toggle switches to list view in the URL without a new request', async () => {
  const user = userEvent.setup();
  answerSearch(makeSearchResult([makeListing()]));
  const requests = recordRequests();
  const { router } = renderRoute('/search?location=Reading');
  await screen.findByRole('heading', { level: 1, name: '1 Property Found' });

  await user.click(screen.getByRole('radio', { name: 'List view' }));

  await waitFor(() => expect(currentUrl(router)).toBe('/search?location=Reading&mode=sale&view=list'));
  expect(screen.getByRole('radio', { name: 'List view' })).toHaveAttribute('aria-checked', 'true');
  expect(requests).toHaveLength(1);
});

test('pagination links carry the search and mark the current page', async () => {
  answerSearch(makeSearchResult([makeListing()], { total: 100, page: 2, pageSize: 24 }));
  renderRoute('/search?location=Reading&page=2');
  await screen.findByRole('heading', { level: 1, name: '100 Properties Found' });

  const nav = screen.getByRole('navigation', { name: 'Pagination' });
  expect(within(nav).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  expect(within(nav).getByRole('link', { name: 'Previous page' })).toHaveAttribute(
    'href',
    '/search?location=Reading&mode=sale',
  );
  expect(within(nav).getByRole('link', { name: 'Next page' })).toHaveAttribute(
    'href',
    '/search?location=Reading&mode=sale&page=3',
  );
  expect(within(nav).getByRole('link', { name: 'Page 5' })).toBeInTheDocument();
});

test('a broad search shows its exact count, and the pagination reaches its last page (REQ-SEARCH-20)', async () => {
  answerSearch(makeSearchResult([makeListing()], { total: 1_234_567, page: 51_441, pageSize: 24 }));
  renderRoute('/search?location=England&page=51441');
  expect(
    await screen.findByRole('heading', { level: 1, name: '1,234,567 Properties Found' }),
  ).toBeInTheDocument();
  // 1,234,567 ÷ 24 = 51,440.3: page 51,441 is the last, with 7 listings, and there is no next page.
  const nav = screen.getByRole('navigation', { name: 'Pagination' });
  expect(within(nav).getByRole('link', { name: 'Page 51,441' })).toHaveAttribute('aria-current', 'page');
  expect(within(nav).getByRole('link', { name: 'Page 51,440' })).toHaveAttribute(
    'href',
    '/search?location=England&mode=sale&page=51440',
  );
  expect(within(nav).getByRole('link', { name: 'Page 1' })).toBeInTheDocument();
  expect(within(nav).queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();
});

test('a blocked search (429) shows the Search error toast and keeps the previous results usable', async () => {
  const user = userEvent.setup();
  answerSearch((url) =>
    url.searchParams.get('location') === 'Leeds'
      ? jsonResponse(
          {
            error: {
              code: 'SEARCH_RATE_LIMITED',
              message: 'Too many search requests. Please wait before searching again.',
            },
          },
          429,
        )
      : jsonResponse(makeSearchResult([makeListing({ title: '2 bed flat in Reading' })])),
  );
  const { router } = renderRoute('/search?location=Reading');
  await screen.findByRole('heading', { name: '2 bed flat in Reading' });

  const box = screen.getByLabelText('Location');
  await user.clear(box);
  await user.type(box, 'Leeds{Enter}');

  await waitFor(() => expect(currentUrl(router)).toBe('/search?location=Leeds&mode=sale'));
  const toast = (await screen.findByText('Search error')).closest('li');
  expect(
    within(toast!).getByText('Too many search requests. Please wait before searching again.'),
  ).toBeInTheDocument();
  // The last results stay on screen and can still be opened, favourited and paged, but the heading does not give
  // their count as Leeds's (REQ-SEARCH): a notice says whose results they are.
  expect(screen.getByRole('heading', { name: '2 bed flat in Reading' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Search unavailable' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('These are the results of your previous search.');
  expect(screen.queryByText('We could not load properties')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
});

test('a 429 without our error body still reads with the SPEC search message', async () => {
  answerSearch(
    () => new HttpResponse('Too Many Requests', { status: 429, headers: { 'Retry-After': '30' } }),
  );
  renderRoute('/search?location=Reading');
  const toast = (await screen.findByText('Search error')).closest('li');
  expect(
    within(toast!).getByText('Too many search requests. Please wait before searching again.'),
  ).toBeInTheDocument();
});

test('more than 15 searches used in the window asks the visitor to slow down', async () => {
  resetSearchRateLimitWarning();
  answerSearch(() =>
    HttpResponse.json(makeSearchResult([makeListing()]), {
      headers: { 'RateLimit-Limit': '20', 'RateLimit-Remaining': '4', 'RateLimit-Reset': '42' },
    }),
  );
  renderRoute('/search?location=Reading');

  const toast = (await screen.findByText('Please slow down your search requests.')).closest('li');
  expect(within(toast!).getByText('Search error')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: '1 Property Found' })).toBeInTheDocument();
});

test('script typed into the location box is reported as high-severity suspicious activity', async () => {
  const user = userEvent.setup();
  answerSearch(makeSearchResult([makeListing()]));
  const events = recordSecurityEvents();
  const { router } = renderRoute('/search');
  await screen.findByRole('heading', { level: 1, name: '1 Property Found' });

  await user.type(screen.getByLabelText('Location'), 'Reading');
  await user.keyboard('{Enter}');
  await user.clear(screen.getByLabelText('Location'));
  await user.type(screen.getByLabelText('Location'), '<img src=x onerror=alert(1)>{Enter}');

  await waitFor(() => expect(currentUrl(router)).toMatch(/onerror/));
  await waitFor(() =>
    expect(flushedTo(events)).toEqual([
      expect.objectContaining({
        type: 'suspicious_activity',
        severity: 'high',
        description: 'Script injection attempt in the search location',
        metadata: { field: 'location', sample: '<img src=x onerror=alert(1)>' },
      }),
    ]),
  );
});

test('every search has a mode: /search alone is the Buy search, the URL says so, and Any is not offered (REQ-SEARCH-03)', async () => {
  const user = userEvent.setup();
  answerSearch(makeSearchResult([makeListing()]));
  const requests = recordRequests();
  const { router } = renderRoute('/search?location=Leeds');
  await screen.findByRole('heading', { level: 1, name: '1 Property Found' });
  await waitFor(() => expect(currentUrl(router)).toBe('/search?location=Leeds&mode=sale'));
  expect(requests.map((r) => new URL(r.url).search)).toEqual(['?location=Leeds&mode=sale']);

  await user.click(screen.getByRole('button', { name: 'Filters' }));
  const mode = screen.getByRole('group', { name: 'Buy or rent' });
  expect(
    within(mode)
      .getAllByRole('radio')
      .map((r) => r.textContent),
  ).toEqual(['Buy', 'Rent']);
  expect(within(mode).getByRole('radio', { name: 'Buy' })).toHaveAttribute('aria-checked', 'true');
  // Buy is the default, so it is not counted as a filter; Rent is.
  expect(screen.getByRole('button', { name: 'Filters' })).not.toHaveTextContent(/active/);
  await user.click(within(mode).getByRole('radio', { name: 'Rent' }));
  await waitFor(() => expect(currentUrl(router)).toBe('/search?location=Leeds&mode=rent'));
  expect(screen.getByRole('button', { name: /Filters/ })).toHaveTextContent('(1 active)');
});
