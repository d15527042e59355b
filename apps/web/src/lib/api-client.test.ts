import { afterEach, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest } from '#src/lib/api-client.ts';
import { ApiError } from '#src/lib/api-error.ts';
import { flushedSecurityEvents } from '#src/testing/security-events.ts';

const Schema = z.object({ ok: z.boolean() });

afterEach(() => vi.unstubAllGlobals());

function stub(response: Response | Error) {
  const fetch = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

test('returns the validated body and sends the query string', async () => {
  const fetch = stub(Response.json({ ok: true }));
  const params = new URLSearchParams({ location: 'Reading', filters: 'garden,parking' });
  await expect(apiRequest('/api/x', { schema: Schema, params })).resolves.toEqual({ ok: true });
  expect(fetch).toHaveBeenCalledWith('/api/x?location=Reading&filters=garden%2Cparking', expect.anything());
});

test('turns the error body into an ApiError with code, status and message', async () => {
  stub(Response.json({ error: { code: 'INVALID_PRICE_RANGE', message: 'Nope' } }, { status: 400 }));
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
  stub(new Response('<html>Bad gateway</html>', { status: 502 }));
  await expect(apiRequest('/api/x', { schema: Schema })).rejects.toMatchObject({
    status: 502,
    message: 'A server error occurred. Please try again later.',
  });
});

test('a network failure is a NETWORK_ERROR with the network message', async () => {
  stub(new TypeError('Failed to fetch'));
  await expect(apiRequest('/api/x', { schema: Schema })).rejects.toMatchObject({
    code: 'NETWORK_ERROR',
    status: 0,
    message: 'Network error. Please check your connection and try again.',
  });
});

test('a success body that breaks the schema is rejected', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  stub(Response.json({ ok: 'yes' }));
  await expect(apiRequest('/api/x', { schema: Schema })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
});

test('onResponse sees the response, headers included, success or not', async () => {
  const seen: (string | null)[] = [];
  stub(Response.json({ ok: true }, { headers: { 'RateLimit-Remaining': '7' } }));
  await apiRequest('/api/x', {
    schema: Schema,
    onResponse: (response) => seen.push(response.headers.get('RateLimit-Remaining')),
  });
  stub(
    Response.json(
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
  stub(new Response('Too Many Requests', { status: 429 }));
  await expect(
    apiRequest('/api/x', { schema: Schema, statusMessages: { 429: 'Slow down.' } }),
  ).rejects.toMatchObject({ status: 429, code: 'HTTP_429', message: 'Slow down.' });
  stub(Response.json({ error: { code: 'RATE_LIMITED', message: 'Other' } }, { status: 429 }));
  await expect(
    apiRequest('/api/x', { schema: Schema, statusMessages: { 429: 'Slow down.' } }),
  ).rejects.toMatchObject({ code: 'RATE_LIMITED', message: 'Slow down.' });
});

test('every failure is reported once as a medium security event; aborts are not', async () => {
  const fetch = vi.fn(async (input: RequestInfo | URL) =>
    String(input) === '/api/security-events'
      ? new Response(null, { status: 202 })
      : Response.json({ error: { code: 'FORBIDDEN', message: 'x' } }, { status: 403 }),
  );
  vi.stubGlobal('fetch', fetch);
  await apiRequest('/api/admin/users/0a1b2c3d-0000-4000-8000-000000000001/suspend', {
    method: 'POST',
    schema: Schema,
  }).catch(() => {});

  const controller = new AbortController();
  controller.abort();
  fetch.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
  await apiRequest('/api/properties', { schema: Schema, signal: controller.signal }).catch(() => {});

  expect(flushedSecurityEvents(fetch)).toEqual([
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
  ]);
});
