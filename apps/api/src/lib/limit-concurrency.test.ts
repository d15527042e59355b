import { expect, test } from 'vitest';
import { limitConcurrency } from './limit-concurrency.ts';

/** A task that runs until `release()` is called, counting how many tasks are inside at once. */
function gate() {
  let inside = 0;
  let peak = 0;
  const started: number[] = [];
  const releases = new Map<number, () => void>();
  const task =
    (id: number, fail = false) =>
    async () => {
      inside += 1;
      peak = Math.max(peak, inside);
      started.push(id);
      await new Promise<void>((resolve) => releases.set(id, resolve));
      inside -= 1;
      if (fail) throw new Error(`task ${id} failed`);
      return id;
    };
  const release = (id: number) => releases.get(id)!();
  return { task, release, started, peak: () => peak };
}

/** Lets every queued promise continuation run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

test('runs at most `max` tasks at once, the rest in order as slots free up', async () => {
  const limit = limitConcurrency(2);
  const g = gate();
  const results = [1, 2, 3, 4, 5].map((id) => limit(g.task(id)));
  await settle();
  expect(g.started).toEqual([1, 2]);
  expect([limit.active, limit.pending]).toEqual([2, 3]);

  g.release(2);
  await settle();
  expect(g.started).toEqual([1, 2, 3]);
  expect([limit.active, limit.pending]).toEqual([2, 2]);

  for (const id of [1, 3, 4, 5]) {
    g.release(id);
    await settle();
  }
  expect(await Promise.all(results)).toEqual([1, 2, 3, 4, 5]);
  expect(g.peak()).toBe(2);
  expect([limit.active, limit.pending]).toEqual([0, 0]);
});

test('a failing task rejects for its caller and frees its slot', async () => {
  const limit = limitConcurrency(1);
  const g = gate();
  const failing = limit(g.task(1, true));
  const next = limit(g.task(2));
  await settle();
  expect(g.started).toEqual([1]);
  g.release(1);
  await expect(failing).rejects.toThrow('task 1 failed');
  await settle();
  expect(g.started).toEqual([1, 2]);
  g.release(2);
  expect(await next).toBe(2);
  expect(limit.active).toBe(0);
});

test('many tasks never exceed the limit', async () => {
  const limit = limitConcurrency(3);
  let inside = 0;
  let peak = 0;
  const task = async () => {
    inside += 1;
    peak = Math.max(peak, inside);
    for (let i = 0; i < 3; i += 1) await settle();
    inside -= 1;
  };
  await Promise.all(Array.from({ length: 50 }, () => limit(task)));
  expect(peak).toBe(3);
});

test('refuses a limit below 1 or not whole', () => {
  for (const max of [0, -1, 1.5, Number.NaN]) expect(() => limitConcurrency(max)).toThrow(RangeError);
});
