import { expect, test } from 'vitest';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { apiRequest } from '#src/lib/api-client.ts';
import { ApiError } from '#src/lib/api-error.ts';
import { createQueryClient, errorMessage, retryDelay, shouldRetry } from '#src/lib/query-client.ts';
import { flushedTo, recordSecurityEvents } from '#src/testing/handlers/security-events.ts';
import { server } from '#src/testing/server.ts';

test('retry backoff starts at 1 s, doubles and stops growing at 30 s', () => {
  expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
});

test('4xx errors are never retried; server and network errors are, a few times', () => {
  expect(shouldRetry(0, new ApiError('VALIDATION_ERROR', 400, 'x'))).toBe(false);
  expect(shouldRetry(0, new ApiError('RATE_LIMITED', 429, 'x'))).toBe(false);
  expect(shouldRetry(0, new ApiError('INTERNAL_ERROR', 500, 'x'))).toBe(true);
  expect(shouldRetry(0, new ApiError('NETWORK_ERROR', 0, 'x'))).toBe(true);
  expect(shouldRetry(3, new ApiError('INTERNAL_ERROR', 500, 'x'))).toBe(false);
});

test('nothing is retried while the browser is offline: the network message shows at once (REQ-CLIENT)', () => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  try {
    expect(shouldRetry(0, new ApiError('NETWORK_ERROR', 0, 'x'))).toBe(false);
  } finally {
    Reflect.deleteProperty(navigator, 'onLine');
  }
  expect(shouldRetry(0, new ApiError('NETWORK_ERROR', 0, 'x'))).toBe(true);
});

test('the price range code always reads with the SPEC message', () => {
  expect(errorMessage(new ApiError('INVALID_PRICE_RANGE', 400, 'whatever'))).toBe(
    'Minimum price cannot be greater than maximum price.',
  );
  expect(errorMessage(new ApiError('RATE_LIMITED', 429, 'Please slow down your search requests.'))).toBe(
    'Please slow down your search requests.',
  );
  expect(errorMessage(new Error('boom'))).toBe('An unexpected error occurred. Please try again.');
});

test('failed queries and mutations are reported once: not again when the fetch wrapper already did', async () => {
  const events = recordSecurityEvents();
  server.use(
    http.get('/api/properties', () =>
      HttpResponse.json({ error: { code: 'INTERNAL_ERROR', message: 'x' } }, { status: 500 }),
    ),
  );
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });

  // Through apiRequest: reported there, not again by the query cache.
  await client
    .fetchQuery({
      queryKey: ['listings', 'x'],
      queryFn: () => apiRequest('/api/properties', { schema: z.unknown() }),
    })
    .catch(() => {});
  // Not through apiRequest: the caches report it.
  await client
    .fetchQuery({ queryKey: ['me'], queryFn: () => Promise.reject(new TypeError('Failed to fetch')) })
    .catch(() => {});
  await client
    .getMutationCache()
    .build(client, { mutationKey: ['favourite'], mutationFn: () => Promise.reject(new Error('Forbidden')) })
    .execute(undefined)
    .catch(() => {});

  // All three are queued by now and leave in one batch: a second report of the first would be in it.
  await waitFor(() =>
    expect(
      flushedTo(events).map((e) => [e.severity, e.description, e.metadata.source, e.metadata.key]),
    ).toEqual([
      ['medium', 'Handled server error', 'api', undefined],
      ['medium', 'Handled network error', 'query', 'me'],
      ['medium', 'Handled authorization error', 'mutation', 'favourite'],
    ]),
  );
});

test('errors that are not from the API read with the catalogue message', () => {
  expect(errorMessage(new TypeError('Failed to fetch'))).toBe(
    'Network error. Please check your connection and try again.',
  );
});
