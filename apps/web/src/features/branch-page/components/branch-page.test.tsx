/**
 * The public branch page, /agents/:slug (ADR 029), through the app's route table: the branch's details and hours,
 * For sale / To rent tabs with their counts, the search's cards, pages, the title; the 404 page for an unknown slug.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { PublicBranchPage } from '@abode/shared/agency/branches.schema';
import { makeListing } from '#src/testing/fixtures/listings.ts';
import { recordRequests, server } from '#src/testing/server.ts';
import { currentUrl, renderRoute } from '#src/testing/test-utils.tsx';

const SLUG = 'harbour-vale-wimbledon-7d0c5a1e';

const page = (mode: 'sale' | 'rent', pageNumber: number): PublicBranchPage => ({
  branch: {
    slug: SLUG,
    agencyName: 'Harbour & Vale',
    branchName: 'Wimbledon',
    contactName: 'Clara Whitmore',
    address: 'Wimbledon, London SW19',
    phone: '020 7946 0101',
    email: 'wimbledon@example.com',
    websiteUrl: 'https://harbour-and-vale.example.com/',
    businessHours: { 'Monday to Friday': '9:00 to 17:30', Saturday: '9:00 to 16:00', Sunday: 'Closed' },
    logoUrl: '/media/uploads/agents/logo.webp',
    bio: 'Sales and lettings in SW19.',
    handlesSales: true,
    handlesLettings: true,
  },
  counts: { sale: 30, rent: 1 },
  mode,
  listings: {
    items:
      mode === 'sale'
        ? [
            makeListing({ id: 'sale-1', slug: 'house-1', title: '3 bedroom house for sale' }),
            makeListing({ id: 'sale-2', slug: 'flat-2', title: '2 bedroom flat for sale' }),
          ]
        : [makeListing({ id: 'rent-1', slug: 'flat-r', title: '1 bedroom flat to rent', mode: 'rent' })],
    total: mode === 'sale' ? 30 : 1,
    page: pageNumber,
    pageSize: 24,
  },
});

/** The API's branch page for SLUG, in the mode and page asked for; a 404 for any other slug. */
function answerBranch() {
  server.use(
    http.get('/api/branches/:slug', ({ params, request }) => {
      if (params.slug !== SLUG)
        return HttpResponse.json(
          { error: { code: 'NOT_FOUND', message: 'This branch page does not exist.' } },
          { status: 404 },
        );
      const url = new URL(request.url);
      const mode = url.searchParams.get('mode') === 'rent' ? 'rent' : 'sale';
      return HttpResponse.json(page(mode, Number(url.searchParams.get('page') ?? '1')));
    }),
  );
}

test('the branch, its hours, and its listings for sale with pages; To rent is a tab of its own', async () => {
  answerBranch();
  const requests = recordRequests();
  const user = userEvent.setup();
  const { router } = renderRoute(`/agents/${SLUG}`);
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Harbour & Vale, Wimbledon' }),
  ).toBeInTheDocument();
  expect(document.title).toBe('Harbour & Vale, Wimbledon: Estate and letting agents — Abode');
  expect(screen.getByText('Estate and letting agents')).toBeInTheDocument();
  expect(screen.getByText('Wimbledon, London SW19')).toBeInTheDocument();
  expect(
    screen.getByRole('link', { name: 'Call Harbour & Vale, Wimbledon on 020 7946 0101' }),
  ).toHaveAttribute('href', 'tel:02079460101');
  expect(screen.getByRole('img', { name: 'Harbour & Vale logo' })).toBeInTheDocument();
  const hours = screen.getByRole('region', { name: 'Opening hours' });
  expect(within(hours).getByText('Monday to Friday')).toBeInTheDocument();
  expect(within(hours).getByText('Closed')).toBeInTheDocument();

  const tabs = screen.getByRole('navigation', { name: 'Listings of this branch' });
  expect(within(tabs).getByRole('link', { name: 'For sale: 30 properties' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(screen.getByRole('heading', { level: 2, name: '30 properties for sale' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '3 bedroom house for sale' })).toHaveAttribute(
    'href',
    '/property/house-1',
  );
  expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
    'href',
    `/agents/${SLUG}?mode=sale&page=2`,
  );
  // The route composes the search's card actions in: each card has its heart and Contact Agent.
  const card = screen.getByRole('article', { name: '3 bedroom house for sale' });
  expect(within(card).getByRole('button', { name: 'Save to favourites' })).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Contact Agent' })).toBeInTheDocument();
  expect(requests.map((request) => new URL(request.url).search)).toEqual(['']);

  await user.click(within(tabs).getByRole('link', { name: 'To rent: 1 property' }));
  expect(await screen.findByRole('heading', { level: 2, name: '1 property to rent' })).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: '1 bedroom flat to rent' })).toBeInTheDocument();
  expect(currentUrl(router)).toBe(`/agents/${SLUG}?mode=rent`);
  expect(screen.queryByRole('link', { name: 'Page 2' })).not.toBeInTheDocument();
});

test('an unknown slug shows the 404 page', async () => {
  answerBranch();
  renderRoute('/agents/no-such-branch');
  expect(await screen.findByText('404')).toBeInTheDocument();
  expect(document.title).toBe('Page not found — Abode');
});
