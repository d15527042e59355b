import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { MESSAGES } from '@abode/shared/messages';
import { DashboardRoute } from '#src/app/routes/client/dashboard.tsx';
import { makeListing } from '#src/testing/fixtures/listings.ts';
import { clientMe } from '#src/testing/fixtures/me.ts';
import { answerSavedHomes } from '#src/testing/handlers/client-saved-homes.ts';
import { server } from '#src/testing/server.ts';
import { renderRoute } from '#src/testing/test-utils.tsx';

// The enquiry dialog is another feature's; a plain button stands in for it on the cards.
vi.mock('#src/features/enquiries/components/contact-agent-button.tsx', () => ({
  ContactAgentButton: () => <button type="button">Contact Agent</button>,
}));

const ME = clientMe();

function renderDashboard(url = '/dashboard') {
  return renderRoute(url, {
    routes: [
      { path: '/dashboard', element: <DashboardRoute /> },
      { path: '/search', element: <p>Search page</p> },
    ],
    me: ME,
  });
}

const countOf = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

test('greets the user and shows an empty state with a link to search in every tab', async () => {
  const user = userEvent.setup();
  answerSavedHomes();
  renderDashboard();

  expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Jo' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'No favourites yet' })).toBeInTheDocument();
  for (const label of ['Favourites', 'Saved Searches', 'Recent Views', 'Active Alerts'])
    expect(countOf(label)).toBe('0');
  expect(screen.getByRole('link', { name: 'Search properties' })).toHaveAttribute(
    'href',
    '/search?mode=sale',
  );

  await user.click(screen.getByRole('tab', { name: 'Saved Searches' }));
  expect(await screen.findByRole('heading', { name: 'No saved searches yet' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Search properties' })).toHaveAttribute(
    'href',
    '/search?mode=sale',
  );

  await user.click(screen.getByRole('tab', { name: 'Recent Views' }));
  expect(await screen.findByRole('heading', { name: 'No recently viewed homes' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Search properties' })).toHaveAttribute(
    'href',
    '/search?mode=sale',
  );
});

test('shows the counts and the three lists', async () => {
  const user = userEvent.setup();
  const favourite = makeListing({ title: '4 bed detached house for sale' });
  const viewed = makeListing({ title: '1 bed flat to rent', mode: 'rent', pricePence: 95_000 });
  answerSavedHomes({
    dashboard: { favourites: 1, savedSearches: 1, recentViews: 9, activeAlerts: 1 },
    favourites: [{ listing: favourite, savedAt: '2026-11-20T10:00:00.000Z' }],
    savedSearches: [
      {
        id: '5d1c9f3e-2b7a-4c8d-9e0f-1a2b3c4d5e6f',
        label: 'Search in Reading',
        searchParams: { location: 'Reading', mode: 'sale' },
        emailAlerts: true,
        alertFrequency: 'instant',
        createdAt: '2026-11-20T10:00:00.000Z',
        updatedAt: '2026-11-20T10:00:00.000Z',
      },
    ],
    recentViews: [{ listing: viewed, viewedAt: new Date().toISOString() }],
  });
  renderDashboard();

  const card = await screen.findByRole('article', { name: '4 bed detached house for sale' });
  expect(within(card).getByRole('link', { name: '4 bed detached house for sale' })).toHaveAttribute(
    'href',
    `/property/${favourite.slug}`,
  );
  await waitFor(() => expect(countOf('Recent Views')).toBe('9'));
  expect(countOf('Active Alerts')).toBe('1');

  await user.click(screen.getByRole('tab', { name: 'Saved Searches' }));
  const saved = await screen.findByRole('article', { name: 'Search in Reading' });
  expect(within(saved).getByText('Alerts On')).toBeInTheDocument();
  // The switch is on the dashboard's card too (REQ-CLIENT-10): alerts are never on where the user cannot see it.
  expect(within(saved).getByRole('switch', { name: 'E-mail alerts' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  expect(within(saved).getByRole('link', { name: 'Run Search' })).toHaveAttribute(
    'href',
    '/search?location=Reading&mode=sale',
  );

  await user.click(screen.getByRole('tab', { name: 'Recent Views' }));
  const recent = await screen.findByRole('article', { name: '1 bed flat to rent' });
  expect(within(recent).getByText('Viewed just now')).toBeInTheDocument();
});

test('a tab can be opened from the URL', async () => {
  answerSavedHomes();
  renderDashboard('/dashboard?tab=recent-views');
  expect(await screen.findByRole('heading', { name: 'No recently viewed homes' })).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'Recent Views' })).toHaveAttribute('aria-selected', 'true');
});

test("a failed load says 'Failed to load dashboard data' and can be retried", async () => {
  const user = userEvent.setup();
  answerSavedHomes();
  server.use(
    http.get(
      '/api/me/dashboard',
      () =>
        HttpResponse.json({ error: { code: 'INTERNAL_ERROR', message: MESSAGES.server } }, { status: 500 }),
      // Only the first load fails: the retry gets the counts.
      { once: true },
    ),
  );
  renderDashboard();

  const alert = await screen.findByRole('alert');
  expect(within(alert).getByText(MESSAGES.dashboardLoadFailed)).toBeInTheDocument();
  // The toast as well (REQ-CLIENT-13).
  expect(screen.getAllByText(MESSAGES.dashboardLoadFailed)).toHaveLength(2);

  await user.click(within(alert).getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  expect(countOf('Favourites')).toBe('0');
});
