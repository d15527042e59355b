import { afterEach, expect, test, vi } from 'vitest';
import { afterNextPaint, whenIdleAfterPaint } from '#src/lib/after-next-paint.ts';

afterEach(() => {
  vi.useRealTimers();
});

test('runs after the next frame, not synchronously', async () => {
  const callback = vi.fn();
  afterNextPaint(callback);
  expect(callback).not.toHaveBeenCalled();
  await vi.waitFor(() => expect(callback).toHaveBeenCalledTimes(1));
});

test('a cancelled callback never runs', async () => {
  const callback = vi.fn();
  const cancel = afterNextPaint(callback);
  cancel();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(callback).not.toHaveBeenCalled();
});

test('without frames (no requestAnimationFrame) it still runs, after a task', async () => {
  vi.stubGlobal('requestAnimationFrame', undefined);
  const callback = vi.fn();
  afterNextPaint(callback);
  expect(callback).not.toHaveBeenCalled();
  await vi.waitFor(() => expect(callback).toHaveBeenCalledTimes(1));
});

test('whenIdleAfterPaint runs once the page is idle after a paint, and can be cancelled', async () => {
  const callback = vi.fn();
  whenIdleAfterPaint(callback);
  expect(callback).not.toHaveBeenCalled();
  await vi.waitFor(() => expect(callback).toHaveBeenCalledTimes(1));

  const cancelled = vi.fn();
  whenIdleAfterPaint(cancelled)();
  await new Promise((resolve) => setTimeout(resolve, 120));
  expect(cancelled).not.toHaveBeenCalled();
});
