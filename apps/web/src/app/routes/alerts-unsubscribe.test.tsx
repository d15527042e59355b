import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import { ALERT_MESSAGES } from '@abode/shared/alerts/alerts.schema';
import { recordRequests, server } from '#src/testing/server.ts';
import { renderRoute } from '#src/testing/test-utils.tsx';

const UNSUBSCRIBE = '/api/alerts/unsubscribe';
const notFound = () =>
  HttpResponse.json({ error: { code: 'NOT_FOUND', message: ALERT_MESSAGES.invalidToken } }, { status: 404 });

/** The requests to the unsubscribe endpoint among `requests`, as 'METHOD ?query'. */
const unsubscribeCalls = (requests: Request[]) =>
  requests
    .filter((r) => new URL(r.url).pathname === UNSUBSCRIBE)
    .map((r) => `${r.method} ${new URL(r.url).search}`);

test('shows the saved search and unsubscribes only when the button is pressed (a POST)', async () => {
  const posted: unknown[] = [];
  server.use(
    http.get(UNSUBSCRIBE, () => HttpResponse.json({ label: 'Search in Manchester' })),
    http.post(UNSUBSCRIBE, async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json({ label: 'Search in Manchester' });
    }),
  );
  const requests = recordRequests();
  renderRoute('/alerts/unsubscribe?token=tok-1');

  expect(await screen.findByText('Search in Manchester')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'E-mail alerts' })).toBeInTheDocument();
  expect(document.title).toBe('Unsubscribe from alerts · Abode');
  expect(unsubscribeCalls(requests)).toEqual(['GET ?token=tok-1']);

  await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));

  expect(await screen.findByRole('status')).toHaveTextContent(
    'You will no longer receive e-mail alerts for Search in Manchester.',
  );
  expect(posted).toEqual([{ token: 'tok-1' }]);
  expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Manage your saved searches' })).toHaveAttribute(
    'href',
    '/saved-searches',
  );
});

test('an unknown token says the link is invalid and offers no button', async () => {
  server.use(http.get(UNSUBSCRIBE, notFound));
  renderRoute('/alerts/unsubscribe?token=nope');
  expect(await screen.findByRole('alert')).toHaveTextContent(ALERT_MESSAGES.invalidToken);
  expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
});

test('a link without a token says so without asking the server', async () => {
  server.use(http.get(UNSUBSCRIBE, notFound));
  const requests = recordRequests();
  renderRoute('/alerts/unsubscribe');
  expect(await screen.findByRole('alert')).toHaveTextContent(ALERT_MESSAGES.invalidToken);
  expect(unsubscribeCalls(requests)).toEqual([]);
});

test('a failed unsubscribe shows the error and keeps the button', async () => {
  server.use(
    http.get(UNSUBSCRIBE, () => HttpResponse.json({ label: 'Search in Reading' })),
    http.post(UNSUBSCRIBE, () =>
      HttpResponse.json(
        { error: { code: 'RATE_LIMITED', message: ALERT_MESSAGES.tooManyRequests } },
        { status: 429 },
      ),
    ),
  );
  renderRoute('/alerts/unsubscribe?token=tok-2');
  await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(ALERT_MESSAGES.tooManyRequests);
  expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
});
