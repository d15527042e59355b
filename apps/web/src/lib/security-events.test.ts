import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import {
  SECURITY_EVENT_DESCRIPTION_MAX,
  SECURITY_EVENT_METADATA_MAX_BYTES,
  SECURITY_EVENT_QUEUE,
  SecurityEventBatchSchema,
} from '@abode/shared/security/security-event.schema';
import {
  createSecurityEventQueue,
  scrubMetadata,
  SECURITY_EVENT_LIMITS,
  type SecurityEventQueue,
  type SecurityEventReport,
} from '#src/lib/security-events.ts';

// The one web test that stubs `fetch` itself rather than answering through MSW: it tests the queue's own transport
// under fake timers (how many calls each tick makes, `keepalive` on unload, sendBeacon), which MSW's asynchronous
// interception cannot observe call by call.
let queue: SecurityEventQueue;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn(async () => Response.json({ accepted: 1 }, { status: 202 }));
  vi.stubGlobal('fetch', fetchMock);
  queue = createSecurityEventQueue();
});

afterEach(() => {
  queue.reset();
  vi.useRealTimers();
});

const event = (n: number, extra: Partial<SecurityEventReport> = {}): SecurityEventReport => ({
  type: 'suspicious_activity',
  severity: 'medium',
  description: `Event ${n}`,
  ...extra,
});

/** The events of the nth POST, checked against the server's schema. */
function sentBatch(call = 0) {
  const init = fetchMock.mock.calls[call]?.[1] as RequestInit;
  expect(fetchMock.mock.calls[call]?.[0]).toBe('/api/security-events');
  expect(init.method).toBe('POST');
  return SecurityEventBatchSchema.parse(JSON.parse(String(init.body))).events;
}

test('the limits mirror the shared schema (kept apart so zod stays out of the first bundle)', () => {
  expect(SECURITY_EVENT_LIMITS.flushIntervalMs).toBe(SECURITY_EVENT_QUEUE.flushIntervalMs);
  expect(SECURITY_EVENT_LIMITS.batchSize).toBe(SECURITY_EVENT_QUEUE.maxQueued);
  expect(SECURITY_EVENT_LIMITS.descriptionMax).toBe(SECURITY_EVENT_DESCRIPTION_MAX);
  expect(SECURITY_EVENT_LIMITS.metadataMaxBytes).toBe(SECURITY_EVENT_METADATA_MAX_BYTES);
});

test('queued events are sent together 30 seconds later, in the REQ-SEC-09 shape', async () => {
  queue.report(event(1, { metadata: { path: '/search' } }));
  queue.report(event(2, { severity: 'low', type: 'data_access' }));

  await vi.advanceTimersByTimeAsync(29_999);
  expect(fetchMock).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1);

  expect(fetchMock).toHaveBeenCalledTimes(1);
  const events = sentBatch();
  expect(events).toEqual([
    {
      type: 'suspicious_activity',
      severity: 'medium',
      description: 'Event 1',
      metadata: { path: '/search' },
      timestamp: expect.any(String),
    },
    expect.objectContaining({ type: 'data_access', severity: 'low', description: 'Event 2', metadata: {} }),
  ]);
  expect(queue.size()).toBe(0);

  // Nothing queued, nothing sent.
  await vi.advanceTimersByTimeAsync(60_000);
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

test('the tenth queued event sends the batch at once', async () => {
  for (let n = 1; n <= 9; n++) queue.report(event(n));
  await vi.advanceTimersByTimeAsync(0);
  expect(fetchMock).not.toHaveBeenCalled();

  queue.report(event(10));
  await vi.advanceTimersByTimeAsync(0);

  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(sentBatch()).toHaveLength(10);
});

test('a critical event is sent immediately, with whatever was waiting', async () => {
  queue.report(event(1));
  queue.report(event(2, { severity: 'critical' }));
  await vi.advanceTimersByTimeAsync(0);

  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(sentBatch().map((e) => e.severity)).toEqual(['medium', 'critical']);
});

test('page unload (pagehide or the tab hidden) sends the queue with sendBeacon as a JSON Blob', async () => {
  const sendBeacon = vi.fn((_url: string, _data?: BodyInit | null) => true);
  vi.stubGlobal('navigator', { ...navigator, sendBeacon });

  queue.report(event(1));
  window.dispatchEvent(new Event('pagehide'));

  expect(sendBeacon).toHaveBeenCalledTimes(1);
  const [url, blob] = sendBeacon.mock.calls[0]!;
  expect(url).toBe('/api/security-events');
  expect(blob).toBeInstanceOf(Blob);
  expect((blob as Blob).type).toBe('application/json');
  const body: unknown = JSON.parse(await (blob as Blob).text());
  expect(SecurityEventBatchSchema.parse(body).events.map((e) => e.description)).toEqual(['Event 1']);
  expect(queue.size()).toBe(0);

  queue.report(event(2));
  const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  document.dispatchEvent(new Event('visibilitychange'));
  visibility.mockRestore();
  expect(sendBeacon).toHaveBeenCalledTimes(2);

  // Nothing left for the timer, and the beacon path never used fetch.
  await vi.advanceTimersByTimeAsync(30_000);
  expect(fetchMock).not.toHaveBeenCalled();
});

test('without sendBeacon, unload falls back to a keepalive fetch', async () => {
  vi.stubGlobal('navigator', { ...navigator, sendBeacon: undefined });
  queue.report(event(1));
  queue.flushOnUnload();
  await vi.advanceTimersByTimeAsync(0);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect((fetchMock.mock.calls[0]?.[1] as RequestInit).keepalive).toBe(true);
});

test('the queue is capped: while a send is under way the oldest events are dropped beyond 50', async () => {
  let answer: (r: Response) => void = () => {};
  fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));

  for (let n = 1; n <= 10; n++) queue.report(event(n)); // first batch: in flight, unanswered
  for (let n = 11; n <= 80; n++) queue.report(event(n));
  expect(queue.size()).toBe(50);

  answer(new Response(null, { status: 202 }));
  await vi.advanceTimersByTimeAsync(0);
  // The rest drains batch after batch, newest 50 only: events 31 to 80.
  const sent = fetchMock.mock.calls.slice(1).flatMap((_, i) => sentBatch(i + 1).map((e) => e.description));
  expect(sent).toHaveLength(50);
  expect(sent[0]).toBe('Event 31');
  expect(sent.at(-1)).toBe('Event 80');
  expect(fetchMock.mock.calls.length).toBe(6);
});

test('an identical event within a few seconds is sent once; after the window, again', async () => {
  queue.report(event(1, { metadata: { path: '/x' } }));
  queue.report(event(1, { metadata: { path: '/x' } }));
  queue.report(event(1, { metadata: { path: '/y' } })); // different metadata: a different event
  expect(queue.size()).toBe(2);

  await vi.advanceTimersByTimeAsync(SECURITY_EVENT_LIMITS.dedupWindowMs);
  queue.report(event(1, { metadata: { path: '/x' } }));
  expect(queue.size()).toBe(3);
});

test('passwords, tokens and secrets never leave the browser', async () => {
  queue.report(
    event(1, {
      description: 'Failed at /reset-password?token=abc123&x=1 with Bearer eyJhbGciOiJI.eyJzdWIiOjF9.c2ln',
      metadata: {
        email: 'ann@example.com',
        password: 'hunter2',
        newPassword: 'hunter3',
        accessToken: 'tok',
        nested: { client_secret: 's3cret', apiKey: 'k', keep: 'yes', cookie: 'sid=1' },
        url: 'https://abode.test/verify?token=xyz&next=/',
      },
    }),
  );
  queue.flush();
  await vi.advanceTimersByTimeAsync(0);

  const [sent] = sentBatch();
  const raw = JSON.stringify(sent);
  for (const secret of ['hunter2', 'hunter3', 'tok"', 's3cret', '"k"', 'sid=1', 'abc123', 'xyz', 'eyJ'])
    expect(raw).not.toContain(secret);
  expect(sent!.metadata).toMatchObject({
    email: 'ann@example.com',
    password: '[redacted]',
    newPassword: '[redacted]',
    accessToken: '[redacted]',
    nested: { client_secret: '[redacted]', apiKey: '[redacted]', keep: 'yes', cookie: '[redacted]' },
    url: 'https://abode.test/verify?token=[redacted]&next=/',
  });
  expect(sent!.description).toBe('Failed at /reset-password?token=[redacted]&x=1 with Bearer [redacted]');
});

test('oversized descriptions and metadata are cut to what the server accepts', async () => {
  queue.report(
    event(1, {
      description: 'x'.repeat(2_000),
      metadata: { big: 'y'.repeat(5_000), list: Array.from({ length: 100 }, (_, i) => 'z'.repeat(50) + i) },
    }),
  );
  queue.report(event(2, { description: '   ', metadata: { fn: () => 1, when: new Date(0), n: Infinity } }));
  queue.flush();
  await vi.advanceTimersByTimeAsync(0);

  const [first, second] = sentBatch(); // parses against the server's schema
  expect(first!.description).toHaveLength(500);
  expect(JSON.stringify(first!.metadata).length).toBeLessThanOrEqual(2_048);
  expect(second).toMatchObject({
    description: 'Security event',
    metadata: { when: '1970-01-01T00:00:00.000Z', n: 'Infinity' },
  });
});

test('a failed send is retried once, then dropped, and only logged', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

  queue.report(event(1, { severity: 'critical' }));
  await vi.advanceTimersByTimeAsync(0);
  expect(fetchMock).toHaveBeenCalledTimes(1);

  await vi.advanceTimersByTimeAsync(SECURITY_EVENT_LIMITS.retryDelayMs);
  expect(fetchMock).toHaveBeenCalledTimes(2);

  await vi.advanceTimersByTimeAsync(10 * 60_000);
  expect(fetchMock).toHaveBeenCalledTimes(2);
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('Dropped 1 security event'));
});

test('a refused batch (4xx) is not retried, and later events still go', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  fetchMock.mockResolvedValueOnce(Response.json({ error: { code: 'X', message: 'no' } }, { status: 400 }));

  queue.report(event(1, { severity: 'critical' }));
  await vi.advanceTimersByTimeAsync(60_000);
  expect(fetchMock).toHaveBeenCalledTimes(1);

  queue.report(event(2, { severity: 'critical' }));
  await vi.advanceTimersByTimeAsync(0);
  expect(fetchMock).toHaveBeenCalledTimes(2);
});

test('reporting never throws, even when everything underneath fails', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.stubGlobal('fetch', () => {
    throw new Error('no fetch');
  });
  const circular: Record<string, unknown> = {};
  circular.self = circular;
  expect(() =>
    queue.report({ ...event(1, { severity: 'critical' }), metadata: circular, description: 42 as never }),
  ).not.toThrow();
  expect(() => queue.flushOnUnload()).not.toThrow();
});

test('scrubMetadata keeps ordinary values and bounds depth', () => {
  expect(scrubMetadata({ a: 1, b: 'two', c: [true, null], d: { e: { f: { g: { h: { i: 1 } } } } } })).toEqual(
    {
      a: 1,
      b: 'two',
      c: [true, null],
      d: { e: { f: { g: { h: '[…]' } } } },
    },
  );
  expect(scrubMetadata(undefined)).toEqual({});
});

test('a critical event does not wait for a send under way', async () => {
  fetchMock.mockImplementationOnce(() => new Promise<Response>(() => {}));
  for (let n = 1; n <= 10; n++) queue.report(event(n)); // in flight, never answered
  queue.report(event(11));
  queue.report(event(12, { severity: 'critical' }));
  await vi.advanceTimersByTimeAsync(0);

  expect(fetchMock).toHaveBeenCalledTimes(2);
  expect(sentBatch(1).map((e) => e.description)).toEqual(['Event 11', 'Event 12']);
});
