/**
 * GET requests started before the code that reads them has loaded (REQ-PERF: a fast site on a phone). A page's
 * route starts its first API request while the page's own code is still downloading; when that code asks for the
 * same URL, the API client takes the request already on its way instead of sending another.
 */
const MAX_AGE_MS = 30_000;

const pending = new Map<string, { response: Promise<Response>; at: number }>();

/**
 * Starts `GET url` now (same-origin, JSON), unless it is already on its way. `peek` sees a copy of a successful
 * JSON answer as soon as it arrives (e.g. to start loading the photo it names); it must not throw.
 */
export function fetchEarly(url: string, peek?: (json: unknown) => void): void {
  const now = Date.now();
  for (const [key, entry] of pending) if (now - entry.at > MAX_AGE_MS) pending.delete(key);
  if (pending.has(url)) return;
  const response = fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  // Whoever takes it handles a failure; one nobody takes must not count as an unhandled rejection.
  response
    .then((answer) => {
      if (peek && answer.ok)
        void answer
          .clone()
          .json()
          .then(peek, () => undefined);
    })
    .catch(() => undefined);
  pending.set(url, { response, at: now });
}

/** The early request for exactly `url`, once (the caller owns it), if one was started in the last 30 s. */
export function takeEarlyFetch(url: string): Promise<Response> | undefined {
  const entry = pending.get(url);
  if (!entry) return undefined;
  pending.delete(url);
  return Date.now() - entry.at <= MAX_AGE_MS ? entry.response : undefined;
}
