import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { ALERT_MESSAGES } from '@abode/shared/alerts/alerts.schema';
import { renderRoute, stubFetch } from '#src/testing/test-utils.tsx';

const json = (body: unknown, status = 200) => Response.json(body, { status });
const notFound = () => json({ error: { code: 'NOT_FOUND', message: ALERT_MESSAGES.invalidToken } }, 404);

afterEach(() => vi.unstubAllGlobals());

test('shows the saved search and unsubscribes only when the button is pressed (a POST)', async () => {
  const fetch = stubFetch((url, init) => {
    expect(url.pathname).toBe('/api/alerts/unsubscribe');
    if (init?.method === 'POST') {
      expect(JSON.parse(String(init.body))).toEqual({ token: 'tok-1' });
      return json({ label: 'Search in Manchester' });
    }
    expect(url.searchParams.get('token')).toBe('tok-1');
    return json({ label: 'Search in Manchester' });
  });
  renderRoute('/alerts/unsubscribe?token=tok-1');

  expect(await screen.findByText('Search in Manchester')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'E-mail alerts' })).toBeInTheDocument();
  expect(document.title).toBe('Unsubscribe from alerts · Abode');
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(fetch.mock.calls[0]![1]?.method ?? 'GET').toBe('GET');

  await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));

  expect(await screen.findByRole('status')).toHaveTextContent(
    'You will no longer receive e-mail alerts for Search in Manchester.',
  );
  expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Manage your saved searches' })).toHaveAttribute(
    'href',
    '/saved-searches',
  );
});

test('an unknown token says the link is invalid and offers no button', async () => {
  stubFetch(() => notFound());
  renderRoute('/alerts/unsubscribe?token=nope');
  expect(await screen.findByRole('alert')).toHaveTextContent(ALERT_MESSAGES.invalidToken);
  expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
});

test('a link without a token says so without asking the server', async () => {
  const fetch = stubFetch(() => notFound());
  renderRoute('/alerts/unsubscribe');
  expect(await screen.findByRole('alert')).toHaveTextContent(ALERT_MESSAGES.invalidToken);
  expect(fetch).not.toHaveBeenCalled();
});

test('a failed unsubscribe shows the error and keeps the button', async () => {
  stubFetch((_url, init) =>
    init?.method === 'POST'
      ? json({ error: { code: 'RATE_LIMITED', message: ALERT_MESSAGES.tooManyRequests } }, 429)
      : json({ label: 'Search in Reading' }),
  );
  renderRoute('/alerts/unsubscribe?token=tok-2');
  await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(ALERT_MESSAGES.tooManyRequests);
  expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
});
