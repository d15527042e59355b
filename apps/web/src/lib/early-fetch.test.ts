import { afterEach, expect, test, vi } from 'vitest';
import { fetchEarly, takeEarlyFetch } from '#src/lib/early-fetch.ts';
import { stubFetch } from '#src/testing/test-utils.tsx';

afterEach(() => {
  vi.useRealTimers();
});

test('a request started early is handed over once, for exactly its URL', async () => {
  const fetch = stubFetch(() => Response.json({ ok: true }));
  fetchEarly('/api/properties/a-house');
  fetchEarly('/api/properties/a-house');
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(fetch.mock.calls[0]![1]).toMatchObject({ credentials: 'same-origin' });

  expect(takeEarlyFetch('/api/properties/another-house')).toBeUndefined();
  const early = takeEarlyFetch('/api/properties/a-house');
  expect(await (await early!).json()).toEqual({ ok: true });
  expect(takeEarlyFetch('/api/properties/a-house')).toBeUndefined();
});

test('a request nobody took for 30 s is not handed over', () => {
  vi.useFakeTimers();
  stubFetch(() => Response.json({}));
  fetchEarly('/api/properties/old');
  vi.advanceTimersByTime(30_001);
  expect(takeEarlyFetch('/api/properties/old')).toBeUndefined();
});

test('a failed early request nobody takes is no unhandled rejection; the taker sees the failure', async () => {
  stubFetch(() => Promise.reject(new TypeError('offline')));
  fetchEarly('/api/properties/offline');
  await expect(takeEarlyFetch('/api/properties/offline')).rejects.toThrow('offline');
  fetchEarly('/api/properties/never-taken');
  await new Promise((resolve) => setTimeout(resolve, 10));
});

test('peek sees a copy of a successful answer; the taker still reads the body', async () => {
  stubFetch(() => Response.json({ items: [1, 2] }));
  const peek = vi.fn();
  fetchEarly('/api/properties?location=Reading', peek);
  const response = await takeEarlyFetch('/api/properties?location=Reading')!;
  expect(await response.json()).toEqual({ items: [1, 2] });
  await vi.waitFor(() => expect(peek).toHaveBeenCalledWith({ items: [1, 2] }));
});

test('peek is not called for an error answer', async () => {
  stubFetch(() => Response.json({ error: {} }, { status: 429 }));
  const peek = vi.fn();
  fetchEarly('/api/properties?location=Busy', peek);
  await takeEarlyFetch('/api/properties?location=Busy');
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(peek).not.toHaveBeenCalled();
});
