import { afterEach, expect, test, vi } from 'vitest';
import { ApiError } from '#src/lib/api-error.ts';
import { catalogueError, errorCategory, safeErrorCode } from '#src/lib/error-catalogue.ts';

afterEach(() => vi.restoreAllMocks());

test('each category has its REQ-MSG-01', () => {
  expect(catalogueError(new ApiError('VALIDATION_ERROR', 400, 'x'))).toEqual({
    category: 'validation',
    message: 'Please check your input and try again.',
    code: 'VALIDATION_ERROR',
  });
  expect(catalogueError(new ApiError('UNAUTHENTICATED', 401, 'x')).message).toBe(
    'Authentication failed. Please check your credentials.',
  );
  expect(catalogueError(new ApiError('FORBIDDEN', 403, 'x')).message).toBe(
    'You do not have permission to perform this action.',
  );
  expect(catalogueError(new ApiError('NETWORK_ERROR', 0, 'x')).message).toBe(
    'Network error. Please check your connection and try again.',
  );
  expect(catalogueError(new ApiError('INTERNAL_ERROR', 500, 'x')).message).toBe(
    'A server error occurred. Please try again later.',
  );
  expect(catalogueError(new Error('boom'))).toEqual({
    category: 'unknown',
    message: 'An unexpected error occurred. Please try again.',
  });
});

test('validation with details adds the required-fields sentence', () => {
  const error = new ApiError('VALIDATION_ERROR', 400, 'x', [
    { path: 'email', message: 'Invalid email format' },
  ]);
  expect(catalogueError(error).message).toBe(
    'Please check your input and try again. Please verify the required fields are filled correctly.',
  );
});

test('the category is judged by status first: 400, 401, 403, 0 and 500 or more', () => {
  expect(errorCategory({ status: 400, message: 'permission' })).toBe('validation');
  expect(errorCategory({ status: 422 })).toBe('validation');
  expect(errorCategory({ status: 401 })).toBe('authentication');
  expect(errorCategory({ statusCode: 403 })).toBe('authorization');
  expect(errorCategory({ status: 0 })).toBe('network');
  expect(errorCategory({ status: 502 })).toBe('server');
  expect(errorCategory({ status: 404, message: 'The page or listing you asked for does not exist.' })).toBe(
    'unknown',
  );
});

test('without a telling status, by message keywords', () => {
  expect(errorCategory(new TypeError('Failed to fetch'))).toBe('network');
  expect(errorCategory(new Error('Request timed out'))).toBe('network');
  expect(errorCategory(new Error('JWT has expired'))).toBe('authentication');
  expect(errorCategory(new Error('Auth session missing!'))).toBe('authentication');
  expect(errorCategory(new Error('Invalid login credentials'))).toBe('authentication');
  expect(errorCategory(new Error('Forbidden'))).toBe('authorization');
  expect(errorCategory(new Error('Insufficient permission'))).toBe('authorization');
  expect(errorCategory(new Error('Invalid email format'))).toBe('validation');
  expect(errorCategory('Internal server error')).toBe('server');
  expect(errorCategory(null)).toBe('unknown');
});

test('being offline makes any failure without a status a network error', () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  expect(catalogueError(new Error('Something odd'))).toEqual({
    category: 'network',
    message: 'Network error. Please check your connection and try again.',
  });
  expect(errorCategory({ status: 403 })).toBe('authorization');
});

test('only 3-digit or upper-case codes are exposed', () => {
  expect(safeErrorCode('RATE_LIMITED')).toBe('RATE_LIMITED');
  expect(safeErrorCode('HTTP_502')).toBe('HTTP_502');
  expect(safeErrorCode('404')).toBe('404');
  expect(safeErrorCode(503)).toBe('503');
  for (const code of [
    'auth/invalid-email',
    'ECONNREFUSED.x',
    'rate_limited',
    '23505x',
    '5000',
    42,
    '',
    undefined,
  ])
    expect(safeErrorCode(code)).toBeUndefined();
  expect(catalogueError({ code: 'weak_password', status: 400 })).toEqual({
    category: 'validation',
    message: 'Please check your input and try again.',
    code: '400',
  });
  expect(catalogueError({ code: 'some secret detail' })).not.toHaveProperty('code');
});
