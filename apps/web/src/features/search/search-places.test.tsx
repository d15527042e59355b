/**
 * /search with places (REQ-PLACE): the picked place in the URL, kept by other filters and dropped with the location;
 * the heading, title and badge naming the place and its kind; the map centred on it. The Leaflet map is a stand-in
 * that shows what it was given (its own logic is tested in utils/map-view.test.ts).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { ListingSearchResult } from '@abode/shared/listings/listing.schema';
import type { SearchMapProps } from '#src/features/search/components/search-map.tsx';
import { makeListing, makeSearchResult } from '#src/testing/fixtures/listings.ts';
import { answerSearch, searchUrls } from '#src/testing/handlers/listing-search.ts';
import { recordRequests, server } from '#src/testing/server.ts';
import { currentUrl, renderRoute } from '#src/testing/test-utils.tsx';

vi.mock('#src/features/search/components/search-map.tsx', () => ({
  default: (props: SearchMapProps) => (
    <div
      data-testid="fake-map"
      data-center={props.center ? `${props.center.latitude},${props.center.longitude}` : ''}
      data-radius={props.radius ?? ''}
      data-place={props.place ? `${props.place.id}@${props.place.latitude},${props.place.longitude}` : ''}
    >
      <button type="button" onClick={() => props.onMapArea('51.37,-2.4,51.4,-2.33')}>
        Tick search as I move
      </button>
    </div>
  ),
}));

// Real places of the demo data: a sale in Great Stanhope Street, Bath BA1 2BQ (HM Land Registry price paid; street,
// town and postcode only, as listings show them) at its postcode's position, Bath placed at the BA1 district's
// centroid (OS Code-Point Open).
const HOME_IN_BATH = makeListing({
  title: '2 bed maisonette for sale',
  addressLine1: 'Great Stanhope Street',
  city: 'Bath',
  postcode: 'BA1 2BQ',
  latitude: 51.38322,
  longitude: -2.36895,
});
const BATH = {
  id: 'town:bath',
  kind: 'town',
  label: 'Bath',
  latitude: 51.39245,
  longitude: -2.36116,
} as const;
const BANES = {
  id: 'authority:E06000022',
  kind: 'authority',
  label: 'Bath and North East Somerset',
  latitude: 51.35922,
  longitude: -2.37955,
} as const;

/**
 * The API: `answer` for every search, and one suggestion list for the location box; returns the requests the server
 * received.
 */
function serve(answer: (url: URL) => ListingSearchResult) {
  answerSearch((url) => HttpResponse.json(answer(url)));
  server.use(
    http.get('/api/locations', () =>
      HttpResponse.json({
        items: [
          { label: 'Bath', kind: 'town', value: 'Bath', id: 'town:bath', count: 20 },
          { ...BANES, value: BANES.label, count: 31 },
        ],
      }),
    ),
  );
  return recordRequests();
}

/** The place a stubbed search answers with: the one in its `place` parameter. */
const answerPlace = (url: URL) =>
  [BATH, BANES].find((p) => p.id === url.searchParams.get('place')) as ListingSearchResult['place'];

test('the picked place goes to the API, survives other filters and goes with the location', async () => {
  const user = userEvent.setup();
  const requests = serve((url) => makeSearchResult([HOME_IN_BATH], { place: answerPlace(url) }));
  const { router } = renderRoute('/search?location=Bath&place=town%3Abath&mode=sale');

  await screen.findByRole('heading', { level: 1, name: '1 Property Found' });
  expect(searchUrls(requests)[0]!.searchParams.get('place')).toBe('town:bath');
  expect(screen.getByLabelText('Location')).toHaveValue('Bath');

  await user.click(screen.getByRole('button', { name: 'Filters' }));
  await user.selectOptions(screen.getByLabelText('Bedrooms'), '2+ beds');
  await waitFor(() =>
    expect(currentUrl(router)).toBe('/search?location=Bath&place=town%3Abath&mode=sale&bedrooms=2'),
  );
  await waitFor(() => expect(searchUrls(requests).at(-1)!.searchParams.get('bedrooms')).toBe('2'));
  expect(searchUrls(requests).at(-1)!.searchParams.get('place')).toBe('town:bath');

  // Searching again without touching the box keeps the place; a new radius too.
  await user.selectOptions(screen.getByLabelText('Search radius'), 'Within 1 mile');
  await waitFor(() =>
    expect(currentUrl(router)).toBe('/search?location=Bath&place=town%3Abath&radius=1&mode=sale&bedrooms=2'),
  );

  await user.clear(screen.getByLabelText('Location'));
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() => expect(currentUrl(router)).toBe('/search?radius=1&mode=sale&bedrooms=2'));
});

test('picking a place on the search page searches it; editing the text searches the text', async () => {
  const user = userEvent.setup();
  const requests = serve((url) => makeSearchResult([HOME_IN_BATH], { place: answerPlace(url) }));
  const { router } = renderRoute('/search?location=Reading&mode=rent');
  await screen.findByRole('heading', { level: 1, name: '1 Property Found' });

  const box = screen.getByLabelText('Location');
  await user.clear(box);
  await user.type(box, 'Bat');
  await user.click(
    await screen.findByRole('option', { name: 'Bath and North East Somerset, Local authority, 31 homes' }),
  );
  await waitFor(() =>
    expect(currentUrl(router)).toBe(
      '/search?location=Bath+and+North+East+Somerset&place=authority%3AE06000022&mode=rent',
    ),
  );
  // The suggestions counted homes to rent, the search's mode.
  const asked = requests.map((r) => new URL(r.url)).find((u) => u.pathname === '/api/locations');
  expect(asked!.searchParams.get('mode')).toBe('rent');

  await user.type(box, '{Backspace>9/}{Enter}');
  await waitFor(() => expect(currentUrl(router)).toBe('/search?location=Bath+and+North+East&mode=rent'));
});

test('the heading, the title and the badge name the place and its kind', async () => {
  serve((url) => makeSearchResult([HOME_IN_BATH], { place: answerPlace(url) }));
  renderRoute('/search?location=Bath&place=town%3Abath&mode=sale');
  await screen.findByRole('heading', { level: 1, name: '1 Property Found' });
  expect(screen.getByText('Properties for sale in Bath')).toBeInTheDocument();
  expect(document.title).toBe('Properties for sale in Bath — Abode');
  expect(screen.getByText('Location:').parentElement).toHaveTextContent(/^Location:Bath · Town$/);
});

test('a local authority says so: heading and badge tell it from the town', async () => {
  serve((url) => makeSearchResult([HOME_IN_BATH], { place: answerPlace(url) }));
  renderRoute(
    '/search?location=Bath+and+North+East+Somerset&place=authority%3AE06000022&mode=rent&type=flat',
  );
  await screen.findByRole('heading', { level: 1, name: '1 Property Found' });
  expect(
    screen.getByText('Flats to rent in Bath and North East Somerset (local authority)'),
  ).toBeInTheDocument();
  expect(screen.getByText('Location:').parentElement).toHaveTextContent(
    /^Location:Bath and North East Somerset · Local authority$/,
  );
});

test('a postcode place reads as its radius; text the server matched to a place is named as that place', async () => {
  serve((url) =>
    makeSearchResult([HOME_IN_BATH], {
      place:
        url.searchParams.get('location') === 'bath'
          ? BATH
          : {
              id: 'postcode:BA1 2BQ',
              kind: 'postcode',
              label: 'BA1 2BQ',
              latitude: 51.38322,
              longitude: -2.36895,
            },
    }),
  );
  const { unmount } = renderRoute('/search?location=BA1+2BQ&place=postcode%3ABA1+2BQ&mode=sale');
  await screen.findByRole('heading', { level: 1, name: '1 Property Found' });
  expect(screen.getByText('Properties for sale within ¼ mile of BA1 2BQ')).toBeInTheDocument();
  expect(screen.getByText('Location:').parentElement).toHaveTextContent(
    /^Location:BA1 2BQ · Postcode · within ¼ mile$/,
  );
  unmount();

  // Typed in lower case, never picked: the server's answer names the town it took the text for.
  renderRoute('/search?location=bath&mode=sale');
  await screen.findByRole('heading', { level: 1, name: '1 Property Found' });
  expect(screen.getByText('Properties for sale in Bath')).toBeInTheDocument();
  expect(screen.getByText('Location:').parentElement).toHaveTextContent(/^Location:Bath · Town$/);
});

test('text that names no place keeps its own words, without a kind', async () => {
  serve(() => makeSearchResult([HOME_IN_BATH]));
  renderRoute('/search?location=Stanhope&mode=sale');
  await screen.findByRole('heading', { level: 1, name: '1 Property Found' });
  expect(screen.getByText('Properties for sale in Stanhope')).toBeInTheDocument();
  expect(screen.getByText('Location:').parentElement).toHaveTextContent(/^Location:Stanhope$/);
});

test('the map centres on the place; a postcode gets its quarter-mile circle; the map area drops the place', async () => {
  const user = userEvent.setup();
  serve((url) =>
    makeSearchResult([HOME_IN_BATH], {
      place:
        url.searchParams.get('place') === 'postcode:BA1 2BQ'
          ? {
              id: 'postcode:BA1 2BQ',
              kind: 'postcode',
              label: 'BA1 2BQ',
              latitude: 51.38322,
              longitude: -2.36895,
            }
          : answerPlace(url),
    }),
  );
  const { router, unmount } = renderRoute('/search?location=Bath&place=town%3Abath&mode=sale&view=map');
  const map = await screen.findByTestId('fake-map');
  await waitFor(() => expect(map).toHaveAttribute('data-place', 'town:bath@51.39245,-2.36116'));
  // A town is no radius search: no circle.
  expect(map).toHaveAttribute('data-radius', '');

  await user.click(within(map).getByRole('button', { name: 'Tick search as I move' }));
  await waitFor(() =>
    expect(currentUrl(router)).toBe('/search?mode=sale&bounds=51.37,-2.4,51.4,-2.33&view=map'),
  );
  unmount();

  renderRoute('/search?location=BA1+2BQ&place=postcode%3ABA1+2BQ&mode=sale&view=map');
  const postcodeMap = await screen.findByTestId('fake-map');
  await waitFor(() => expect(postcodeMap).toHaveAttribute('data-center', '51.38322,-2.36895'));
  expect(postcodeMap).toHaveAttribute('data-radius', '0.25');
});

test('an old URL without a place searches its text as before', async () => {
  const requests = serve(() => makeSearchResult([HOME_IN_BATH]));
  renderRoute('/search?location=Bath&radius=3');
  await screen.findByRole('heading', { level: 1, name: '1 Property Found' });
  expect(Object.fromEntries(searchUrls(requests)[0]!.searchParams)).toEqual({
    location: 'Bath',
    radius: '3',
    mode: 'sale',
  });
  expect(screen.getByText('Properties for sale within 3 miles of Bath')).toBeInTheDocument();
});
