import { afterEach, expect, test } from 'vitest';
import { waitFor } from '@testing-library/react';
import { CancelledError } from '@tanstack/react-query';
import { ApiError } from '#src/lib/api-error.ts';
import {
  installGlobalErrorReporting,
  reportHandledError,
  reportUnhandledError,
} from '#src/lib/report-error.ts';
import { allReported, flushedTo, recordSecurityEvents } from '#src/testing/handlers/security-events.ts';

let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  uninstall = undefined;
});

test('a handled error is a medium suspicious-activity event with its category, safe code and status', async () => {
  const events = recordSecurityEvents();
  const entry = reportHandledError(new ApiError('FORBIDDEN', 403, 'x'), {
    source: 'api',
    method: 'POST',
    endpoint: '/api/enquiries',
  });

  expect(entry.message).toBe('You do not have permission to perform this action.');
  await waitFor(() =>
    expect(flushedTo(events)).toEqual([
      expect.objectContaining({
        type: 'suspicious_activity',
        severity: 'medium',
        description: 'Handled authorization error',
        metadata: {
          source: 'api',
          method: 'POST',
          endpoint: '/api/enquiries',
          category: 'authorization',
          code: 'FORBIDDEN',
          status: 403,
          path: '/',
        },
      }),
    ]),
  );
});

test('one error is reported once, however many handlers see it', async () => {
  const events = recordSecurityEvents();
  const error = new ApiError('INTERNAL_ERROR', 500, 'x');
  reportHandledError(error, { source: 'api' });
  reportHandledError(error, { source: 'query' });
  reportUnhandledError(error, { source: 'unhandledrejection' });
  expect(await allReported(events)).toHaveLength(1);
});

test('aborts, cancelled queries and the security-events endpoint itself are never reported', async () => {
  const events = recordSecurityEvents();
  reportHandledError(new DOMException('The operation was aborted.', 'AbortError'), { source: 'api' });
  reportHandledError(new CancelledError(), { source: 'query' });
  reportHandledError(new ApiError('HTTP_500', 500, 'x'), { source: 'api', endpoint: '/api/security-events' });
  reportUnhandledError(new DOMException('aborted', 'AbortError'), { source: 'unhandledrejection' });
  expect(await allReported(events)).toEqual([]);
});

test('window errors and unhandled rejections are high-severity, with the first line only', async () => {
  const events = recordSecurityEvents();
  uninstall = installGlobalErrorReporting(window);

  const error = new Error('Cannot read properties of undefined\nsecond line of detail');
  error.stack =
    'Error: Cannot read properties of undefined\n    at render (http://localhost/assets/app.js:1:20)\n    at x';
  window.dispatchEvent(
    new ErrorEvent('error', {
      error,
      message: error.message,
      filename: 'http://localhost/a.js',
      lineno: 3,
      colno: 9,
    }),
  );
  const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
  Object.defineProperty(rejection, 'reason', { value: 'plain reason' });
  window.dispatchEvent(rejection);
  // Browser noise is ignored.
  window.dispatchEvent(
    new ErrorEvent('error', { message: 'ResizeObserver loop completed with undelivered notifications.' }),
  );

  const reported = await allReported(events);
  expect(reported).toEqual([
    expect.objectContaining({
      type: 'suspicious_activity',
      severity: 'high',
      description: 'Unhandled error: Cannot read properties of undefined',
      metadata: { source: 'window.error', where: 'http://localhost/a.js:3:9', path: '/' },
    }),
    expect.objectContaining({
      severity: 'high',
      description: 'Unhandled error: plain reason',
      metadata: { source: 'unhandledrejection', path: '/' },
    }),
  ]);
  expect(JSON.stringify(reported)).not.toContain('second line');
  expect(JSON.stringify(reported)).not.toContain('at x');
});

test('a rejected Error reports only the first stack frame', async () => {
  const events = recordSecurityEvents();
  const error = new Error('boom');
  error.stack =
    'Error: boom\n    at load (http://localhost/assets/page.js:10:5)\n    at secretFrame (x.js:1:1)';
  reportUnhandledError(error, { source: 'unhandledrejection' });
  await waitFor(() =>
    expect(flushedTo(events)).toEqual([
      expect.objectContaining({
        metadata: {
          where: 'at load (http://localhost/assets/page.js:10:5)',
          source: 'unhandledrejection',
          path: '/',
        },
      }),
    ]),
  );
});

test('after uninstalling, global errors are no longer reported', async () => {
  const events = recordSecurityEvents();
  installGlobalErrorReporting(window)();
  // Marked handled, as a page's own handler would, so the test runner does not take it for an uncaught error.
  const handled = (event: Event) => event.preventDefault();
  window.addEventListener('error', handled);
  try {
    window.dispatchEvent(
      new ErrorEvent('error', { error: new Error('late'), message: 'late', cancelable: true }),
    );
  } finally {
    window.removeEventListener('error', handled);
  }
  expect(await allReported(events)).toEqual([]);
});
