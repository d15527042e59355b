/**
 * The client's IP address, the one answer every rate limit, audit record, session and e-mail uses (REQ-AUTH-13,
 * REQ-LIMIT-01).
 *
 * Without a trusted proxy it is the socket's address, whatever `X-Forwarded-For` says. Behind proxies
 * (`TRUST_PROXY`), the hops are read from the right: the socket's address, then each `X-Forwarded-For` entry from
 * the last to the first. Each proxy appends the address it was reached from, so the rightmost entries are the ones
 * our own proxies wrote, and anything to their left is whatever the client sent. The client is the first hop that
 * is not a trusted proxy; the leftmost entry is never taken on its own word.
 */
import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * Which proxies in front of Abode may be believed:
 * - `{ hops: n }`: the n nearest hops are our proxies (0 = no proxy; 1 = one nginx in front);
 * - `{ proxies }`: any hop whose address is in this list (single addresses or CIDR ranges) is ours.
 */
export type TrustProxy = { hops: number } | { proxies: BlockList; list: string[] };

export const NO_PROXY: TrustProxy = { hops: 0 };

/** Longest address kept (an IPv6 address with a zone fits). */
const MAX_ADDRESS_LENGTH = 64;

/**
 * Reads `TRUST_PROXY`: `false`/`0`/empty → no proxy; `true` → one hop (kept for older settings); a whole number →
 * that many hops; otherwise a comma-separated list of addresses and CIDR ranges (`10.0.0.0/8, ::1`).
 * Throws an Error naming the bad entry.
 */
export function parseTrustProxy(value: string | boolean | number | undefined): TrustProxy {
  if (value === undefined || value === false || value === '') return NO_PROXY;
  if (value === true) return { hops: 1 };
  const text = String(value).trim().toLowerCase();
  if (['false', 'no', 'off', '0'].includes(text)) return NO_PROXY;
  if (['true', 'yes', 'on'].includes(text)) return { hops: 1 };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 32) throw new Error(`TRUST_PROXY: at most 32 hops (got ${hops})`);
    return { hops };
  }
  const proxies = new BlockList();
  const list = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address);
    if (!family) throw new Error(`TRUST_PROXY: '${entry}' is not an IP address or CIDR range`);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) {
      proxies.addAddress(address, type);
      continue;
    }
    const bits = Number(prefix);
    if (!/^\d+$/.test(prefix) || bits > (family === 6 ? 128 : 32))
      throw new Error(`TRUST_PROXY: '${entry}' has a bad prefix length`);
    proxies.addSubnet(address, bits, type);
  }
  return { proxies, list };
}

/** `::ffff:1.2.3.4` → `1.2.3.4`; `[::1]` → `::1`; anything that is not an IP address → null. */
export function normaliseAddress(raw: string | undefined): string | null {
  if (!raw) return null;
  let address = raw.trim();
  if (address.startsWith('[') && address.includes(']')) address = address.slice(1, address.indexOf(']'));
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address)) address = address.slice(7);
  return isIP(address) ? address.slice(0, MAX_ADDRESS_LENGTH) : null;
}

function isTrusted(trust: TrustProxy, address: string, index: number): boolean {
  if ('hops' in trust) return index < trust.hops;
  const family = isIP(address);
  return family !== 0 && trust.proxies.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The client among the hops, nearest first (`[socket, last X-Forwarded-For entry, …, first entry]`): the first hop
 * that is not trusted. When every hop is trusted (or one of them is not an address at all, which no proxy of ours
 * writes), the farthest well-formed hop reached. Pure; exported for tests.
 */
export function pickClientAddress(
  trust: TrustProxy,
  socket: string | null,
  forwardedFor: string | undefined,
) {
  const hops = [socket, ...(forwardedFor ? forwardedFor.split(',').reverse() : [])];
  let last = socket ?? 'unknown';
  for (let index = 0; index < hops.length; index++) {
    // The socket is missing only under app.request() in tests; it counts as the first hop still.
    const address = index === 0 ? socket : normaliseAddress(hops[index] ?? undefined);
    if (index > 0 && address === null) return last;
    if (address !== null) last = address;
    if (!isTrusted(trust, address ?? '', index)) return last;
  }
  return last;
}

/** The socket's remote address, or null under `app.request()` (tests), which has no socket. */
function socketAddress(c: Context): string | null {
  try {
    return normaliseAddress(getConnInfo(c).remote.address) ?? null;
  } catch {
    return null;
  }
}

/**
 * The client's IP address for this request (see the module comment), from `c.var.trustProxy`: the one fixed by
 * {@link rememberClientIp} at the start of the request when there is one. Never throws; `unknown` only when there is
 * no socket address (tests, or a connection already closed) and no trusted header.
 */
export function clientIp(c: Context): string {
  const remembered = c.get('clientIp') as string | undefined;
  if (remembered) return remembered;
  const trust = (c.get('trustProxy') as TrustProxy | undefined) ?? NO_PROXY;
  const socket = socketAddress(c);
  if ('hops' in trust && trust.hops === 0) return socket ?? 'unknown';
  return pickClientAddress(trust, socket, c.req.header('x-forwarded-for'));
}

/**
 * Fixes the client address for the rest of the request (the first middleware calls it). Node forgets a socket's
 * address once the connection closes, and a client that half-closes right after sending its request would otherwise
 * be `unknown` to every limit that runs after an await.
 */
export function rememberClientIp(c: Context): void {
  c.set('clientIp', clientIp(c));
}

/**
 * True when the request comes from this machine (127.0.0.0/8 or ::1) as `clientIp` sees it, for the development
 * helpers. With no trusted proxy, a request carrying `X-Forwarded-For` or `Forwarded` is not local: a proxy we were
 * not told about may be relaying a remote client from the same machine. A request with no socket at all is
 * `app.request()` inside this process (tests), which no network can reach.
 */
export function isLoopbackRequest(c: Context): boolean {
  const trust = (c.get('trustProxy') as TrustProxy | undefined) ?? NO_PROXY;
  if ('hops' in trust && trust.hops === 0 && (c.req.header('x-forwarded-for') || c.req.header('forwarded')))
    return false;
  const address = clientIp(c);
  return address === 'unknown' || address === '::1' || /^127\.\d+\.\d+\.\d+$/.test(address);
}
