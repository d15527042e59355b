/**
 * The SSRF-guarded fetcher (REQ-FEED-06) against a local media server: a file fetched when the test allows the server's
 * address; every non-public address refused without it, before any connection (the server counts none), whether
 * given as an IP literal, as a name, or reached through a redirect; redirects, size, time and schemes capped.
 */
import type { LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import sharp from 'sharp';
import { FEED_MEDIA_MESSAGES } from './feed-media-messages.ts';
import { MEDIA_SERVER_FETCH, startMediaServer, type MediaServer } from './media-server-fixture.ts';
import { safeFetch, SafeFetchError, type SafeFetchOptions } from './safe-fetch.ts';

let server: MediaServer;
let png: Buffer;

beforeAll(async () => {
  server = await startMediaServer();
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#8ab' } })
    .png()
    .toBuffer();
  server.file('/photo.png', png, 'image/png');
});
afterAll(() => server?.close());

const allowed: SafeFetchOptions = { ...MEDIA_SERVER_FETCH, maxBytes: 1024 * 1024 };

/** The SafeFetchError `promise` rejects with. */
async function refusal(promise: Promise<unknown>): Promise<SafeFetchError> {
  const error = await promise.then(
    () => expect.unreachable('the fetch should have been refused'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SafeFetchError);
  return error as SafeFetchError;
}

/** A resolver that answers `address` for every name: a CRM's host name pointing into our network. */
const resolvingTo =
  (...addresses: string[]): LookupFunction =>
  (_hostname, _options, callback) =>
    callback(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );

test('a file from an allowed server comes back with its bytes and declared type', async () => {
  const file = await safeFetch(server.url('/photo.png'), allowed);
  expect(file.bytes.equals(png)).toBe(true);
  expect(file.contentType).toBe('image/png');
  expect(file.url).toBe(server.url('/photo.png'));
});

describe('addresses outside the public internet are refused before connecting', () => {
  test.each([
    ['loopback', () => server.url('/photo.png')],
    ['localhost', () => `http://localhost:${new URL(server.origin).port}/photo.png`],
    ['IPv6 loopback', () => `http://[::1]:${new URL(server.origin).port}/photo.png`],
    ['IPv4-mapped loopback', () => `http://[::ffff:127.0.0.1]:${new URL(server.origin).port}/photo.png`],
    ['loopback as a number', () => `http://2130706433:${new URL(server.origin).port}/photo.png`],
    ['private', () => 'http://10.0.0.1/photo.png'],
    ['private 192.168', () => 'http://192.168.1.20/photo.png'],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ['carrier-grade NAT', () => 'http://100.64.0.1/photo.png'],
    ['unspecified', () => 'http://0.0.0.0/photo.png'],
    ['IPv6 unique local', () => 'http://[fd00::1]/photo.png'],
    ['IPv6 link-local', () => 'http://[fe80::1]/photo.png'],
  ])('%s', async (_name, url) => {
    const before = server.hits('/photo.png');
    const error = await refusal(safeFetch(url(), { maxBytes: 1024 * 1024 }));
    expect(error).toMatchObject({ code: 'blocked-address', retryable: false });
    expect(error.message).toBe(FEED_MEDIA_MESSAGES.blockedAddress);
    expect(server.hits('/photo.png')).toBe(before);
  });
});

test('a host name that resolves to a private address is refused; allowed, the same name is fetched', async () => {
  const url = `http://media.crm.example:${new URL(server.origin).port}/photo.png`;
  const before = server.hits('/photo.png');
  for (const resolve of [resolvingTo('127.0.0.1'), resolvingTo('203.0.114.9', '10.1.2.3')]) {
    const error = await refusal(safeFetch(url, { maxBytes: 1024 * 1024, resolve }));
    expect(error.code).toBe('blocked-address');
  }
  expect(server.hits('/photo.png')).toBe(before);
  // The resolver is what decided: with the server's address allowed, the same name reaches it.
  const file = await safeFetch(url, { ...allowed, resolve: resolvingTo('127.0.0.1') });
  expect(file.bytes.equals(png)).toBe(true);
});

test('a redirect is checked like the first address: to a private address or another scheme it is refused', async () => {
  for (const to of ['http://10.0.0.1/photo.png', 'http://169.254.169.254/latest/meta-data/']) {
    const url = server.url(`/redirect-to?to=${encodeURIComponent(to)}`);
    expect((await refusal(safeFetch(url, allowed))).code).toBe('blocked-address');
  }
  const toFile = server.url(`/redirect-to?to=${encodeURIComponent('file:///etc/passwd')}`);
  expect((await refusal(safeFetch(toFile, allowed))).code).toBe('bad-scheme');
});

test('three redirects are followed, a fourth is refused', async () => {
  expect((await safeFetch(server.url('/redirect/3/photo.png'), allowed)).bytes.equals(png)).toBe(true);
  const error = await refusal(safeFetch(server.url('/redirect/4/photo.png'), allowed));
  expect(error).toMatchObject({ code: 'too-many-redirects', retryable: false });
  expect(error.message).toBe(FEED_MEDIA_MESSAGES.tooManyRedirects);
});

test('a file over the size cap is refused, whether or not it declares its length', async () => {
  const small = { ...allowed, maxBytes: 4096 };
  for (const path of ['/large/20000', '/large-chunked/20000']) {
    const error = await refusal(safeFetch(server.url(path), small));
    expect(error).toMatchObject({ code: 'too-large', retryable: false });
    expect(error.message).toBe('The file is larger than 4 KB');
  }
  expect((await safeFetch(server.url('/large-chunked/4096'), small)).bytes).toHaveLength(4096);
});

test('a server that stalls or trickles forever times out, and retrying may help', async () => {
  const stalled = await refusal(safeFetch(server.url('/stall'), { ...allowed, idleTimeoutMs: 200 }));
  expect(stalled).toMatchObject({ code: 'timeout', retryable: true, message: FEED_MEDIA_MESSAGES.timeout });
  const started = Date.now();
  const trickled = await refusal(
    safeFetch(server.url('/trickle'), { ...allowed, idleTimeoutMs: 1_000, totalTimeoutMs: 300 }),
  );
  expect(trickled.code).toBe('timeout');
  expect(Date.now() - started).toBeLessThan(2_000);
});

test('HTTP errors: 404 and 410 are final, a server error may be retried', async () => {
  const missing = await refusal(safeFetch(server.url('/status/404'), allowed));
  expect(missing).toMatchObject({ code: 'http-status', status: 404, retryable: false });
  expect(missing.message).toBe(FEED_MEDIA_MESSAGES.notFound(404));
  expect(await refusal(safeFetch(server.url('/status/410'), allowed))).toMatchObject({ retryable: false });
  const broken = await refusal(safeFetch(server.url('/status/503'), allowed));
  expect(broken).toMatchObject({ code: 'http-status', status: 503, retryable: true });
});

test('only http and https, without credentials, are fetched', async () => {
  for (const url of ['ftp://example.com/photo.png', 'file:///etc/passwd', 'javascript:alert(1)', 'data:,x']) {
    expect(await refusal(safeFetch(url, allowed))).toMatchObject({ code: 'bad-scheme', retryable: false });
  }
  expect((await refusal(safeFetch('not a url', allowed))).code).toBe('bad-url');
  const withPassword = await refusal(
    safeFetch(`http://user:secret@${server.origin.slice(7)}/photo.png`, allowed),
  );
  expect(withPassword.message).toBe(FEED_MEDIA_MESSAGES.credentials);
});
