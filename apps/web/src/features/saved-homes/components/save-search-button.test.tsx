import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { MESSAGES } from '@abode/shared/messages';
import { parseSearchParams } from '@abode/shared/search/search-url';
import { SaveSearchButton } from '#src/features/saved-homes/components/save-search-button.tsx';
import { clientMe } from '#src/testing/fixtures/me.ts';
import { currentUrl, renderWithRouter, stubFetch } from '#src/testing/test-utils.tsx';

const ME = clientMe();

const state = parseSearchParams(
  new URLSearchParams(
    'location=Reading&mode=rent&type=flat&maxPrice=1500&bedrooms=2&filters=garden&sort=price_asc&page=2&view=list',
  ),
);

test('signed out, it asks the visitor to sign in', async () => {
  const user = userEvent.setup();
  const fetch = stubFetch(() => Response.json({}));
  renderWithRouter(<SaveSearchButton filters={state} />, { url: '/search' });
  await user.click(screen.getByRole('button', { name: 'Save Search' }));
  expect(await screen.findByText(MESSAGES.signInToSaveSearch)).toBeInTheDocument();
  expect(screen.getByText(MESSAGES.authRequiredTitle)).toBeInTheDocument();
  expect(fetch).not.toHaveBeenCalled();
});

test('signed in, it saves the whole filter object and offers to manage it', async () => {
  const user = userEvent.setup();
  const fetch = stubFetch(() =>
    Response.json(
      {
        id: '5d1c9f3e-2b7a-4c8d-9e0f-1a2b3c4d5e6f',
        label: 'Search in Reading',
        searchParams: { location: 'Reading' },
        emailAlerts: true,
        alertFrequency: 'instant',
        createdAt: '2026-11-20T10:00:00.000Z',
        updatedAt: '2026-11-20T10:00:00.000Z',
      },
      { status: 201 },
    ),
  );
  const { router } = renderWithRouter(<SaveSearchButton filters={state} />, {
    url: '/search',
    me: ME,
    extraRoutes: [{ path: '/saved-searches', element: <p>Saved searches page</p> }],
  });

  await user.click(screen.getByRole('button', { name: 'Save Search' }));
  expect(await screen.findByText(MESSAGES.searchSavedTitle)).toBeInTheDocument();
  expect(screen.getByText(MESSAGES.searchSaved)).toBeInTheDocument();

  const [input, init] = fetch.mock.calls[0]!;
  expect(String(input)).toBe('/api/me/saved-searches');
  expect(init?.method).toBe('POST');
  expect(JSON.parse(String(init?.body))).toEqual({
    searchParams: {
      location: 'Reading',
      mode: 'rent',
      type: 'flat',
      maxPrice: 1500,
      bedrooms: 2,
      filters: ['garden'],
    },
  });

  // A plain click: sonner's toast captures the pointer on pointerdown, which jsdom does not implement.
  fireEvent.click(screen.getByRole('button', { name: 'Manage' }));
  expect(currentUrl(router)).toBe('/saved-searches');
});

test('a failed save says so, with the reason', async () => {
  const user = userEvent.setup();
  stubFetch(() =>
    Response.json(
      { error: { code: 'CONFLICT', message: 'You can keep up to 50 saved searches.' } },
      { status: 409 },
    ),
  );
  renderWithRouter(<SaveSearchButton filters={state} />, { url: '/search', me: ME });
  await user.click(screen.getByRole('button', { name: 'Save Search' }));
  expect(await screen.findByText(MESSAGES.saveSearchFailed)).toBeInTheDocument();
  expect(screen.getByText('You can keep up to 50 saved searches.')).toBeInTheDocument();
});

test('the issue #8 filters are saved too, and a drawn area gets its own label', async () => {
  const user = userEvent.setup();
  const fetch = stubFetch(() =>
    Response.json(
      {
        id: '5d1c9f3e-2b7a-4c8d-9e0f-1a2b3c4d5e6f',
        label: 'Search in a drawn area',
        searchParams: {},
        emailAlerts: true,
        alertFrequency: 'instant',
        createdAt: '2026-11-20T10:00:00.000Z',
        updatedAt: '2026-11-20T10:00:00.000Z',
      },
      { status: 201 },
    ),
  );
  const polygon = '_p~iF~ps|U_ulLnnqC_mqNvxq`@';
  const drawn = parseSearchParams(
    new URLSearchParams({
      polygon,
      mode: 'sale',
      filters: 'reduced',
      exclude: 'retirement,auction',
      keywords: 'garage',
      added: '3',
      includeUnderOffer: 'true',
      sort: 'most_reduced',
      view: 'map',
    }),
  );
  renderWithRouter(<SaveSearchButton filters={drawn} />, { url: '/search', me: ME });
  await user.click(screen.getByRole('button', { name: 'Save Search' }));
  expect(await screen.findByText(MESSAGES.searchSavedTitle)).toBeInTheDocument();
  expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toEqual({
    label: 'Search in a drawn area',
    searchParams: {
      polygon,
      mode: 'sale',
      filters: ['reduced'],
      exclude: ['retirement', 'auction'],
      keywords: 'garage',
      added: 3,
      includeUnderOffer: true,
    },
  });
});

test('a radius search keeps the default label and saves its radius', async () => {
  const user = userEvent.setup();
  const fetch = stubFetch(() => Response.json({}, { status: 500 }));
  const radius = parseSearchParams(new URLSearchParams('location=M1&radius=3&bounds=53.4,-2.3,53.5,-2.2'));
  renderWithRouter(<SaveSearchButton filters={radius} />, { url: '/search', me: ME });
  await user.click(screen.getByRole('button', { name: 'Save Search' }));
  await screen.findByText(MESSAGES.saveSearchFailed);
  expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toEqual({
    searchParams: { location: 'M1', radius: 3, bounds: '53.4,-2.3,53.5,-2.2' },
  });
});
