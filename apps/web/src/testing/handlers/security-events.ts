/**
 * The security-event reports the app POSTs (REQ-SEC-08), as the MSW server receives them: a test reads what was
 * reported from what reached the network, not from a fetch mock's calls.
 */
import { http, HttpResponse } from 'msw';
import type { SecurityEventInput } from '@abode/shared/security/security-event.schema';
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import {
  flushSecurityEvents,
  reportSecurityEvent,
  SECURITY_EVENTS_ENDPOINT,
} from '#src/lib/security-events.ts';
import { server } from '#src/testing/server.ts';

/**
 * Answers `POST /api/security-events` with 204 (as the API does) and collects every event of every batch into the
 * returned array, oldest first.
 */
export function recordSecurityEvents(): SecurityEventInput[] {
  const events: SecurityEventInput[] = [];
  server.use(
    http.post(SECURITY_EVENTS_ENDPOINT, async ({ request }) => {
      const batch = (await request.json()) as { events: SecurityEventInput[] };
      events.push(...batch.events);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return events;
}

/**
 * Sends the app's queued events now and returns `events` (from {@link recordSecurityEvents}); the POST reaches the
 * server asynchronously, so call it inside `waitFor`.
 */
export function flushedTo(events: SecurityEventInput[]): SecurityEventInput[] {
  flushSecurityEvents();
  return events;
}

const MARKER = 'test marker: everything reported before it has been sent';

/**
 * Every event reported so far, once they have all reached the server: a marker event is reported last and the
 * queue flushed until the marker arrives (it leaves in the same batch as anything queued before it, or after it).
 * An empty answer therefore means nothing was reported, not that the POST had not arrived yet.
 */
export async function allReported(events: SecurityEventInput[]): Promise<SecurityEventInput[]> {
  reportSecurityEvent({ type: 'suspicious_activity', severity: 'low', description: MARKER });
  await waitFor(() =>
    expect(flushedTo(events)).toContainEqual(expect.objectContaining({ description: MARKER })),
  );
  return events.filter((event) => event.description !== MARKER);
}
