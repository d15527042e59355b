import { screen, waitFor } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { flushedTo, recordSecurityEvents } from '#src/testing/handlers/security-events.ts';
import { renderRoute } from '#src/testing/test-utils.tsx';

test('an unknown path shows the 404 page and reports the path', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const events = recordSecurityEvents();

  renderRoute('/no/such/page?x=1');

  expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('/no/such/page?x=1')));
  expect(document.title).toBe('Page not found — Abode');
  // REQ-SEC-08 'logs the attempted path': to the server, as low-severity suspicious activity.
  await waitFor(() =>
    expect(flushedTo(events)).toEqual([
      expect.objectContaining({
        type: 'suspicious_activity',
        severity: 'low',
        description: 'Page not found: /no/such/page?x=1',
        metadata: { path: '/no/such/page?x=1' },
      }),
    ]),
  );
});
