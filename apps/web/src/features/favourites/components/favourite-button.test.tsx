import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { MESSAGES } from '@abode/shared/messages';
import { FavouriteButton } from '#src/features/favourites/components/favourite-button.tsx';
import { clientMe } from '#src/testing/fixtures/me.ts';
import { renderWithRouter, stubFetch } from '#src/testing/test-utils.tsx';

const LISTING_ID = '0b8e4c2a-3f1d-4e5b-9a7c-6d2e1f0a9b8c';
const ME = clientMe();

/** A fake /api/me/favourites server holding one user's favourite ids. */
function favouritesServer(
  initial: string[] = [],
  { failWrites = false, me }: { failWrites?: boolean; me?: () => Promise<Response> } = {},
) {
  const saved = new Set(initial);
  const fetch = stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/me' && me) return me();
    if (url.pathname === '/api/me/favourites/ids') return Response.json({ propertyIds: [...saved] });
    const match = /^\/api\/me\/favourites\/(.+)$/.exec(url.pathname);
    if (match) {
      if (failWrites)
        return Response.json(
          { error: { code: 'INTERNAL_ERROR', message: MESSAGES.server } },
          { status: 500 },
        );
      if (method === 'PUT') {
        saved.add(match[1]!);
        return Response.json({ propertyId: match[1], isFavourite: true });
      }
      if (method === 'DELETE') {
        saved.delete(match[1]!);
        return new Response(null, { status: 204 });
      }
    }
    return Response.json({ error: { code: 'NOT_FOUND', message: 'not found' } }, { status: 404 });
  });
  const writes = () =>
    fetch.mock.calls
      .filter(([, init]) => init?.method === 'PUT' || init?.method === 'DELETE')
      .map(([input, init]) => `${init?.method} ${new URL(String(input), 'http://localhost').pathname}`);
  return { fetch, saved, writes };
}

test('signed out, the heart asks the visitor to sign in and calls nothing', async () => {
  const user = userEvent.setup();
  const { fetch } = favouritesServer();
  renderWithRouter(<FavouriteButton listingId={LISTING_ID} listingTitle="2 bed flat" />);

  const heart = screen.getByRole('button', { name: 'Save to favourites' });
  expect(heart).toHaveAttribute('aria-pressed', 'false');
  await user.click(heart);

  expect(await screen.findByText(MESSAGES.authRequiredTitle)).toBeInTheDocument();
  expect(screen.getByText(MESSAGES.signInToFavourite)).toBeInTheDocument();
  expect(heart).toHaveAttribute('aria-pressed', 'false');
  expect(fetch).not.toHaveBeenCalled();
});

test('pressed before /api/me has answered, the heart waits for the answer and saves, not asking a signed-in user to sign in', async () => {
  const user = userEvent.setup();
  let answerMe!: () => void;
  const meAnswered = new Promise<void>((resolve) => (answerMe = resolve));
  const { saved, writes } = favouritesServer([], {
    me: async () => {
      await meAnswered;
      return Response.json(ME);
    },
  });
  renderWithRouter(<FavouriteButton listingId={LISTING_ID} listingTitle="2 bed flat" />, { me: 'fetch' });

  await user.click(screen.getByRole('button', { name: 'Save to favourites' }));
  expect(writes()).toEqual([]);
  answerMe();

  expect(await screen.findByText(MESSAGES.favouriteAdded)).toBeInTheDocument();
  expect(screen.queryByText(MESSAGES.signInToFavourite)).not.toBeInTheDocument();
  expect(saved.has(LISTING_ID)).toBe(true);
  expect(writes()).toEqual([`PUT /api/me/favourites/${LISTING_ID}`]);
});

test('signed in, the heart saves and removes a favourite with the SPEC toasts', async () => {
  const user = userEvent.setup();
  const { saved, writes } = favouritesServer();
  renderWithRouter(<FavouriteButton listingId={LISTING_ID} listingTitle="2 bed flat" />, { me: ME });

  await user.click(screen.getByRole('button', { name: 'Save to favourites' }));
  const filled = await screen.findByRole('button', { name: 'Remove from favourites' });
  expect(filled).toHaveAttribute('aria-pressed', 'true');
  expect(await screen.findByText(MESSAGES.favouriteAdded)).toBeInTheDocument();
  expect(saved.has(LISTING_ID)).toBe(true);

  await user.click(filled);
  expect(await screen.findByText(MESSAGES.favouriteRemoved)).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Save to favourites' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  expect(saved.has(LISTING_ID)).toBe(false);
  expect(writes()).toEqual([
    `PUT /api/me/favourites/${LISTING_ID}`,
    `DELETE /api/me/favourites/${LISTING_ID}`,
  ]);
});

test('a saved listing shows a filled heart; the button variant reads Saved', async () => {
  favouritesServer([LISTING_ID]);
  renderWithRouter(<FavouriteButton listingId={LISTING_ID} listingTitle="2 bed flat" variant="button" />, {
    me: ME,
  });
  const button = await screen.findByRole('button', { name: 'Remove from favourites' });
  expect(button).toHaveAttribute('aria-pressed', 'true');
  expect(button).toHaveTextContent('Saved');
});

test('a failed save rolls the heart back and says so', async () => {
  const user = userEvent.setup();
  favouritesServer([], { failWrites: true });
  renderWithRouter(<FavouriteButton listingId={LISTING_ID} listingTitle="2 bed flat" variant="button" />, {
    me: ME,
  });
  const button = screen.getByRole('button', { name: 'Save to favourites' });
  expect(button).toHaveTextContent('Save');
  await user.click(button);

  // REQ-MSG-07: the text of a toast titled 'Error' (REQ-MSG-07), not its title.
  const toast = (await screen.findByText(MESSAGES.favouriteFailed)).closest('li');
  expect(toast?.querySelector('[data-title]')).toHaveTextContent(/^Error$/);
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Save to favourites' })).toHaveAttribute(
      'aria-pressed',
      'false',
    ),
  );
  expect(screen.queryByText(MESSAGES.favouriteAdded)).not.toBeInTheDocument();
});
