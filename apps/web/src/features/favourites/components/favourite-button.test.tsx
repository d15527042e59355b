import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { MESSAGES } from '@abode/shared/messages';
import { FavouriteButton } from '#src/features/favourites/components/favourite-button.tsx';
import { clientMe } from '#src/testing/fixtures/me.ts';
import { recordRequests, server } from '#src/testing/server.ts';
import { renderWithRouter } from '#src/testing/test-utils.tsx';

const LISTING_ID = '0b8e4c2a-3f1d-4e5b-9a7c-6d2e1f0a9b8c';
const ME = clientMe();

/** A fake /api/me/favourites server holding one user's favourite ids; `me` answers GET /api/me when given. */
function favouritesServer(
  initial: string[] = [],
  { failWrites = false, me }: { failWrites?: boolean; me?: () => Promise<Response> } = {},
) {
  const saved = new Set(initial);
  const requests = recordRequests();
  const failed = () =>
    HttpResponse.json({ error: { code: 'INTERNAL_ERROR', message: MESSAGES.server } }, { status: 500 });
  server.use(
    http.get('/api/me/favourites/ids', () => HttpResponse.json({ propertyIds: [...saved] })),
    http.put('/api/me/favourites/:id', ({ params }) => {
      if (failWrites) return failed();
      saved.add(String(params.id));
      return HttpResponse.json({ propertyId: params.id, isFavourite: true });
    }),
    http.delete('/api/me/favourites/:id', ({ params }) => {
      if (failWrites) return failed();
      saved.delete(String(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  if (me) server.use(http.get('/api/me', me));
  const writes = () =>
    requests
      .filter((r) => r.method === 'PUT' || r.method === 'DELETE')
      .map((r) => `${r.method} ${new URL(r.url).pathname}`);
  return { requests, saved, writes };
}

test('signed out, the heart asks the visitor to sign in and calls nothing', async () => {
  const user = userEvent.setup();
  const { requests } = favouritesServer();
  renderWithRouter(<FavouriteButton listingId={LISTING_ID} listingTitle="2 bed flat" />);

  const heart = screen.getByRole('button', { name: 'Save to favourites' });
  expect(heart).toHaveAttribute('aria-pressed', 'false');
  await user.click(heart);

  expect(await screen.findByText(MESSAGES.authRequiredTitle)).toBeInTheDocument();
  expect(screen.getByText(MESSAGES.signInToFavourite)).toBeInTheDocument();
  expect(heart).toHaveAttribute('aria-pressed', 'false');
  expect(requests).toEqual([]);
});

test('pressed before /api/me has answered, the heart waits for the answer and saves, not asking a signed-in user to sign in', async () => {
  const user = userEvent.setup();
  let answerMe!: () => void;
  const meAnswered = new Promise<void>((resolve) => (answerMe = resolve));
  const { saved, writes } = favouritesServer([], {
    me: async () => {
      await meAnswered;
      return HttpResponse.json(ME);
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
