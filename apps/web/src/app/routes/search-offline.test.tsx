/**
 * A search made while the browser is offline (REQ-SEARCH): TanStack Query used to hold it paused, so nothing was said
 * and the heading kept the previous search's count under the new search's title. Now it fails at once with the REQ-SEARCH
 *  network message, and the heading and a notice say the results on screen are the previous search's.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, expect, test } from 'vitest';
import { HttpResponse } from 'msw';
import { MESSAGES } from '@abode/shared/messages';
import { makeListing, makeSearchResult } from '#src/testing/fixtures/listings.ts';
import { answerSearch } from '#src/testing/handlers/listing-search.ts';
import { renderRoute } from '#src/testing/test-utils.tsx';

afterEach(() => {
  onlineManager.setOnline(true);
  Reflect.deleteProperty(navigator, 'onLine');
});

function goOffline() {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  onlineManager.setOnline(false);
}

test('offline, a new search says so at once and the heading does not give the old results as the new', async () => {
  const user = userEvent.setup();
  let offline = false;
  answerSearch(() =>
    offline
      ? HttpResponse.error()
      : HttpResponse.json(makeSearchResult([makeListing({ title: '2 bed flat in Reading' })])),
  );
  renderRoute('/search?location=Reading');
  await screen.findByRole('heading', { name: '2 bed flat in Reading' });
  expect(screen.getByRole('heading', { level: 1, name: '1 Property Found' })).toBeInTheDocument();

  offline = true;
  goOffline();
  const box = screen.getByLabelText('Location');
  await user.clear(box);
  await user.type(box, 'Leeds{Enter}');

  const toast = (await screen.findByText(MESSAGES.searchErrorTitle)).closest('li');
  expect(within(toast!).getByText(MESSAGES.network)).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Search unavailable' })).toBeInTheDocument();
  const notice = screen.getByRole('alert');
  expect(notice).toHaveTextContent(MESSAGES.network);
  expect(notice).toHaveTextContent('These are the results of your previous search.');
  // The previous results stay usable.
  expect(screen.getByRole('heading', { name: '2 bed flat in Reading' })).toBeInTheDocument();
});
