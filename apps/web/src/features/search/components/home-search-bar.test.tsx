import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { HomeSearchBar } from '#src/features/search/components/home-search-bar.tsx';
import { allReported, flushedTo, recordSecurityEvents } from '#src/testing/handlers/security-events.ts';
import { recordRequests, server } from '#src/testing/server.ts';
import { currentUrl, renderWithRouter } from '#src/testing/test-utils.tsx';

/** The location suggestions answer `items` (none unless a test says otherwise). */
function answerSuggestions(items: unknown[] = []) {
  server.use(http.get('/api/locations', () => HttpResponse.json({ items })));
}

// Typing a location asks for suggestions: none, unless a test says otherwise.
beforeEach(() => answerSuggestions());

function renderHomeSearch() {
  const user = userEvent.setup();
  const view = renderWithRouter(<HomeSearchBar />, {
    extraRoutes: [{ path: '/search', element: <p>results page</p> }],
  });
  return { user, ...view };
}

test('navigates to /search with the chosen location, type, prices, bedrooms, mode and tags', async () => {
  const { user, router } = renderHomeSearch();

  await user.type(screen.getByLabelText('Location'), '  Reading ');
  await user.selectOptions(screen.getByLabelText('Property type'), 'Flat');
  await user.selectOptions(screen.getByLabelText('Min price'), '£200k');
  await user.selectOptions(screen.getByLabelText('Max price'), '£500k');
  await user.selectOptions(screen.getByLabelText('Bedrooms'), '2+ beds');
  await user.click(screen.getByRole('button', { name: 'Garden' }));
  await user.click(screen.getByRole('button', { name: 'Chain Free' }));
  await user.click(screen.getByRole('button', { name: 'Search' }));

  await screen.findByText('results page');
  expect(currentUrl(router)).toBe(
    '/search?location=Reading&mode=sale&type=flat&minPrice=200000&maxPrice=500000&bedrooms=2&filters=garden,chain-free',
  );
});

test('Buy is the default mode and a bare search sends only mode=sale', async () => {
  const { user, router } = renderHomeSearch();
  expect(screen.getByRole('radio', { name: 'Buy' })).toHaveAttribute('aria-checked', 'true');

  await user.click(screen.getByRole('button', { name: 'Search' }));

  await screen.findByText('results page');
  expect(currentUrl(router)).toBe('/search?mode=sale');
});

test('Rent offers monthly prices, and the top choice sends no maximum', async () => {
  const { user, router } = renderHomeSearch();

  await user.click(screen.getByRole('radio', { name: 'Rent' }));
  const max = screen.getByLabelText('Max price');
  expect(within(max).getByRole('option', { name: '£3,000+ pcm' })).toBeInTheDocument();
  expect(within(max).queryByRole('option', { name: '£500k' })).not.toBeInTheDocument();

  await user.selectOptions(screen.getByLabelText('Min price'), '£1,000 pcm');
  await user.selectOptions(max, '£3,000+ pcm');
  await user.click(screen.getByRole('button', { name: 'Search' }));

  await screen.findByText('results page');
  expect(currentUrl(router)).toBe('/search?mode=rent&minPrice=1000');
});

test('refuses an inverted price range with the SPEC toast and stays on the page', async () => {
  const { user, router } = renderHomeSearch();

  await user.selectOptions(screen.getByLabelText('Min price'), '£750k');
  await user.selectOptions(screen.getByLabelText('Max price'), '£300k');
  await user.click(screen.getByRole('button', { name: 'Search' }));

  expect(await screen.findByText('Invalid price range')).toBeInTheDocument();
  expect(screen.getByText('Minimum price cannot be greater than maximum price.')).toBeInTheDocument();
  await waitFor(() => expect(currentUrl(router)).toBe('/'));
  expect(screen.queryByText('results page')).not.toBeInTheDocument();
});

test('the location box is labelled and capped at 100 characters', () => {
  renderHomeSearch();
  expect(screen.getByLabelText('Location')).toHaveAttribute('maxLength', '100');
});

test('script typed into the location is reported as high-severity suspicious activity', async () => {
  const events = recordSecurityEvents();
  const { user, router } = renderHomeSearch();

  await user.type(screen.getByLabelText('Location'), 'javascript:alert(1)');
  await user.click(screen.getByRole('button', { name: 'Search' }));

  await screen.findByText('results page');
  expect(currentUrl(router)).toMatch(/^\/search\?location=javascript/);
  await waitFor(() =>
    expect(flushedTo(events)).toEqual([
      expect.objectContaining({
        type: 'suspicious_activity',
        severity: 'high',
        description: 'Script injection attempt in the search location',
      }),
    ]),
  );
});

test('an ordinary location reports nothing', async () => {
  const events = recordSecurityEvents();
  const { user } = renderHomeSearch();
  await user.type(screen.getByLabelText('Location'), "King's Lynn & prompt (by post)");
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await screen.findByText('results page');
  expect(await allReported(events)).toEqual([]);
});

test('the search radius goes into the URL with the location (REQ-SEARCH-17)', async () => {
  const { user, router } = renderHomeSearch();
  await user.type(screen.getByLabelText('Location'), 'M1');
  await user.selectOptions(screen.getByLabelText('Search radius'), 'Within 3 miles');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await screen.findByText('results page');
  expect(currentUrl(router)).toBe('/search?location=M1&radius=3&mode=sale');
});

const READING = { label: 'Reading', kind: 'town', value: 'Reading', id: 'town:reading', count: 1204 };

/** Suggests Reading for any text; returns the suggestion requests made. */
function stubSuggestions(): Request[] {
  answerSuggestions([READING]);
  return recordRequests();
}

test('a picked suggestion fills the box without searching yet, then searches that place (REQ-PLACE-02)', async () => {
  stubSuggestions();
  const { user, router } = renderHomeSearch();
  const box = screen.getByRole('combobox', { name: 'Location' });
  await user.type(box, 'readi');
  await user.click(await screen.findByRole('option', { name: 'Reading, Town, 1,204 homes' }));
  expect(box).toHaveValue('Reading');
  expect(currentUrl(router)).toBe('/');
  await user.keyboard('{Enter}');
  await screen.findByText('results page');
  expect(currentUrl(router)).toBe('/search?location=Reading&place=town%3Areading&mode=sale');
});

test('typing after a pick searches the text, not the place picked before', async () => {
  stubSuggestions();
  const { user, router } = renderHomeSearch();
  const box = screen.getByRole('combobox', { name: 'Location' });
  await user.type(box, 'readi');
  await user.click(await screen.findByRole('option', { name: /^Reading,/ }));
  await user.type(box, ' Road');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await screen.findByText('results page');
  expect(currentUrl(router)).toBe('/search?location=Reading+Road&mode=sale');
});

test('the suggestions count homes of the mode chosen, and a new mode keeps the picked place', async () => {
  const requests = stubSuggestions();
  const { user, router } = renderHomeSearch();
  const box = screen.getByRole('combobox', { name: 'Location' });
  await user.type(box, 'readi');
  await screen.findByRole('option', { name: /^Reading,/ });
  const asked = () => requests.map((request) => new URL(request.url).search);
  expect(asked()[0]).toBe('?q=readi&mode=sale');

  await user.click(screen.getByRole('radio', { name: 'Rent' }));
  await user.type(box, 'n');
  await waitFor(() => expect(asked()).toContain('?q=readin&mode=rent'));
  expect(asked().filter((q) => q.endsWith('mode=sale'))).toEqual(['?q=readi&mode=sale']);
  await user.click(await screen.findByRole('option', { name: /^Reading,/ }));
  await user.click(screen.getByRole('radio', { name: 'Buy' }));
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await screen.findByText('results page');
  expect(currentUrl(router)).toBe('/search?location=Reading&place=town%3Areading&mode=sale');
});

test('on a phone, once the bar has scrolled away, a compact bar says what it holds and brings it back (REQ-SEARCH)', async () => {
  // jsdom has no IntersectionObserver: this one lets the test say when the form leaves the screen.
  let report: (visible: boolean) => void = () => {};
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        report = (visible) => callback([{ isIntersecting: visible }]);
      }
      observe() {}
      disconnect() {}
    },
  );
  try {
    const { user } = renderHomeSearch();
    await user.type(screen.getByLabelText('Location'), 'Leeds');
    await user.selectOptions(screen.getByLabelText('Bedrooms'), '2+ beds');
    expect(screen.queryByRole('button', { name: /^Search properties/ })).not.toBeInTheDocument();

    act(() => report(false));
    const compact = screen.getByRole('button', { name: /^Search properties/ });
    expect(compact).toHaveTextContent('Buy · Leeds · 2+ beds');

    await user.click(compact);
    expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(screen.getByLabelText('Location')).toHaveFocus();

    act(() => report(true));
    expect(screen.queryByRole('button', { name: /^Search properties/ })).not.toBeInTheDocument();
  } finally {
    vi.unstubAllGlobals();
  }
});
