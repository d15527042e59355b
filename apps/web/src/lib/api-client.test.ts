import { expect, test, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { z } from 'zod';
import { apiRequest } from '#src/lib/api-client.ts';
import { ApiError } from '#src/lib/api-error.ts';
import { flushedTo, recordSecurityEvents } from '#src/testing/handlers/security-events.ts';
import { recordRequests, server } from '#src/testing/server.ts';

const Schema = z.object({ ok: z.boolean() });

/** `GET /api/x` answers with a fresh `respond()` each time. */
function answer(respond: () => Response) {
  server.use(http.get('/api/x', () => respond()));
}

/** Method and path with query of a request the server received. */
function sent(request: Request): string {
  const { pathname, search } = new URL(request.url);
  return `${request.method} ${pathname}${search}`;
}

test('returns the validated body and sends the query string', async () => {
  answer(() => HttpResponse.json({ ok: true }));
  const requests = recordRequests();
  const params = new URLSearchParams({ location: 'Reading', filters: 'garden,parking' });
  await expect(apiRequest('/api/x', { schema: Schema, params })).resolves.toEqual({ ok: true });
  expect(requests.map(sent)).toEqual(['GET /api/x?location=Reading&filters=garden%2Cparking']);
});

test('turns the error body into an ApiError with code, status and message', async () => {
  answer(() =>
    HttpResponse.json({ error: { code: 'INVALID_PRICE_RANGE', message: 'Nope' } }, { status: 400 }),
  );
  const error = await apiRequest('/api/x', { schema: Schema }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({
    code: 'INVALID_PRICE_RANGE',
    status: 400,
    message: 'Nope',
    isClientError: true,
  });
});

test('a body that is not the error shape gets the SPEC safe message for its status', async () => {
  answer(() => new HttpResponse('<html>Bad gateway</html>', { status: 502 }));
  await expect(apiRequest('/api/x', { schema: Schema })).rejects.toMatchObject({
    status: 502,
    message: 'A server error occurred. Please try again later.',
  });
});

test('a network failure is a NETWORK_ERROR with the network message', async () => {
  answer(() => HttpResponse.error());
  await expect(apiRequest('/api/x', { schema: Schema })).rejects.toMatchObject({
    code: 'NETWORK_ERROR',
    status: 0,
    message: 'Network error. Please check your connection and try again.',
  });
});

test('a success body that breaks the schema is rejected', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  answer(() => HttpResponse.json({ ok: 'yes' }));
  await expect(apiRequest('/api/x', { schema: Schema })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
});

test('onResponse sees the response, headers included, success or not', async () => {
  const seen: (string | null)[] = [];
  answer(() => HttpResponse.json({ ok: true }, { headers: { 'RateLimit-Remaining': '7' } }));
  await apiRequest('/api/x', {
    schema: Schema,
    onResponse: (response) => seen.push(response.headers.get('RateLimit-Remaining')),
  });
  answer(() =>
    HttpResponse.json(
      { error: { code: 'RATE_LIMITED', message: 'x' } },
      { status: 429, headers: { 'Retry-After': '30' } },
    ),
  );
  await apiRequest('/api/x', {
    schema: Schema,
    onResponse: (response) => seen.push(response.headers.get('Retry-After')),
  }).catch(() => {});
  expect(seen).toEqual(['7', '30']);
});

test('statusMessages replace the text of an error with that status, whatever answered', async () => {
  answer(() => new HttpResponse('Too Many Requests', { status: 429 }));
  await expect(
    apiRequest('/api/x', { schema: Schema, statusMessages: { 429: 'Slow down.' } }),
  ).rejects.toMatchObject({ status: 429, code: 'HTTP_429', message: 'Slow down.' });
  answer(() => HttpResponse.json({ error: { code: 'RATE_LIMITED', message: 'Other' } }, { status: 429 }));
  await expect(
    apiRequest('/api/x', { schema: Schema, statusMessages: { 429: 'Slow down.' } }),
  ).rejects.toMatchObject({ code: 'RATE_LIMITED', message: 'Slow down.' });
});

test('every failure is reported once as a medium security event; aborts are not', async () => {
  const events = recordSecurityEvents();
  let arrived: () => void = () => {};
  const reachedServer = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  server.use(
    http.post('/api/admin/users/:id/suspend', () =>
      HttpResponse.json({ error: { code: 'FORBIDDEN', message: 'x' } }, { status: 403 }),
    ),
    // Never answers: the request is aborted while the server holds it.
    http.get('/api/properties', async () => {
      arrived();
      await delay('infinite');
      return HttpResponse.json({ ok: true });
    }),
  );
  await apiRequest('/api/admin/users/0a1b2c3d-0000-4000-8000-000000000001/suspend', {
    method: 'POST',
    schema: Schema,
  }).catch(() => {});

  const controller = new AbortController();
  const aborted = apiRequest('/api/properties', { schema: Schema, signal: controller.signal }).catch(
    (e: unknown) => e,
  );
  await reachedServer;
  controller.abort();
  expect(await aborted).toMatchObject({ name: 'AbortError' });

  // Both requests have settled: whatever they reported is queued and leaves in the one batch flushed here.
  await waitFor(() =>
    expect(flushedTo(events)).toEqual([
      expect.objectContaining({
        type: 'suspicious_activity',
        severity: 'medium',
        description: 'Handled authorization error',
        metadata: expect.objectContaining({
          source: 'api',
          method: 'POST',
          endpoint: '/api/admin/users/:id/suspend',
          code: 'FORBIDDEN',
        }),
      }),
    ]),
  );
});
