import { afterEach, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest } from '#src/lib/api-client.ts';
import { ApiError } from '#src/lib/api-error.ts';

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
