import type { ReactNode } from 'react';
import { screen, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import type { SavedSearch } from '@abode/shared/client/client.schema';
import { FavouritesRoute } from '#src/app/routes/client/favourites.tsx';
import { SavedSearchesRoute } from '#src/app/routes/client/saved-searches.tsx';
import { makeListing } from '#src/testing/fixtures/listings.ts';
import { clientMe } from '#src/testing/fixtures/me.ts';
import { answerSavedHomes } from '#src/testing/handlers/client-saved-homes.ts';
import { renderRoute } from '#src/testing/test-utils.tsx';

vi.mock('#src/features/enquiries/components/contact-agent-button.tsx', () => ({
  ContactAgentButton: () => <button type="button">Contact Agent</button>,
}));

const ME = clientMe();

const render = (path: string, element: ReactNode) =>
  renderRoute(path, { routes: [{ path, element }], me: ME });

test('/favourites lists the favourite listings with filled hearts', async () => {
  const listing = makeListing({ title: '2 bed terraced house for sale' });
  answerSavedHomes({ favourites: [{ listing, savedAt: '2026-11-20T10:00:00.000Z' }] });
  render('/favourites', <FavouritesRoute />);
  expect(screen.getByRole('heading', { level: 1, name: 'Favourites' })).toBeInTheDocument();
  const card = await screen.findByRole('article', { name: '2 bed terraced house for sale' });
  expect(await within(card).findByRole('button', { name: 'Remove from favourites' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(screen.getByText('1 home you have saved.')).toBeInTheDocument();
});

test('/favourites without favourites explains how to add some', async () => {
  answerSavedHomes();
  render('/favourites', <FavouritesRoute />);
  expect(await screen.findByRole('heading', { name: 'No favourites yet' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Search properties' })).toHaveAttribute(
    'href',
    '/search?mode=sale',
  );
});

test('/saved-searches shows each search with its alert settings', async () => {
  answerSavedHomes({
    savedSearches: [
      {
        id: '5d1c9f3e-2b7a-4c8d-9e0f-1a2b3c4d5e6f',
        label: 'Search in Reading',
        searchParams: { location: 'Reading', mode: 'sale' },
        emailAlerts: false,
        alertFrequency: 'daily',
        createdAt: '2026-11-20T10:00:00.000Z',
        updatedAt: '2026-11-20T10:00:00.000Z',
      },
    ],
  });
  render('/saved-searches', <SavedSearchesRoute />);
  const card = await screen.findByRole('article', { name: 'Search in Reading' });
  expect(within(card).getByRole('switch', { name: 'E-mail alerts' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  expect(within(card).getByLabelText('Alert frequency')).toHaveValue('daily');
  expect(within(card).getByLabelText('Alert frequency')).toBeDisabled();
  expect(within(card).getByRole('button', { name: 'Rename' })).toBeInTheDocument();
  expect(within(card).queryByText('Alerts On')).not.toBeInTheDocument();
});

test("/saved-searches?open={id} (the save dialog's 'Open saved search') brings that search into view", async () => {
  const search = (id: string, location: string): SavedSearch => ({
    id,
    label: `Homes in ${location}`,
    searchParams: { location, mode: 'sale' },
    emailAlerts: false,
    alertFrequency: 'instant',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
  });
  answerSavedHomes({
    savedSearches: [
      search('5d1c9f3e-2b7a-4c8d-9e0f-1a2b3c4d5e6f', 'Reading'),
      search('6e2d0a4f-3c8b-4d9e-8f1a-2b3c4d5e6f70', 'York'),
    ],
  });
  renderRoute('/saved-searches?open=6e2d0a4f-3c8b-4d9e-8f1a-2b3c4d5e6f70', {
    routes: [{ path: '/saved-searches', element: <SavedSearchesRoute /> }],
    me: ME,
  });
  const york = await screen.findByRole('article', { name: 'Homes in York' });
  expect(york).toHaveAttribute('aria-current', 'true');
  expect(within(york).getByRole('heading', { name: 'Homes in York' })).toHaveFocus();
  expect(screen.getByRole('article', { name: 'Homes in Reading' })).not.toHaveAttribute('aria-current');
});

test('/saved-searches without any explains how to save one', async () => {
  answerSavedHomes();
  render('/saved-searches', <SavedSearchesRoute />);
  expect(await screen.findByRole('heading', { name: 'No saved searches yet' })).toBeInTheDocument();
});
