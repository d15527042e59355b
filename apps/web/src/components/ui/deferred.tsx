import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders `fallback` first and `children` straight after, as a transition: React renders transitions in slices of a
 * few milliseconds, so a long page does not block a phone's main thread in one piece (Total Blocking Time, issue
 * #9). For parts below the first screen; give `fallback` their rough height so nothing visible moves.
 */
export function Deferred({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const ready = useDeferredMount();
  return ready ? children : fallback;
}

/** False on the first render, true right after (set in a transition). */
export function useDeferredMount(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    startTransition(() => setReady(true));
  }, []);
  return ready;
}
