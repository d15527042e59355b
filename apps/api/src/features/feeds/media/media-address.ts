/**
 * Which network addresses a file given by URL may come from (REQ-FEED-06, SSRF): only the public internet. Shared by
 * the synchronous pre-check adapters run on a CRM's URL (precheckMediaUrl) and the fetcher's DNS check
 * (safe-fetch.ts), where request-filtering-agent checks the connected address once more.
 *
 * IPv4: everything except the ranges of RFC 6890's special-purpose registry that are not global (private, loopback,
 * link-local with the cloud metadata address 169.254.169.254, carrier-grade NAT, benchmarking, documentation,
 * multicast, reserved, broadcast). IPv6: only global unicast (2000::/3) outside its special ranges; so loopback,
 * unique-local, link-local, IPv4-mapped (::ffff:0:0/96), NAT64 and multicast are all refused.
 */
import net from 'node:net';

const BLOCKED_IPV4: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

const BLOCKED_IPV6_IN_GLOBAL: readonly [string, number][] = [
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: carries an IPv4 address of any kind
  ['3fff::', 20], // documentation
];

const blockedV4 = new net.BlockList();
for (const [address, prefix] of BLOCKED_IPV4) blockedV4.addSubnet(address, prefix, 'ipv4');
const globalV6 = new net.BlockList();
globalV6.addSubnet('2000::', 3, 'ipv6');
const blockedV6 = new net.BlockList();
for (const [address, prefix] of BLOCKED_IPV6_IN_GLOBAL) blockedV6.addSubnet(address, prefix, 'ipv6');

/** `address` without the brackets of a URL's IPv6 host ('[::1]' → '::1'). */
export function bareHost(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/**
 * Whether `address` (an IPv4 or IPv6 literal) is on the public internet. Anything that is not an IP address at all
 * answers false. `allow` lists exact addresses let through anyway (tests' local media server only).
 */
export function isPublicAddress(address: string, allow: readonly string[] = []): boolean {
  const ip = bareHost(address);
  if (allow.includes(ip)) return true;
  const family = net.isIP(ip);
  if (family === 4) return !blockedV4.check(ip, 'ipv4');
  if (family === 6) return globalV6.check(ip, 'ipv6') && !blockedV6.check(ip, 'ipv6');
  return false;
}
