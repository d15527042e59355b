/**
 * The network of the web tests: one MSW server (`msw/node`) that answers the app's `fetch` and XMLHttpRequest
 * calls. The setup file starts it before the suite, resets it after each test and fails any request no handler
 * answers (`onUnhandledRequest: 'error'`), so a test states every call it expects with `server.use(...)`.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { SECURITY_EVENTS_ENDPOINT } from '#src/lib/security-events.ts';

/**
 * Answers every test unless it overrides them: the security-event reports the app sends in the background
 * (204, what the API answers).
 */
export const defaultHandlers = [
  http.post(SECURITY_EVENTS_ENDPOINT, () => new HttpResponse(null, { status: 204 })),
];

export const server = setupServer(...defaultHandlers);

/** The requests the server received, in order (a test inspects them instead of a fetch mock's calls). */
export function recordRequests(): Request[] {
  const requests: Request[] = [];
  server.events.on('request:start', ({ request }) => {
    requests.push(request.clone());
  });
  return requests;
}
