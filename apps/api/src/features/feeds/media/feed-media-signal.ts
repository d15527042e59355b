/**
 * A tiny in-process signal between the feed routes and the media job (ADR 030): a write that queued media calls
 * `feedMediaQueued()`, and the job (subscribed with `onFeedMediaQueued`) runs at once instead of at its next tick, so
 * a CRM's photos arrive within seconds. Only a hint: another API process misses it and its interval picks the rows
 * up, and a signal while the job is running is not lost (the scheduler runs again after the current run).
 */

type Listener = () => void;

const listeners = new Set<Listener>();

/** Tells the media job that feed media are waiting. Never throws: a listener's fault is not the feed call's. */
export function feedMediaQueued(): void {
  for (const listener of listeners) {
    try {
      listener();
    } catch {
      // A failing listener must not fail the write that queued the media; the job's interval still runs.
    }
  }
}

/** Subscribes `listener` to feedMediaQueued; returns the function that unsubscribes it. */
export function onFeedMediaQueued(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
