import { screen, waitFor } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { RouteError } from '#src/components/errors/route-error.tsx';
import { flushedTo, recordSecurityEvents } from '#src/testing/handlers/security-events.ts';
import { renderRoute } from '#src/testing/test-utils.tsx';

function Broken(): never {
  throw new Error('Cannot read properties of undefined (reading "price")\n    at Card');
}

test('a page that throws shows the error page and reports a high-severity event once', async () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  const events = recordSecurityEvents();

  renderRoute('/broken', {
    routes: [{ path: '/broken', element: <Broken />, errorElement: <RouteError /> }],
  });

  expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
  expect(consoleError).toHaveBeenCalled();
  // The report is queued by the error element's effect, after it renders.
  await waitFor(() =>
    expect(flushedTo(events)).toEqual([
      expect.objectContaining({
        type: 'suspicious_activity',
        severity: 'high',
        description: 'Unhandled error: Cannot read properties of undefined (reading "price")',
        metadata: expect.objectContaining({ source: 'route', path: '/' }),
      }),
    ]),
  );
});

test('an error response (e.g. a 404 thrown by a loader) is reported with its status', async () => {
  const events = recordSecurityEvents();
  vi.spyOn(console, 'error').mockImplementation(() => {});

  renderRoute('/gone', {
    routes: [
      {
        path: '/gone',
        loader: () => {
          throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
        },
        element: <p>never</p>,
        errorElement: <RouteError />,
      },
    ],
  });

  expect(await screen.findByText(/error 404/)).toBeInTheDocument();
  // The report is queued by the error element's effect, after it renders.
  await waitFor(() =>
    expect(flushedTo(events)).toEqual([
      expect.objectContaining({
        severity: 'high',
        description: 'Unhandled error: 404 Not Found',
        metadata: expect.objectContaining({ source: 'route', status: 404 }),
      }),
    ]),
  );
});
