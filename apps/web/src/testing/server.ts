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

/** A write the server received: `call` is 'METHOD /path', `body` its JSON body (undefined when it had none). */
export interface RecordedWrite {
  call: string;
  body: unknown;
}

/** The writes among `requests` (every call but GET and the background security reports), in order. */
export function writesOf(requests: Request[]): Promise<RecordedWrite[]> {
  return Promise.all(
    requests
      .filter((r) => r.method !== 'GET' && new URL(r.url).pathname !== SECURITY_EVENTS_ENDPOINT)
      .map(async (r) => {
        const text = await r.clone().text();
        return { call: `${r.method} ${new URL(r.url).pathname}`, body: text ? JSON.parse(text) : undefined };
      }),
  );
}

/** The JSON body of the first of `requests` whose method and path `matches`, if any reached the server. */
export function firstBody(
  requests: Request[],
  matches: (method: string, path: string) => boolean,
): Promise<unknown> {
  const request = requests.find((r) => matches(r.method, new URL(r.url).pathname));
  return request ? request.clone().json() : Promise.resolve(undefined);
}
