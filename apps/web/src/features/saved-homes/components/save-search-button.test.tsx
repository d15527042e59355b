import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import { CLIENT_MESSAGES } from '@abode/shared/client/client.schema';
import { MESSAGES } from '@abode/shared/messages';
import { parseSearchParams } from '@abode/shared/search/search-url';
import { SaveSearchButton } from '#src/features/saved-homes/components/save-search-button.tsx';
import { clientMe } from '#src/testing/fixtures/me.ts';
import { recordRequests, server } from '#src/testing/server.ts';
import { currentUrl, renderWithRouter } from '#src/testing/test-utils.tsx';

const ME = clientMe();
const SAVED_ID = '5d1c9f3e-2b7a-4c8d-9e0f-1a2b3c4d5e6f';

const state = parseSearchParams(
  new URLSearchParams(
    'location=Leeds&mode=rent&type=flat&maxPrice=1500&bedrooms=2&filters=garden&sort=price_asc&page=2&view=list',
  ),
);

const SAVED_SEARCHES = '/api/me/saved-searches';

const saved = (body: Record<string, unknown> = {}) =>
  HttpResponse.json(
    {
      id: SAVED_ID,
      label: 'Flats to rent in Leeds, 2+ beds, up to £1,500/month',
      searchParams: { location: 'Leeds' },
      emailAlerts: false,
      alertFrequency: 'instant',
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
      ...body,
    },
    { status: 201 },
  );

/** Answers the save (`POST /api/me/saved-searches`) with `answer`; returns the requests the server received. */
function answerSave(answer: () => Response) {
  server.use(http.post(SAVED_SEARCHES, answer));
  return recordRequests();
}

/** The JSON body of the `call`th request the server received. */
const bodyOf = async (requests: Request[], call = 0) =>
  (await requests[call]!.clone().json()) as Record<string, unknown>;

function renderButton(filters = state) {
  return renderWithRouter(<SaveSearchButton filters={filters} />, {
    url: '/search',
    me: ME,
    extraRoutes: [{ path: '/saved-searches', element: <p>Saved searches page</p> }],
  });
}

test('signed out, it asks the visitor to sign in', async () => {
  const user = userEvent.setup();
  const requests = recordRequests();
  renderWithRouter(<SaveSearchButton filters={state} />, { url: '/search' });
  await user.click(screen.getByRole('button', { name: 'Save Search' }));
  expect(await screen.findByText(MESSAGES.signInToSaveSearch)).toBeInTheDocument();
  expect(screen.getByText(MESSAGES.authRequiredTitle)).toBeInTheDocument();
  expect(requests).toEqual([]);
});

test('it asks before saving: a name that tells the search apart, and alerts chosen by the user (REQ-CLIENT-10)', async () => {
  const user = userEvent.setup();
  const requests = answerSave(() => saved({ emailAlerts: true, alertFrequency: 'daily' }));
  const { router } = renderButton();

  await user.click(screen.getByRole('button', { name: 'Save Search' }));
  const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
  expect(within(dialog).getByLabelText('Name')).toHaveValue(
    'Flats to rent in Leeds, 2+ beds, up to £1,500/month',
  );
  // Nothing is chosen for the user: off, instant and daily are offered, none ticked.
  const alerts = within(dialog).getByRole('group', { name: 'E-mail alerts for new homes' });
  const choices = within(alerts).getAllByRole('radio');
  expect(choices.map((r) => r.getAttribute('value'))).toEqual(['off', 'instant', 'daily']);
  expect(choices.every((r) => !(r as HTMLInputElement).checked)).toBe(true);

  await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
  expect(await within(dialog).findByText(CLIENT_MESSAGES.alertChoiceRequired)).toBeInTheDocument();
  expect(requests).toEqual([]);

  await user.click(within(dialog).getByRole('radio', { name: /Daily/ }));
  await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
  expect(await screen.findByText(MESSAGES.searchSavedTitle)).toBeInTheDocument();
  expect(screen.getByText(MESSAGES.searchSaved)).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  expect(requests[0]!.method).toBe('POST');
  expect(new URL(requests[0]!.url).pathname).toBe(SAVED_SEARCHES);
  // REQ-CLIENT-06 names (propertyType); paging, sort and view are not part of a saved search.
  expect(await bodyOf(requests)).toEqual({
    searchParams: {
      location: 'Leeds',
      mode: 'rent',
      propertyType: 'flat',
      maxPrice: 1500,
      bedrooms: 2,
      filters: ['garden'],
    },
    label: 'Flats to rent in Leeds, 2+ beds, up to £1,500/month',
    emailAlerts: true,
    alertFrequency: 'daily',
  });

  // A plain click: sonner's toast captures the pointer on pointerdown, which jsdom does not implement.
  fireEvent.click(screen.getByRole('button', { name: 'Manage' }));
  expect(currentUrl(router)).toBe('/saved-searches');
});

test("'No e-mails' saves the search with alerts off; the name can be changed", async () => {
  const user = userEvent.setup();
  const requests = answerSave(() => saved());
  renderButton();
  await user.click(screen.getByRole('button', { name: 'Save Search' }));
  const dialog = await screen.findByRole('dialog');
  const name = within(dialog).getByLabelText('Name');
  await user.clear(name);
  await user.type(name, '  ');
  await user.click(within(dialog).getByRole('radio', { name: /No e-mails/ }));
  await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
  expect(await within(dialog).findByText(CLIENT_MESSAGES.labelRequired)).toBeInTheDocument();
  expect(requests).toEqual([]);

  await user.type(name, 'Leeds flats for Sam');
  await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
  await screen.findByText(MESSAGES.searchSavedTitle);
  expect(await bodyOf(requests)).toMatchObject({
    label: 'Leeds flats for Sam',
    emailAlerts: false,
    alertFrequency: 'instant',
  });
});

test('the same search saved before: the dialog says so and offers to open it', async () => {
  const user = userEvent.setup();
  answerSave(() =>
    HttpResponse.json(
      {
        error: { code: 'ALREADY_EXISTS', message: CLIENT_MESSAGES.savedSearchExists, existingId: SAVED_ID },
      },
      { status: 409 },
    ),
  );
  const { router } = renderButton();
  await user.click(screen.getByRole('button', { name: 'Save Search' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('radio', { name: /Instant/ }));
  await user.click(within(dialog).getByRole('button', { name: 'Save search' }));

  expect(await within(dialog).findByRole('alert')).toHaveTextContent(CLIENT_MESSAGES.savedSearchExists);
  expect(screen.queryByText(MESSAGES.saveSearchFailed)).not.toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Open saved search' }));
  expect(currentUrl(router)).toBe(`/saved-searches?open=${SAVED_ID}`);
});

test('a failed save says so, with the reason, and keeps the dialog open', async () => {
  const user = userEvent.setup();
  answerSave(() =>
    HttpResponse.json(
      { error: { code: 'CONFLICT', message: 'You can keep up to 50 saved searches.' } },
      { status: 409 },
    ),
  );
  renderButton();
  await user.click(screen.getByRole('button', { name: 'Save Search' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('radio', { name: /Instant/ }));
  await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
  expect(await screen.findByText(new RegExp(MESSAGES.saveSearchFailed))).toBeInTheDocument();
  expect(screen.getByText(/You can keep up to 50 saved searches\./)).toBeInTheDocument();
  expect(screen.getByRole('dialog')).toBeInTheDocument();
});

test('the REQ-SEARCH-16 filters are saved too, and a drawn area is named as such', async () => {
  const user = userEvent.setup();
  const requests = answerSave(() => saved());
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
  renderButton(drawn);
  await user.click(screen.getByRole('button', { name: 'Save Search' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('radio', { name: /No e-mails/ }));
  await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
  await screen.findByText(MESSAGES.searchSavedTitle);
  expect(await bodyOf(requests)).toEqual({
    label: 'Properties for sale in a drawn area',
    searchParams: {
      polygon,
      mode: 'sale',
      filters: ['reduced'],
      exclude: ['retirement', 'auction'],
      keywords: 'garage',
      added: 3,
      includeUnderOffer: true,
    },
    emailAlerts: false,
    alertFrequency: 'instant',
  });
});

test('a radius search is named by its radius and saves it', async () => {
  const user = userEvent.setup();
  const requests = answerSave(() => saved());
  renderButton(parseSearchParams(new URLSearchParams('location=M1&radius=3&bounds=53.4,-2.3,53.5,-2.2')));
  await user.click(screen.getByRole('button', { name: 'Save Search' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByLabelText('Name')).toHaveValue('Properties for sale within 3 miles of M1');
  await user.click(within(dialog).getByRole('radio', { name: /Instant/ }));
  await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
  await screen.findByText(MESSAGES.searchSavedTitle);
  expect((await bodyOf(requests)).searchParams).toEqual({
    location: 'M1',
    radius: 3,
    bounds: '53.4,-2.3,53.5,-2.2',
    mode: 'sale',
  });
});
