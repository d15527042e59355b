/**
 * A local media server for tests of listing feeds' media (ADR 030): a CRM's file host on 127.0.0.1, which the
 * fetcher reaches only when a test passes MEDIA_SERVER_FETCH (its `allowAddresses`). Files are set per path; a few
 * paths misbehave on purpose. Every request is counted by path, so a test can tell whether a file was fetched.
 */
import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import type { FeedMediaFetchOptions } from './feed-media-job.ts';

/**
 * The CRM file host's name in tests that go through a feed adapter: adapters refuse a URL whose host is a private IP
 * literal before queuing it (precheck-media-url.ts), as they must; a name passes, and MEDIA_SERVER_FETCH resolves it
 * to the local server.
 */
export const MEDIA_SERVER_HOST = 'files.crm.test';

/** Resolves MEDIA_SERVER_HOST to 127.0.0.1 and any other name as the system does. */
const resolveTestHost: LookupFunction = (hostname, options, callback) => {
  if (hostname === MEDIA_SERVER_HOST) {
    if (options.all) return callback(null, [{ address: '127.0.0.1', family: 4 }]);
    return callback(null, '127.0.0.1', 4);
  }
  return dns.lookup(hostname, options, callback);
};

/** The fetcher options that let a test reach the local server (and nothing else that is not public). */
export const MEDIA_SERVER_FETCH: FeedMediaFetchOptions = {
  allowAddresses: ['127.0.0.1'],
  resolve: resolveTestHost,
  totalTimeoutMs: 5_000,
  idleTimeoutMs: 2_000,
};

export interface MediaServer {
  /** `http://127.0.0.1:{port}` */
  origin: string;
  /** `origin` + `path`. */
  url(path: string): string;
  /** The same file at `http://files.crm.test:{port}{path}` (MEDIA_SERVER_HOST), as a CRM would name its host. */
  hostUrl(path: string): string;
  /** Serves `body` with `type` at `path` (replacing what was there). */
  file(path: string, body: Uint8Array, type: string): void;
  /** Makes `path` answer HTTP `status` until called again with null (a file host that is down). */
  failWith(path: string, status: number | null): void;
  /** Requests per path so far. */
  hits(path: string): number;
  close(): Promise<void>;
}

/**
 * Starts the server. Besides the files set with `file()`:
 * - `/redirect/{n}/{path}` redirects n times, then to `/{path}`;
 * - `/redirect-to?to={url}` redirects to any URL;
 * - `/status/{code}` answers that status;
 * - `/large/{bytes}` and `/large-chunked/{bytes}` send that many bytes, with and without Content-Length;
 * - `/stall` sends its headers and one chunk, then nothing; `/trickle` sends a byte every 50 ms, forever.
 * Anything else is a 404.
 */
export async function startMediaServer(): Promise<MediaServer> {
  const files = new Map<string, { body: Uint8Array; type: string }>();
  const counts = new Map<string, number>();
  const failures = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const failure = failures.get(path);
    if (failure) return res.writeHead(failure).end('down');
    const redirect = /^\/redirect\/(\d+)\/(.*)$/.exec(path);
    if (redirect) {
      const left = Number(redirect[1]);
      const to = left > 1 ? `/redirect/${left - 1}/${redirect[2]}` : `/${redirect[2]}`;
      return res.writeHead(302, { Location: to }).end();
    }
    if (path === '/redirect-to') return res.writeHead(302, { Location: url.searchParams.get('to')! }).end();
    const status = /^\/status\/(\d+)$/.exec(path);
    if (status) return res.writeHead(Number(status[1])).end('no');
    const large = /^\/large(-chunked)?\/(\d+)$/.exec(path);
    if (large) {
      const bytes = Number(large[2]);
      res.writeHead(200, {
        'Content-Type': 'image/jpeg',
        ...(large[1] ? {} : { 'Content-Length': String(bytes) }),
      });
      // In 1 KB chunks, so the fetcher sees the body arrive piece by piece.
      for (let sent = 0; sent < bytes; sent += 1024) res.write(Buffer.alloc(Math.min(1024, bytes - sent), 7));
      return res.end();
    }
    if (path === '/stall') {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      return res.write(Buffer.alloc(10));
    }
    if (path === '/trickle') {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      const timer = setInterval(() => res.write(Buffer.alloc(1)), 50);
      timers.add(timer);
      res.on('close', () => clearInterval(timer));
      return;
    }
    const file = files.get(path);
    if (!file) return res.writeHead(404).end('not found');
    res.writeHead(200, { 'Content-Type': file.type, 'Content-Length': String(file.body.byteLength) });
    res.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    hostUrl: (path) => `http://${MEDIA_SERVER_HOST}:${port}${path}`,
    file: (path, body, type) => void files.set(path, { body, type }),
    failWith: (path, status) => void (status ? failures.set(path, status) : failures.delete(path)),
    hits: (path) => counts.get(path) ?? 0,
    close: async () => {
      for (const timer of timers) clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
