/**
 * The app as the tests of per-client rules see it (rate limits, REQ-LIMIT-03/04; security events, REQ-SEC-08), and
 * closing its database only once the fire-and-forget event writes of the last requests have landed.
 */
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { createTestDatabase } from './test-db.ts';

/**
 * The app on a fresh test database, trusting X-Forwarded-For (so each test can be its own client) and reading the
 * time from `now`. Close it with {@link closeAfterEventWrites}.
 */
export async function openProxiedApp(
  now: () => Date,
): Promise<{ handle: DatabaseHandle; app: ReturnType<typeof createApp> }> {
  const handle = await createTestDatabase();
  return { handle, app: createApp({ db: handle.db, trustProxy: true, now }) };
}

/** Closes `handle` (if it opened) after 100 ms, so security event writes still running do not hit a closed database. */
export async function closeAfterEventWrites(handle: DatabaseHandle | undefined): Promise<void> {
  await new Promise((r) => setTimeout(r, 100));
  await handle?.close();
}

/** A test clock from `start`: `now` reads it (give it to the app), `advance(seconds)` moves it on. */
export function testClock(start: string): { now: () => Date; advance: (seconds: number) => void } {
  let clock = new Date(start);
  return {
    now: () => clock,
    advance: (seconds) => {
      clock = new Date(clock.getTime() + seconds * 1000);
    },
  };
}

/** Client addresses `${prefix}1`, `${prefix}2`, … one a call, so each test can be a client of its own. */
export function addressesFrom(prefix: string): () => string {
  let count = 0;
  return () => `${prefix}${++count}`;
}
