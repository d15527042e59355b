import { expect, test } from 'vitest';
import { ApiError } from '#src/lib/api-error.ts';
import { errorMessage, retryDelay, shouldRetry } from '#src/lib/query-client.ts';

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

test('the price range code always reads with the SPEC message', () => {
  expect(errorMessage(new ApiError('INVALID_PRICE_RANGE', 400, 'whatever'))).toBe(
    'Minimum price cannot be greater than maximum price.',
  );
  expect(errorMessage(new ApiError('RATE_LIMITED', 429, 'Please slow down your search requests.'))).toBe(
    'Please slow down your search requests.',
  );
  expect(errorMessage(new Error('boom'))).toBe('An unexpected error occurred. Please try again.');
});
