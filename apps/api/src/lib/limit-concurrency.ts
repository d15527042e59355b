/**
 * A counting semaphore for promise-returning work (issue #22: image decodes). The same idea as the `p-limit`
 * package, which the API does not otherwise depend on; this is the few lines of it we need.
 */

/** Runs tasks through a limiter; see {@link limitConcurrency}. */
export interface ConcurrencyLimit {
  <T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now (at most the limit). */
  readonly active: number;
  /** Tasks waiting for a free slot. */
  readonly pending: number;
}

/**
 * A limiter that runs at most `max` tasks at once; later calls wait their turn, first come first served. A task's
 * failure is its caller's (the promise rejects) and frees its slot like a success. Throws RangeError unless `max`
 * is a whole number of at least 1.
 */
export function limitConcurrency(max: number): ConcurrencyLimit {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`max must be a whole number ≥ 1, got ${max}`);
  let active = 0;
  const waiting: (() => void)[] = [];

  const run = async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < max) active += 1;
    // A finishing task hands its slot straight to the first waiter, so `active` never drops and rises between.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
  return Object.defineProperties(run, {
    active: { get: () => active },
    pending: { get: () => waiting.length },
  }) as ConcurrencyLimit;
}
