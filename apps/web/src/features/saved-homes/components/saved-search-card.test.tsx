import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import { CLIENT_MESSAGES, type SavedSearch } from '@abode/shared/client/client.schema';
import { MESSAGES } from '@abode/shared/messages';
import { SavedSearchFiltersSchema } from '@abode/shared/search/search.schema';
import { SavedSearchCard } from '#src/features/saved-homes/components/saved-search-card.tsx';
import { clientMe } from '#src/testing/fixtures/me.ts';
import { recordRequests, server } from '#src/testing/server.ts';
import { renderWithRouter } from '#src/testing/test-utils.tsx';

const ME = clientMe();

function makeSavedSearch(overrides: Partial<SavedSearch> = {}): SavedSearch {
  return {
    id: '5d1c9f3e-2b7a-4c8d-9e0f-1a2b3c4d5e6f',
    label: 'Search in Reading',
    searchParams: { location: 'Reading', mode: 'sale', propertyType: 'flat', bedrooms: 2, minPrice: 100_000 },
    emailAlerts: true,
    alertFrequency: 'instant',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const SAVED_SEARCH = '/api/me/saved-searches/:id';

function renderCard(savedSearch: SavedSearch, manage = false) {
  return renderWithRouter(<SavedSearchCard savedSearch={savedSearch} manage={manage} />, {
    url: '/dashboard',
    me: ME,
  });
}

test('shows the label, Alerts On and badges for location, mode, type, beds and price (REQ-CLIENT-09)', () => {
  renderCard(makeSavedSearch());
  const card = screen.getByRole('article', { name: 'Search in Reading' });
  expect(within(card).getByRole('heading', { name: 'Search in Reading' })).toBeInTheDocument();
  expect(within(card).getByText('Alerts On')).toBeInTheDocument();
  const filters = within(card).getByRole('list', { name: 'Search filters' });
  expect(
    within(filters)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Reading', 'Buy', 'Flat', '2+ beds', 'From £100k']);
});

test('without alerts or filters: no Alerts On badge, all areas, rent prices per month', () => {
  renderCard(
    makeSavedSearch({
      label: 'Search in All Areas',
      emailAlerts: false,
      searchParams: { mode: 'rent', maxPrice: 2000 },
    }),
  );
  expect(screen.queryByText('Alerts On')).not.toBeInTheDocument();
  const filters = screen.getByRole('list', { name: 'Search filters' });
  expect(
    within(filters)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['All Areas', 'Rent', 'Up to £2,000/month']);
});

test('badges show the radius, a drawn or map area, keywords and freshness (REQ-SEARCH-11)', () => {
  renderCard(
    makeSavedSearch({
      searchParams: { location: 'M1', radius: 3, mode: 'sale', keywords: 'garage', added: 7 },
    }),
  );
  expect(
    within(screen.getByRole('list', { name: 'Search filters' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['M1', 'Within 3 miles', 'Buy', '“garage”', 'Last 7 days']);
});

test('badges name the floor plan and the lettings terms, and Run Search restores them (REQ-LISTING-14)', () => {
  renderCard(
    makeSavedSearch({
      searchParams: {
        location: 'Leeds',
        mode: 'rent',
        hasFloorPlan: true,
        letType: 'student',
        furnished: 'part_furnished',
        petsAllowed: true,
        billsIncluded: true,
      },
    }),
  );
  expect(
    within(screen.getByRole('list', { name: 'Search filters' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual([
    'Leeds',
    'Rent',
    'Has floor plan',
    'Student let',
    'Part furnished',
    'Pets allowed',
    'Bills included',
  ]);
  expect(screen.getByRole('link', { name: 'Run Search' })).toHaveAttribute(
    'href',
    '/search?location=Leeds&mode=rent&hasFloorPlan=true&letType=student&furnished=part_furnished&petsAllowed=true&billsIncluded=true',
  );
});

test('a drawn area is not "All Areas"', () => {
  renderCard(
    makeSavedSearch({
      label: 'Search in a drawn area',
      searchParams: { polygon: '_p~iF~ps|U_ulLnnqC_mqNvxq`@', mode: 'rent' },
    }),
  );
  expect(
    within(screen.getByRole('list', { name: 'Search filters' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Drawn area', 'Rent']);
});

test('Run Search restores every saved filter, the REQ-SEARCH ones included', () => {
  renderCard(
    makeSavedSearch({
      searchParams: {
        location: 'M1',
        radius: 3,
        mode: 'sale',
        filters: ['reduced'],
        exclude: ['auction'],
        keywords: 'garage',
        added: 7,
        includeUnderOffer: true,
      },
    }),
  );
  expect(screen.getByRole('link', { name: 'Run Search' })).toHaveAttribute(
    'href',
    '/search?location=M1&radius=3&mode=sale&filters=reduced&exclude=auction&keywords=garage&added=7&includeUnderOffer=true',
  );
});

test("Run Search links to /search with the saved filters, propertyType as the URL's type", () => {
  renderCard(
    makeSavedSearch({
      searchParams: {
        location: 'SW19',
        mode: 'rent',
        propertyType: 'flat',
        bedrooms: 2,
        filters: ['garden'],
      },
    }),
  );
  expect(screen.getByRole('link', { name: 'Run Search' })).toHaveAttribute(
    'href',
    '/search?location=SW19&mode=rent&type=flat&bedrooms=2&filters=garden',
  );
});

test('a saved search stored without a mode runs as a search to buy (REQ-SEARCH-03)', () => {
  // As the page reads it from the API: through the shared schema, which gives every search a mode.
  renderCard(makeSavedSearch({ searchParams: SavedSearchFiltersSchema.parse({ location: 'York' }) }));
  expect(screen.getByRole('link', { name: 'Run Search' })).toHaveAttribute(
    'href',
    '/search?location=York&mode=sale',
  );
});

test('Delete asks for confirmation first, then deletes and says so', async () => {
  const user = userEvent.setup();
  server.use(http.delete(SAVED_SEARCH, () => new HttpResponse(null, { status: 204 })));
  const requests = recordRequests();
  renderCard(makeSavedSearch());

  await user.click(screen.getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete this saved search?' });
  expect(
    within(dialog).getByText(/“Search in Reading” will be deleted and its e-mail alerts will stop/),
  ).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  expect(requests).toEqual([]);

  await user.click(screen.getByRole('button', { name: 'Delete' }));
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

  expect(await screen.findByText(MESSAGES.savedSearchDeleted)).toBeInTheDocument();
  expect(new URL(requests[0]!.url).pathname).toBe(
    '/api/me/saved-searches/5d1c9f3e-2b7a-4c8d-9e0f-1a2b3c4d5e6f',
  );
  expect(requests[0]!.method).toBe('DELETE');
});

test('a failed delete says so', async () => {
  const user = userEvent.setup();
  server.use(
    http.delete(SAVED_SEARCH, () =>
      HttpResponse.json({ error: { code: 'INTERNAL_ERROR', message: MESSAGES.server } }, { status: 500 }),
    ),
  );
  renderCard(makeSavedSearch());
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
  // REQ-MSG-07: the text of a toast titled 'Error' (REQ-MSG-07), not its title.
  const toast = (await screen.findByText(MESSAGES.savedSearchDeleteFailed)).closest('li');
  expect(toast?.querySelector('[data-title]')).toHaveTextContent(/^Error$/);
});

test('manage: rename checks the name, then saves it', async () => {
  const user = userEvent.setup();
  const patches: unknown[] = [];
  server.use(
    http.patch(SAVED_SEARCH, async ({ request }) => {
      const body = (await request.json()) as { label: string };
      patches.push(body);
      return HttpResponse.json(makeSavedSearch({ label: body.label }));
    }),
  );
  const requests = recordRequests();
  renderCard(makeSavedSearch(), true);

  await user.click(screen.getByRole('button', { name: 'Rename' }));
  const input = screen.getByLabelText('Search name');
  await user.clear(input);
  await user.type(input, '  <>  ');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText(CLIENT_MESSAGES.labelRequired)).toBeInTheDocument();
  expect(requests).toEqual([]);

  await user.clear(input);
  await user.type(input, 'Reading flats near the station');
  await user.click(screen.getByRole('button', { name: 'Save' }));

  expect(await screen.findByText('Saved search renamed')).toBeInTheDocument();
  expect(patches).toEqual([{ label: 'Reading flats near the station' }]);
  await waitFor(() => expect(screen.queryByLabelText('Search name')).not.toBeInTheDocument());
});

test('the alerts switch and frequency are on every card, the dashboard’s too (REQ-CLIENT-13)', async () => {
  const user = userEvent.setup();
  const patches: unknown[] = [];
  server.use(
    http.patch(SAVED_SEARCH, async ({ request }) => {
      const body = (await request.json()) as Partial<SavedSearch>;
      patches.push(body);
      return HttpResponse.json(makeSavedSearch(body));
    }),
  );
  renderCard(makeSavedSearch());

  const alerts = screen.getByRole('switch', { name: 'E-mail alerts' });
  expect(alerts).toHaveAttribute('aria-checked', 'true');
  await user.selectOptions(screen.getByLabelText('Alert frequency'), 'daily');
  expect(await screen.findByText('Alert frequency updated')).toBeInTheDocument();
  await user.click(alerts);
  expect(await screen.findByText('E-mail alerts switched off')).toBeInTheDocument();

  expect(patches).toEqual([{ alertFrequency: 'daily' }, { emailAlerts: false }]);
});
