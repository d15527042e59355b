/**
 * /search with REQ-LISTING-16's filters: 'Has floor plan' for Buy and Rent, and with Rent the lettings terms a renter
 * filters on (type of let, furnishing, pets allowed, bills included) — in the URL and the API request, counted on
 * the Filters button, cleared with the other filters, and dropped when the search switches to Buy.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { makeListing, makeSearchResult } from '#src/testing/fixtures/listings.ts';
import { answerSearch, searchUrls } from '#src/testing/handlers/listing-search.ts';
import { recordRequests } from '#src/testing/server.ts';
import { currentUrl, renderRoute } from '#src/testing/test-utils.tsx';

/** Every search finds one rental; returns the requests the server received. */
function serve() {
  answerSearch(makeSearchResult([makeListing({ mode: 'rent' })]));
  return recordRequests();
}

/** The URL of the latest search request. */
const lastSearch = (requests: Request[]) => searchUrls(requests).at(-1)!;

test('with Rent, the lettings terms and the floor plan go into the URL and the request, count and clear', async () => {
  const user = userEvent.setup();
  const requests = serve();
  const { router } = renderRoute('/search?location=Leeds&mode=rent');
  await screen.findByRole('heading', { level: 1, name: '1 Property Found' });
  await user.click(screen.getByRole('button', { name: /^Filters/ }));

  const lettings = screen.getByRole('group', { name: 'Lettings' });
  expect(
    within(lettings)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual([
    'Any',
    'Long term',
    'Short term',
    'Student',
    'Commercial',
    'Any',
    'Furnished',
    'Part furnished',
    'Unfurnished',
  ]);
  await user.selectOptions(within(lettings).getByLabelText('Type of let'), 'Student');
  await waitFor(() => expect(currentUrl(router)).toContain('letType=student'));
  await user.selectOptions(within(lettings).getByLabelText('Furnishing'), 'Part furnished');
  await waitFor(() => expect(currentUrl(router)).toContain('furnished=part_furnished'));
  await user.click(within(lettings).getByRole('checkbox', { name: 'Pets allowed' }));
  await waitFor(() => expect(currentUrl(router)).toContain('petsAllowed=true'));
  await user.click(within(lettings).getByRole('checkbox', { name: 'Bills included' }));
  await waitFor(() => expect(currentUrl(router)).toContain('billsIncluded=true'));
  await user.click(screen.getByRole('checkbox', { name: 'Has floor plan' }));

  await waitFor(() =>
    expect(currentUrl(router)).toBe(
      '/search?location=Leeds&mode=rent&hasFloorPlan=true&letType=student&furnished=part_furnished&petsAllowed=true&billsIncluded=true',
    ),
  );
  await waitFor(() =>
    expect(Object.fromEntries(lastSearch(requests).searchParams)).toEqual({
      location: 'Leeds',
      mode: 'rent',
      hasFloorPlan: 'true',
      letType: 'student',
      furnished: 'part_furnished',
      petsAllowed: 'true',
      billsIncluded: 'true',
    }),
  );
  // Rent and the five choices.
  expect(screen.getByRole('button', { name: /^Filters/ })).toHaveTextContent('Filters(6 active)');

  await user.click(screen.getByRole('button', { name: 'Clear filters' }));
  await waitFor(() => expect(currentUrl(router)).toBe('/search?location=Leeds&mode=rent'));
  expect(screen.getByLabelText('Type of let')).toHaveValue('');
  expect(screen.getByRole('checkbox', { name: 'Pets allowed' })).not.toBeChecked();
});

test('a link with them shows them chosen; switching to Buy drops the lettings terms and keeps the floor plan', async () => {
  const user = userEvent.setup();
  const requests = serve();
  const { router } = renderRoute(
    '/search?mode=rent&hasFloorPlan=true&letType=long-term&furnished=unfurnished&billsIncluded=true',
  );
  await screen.findByRole('heading', { level: 1, name: '1 Property Found' });
  await user.click(screen.getByRole('button', { name: /^Filters/ }));
  expect(screen.getByLabelText('Type of let')).toHaveValue('long-term');
  expect(screen.getByLabelText('Furnishing')).toHaveValue('unfurnished');
  expect(screen.getByRole('checkbox', { name: 'Bills included' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Pets allowed' })).not.toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Has floor plan' })).toBeChecked();

  const mode = screen.getByRole('group', { name: 'Buy or rent' });
  await user.click(within(mode).getByRole('radio', { name: 'Buy' }));
  await waitFor(() => expect(currentUrl(router)).toBe('/search?mode=sale&hasFloorPlan=true'));
  await waitFor(() =>
    expect(Object.fromEntries(lastSearch(requests).searchParams)).toEqual({
      mode: 'sale',
      hasFloorPlan: 'true',
    }),
  );
  // Sale listings have no lettings terms: not offered with Buy.
  expect(screen.queryByRole('group', { name: 'Lettings' })).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Type of let')).not.toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: 'Has floor plan' })).toBeChecked();
  expect(screen.getByRole('button', { name: /^Filters/ })).toHaveTextContent('Filters(1 active)');
});
