import { afterEach, expect, test, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { fetchEarly, takeEarlyFetch } from '#src/lib/early-fetch.ts';
import { recordRequests, server } from '#src/testing/server.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** Every `GET /api/properties/:slug` and search answers `answer()`. */
function answerProperties(answer: () => Response) {
  server.use(http.get('/api/properties/:slug', answer), http.get('/api/properties', answer));
}

test('a request started early is handed over once, for exactly its URL', async () => {
  answerProperties(() => HttpResponse.json({ ok: true }));
  const requests = recordRequests();
  fetchEarly('/api/properties/a-house');
  fetchEarly('/api/properties/a-house');
  await vi.waitFor(() => expect(requests).toHaveLength(1));
  expect(requests[0]!.credentials).toBe('same-origin');

  expect(takeEarlyFetch('/api/properties/another-house')).toBeUndefined();
  const early = takeEarlyFetch('/api/properties/a-house');
  expect(await (await early!).json()).toEqual({ ok: true });
  expect(takeEarlyFetch('/api/properties/a-house')).toBeUndefined();
  expect(requests).toHaveLength(1);
});

test('a request nobody took for 30 s is not handed over', () => {
  vi.useFakeTimers();
  answerProperties(() => HttpResponse.json({}));
  fetchEarly('/api/properties/old');
  vi.advanceTimersByTime(30_001);
  expect(takeEarlyFetch('/api/properties/old')).toBeUndefined();
});

test('a failed early request nobody takes is no unhandled rejection; the taker sees the failure', async () => {
  answerProperties(() => HttpResponse.error());
  fetchEarly('/api/properties/offline');
  await expect(takeEarlyFetch('/api/properties/offline')).rejects.toThrow(TypeError);
  fetchEarly('/api/properties/never-taken');
  await new Promise((resolve) => setTimeout(resolve, 10));
});

test('peek sees a copy of a successful answer; the taker still reads the body', async () => {
  answerProperties(() => HttpResponse.json({ items: [1, 2] }));
  const peek = vi.fn();
  fetchEarly('/api/properties?location=Reading', peek);
  const response = await takeEarlyFetch('/api/properties?location=Reading')!;
  expect(await response.json()).toEqual({ items: [1, 2] });
  await vi.waitFor(() => expect(peek).toHaveBeenCalledWith({ items: [1, 2] }));
});

test('peek is not called for an error answer', async () => {
  answerProperties(() => HttpResponse.json({ error: {} }, { status: 429 }));
  const peek = vi.fn();
  fetchEarly('/api/properties?location=Busy', peek);
  await takeEarlyFetch('/api/properties?location=Busy');
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(peek).not.toHaveBeenCalled();
});
