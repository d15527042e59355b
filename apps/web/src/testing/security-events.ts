import type { SecurityEventInput } from '@abode/shared/security/security-event.schema';
import { flushSecurityEvents, SECURITY_EVENTS_ENDPOINT } from '#src/lib/security-events.ts';

/** Any fetch mock (`stubFetch`, `vi.fn`): only its recorded calls are read. */
type FetchMock = { mock: { calls: unknown[][] } };

function pathOf(input: unknown): string {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : (input as Request).url;
  return new URL(raw, 'http://localhost').pathname;
}

/**
 * Sends the app's queued security events now and returns every event POSTed so far through the stubbed `fetch`
 * (a `stubFetch` or `vi.fn` mock), oldest first.
 */
export function flushedSecurityEvents(fetchMock: FetchMock): SecurityEventInput[] {
  flushSecurityEvents();
  return fetchMock.mock.calls
    .filter(([input]) => pathOf(input) === SECURITY_EVENTS_ENDPOINT)
    .flatMap(
      ([, init]) =>
        (JSON.parse(String((init as RequestInit).body)) as { events: SecurityEventInput[] }).events,
    );
}
