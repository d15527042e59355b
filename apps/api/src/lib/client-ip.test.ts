/**
 * The client address behind proxies (REQ-SEC-15): TRUST_PROXY as hops or as a list of proxy addresses, read from the
 * right of X-Forwarded-For, so a forged leftmost entry is never the client.
 */
import { describe, expect, test } from 'vitest';
import { NO_PROXY, normaliseAddress, parseTrustProxy, pickClientAddress } from './client-ip.ts';

describe('parseTrustProxy', () => {
  test('off, on, hops', () => {
    for (const off of [undefined, '', 'false', '0', 'no', 'off', false])
      expect(parseTrustProxy(off)).toEqual(NO_PROXY);
    // `true` was the older setting for one proxy in front.
    expect(parseTrustProxy('true')).toEqual({ hops: 1 });
    expect(parseTrustProxy(true)).toEqual({ hops: 1 });
    expect(parseTrustProxy('2')).toEqual({ hops: 2 });
  });

  test('a list of addresses and CIDR ranges', () => {
    const trust = parseTrustProxy('10.0.0.0/8, 127.0.0.1, ::1, fd00::/8');
    expect('list' in trust && trust.list).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']);
  });

  test('a bad entry is refused with its name', () => {
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/10\.0\.0\.0\/33/);
    expect(() => parseTrustProxy('proxy.local')).toThrow(/proxy\.local/);
    expect(() => parseTrustProxy('99')).toThrow(/32 hops/);
  });
});

describe('normaliseAddress', () => {
  test('IPv4-mapped IPv6, brackets, garbage', () => {
    expect(normaliseAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(normaliseAddress('[2001:db8::1]')).toBe('2001:db8::1');
    expect(normaliseAddress(' 198.51.100.4 ')).toBe('198.51.100.4');
    expect(normaliseAddress('<script>')).toBeNull();
    expect(normaliseAddress('')).toBeNull();
  });
});

describe('pickClientAddress', () => {
  const socket = '127.0.0.1';

  test('no proxy trusted: the socket, whatever the header says', () => {
    expect(pickClientAddress(NO_PROXY, socket, '6.6.6.6')).toBe(socket);
  });

  test('one hop: the entry our proxy appended, never a forged leftmost one', () => {
    const oneHop = parseTrustProxy('1');
    expect(pickClientAddress(oneHop, socket, '203.0.113.7')).toBe('203.0.113.7');
    expect(pickClientAddress(oneHop, socket, '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(pickClientAddress(oneHop, socket, '6.6.6.6,7.7.7.7 , 203.0.113.7')).toBe('203.0.113.7');
    // No header: the proxy itself is all we know.
    expect(pickClientAddress(oneHop, socket, undefined)).toBe(socket);
  });

  test('two hops (a CDN in front of nginx)', () => {
    const twoHops = parseTrustProxy('2');
    expect(pickClientAddress(twoHops, socket, '6.6.6.6, 203.0.113.7, 198.51.100.1')).toBe('203.0.113.7');
    // Fewer entries than hops: the farthest one there is.
    expect(pickClientAddress(twoHops, socket, '203.0.113.7')).toBe('203.0.113.7');
  });

  test('a list: trusted proxies are skipped from the right, the first other address is the client', () => {
    const list = parseTrustProxy('127.0.0.1, 10.0.0.0/8');
    expect(pickClientAddress(list, socket, '6.6.6.6, 203.0.113.7, 10.1.2.3')).toBe('203.0.113.7');
    // A socket that is not one of ours: its address is the client, the header is ignored.
    expect(pickClientAddress(list, '198.51.100.9', '6.6.6.6')).toBe('198.51.100.9');
    expect(pickClientAddress(list, '::ffff:127.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
  });

  test('a malformed entry where an address should be: the last good hop, never the text', () => {
    const oneHop = parseTrustProxy('1');
    expect(pickClientAddress(oneHop, socket, '203.0.113.7, not-an-ip')).toBe(socket);
    const list = parseTrustProxy('127.0.0.1, 10.0.0.0/8');
    expect(pickClientAddress(list, socket, 'evil, 10.1.2.3')).toBe('10.1.2.3');
  });

  test('no socket (app.request in tests): the header behind the trusted hop, else unknown', () => {
    expect(pickClientAddress(parseTrustProxy('1'), null, '203.0.113.7')).toBe('203.0.113.7');
    expect(pickClientAddress(parseTrustProxy('1'), null, undefined)).toBe('unknown');
  });
});
