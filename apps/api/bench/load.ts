/**
 * Runs autocannon against a server over HTTP and reports requests/s and exact latency percentiles (p50/p95/p99),
 * computed from every response's time (autocannon's own summary has no p95).
 */
import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  connections: number;
  durationS: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Requests/s as a share of the same server's trivial JSON route (traffic mix only). */
  floorRatio?: number;
}

let clientCounter = 0;
/** 10.0.0.0 – 10.0.255.255 in turn: 65,536 visitors, so none comes near the search limit within a minute. */
function nextClientIp(): string {
  clientCounter = (clientCounter + 1) % 65_536;
  return `10.0.${clientCounter >> 8}.${clientCounter & 255}`;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

export interface LoadOptions {
  /**
   * Send `paths` once each in order, shared by all connections (a long sequence of real-looking traffic), rather
   * than every connection cycling through the same short list.
   */
  sequence?: boolean;
  /** Send `Accept-Encoding: gzip`, as browsers do. */
  gzip?: boolean;
}

/** Cycles through `paths` on `baseUrl` with `connections` connections for `durationS` seconds. */
export async function runLoad(
  name: string,
  baseUrl: string,
  paths: string[],
  connections: number,
  durationS: number,
  options: LoadOptions = {},
): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  // A different client address per request (the server trusts X-Forwarded-For in the benchmark, run.ts), so the
  // per-client search limit sees many visitors rather than one hot key.
  const headers = (req: autocannon.Request) => ({
    ...req.headers,
    'x-forwarded-for': nextClientIp(),
    ...(options.gzip ? { 'accept-encoding': 'gzip' } : {}),
  });
  const requests = options.sequence
    ? [
        {
          method: 'GET' as const,
          setupRequest: (req: autocannon.Request) => ({
            ...req,
            path: paths[next++ % paths.length]!,
            headers: headers(req),
          }),
        },
      ]
    : paths.map((path) => ({
        method: 'GET' as const,
        path,
        setupRequest: (req: autocannon.Request) => ({ ...req, headers: headers(req) }),
      }));
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: durationS,
    requests,
    setupClient: (client) => {
      client.on('response', (_status: number, _bytes: number, responseTime: number) =>
        latencies.push(responseTime),
      );
    },
  });
  latencies.sort((a, b) => a - b);
  return {
    name,
    connections,
    durationS,
    requests: result.requests.total,
    rps: Math.round(result.requests.total / durationS),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const round = (ms: number) => Math.round(ms * 100) / 100;
