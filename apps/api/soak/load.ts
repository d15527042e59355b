/**
 * Load (REQ-SEC): autocannon (bench/load.ts) on the search for 60 s at the connection count that gave the highest
 * rate in a short calibration, with zero errors and zero non-2xx answers, and flat memory. Like `npm run bench`, the
 * server trusts X-Forwarded-For and every request comes from a different address, so the search limiter counts many
 * visitors (its upsert is in every figure) and the raised limit keeps the figures searches, not 429s.
 *
 * Memory: the server's RSS is sampled every second, and the server runs with --trace-gc so the live JS heap after
 * each full (mark-compact) GC is known. The flatness check is on the latter (at most +25 % from the 10 s mark to the
 * end): under this load V8's full-GC cycle is about a minute and RSS swings +35–45 % within one cycle without any
 * trend (docs/benchmarks/log/2026-11.md), so two RSS samples 50 s apart say more about the phase of that cycle than about a leak.
 * RSS is bounded instead (under twice its 10 s value), which catches a runaway native leak.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runLoad, type LoadResult } from '../bench/load.ts';
import type { SoakContext } from './context.ts';
import { request } from './lib/http.ts';
import { check, info } from './lib/report.ts';
import { startServer } from './lib/server.ts';

/** A mix of real searches: towns, postcode districts, filters, keywords, map bounds, radius, pages. */
export const SEARCH_MIX = [
  '/api/properties?location=London&mode=sale',
  '/api/properties?location=Manchester&mode=sale&maxPrice=300000&bedrooms=2&sort=price_asc',
  '/api/properties?location=SW19&mode=sale',
  '/api/properties?location=RG30&mode=rent',
  '/api/properties?location=Shanklin',
  '/api/properties?location=Cowper%20Road',
  '/api/properties?mode=sale',
  '/api/properties?mode=rent&sort=price_desc',
  '/api/properties?location=Reading&page=5',
  '/api/properties?keywords=garden&mode=sale',
  '/api/properties?location=Reading&keywords=%22chain%20free%22',
  '/api/properties?bounds=51.43,-1.05,51.47,-0.95&mode=sale',
  '/api/properties?location=M1&radius=3&mode=sale',
  '/api/properties?mode=sale&filters=garden,parking',
  '/api/properties?location=Reading&mode=sale&type=house&minPrice=200000&maxPrice=500000&bedrooms=3',
];

export interface LoadOptions {
  durationS: number;
  /** Connection counts tried for 4 s each; the one with the highest rate (and no errors) runs the full time. */
  calibrate: number[];
  /** Maximum RSS growth from the 10 s sample to the end (0.25 = 25 %). */
  maxGrowth: number;
}

const MB = 1024 * 1024;

export async function loadStep(ctx: SoakContext, options: LoadOptions): Promise<void> {
  const server = await startServer({
    name: 'load',
    port: ctx.port(5),
    logDir: ctx.dir,
    nodeArgs: ['--trace-gc'],
    env: {
      ...ctx.baseEnv('load'),
      TRUST_PROXY: 'true',
      SEARCH_RATE_LIMIT_PER_MINUTE: '1000000',
      WRITE_RATE_LIMIT_PER_MINUTE: '1000000',
      ALERTS_INTERVAL_MS: '0',
    },
  });
  ctx.servers.push(server);
  try {
    for (const p of SEARCH_MIX) {
      const r = await request(server.url + p, { xff: '192.0.2.200' });
      if (r.status !== 200) throw new Error(`${p} answered ${r.status}: ${r.text.slice(0, 200)}`);
    }
    let best: LoadResult | undefined;
    for (const connections of options.calibrate) {
      const r = await runLoad('calibration', server.url, SEARCH_MIX, connections, 4);
      info(
        `calibration: ${connections} connections → ${r.rps} requests/s, p99 ${r.p99} ms, errors ${r.errors + r.non2xx}`,
      );
      if (r.errors + r.non2xx === 0 && (!best || r.rps > best.rps)) best = r;
    }
    const connections = best?.connections ?? options.calibrate[0]!;

    const samples: { t: number; rss: number }[] = [];
    const t0 = Date.now();
    const sample = () => {
      const rss = server.rss();
      if (rss !== null) samples.push({ t: (Date.now() - t0) / 1000, rss });
    };
    sample();
    const timer = setInterval(sample, 1000);
    const result = await runLoad('search mix', server.url, SEARCH_MIX, connections, options.durationS);
    clearInterval(timer);
    sample();

    const runStart = t0 - server.startedAt;
    const runEnd = Date.now() - server.startedAt;
    const rssAt10 = (samples.find((x) => x.t >= 10) ?? samples[0]!).rss;
    const rssEnd = samples[samples.length - 1]!.rss;
    const max = Math.max(...samples.map((x) => x.rss));
    // The live JS heap after each full (mark-compact) GC of the server's main isolate, from --trace-gc.
    const fullGcs = markCompacts(server.log());
    const inWindow = (from: number) => fullGcs.filter((g) => g.ms >= from && g.ms <= runEnd);
    const gcs = inWindow(runStart + 10_000).length >= 2 ? inWindow(runStart + 10_000) : inWindow(runStart);
    const heapFirst = gcs[0]?.after;
    const heapLast = gcs[gcs.length - 1]?.after;
    const heapGrowth = heapFirst && heapLast ? heapLast / heapFirst - 1 : undefined;
    const loadavg = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
    const figures = {
      when: new Date().toISOString(),
      machine,
      loadavg,
      database: 'PostgreSQL 15 (throwaway, demo data)',
      connections,
      durationS: options.durationS,
      requests: result.requests,
      rps: result.rps,
      p50: result.p50,
      p95: result.p95,
      p99: result.p99,
      errors: result.errors,
      non2xx: result.non2xx,
      rssStartMB: Math.round(samples[0]!.rss / MB),
      rss10sMB: Math.round(rssAt10 / MB),
      rssEndMB: Math.round(rssEnd / MB),
      rssMaxMB: Math.round(max / MB),
      rssSamplesMB: samples.map((x) => Math.round(x.rss / MB)),
      /** Live JS heap (MB) after each full GC from the 10 s mark (or the start when fewer than two) to the end. */
      heapAfterFullGcMB: gcs.map((g) => g.after),
    };
    fs.writeFileSync(path.join(ctx.dir, 'load.json'), JSON.stringify(figures, null, 2));
    info(
      `${connections} connections × ${options.durationS} s: ${result.requests} requests, ${result.rps} requests/s, ` +
        `p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms`,
    );
    info(
      `RSS MB: start ${figures.rssStartMB}, at 10 s ${figures.rss10sMB}, end ${figures.rssEndMB}, max ${figures.rssMaxMB} ` +
        `(every second: ${figures.rssSamplesMB.join(' ')})`,
    );
    info(`live JS heap after each full GC, MB: ${gcs.map((g) => g.after).join(' ') || 'none'}`);
    info(`machine: ${machine}; load average at the end ${loadavg}`);
    check(
      `${options.durationS} s of search load: zero errors and zero non-2xx`,
      result.errors === 0 && result.non2xx === 0 && result.requests > 0,
      `${result.requests} requests at ${result.rps}/s; errors ${result.errors}, non-2xx ${result.non2xx}`,
    );
    check(
      `flat memory: the live JS heap after full GCs grows at most ${Math.round(options.maxGrowth * 100)} % from the 10 s mark to the end`,
      heapGrowth !== undefined && gcs.length >= 2 && heapGrowth <= options.maxGrowth,
      heapGrowth === undefined || gcs.length < 2
        ? `only ${gcs.length} full GC(s) in the run: cannot judge`
        : `${gcs.length} full GCs: ${heapFirst} MB → ${heapLast} MB (${heapGrowth >= 0 ? '+' : ''}${(heapGrowth * 100).toFixed(1)} %)`,
    );
    check(
      'bounded memory: RSS stays under twice its 10 s value',
      max <= 2 * rssAt10,
      `RSS ${figures.rss10sMB} MB at 10 s, ${figures.rssEndMB} MB at the end ` +
        `(${rssEnd >= rssAt10 ? '+' : ''}${((rssEnd / rssAt10 - 1) * 100).toFixed(1)} %), max ${figures.rssMaxMB} MB`,
    );
    const health = await request(`${server.url}/api/health`);
    check(
      'the server is healthy after the load',
      health.status === 200 && server.alive(),
      `GET /api/health ${health.status}`,
    );
  } finally {
    await server.stop();
  }
}

/** Full GCs (`Mark-Compact … 99.0 (129.1) -> 43.0 (118.3) MB`) of the isolate with the most GC lines (the main one). */
export function markCompacts(log: string): { ms: number; after: number }[] {
  const byIsolate = new Map<string, { ms: number; after: number }[]>();
  const lines = new Map<string, number>();
  for (const m of log.matchAll(
    /^\[\d+:(0x[0-9a-f]+)\]\s+(\d+) ms: (\S+)(?: \(reduce\))? [\d.]+ \([\d.]+\) -> ([\d.]+) \(/gm,
  )) {
    const [, isolate, ms, kind, after] = m;
    lines.set(isolate!, (lines.get(isolate!) ?? 0) + 1);
    if (kind === 'Mark-Compact') {
      const list = byIsolate.get(isolate!) ?? [];
      list.push({ ms: Number(ms), after: Number(after) });
      byIsolate.set(isolate!, list);
    }
  }
  const main = [...lines.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  return main ? (byIsolate.get(main) ?? []) : [];
}
