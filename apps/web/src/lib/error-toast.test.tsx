/**
 * REQ-MSG-07 error toasts (REQ-SITE-11): titled 'Error' unless SPEC names the title; a failure after the session ended
 * offers to sign in again; a validation 400 with details carries SPEC's second sentence.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { MESSAGES } from '@abode/shared/messages';
import { AppToaster } from '#src/app/app-toaster.tsx';
import { copyListingLink } from '#src/lib/share-listing.ts';
import { apiRequest } from '#src/lib/api-client.ts';
import { ApiError } from '#src/lib/api-error.ts';
import { ERROR_TITLE, SIGN_IN_ACTION, showErrorToast } from '#src/lib/error-toast.ts';
import { clientMe } from '#src/testing/fixtures/me.ts';
import { server } from '#src/testing/server.ts';
import { createTestQueryClient, renderRoute } from '#src/testing/test-utils.tsx';

/** The toast that holds `text`, as its list item. */
async function toastWith(text: string): Promise<HTMLElement> {
  const item = (await screen.findByText(text)).closest('li');
  if (!item) throw new Error(`no toast holds ${text}`);
  return item;
}

test.each([
  MESSAGES.favouriteFailed,
  MESSAGES.copyLinkFailed,
  MESSAGES.savedSearchDeleteFailed,
  MESSAGES.dashboardLoadFailed,
  MESSAGES.saveSearchFailed,
])("'%s' is the text of a toast titled 'Error', not its title", async (message) => {
  render(<AppToaster />);
  showErrorToast(message);
  const toast = await toastWith(message);
  expect(within(toast).getByText(ERROR_TITLE)).toBeInTheDocument();
  expect(toast.querySelector('[data-title]')).toHaveTextContent(new RegExp(`^${ERROR_TITLE}$`));
});

test('a title SPEC names stays the title; a reason follows the message', async () => {
  render(<AppToaster />);
  showErrorToast(MESSAGES.network, { title: MESSAGES.searchErrorTitle });
  showErrorToast('Failed to update profile', { reason: 'Phone number is invalid' });
  const search = await toastWith(MESSAGES.network);
  expect(search.querySelector('[data-title]')).toHaveTextContent(MESSAGES.searchErrorTitle);
  expect(await screen.findByText('Failed to update profile. Phone number is invalid')).toBeInTheDocument();
});

test('a failure because the session ended (401) offers Sign in; any other does not', async () => {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  render(<AppToaster />);
  showErrorToast(MESSAGES.approveFailed, {
    error: new ApiError('UNAUTHENTICATED', 401, MESSAGES.authentication),
  });
  showErrorToast(MESSAGES.rejectFailed, { error: new ApiError('INTERNAL_ERROR', 500, MESSAGES.server) });

  const ended = await toastWith(MESSAGES.approveFailed);
  // A plain click: sonner's swipe handling needs pointer capture, which jsdom lacks.
  fireEvent.click(within(ended).getByRole('button', { name: SIGN_IN_ACTION }));
  expect(assign).toHaveBeenCalledWith('/auth');
  const failed = await toastWith(MESSAGES.rejectFailed);
  expect(within(failed).queryByRole('button', { name: SIGN_IN_ACTION })).not.toBeInTheDocument();
});

test("a copy that fails says 'Failed to copy link' under 'Error'", async () => {
  vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
  render(<AppToaster />);
  await copyListingLink('2-bed-flat');
  const toast = await toastWith(MESSAGES.copyLinkFailed);
  expect(toast.querySelector('[data-title]')).toHaveTextContent(new RegExp(`^${ERROR_TITLE}$`));
});

test("a dashboard that cannot load says 'Failed to load dashboard data' under 'Error'", async () => {
  // Every read of the dashboard fails.
  const failed = () =>
    HttpResponse.json({ error: { code: 'INTERNAL_ERROR', message: MESSAGES.server } }, { status: 500 });
  server.use(
    ...['dashboard', 'favourites', 'saved-searches', 'recent-views'].map((list) =>
      http.get(`/api/me/${list}`, failed),
    ),
  );
  renderRoute('/dashboard', {
    me: clientMe({ id: 'u1', email: 'cara@example.com', firstName: 'Cara' }),
  });
  const region = within(screen.getByRole('region', { name: /Notifications/ }));
  const toast = (await region.findByText(MESSAGES.dashboardLoadFailed)).closest('li');
  expect(toast?.querySelector('[data-title]')).toHaveTextContent(new RegExp(`^${ERROR_TITLE}$`));
});

test('a load with its own failure text toasts it under Error; with neither meta field it stays quiet', async () => {
  render(<AppToaster />);
  const client = createTestQueryClient();
  const fail = () => Promise.reject(new ApiError('INTERNAL_ERROR', 500, MESSAGES.server));
  await client
    .fetchQuery({ queryKey: ['a'], queryFn: fail, meta: { errorMessage: 'Failed to load analytics' } })
    .catch(() => {});
  await client.fetchQuery({ queryKey: ['b'], queryFn: fail }).catch(() => {});
  const toast = await toastWith('Failed to load analytics');
  expect(toast.querySelector('[data-title]')).toHaveTextContent(new RegExp(`^${ERROR_TITLE}$`));
  expect(screen.queryByText(MESSAGES.server)).not.toBeInTheDocument();
});

test("a validation 400 with details adds SPEC's second sentence; without details it does not", async () => {
  const validation = (details?: unknown[]) =>
    HttpResponse.json(
      { error: { code: 'VALIDATION_ERROR', message: MESSAGES.validation, ...(details ? { details } : {}) } },
      { status: 400 },
    );
  server.use(
    http.get('/with', () => validation([{ path: 'phone', message: 'Too short' }])),
    http.get('/without', () => validation()),
  );
  const message = (path: string) =>
    apiRequest(path, { schema: z.unknown() }).then(
      () => '',
      (error: Error) => error.message,
    );
  expect(await message('/with')).toBe(`${MESSAGES.validation} ${MESSAGES.validationDetails}`);
  expect(await message('/without')).toBe(MESSAGES.validation);
});
