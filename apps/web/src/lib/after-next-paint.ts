/**
 * Runs `callback` once the browser has painted the next frame (a requestAnimationFrame, then a task after it), or
 * after a plain task where there are no frames (tests). Returns a function that cancels it.
 *
 * For work the first screen does not need (REQ-PERF): started before the first paint, a request or a script
 * competes with the page's own code on a slow phone, and Lighthouse counts it towards the first paints.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(callback, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Runs `callback` after the next paint, once the main thread is idle (at most `timeoutMs` later), for work that can
 * wait until the page is on screen and settled, such as loading the toast region. Returns a function that cancels
 * it. Without requestIdleCallback (Safari, tests) it waits a short task after the paint.
 */
export function whenIdleAfterPaint(callback: () => void, timeoutMs = 2_000): () => void {
  let cancelIdle = () => {};
  const cancelPaint = afterNextPaint(() => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(callback, { timeout: timeoutMs });
      cancelIdle = () => cancelIdleCallback(handle);
    } else {
      const timer = setTimeout(callback, 50);
      cancelIdle = () => clearTimeout(timer);
    }
  });
  return () => {
    cancelPaint();
    cancelIdle();
  };
}
