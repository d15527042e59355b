/**
 * /search with the REQ-SEARCH searches: the map view (with the Leaflet map replaced by a stand-in that shows what it
 * was given and calls back like the real one), radius, unknown places, and the new filters.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { encodePolyline } from '@abode/shared/search/polyline';
import type { SearchMapProps } from '#src/features/search/components/search-map.tsx';
import { makeListing, makeSearchResult } from '#src/testing/fixtures/listings.ts';
import { answerSearch, searchUrls } from '#src/testing/handlers/listing-search.ts';
import { recordRequests, server } from '#src/testing/server.ts';
import { currentUrl, renderRoute } from '#src/testing/test-utils.tsx';

// Leaflet needs a layout engine; the map's own logic is tested through its pure functions (utils/map-*.test.ts).
vi.mock('#src/features/search/components/search-map.tsx', () => ({
  default: (props: SearchMapProps) => (
    <div
      data-testid="fake-map"
      data-pins={props.listings.length}
      data-bounds={props.bounds ?? ''}
      data-polygon={props.polygon ?? ''}
      data-center={props.center ? `${props.center.latitude},${props.center.longitude}` : ''}
      data-radius={props.radius ?? ''}
    >
      <button type="button" onClick={() => props.onMapArea('51.4,-1.1,51.5,-0.9')}>
        Tick search as I move
      </button>
      <button type="button" onClick={() => props.onMapArea('51.41,-1.05,51.51,-0.85')}>
        Pan the map
      </button>
      <button type="button" onClick={() => props.onDrawnArea(SQUARE)}>
        Finish drawing
      </button>
    </div>
  ),
}));

const SQUARE = encodePolyline([
  { latitude: 51.4, longitude: -1 },
  { latitude: 51.4, longitude: -0.9 },
  { latitude: 51.5, longitude: -0.9 },
  { latitude: 51.5, longitude: -1 },
]);

/** Answers every search with `result` (see answerSearch); returns the requests the server received. */
function serve(result: Parameters<typeof answerSearch>[0]) {
  answerSearch(result);
  return recordRequests();
}

test('the map view asks for 100 results, pins them and lists them beside the map', async () => {
  const requests = serve(makeSearchResult([makeListing(), makeListing()], { total: 150, pageSize: 100 }));
  renderRoute('/search?location=Reading&view=map');

  expect(await screen.findByRole('heading', { level: 1, name: '150 Properties Found' })).toBeInTheDocument();
  expect(searchUrls(requests)[0]!.searchParams.get('pageSize')).toBe('100');
  expect(await screen.findByTestId('fake-map')).toHaveAttribute('data-pins', '2');
  const list = screen.getByTestId('map-view-list');
  expect(within(list).getAllByRole('article')).toHaveLength(2);
  expect(within(list).getByText(/Showing 2 of 150 on the map/)).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: 'Map view' })).toHaveAttribute('aria-checked', 'true');
  // The phone's switch between map and list.
  expect(screen.getByRole('radio', { name: 'List' })).toBeInTheDocument();
});

test('search as I move the map: the area replaces the location, later moves replace the history entry', async () => {
  const user = userEvent.setup();
  const requests = serve(makeSearchResult([makeListing()]));
  const { router } = renderRoute('/search?location=Reading&radius=3&view=map');
  await screen.findByTestId('fake-map');

  await user.click(screen.getByRole('button', { name: 'Tick search as I move' }));
  await waitFor(() =>
    expect(currentUrl(router)).toBe('/search?mode=sale&bounds=51.4,-1.1,51.5,-0.9&view=map'),
  );
  await waitFor(() =>
    expect(searchUrls(requests).at(-1)!.searchParams.get('bounds')).toBe('51.4,-1.1,51.5,-0.9'),
  );
  expect(screen.getByText('Map area')).toBeInTheDocument();
  expect(screen.getByLabelText('Location')).toHaveValue('');

  await user.click(screen.getByRole('button', { name: 'Pan the map' }));
  await waitFor(() =>
    expect(currentUrl(router)).toBe('/search?mode=sale&bounds=51.41,-1.05,51.51,-0.85&view=map'),
  );
  // Back skips the pans and returns to the search before the box was ticked.
  await router.navigate(-1);
  await waitFor(() =>
    expect(currentUrl(router)).toBe('/search?location=Reading&radius=3&mode=sale&view=map'),
  );

  await user.click(screen.getByRole('button', { name: 'Tick search as I move' }));
  await user.click(await screen.findByRole('button', { name: 'Stop searching the map area' }));
  await waitFor(() => expect(currentUrl(router)).toBe('/search?mode=sale&view=map'));
});

test('a drawn area goes into the URL as polygon= and the badge removes it', async () => {
  const user = userEvent.setup();
  const requests = serve(makeSearchResult([makeListing()]));
  const { router } = renderRoute('/search?location=Reading&view=map');
  await screen.findByTestId('fake-map');

  await user.click(screen.getByRole('button', { name: 'Finish drawing' }));
  await waitFor(() =>
    expect(currentUrl(router)).toBe(
      `/search?${new URLSearchParams({ mode: 'sale', polygon: SQUARE, view: 'map' })}`,
    ),
  );
  await waitFor(() => expect(searchUrls(requests).at(-1)!.searchParams.get('polygon')).toBe(SQUARE));
  expect(screen.getByTestId('fake-map')).toHaveAttribute('data-polygon', SQUARE);
  expect(screen.getByText('Drawn area')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Remove drawn area' }));
  await waitFor(() => expect(currentUrl(router)).toBe('/search?mode=sale&view=map'));
});

test('a radius search passes its centre to the map and says how far', async () => {
  serve(
    makeSearchResult([makeListing()], {
      center: { latitude: 53.4794, longitude: -2.2453, label: 'M1', kind: 'outcode' },
    }),
  );
  renderRoute('/search?location=M1&radius=3&view=map');
  const map = await screen.findByTestId('fake-map');
  await waitFor(() => expect(map).toHaveAttribute('data-center', '53.4794,-2.2453'));
  expect(map).toHaveAttribute('data-radius', '3');
  expect(screen.getByText('Location:').parentElement).toHaveTextContent('M1 · within 3 miles');
  expect(screen.getByLabelText('Search radius')).toHaveValue('3');
});

test('choosing a radius searches around the place in the box', async () => {
  const user = userEvent.setup();
  serve(makeSearchResult([makeListing()]));
  const { router } = renderRoute('/search?location=Reading');
  await screen.findByRole('heading', { level: 1, name: '1 Property Found' });
  await user.selectOptions(screen.getByLabelText('Search radius'), 'Within ½ mile');
  await waitFor(() => expect(currentUrl(router)).toBe('/search?location=Reading&radius=0.5&mode=sale'));
  await user.selectOptions(screen.getByLabelText('Search radius'), 'This area only');
  await waitFor(() => expect(currentUrl(router)).toBe('/search?location=Reading&mode=sale'));
});

test('an unknown place for a radius search shows the message and suggestions, without a toast', async () => {
  const user = userEvent.setup();
  serve((url) =>
    url.searchParams.get('location') === 'Mnachester'
      ? HttpResponse.json(
          {
            error: {
              code: 'UNKNOWN_LOCATION',
              message: "We couldn't find that location. Please check the spelling.",
              suggestions: [
                { label: 'Manchester', kind: 'town', value: 'Manchester', id: 'town:manchester' },
                { label: 'Chester', kind: 'town', value: 'Chester', id: 'town:chester' },
              ],
            },
          },
          { status: 400 },
        )
      : HttpResponse.json(makeSearchResult([makeListing()])),
  );
  const { router } = renderRoute('/search?location=Mnachester&radius=3');

  expect(await screen.findByRole('heading', { level: 1, name: 'Location not found' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(
    "We couldn't find that location. Please check the spelling.",
  );
  expect(screen.queryByText('Search error')).not.toBeInTheDocument();
  const suggested = screen.getByRole('list', { name: 'Suggested places' });
  expect(
    within(suggested)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['Manchester · Town', 'Chester · Town']);

  await user.click(within(suggested).getByRole('button', { name: 'Manchester · Town' }));
  await waitFor(() =>
    expect(currentUrl(router)).toBe('/search?location=Manchester&place=town%3Amanchester&radius=3&mode=sale'),
  );
  expect(await screen.findByRole('heading', { level: 1, name: '1 Property Found' })).toBeInTheDocument();
  expect(screen.getByLabelText('Location')).toHaveValue('Manchester');
});

test('a location that matched nothing offers the places spelled alike', async () => {
  serve(
    makeSearchResult([], {
      suggestions: [{ label: 'Reading', kind: 'town', value: 'Reading', id: 'town:reading' }],
    }),
  );
  renderRoute('/search?location=Raeding');
  expect(await screen.findByRole('heading', { name: 'No Properties Found' })).toBeInTheDocument();
  expect(screen.getByText('Did you mean:')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Reading · Town' })).toBeInTheDocument();
});

test('keywords, added to site, status and "don\'t show" go into the URL, count as filters and clear', async () => {
  const user = userEvent.setup();
  const requests = serve(makeSearchResult([makeListing()]));
  const { router } = renderRoute('/search?location=Reading&mode=sale&radius=1');
  await screen.findByRole('heading', { level: 1, name: '1 Property Found' });
  await user.click(screen.getByRole('button', { name: /^Filters/ }));

  // 'Let agreed' is for rentals.
  expect(screen.queryByRole('checkbox', { name: 'Include let agreed' })).not.toBeInTheDocument();

  await user.type(screen.getByLabelText('Keywords'), 'garage{Enter}');
  await waitFor(() => expect(currentUrl(router)).toContain('keywords=garage'));
  await user.selectOptions(screen.getByLabelText('Added to site'), 'Last 7 days');
  await waitFor(() => expect(currentUrl(router)).toContain('added=7'));
  await user.click(screen.getByRole('checkbox', { name: 'Include under offer, sold STC' }));
  await waitFor(() => expect(currentUrl(router)).toContain('includeUnderOffer=true'));
  await user.click(screen.getByRole('checkbox', { name: 'Shared ownership' }));
  await user.click(screen.getByRole('checkbox', { name: 'Auctions' }));
  await waitFor(() =>
    expect(currentUrl(router)).toBe(
      '/search?location=Reading&radius=1&mode=sale&exclude=shared-ownership,auction&keywords=garage&added=7&includeUnderOffer=true',
    ),
  );
  await waitFor(() =>
    expect(Object.fromEntries(searchUrls(requests).at(-1)!.searchParams)).toEqual({
      location: 'Reading',
      radius: '1',
      mode: 'sale',
      exclude: 'shared-ownership,auction',
      keywords: 'garage',
      added: '7',
      includeUnderOffer: 'true',
    }),
  );
  // Keywords, added, under offer and two 'Don't show' choices (Buy is the default mode, not a filter).
  expect(screen.getByRole('button', { name: /^Filters/ })).toHaveTextContent('Filters(5 active)');
  expect(screen.getByText('“garage”')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Clear filters' }));
  await waitFor(() => expect(currentUrl(router)).toBe('/search?location=Reading&radius=1&mode=sale'));
  expect(screen.getByLabelText('Keywords')).toHaveValue('');
  expect(screen.getByRole('checkbox', { name: 'Auctions' })).not.toBeChecked();
});

test('in rent mode the status choice is "let agreed"', async () => {
  const user = userEvent.setup();
  serve(makeSearchResult([makeListing({ mode: 'rent' })]));
  const { router } = renderRoute('/search?mode=rent');
  await screen.findByRole('heading', { level: 1, name: '1 Property Found' });
  await user.click(screen.getByRole('button', { name: /^Filters/ }));
  expect(screen.queryByRole('checkbox', { name: 'Include under offer, sold STC' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('checkbox', { name: 'Include let agreed' }));
  await waitFor(() => expect(currentUrl(router)).toBe('/search?mode=rent&includeLetAgreed=true'));
});

test('"Most reduced" is a sort choice', async () => {
  const user = userEvent.setup();
  serve(makeSearchResult([makeListing()]));
  const { router } = renderRoute('/search');
  await screen.findByRole('heading', { level: 1, name: '1 Property Found' });
  await user.selectOptions(screen.getByLabelText('Sort by'), 'Most reduced');
  await waitFor(() => expect(currentUrl(router)).toBe('/search?mode=sale&sort=most_reduced'));
});

test('a suggestion picked in the location box searches at once and replaces a drawn area', async () => {
  const user = userEvent.setup();
  serve(makeSearchResult([makeListing()]));
  server.use(
    http.get('/api/locations', () =>
      HttpResponse.json({
        items: [{ label: 'Reading', kind: 'town', value: 'Reading', id: 'town:reading', count: 1 }],
      }),
    ),
  );
  const { router } = renderRoute(`/search?${new URLSearchParams({ polygon: SQUARE })}`);
  await screen.findByRole('heading', { level: 1, name: '1 Property Found' });

  await user.type(screen.getByLabelText('Location'), 'Readi');
  await screen.findByRole('option', { name: /Reading/ });
  await user.keyboard('{ArrowDown}{Enter}');
  await waitFor(() =>
    expect(currentUrl(router)).toBe('/search?location=Reading&place=town%3Areading&mode=sale'),
  );
});
