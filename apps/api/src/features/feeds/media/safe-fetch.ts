/**
 * The one way the API fetches a file someone gave it by URL (REQ-FEED-06: a CRM's listing photos, floor plans, EPCs
 * and brochures). Guarded against server-side request forgery (SSRF):
 * - only http: and https: URLs, without user names or passwords; every redirect hop is checked again, scheme
 *   included, and at most MAX_REDIRECTS are followed;
 * - the host's addresses are checked after DNS resolves them and before connecting (all of them must be public,
 *   media-address.ts), and request-filtering-agent checks the address the socket actually connects to, so neither an
 *   IP literal, nor a name that resolves to a private address, nor DNS rebinding between a check and the connection
 *   reaches the loopback, private, link-local (cloud metadata), carrier-grade NAT or other non-public ranges;
 * - a total time limit and an idle timeout, and a size cap enforced while the body streams (a Content-Length over
 *   the cap is refused before reading; one that understates it is cut off as soon as the count passes the cap).
 * Refusals and failures are {@link SafeFetchError}s with words an agent can read and whether retrying may help.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { FEED_MEDIA_MESSAGES, MAX_MEDIA_URL_LENGTH } from './feed-media-messages.ts';
import { bareHost, isPublicAddress } from './media-address.ts';

/** Redirects followed at most (each one checked like the first URL). */
export const MAX_REDIRECTS = 3;
/** Longest a whole fetch may take, redirects included (ms). */
export const FETCH_TOTAL_TIMEOUT_MS = 20_000;
/** Longest the connection may stay silent: connecting, waiting for the answer, or between chunks (ms). */
export const FETCH_IDLE_TIMEOUT_MS = 10_000;

const USER_AGENT = 'AbodeMediaFetcher/1.0 (listing feeds)';

/** Why a fetch failed. */
export type SafeFetchErrorCode =
  | 'bad-url'
  | 'bad-scheme'
  | 'blocked-address'
  | 'too-large'
  | 'timeout'
  | 'too-many-redirects'
  | 'http-status'
  | 'unreachable';

/** A refused or failed fetch: `message` in words, `retryable` when a later attempt may succeed. */
export class SafeFetchError extends Error {
  readonly code: SafeFetchErrorCode;
  readonly retryable: boolean;
  /** The HTTP status of an 'http-status' failure. */
  readonly status: number | undefined;

  constructor(code: SafeFetchErrorCode, message: string, retryable: boolean, status?: number) {
    super(message);
    this.name = 'SafeFetchError';
    this.code = code;
    this.retryable = retryable;
    this.status = status;
  }
}

export interface SafeFetchOptions {
  /** The largest body accepted, in bytes. */
  maxBytes: number;
  /** Default {@link FETCH_TOTAL_TIMEOUT_MS}. */
  totalTimeoutMs?: number;
  /** Default {@link FETCH_IDLE_TIMEOUT_MS}. */
  idleTimeoutMs?: number;
  /** Default {@link MAX_REDIRECTS}. */
  maxRedirects?: number;
  /**
   * TESTS ONLY: exact addresses let through although not public (the test's local media server on 127.0.0.1).
   * Never read from the environment or from a request.
   */
  allowAddresses?: readonly string[];
  /** TESTS ONLY: resolves host names instead of the system's resolver (a name that points at 127.0.0.1). */
  resolve?: LookupFunction;
}

/** A fetched file. */
export interface FetchedFile {
  bytes: Buffer;
  /** The media type the server declared ('image/jpeg'), lower case without parameters; null when none. */
  contentType: string | null;
  /** The URL the file came from after redirects. */
  url: string;
}

const refused = {
  badUrl: () => new SafeFetchError('bad-url', FEED_MEDIA_MESSAGES.notAUrl, false),
  badScheme: () => new SafeFetchError('bad-scheme', FEED_MEDIA_MESSAGES.badScheme, false),
  blocked: () => new SafeFetchError('blocked-address', FEED_MEDIA_MESSAGES.blockedAddress, false),
  tooLarge: (maxBytes: number) =>
    new SafeFetchError('too-large', FEED_MEDIA_MESSAGES.tooLarge(maxBytes), false),
  timeout: () => new SafeFetchError('timeout', FEED_MEDIA_MESSAGES.timeout, true),
  unreachable: () => new SafeFetchError('unreachable', FEED_MEDIA_MESSAGES.unreachable, true),
};

/**
 * The URL if it may be fetched at all, else the refusal: http(s) only, no credentials, at most
 * MAX_MEDIA_URL_LENGTH characters, and an IP-literal host only when public. Host names are checked once resolved.
 */
export function checkFetchableUrl(
  value: string,
  allow: readonly string[] = [],
): { url: URL } | { error: SafeFetchError } {
  if (value.length > MAX_MEDIA_URL_LENGTH) return { error: refused.badUrl() };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { error: refused.badUrl() };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: refused.badScheme() };
  if (url.username || url.password)
    return { error: new SafeFetchError('bad-url', FEED_MEDIA_MESSAGES.credentials, false) };
  const host = bareHost(url.hostname);
  if (!host) return { error: refused.badUrl() };
  if (isIpLiteral(host) ? !isPublicAddress(host, allow) : isLocalName(host))
    return { error: refused.blocked() };
  return { url };
}

const isIpLiteral = (host: string) => /^[\d.]+$|:/.test(host);
/** Names that always mean this machine, refused before any lookup. */
const isLocalName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/**
 * A DNS lookup that refuses a name when any of its addresses is not public, before a connection is tried (the
 * agent checks the connected address again). Answers in the shape net asked for (one address, or all with `all`).
 */
function guardedLookup(allow: readonly string[], resolve: LookupFunction | undefined): LookupFunction {
  return (hostname, options, callback) => {
    const done = (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (!addresses.length) return callback(refused.unreachable(), '', 0);
      if (addresses.some((a) => !isPublicAddress(a.address, allow)))
        return callback(refused.blocked(), '', 0);
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    };
    const all = { ...options, all: true } as const;
    if (resolve)
      resolve(hostname, all, (error, address, family) =>
        done(error, Array.isArray(address) ? address : address ? [{ address, family: family ?? 4 }] : []),
      );
    else dns.lookup(hostname, all, done);
  };
}

/** The agent's own refusal ("… is not allowed. Because, It is private IP address.") as ours. */
function asFetchError(error: unknown): SafeFetchError {
  if (error instanceof SafeFetchError) return error;
  const message = error instanceof Error ? error.message : '';
  if (/is not allowed/i.test(message)) return refused.blocked();
  if (error instanceof Error && error.name === 'AbortError') return refused.timeout();
  return refused.unreachable();
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Fetches `value` (see the module comment). Resolves with the body and its declared type for a 2xx answer; rejects
 * with a {@link SafeFetchError} for anything else: 'bad-url', 'bad-scheme', 'blocked-address', 'too-many-redirects'
 * and 'too-large' (retrying cannot help), 'http-status' (retryable unless 404 or 410), 'timeout' and 'unreachable'
 * (retryable).
 */
export async function safeFetch(value: string, options: SafeFetchOptions): Promise<FetchedFile> {
  const allow = options.allowAddresses ?? [];
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), options.totalTimeoutMs ?? FETCH_TOTAL_TIMEOUT_MS);
  const agentOptions = { keepAlive: false, allowIPAddressList: [...allow] };
  const agents = {
    'http:': new RequestFilteringHttpAgent(agentOptions),
    'https:': new RequestFilteringHttpsAgent(agentOptions),
  };
  const lookup = guardedLookup(allow, options.resolve);
  try {
    let current = value;
    for (let redirects = 0; ; redirects++) {
      const checked = checkFetchableUrl(current, allow);
      if ('error' in checked) throw checked.error;
      const { url } = checked;
      const answer = await fetchOnce(url, {
        agent: agents[url.protocol as 'http:' | 'https:'],
        lookup,
        signal: deadline.signal,
        idleTimeoutMs: options.idleTimeoutMs ?? FETCH_IDLE_TIMEOUT_MS,
        maxBytes: options.maxBytes,
      });
      if ('location' in answer) {
        if (redirects >= maxRedirects)
          throw new SafeFetchError('too-many-redirects', FEED_MEDIA_MESSAGES.tooManyRedirects, false);
        try {
          current = new URL(answer.location, url).href;
        } catch {
          throw refused.badUrl();
        }
        continue;
      }
      return { ...answer, url: url.href };
    }
  } catch (error) {
    throw deadline.signal.aborted ? refused.timeout() : asFetchError(error);
  } finally {
    clearTimeout(timer);
    agents['http:'].destroy();
    agents['https:'].destroy();
  }
}

interface OnceOptions {
  agent: http.Agent;
  lookup: LookupFunction;
  signal: AbortSignal;
  idleTimeoutMs: number;
  maxBytes: number;
}

/** One request: the body of a 2xx answer, the Location of a redirect, or a rejection. */
function fetchOnce(url: URL, o: OnceOptions): Promise<Omit<FetchedFile, 'url'> | { location: string }> {
  return new Promise((resolve, reject) => {
    let failure: SafeFetchError | undefined;
    const options: http.RequestOptions = {
      method: 'GET',
      agent: o.agent,
      lookup: o.lookup,
      signal: o.signal,
      headers: { 'User-Agent': USER_AGENT, Accept: 'image/*, application/pdf;q=0.9, */*;q=0.1' },
    };
    const request = url.protocol === 'https:' ? https.request(url, options) : http.request(url, options);
    const fail = (error: SafeFetchError) => {
      failure ??= error;
      reject(failure);
      request.destroy();
    };
    request.setTimeout(o.idleTimeoutMs, () => fail(refused.timeout()));
    request.on('error', (error) => reject(failure ?? error));
    request.on('response', (response) => {
      response.on('error', (error) => reject(failure ?? error));
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.resume();
        request.destroy();
        return resolve({ location });
      }
      if (status < 200 || status > 299) {
        const gone = status === 404 || status === 410;
        const message = gone ? FEED_MEDIA_MESSAGES.notFound(status) : FEED_MEDIA_MESSAGES.httpStatus(status);
        fail(new SafeFetchError('http-status', message, !gone, status));
        return;
      }
      const declared = Number(response.headers['content-length'] ?? Number.NaN);
      if (Number.isFinite(declared) && declared > o.maxBytes) return fail(refused.tooLarge(o.maxBytes));
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > o.maxBytes) return fail(refused.tooLarge(o.maxBytes));
        chunks.push(chunk);
      });
      response.on('end', () => {
        if (failure) return reject(failure);
        const type = response.headers['content-type']?.split(';')[0]?.trim().toLowerCase() || null;
        resolve({ bytes: Buffer.concat(chunks, size), contentType: type });
      });
      response.on('close', () => {
        if (!response.complete) reject(failure ?? refused.unreachable());
      });
    });
    request.end();
  });
}
