/**
 * `npm run bench -- slowest`: which searches of the traffic mix are slow, by shape. Sends a sample of the traffic
 * (bench/traffic.ts) one at a time to a running server with the cache off and reports, per query shape (which
 * parameters it has), the count, median and p95 time, then the slowest URLs — the list to explain with EXPLAIN.
 *
 * Needs DATABASE_URL (to draw the traffic) and a server at --url (default http://127.0.0.1:3610) started with
 * SEARCH_CACHE_TTL_MS=0 on the same database. Options: --sample N (default 2,000).
 */
import { parseArgs } from 'node:util';
import { openPostgres } from '#src/db/client.ts';
import { searchTraffic } from './traffic.ts';

/** A search's shape: the parameters that change its plan, e.g. `location+mode+maxPrice+page>1`. */
export function shapeOf(path: string): string {
  const p = new URL(path, 'http://x').searchParams;
  const parts = [...p.keys()].filter((k) => k !== 'page' && k !== 'minPrice' && k !== 'sort');
  if (p.has('minPrice')) parts.push('minPrice');
  const sort = p.get('sort');
  if (sort) parts.push(`sort=${sort}`);
  if (Number(p.get('page') ?? '1') > 1) parts.push('page>1');
  return parts.join('+');
}

export async function runSlowest(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: 'string', default: 'http://127.0.0.1:3610' },
      sample: { type: 'string', default: '2000' },
    },
  });
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('Set DATABASE_URL to the database the server uses.');
  const handle = await openPostgres(url);
  const traffic = await searchTraffic(handle.db, Number(values.sample));
  await handle.close();
  const timings: { path: string; shape: string; ms: number }[] = [];
  for (const path of traffic.paths) {
    const t0 = performance.now();
    const res = await fetch(values.url + path, {
      headers: { 'x-forwarded-for': `10.9.${timings.length % 250}.1` },
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    timings.push({ path, shape: shapeOf(path), ms: performance.now() - t0 });
  }
  const byShape = new Map<string, number[]>();
  for (const t of timings) byShape.set(t.shape, [...(byShape.get(t.shape) ?? []), t.ms]);
  const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
  const rows = [...byShape].map(([shape, xs]) => {
    xs.sort((a, b) => a - b);
    return { shape, n: xs.length, p50: pct(xs, 50), p95: pct(xs, 95), total: xs.reduce((a, b) => a + b, 0) };
  });
  rows.sort((a, b) => b.total - a.total);
  const all = timings.map((t) => t.ms).sort((a, b) => a - b);
  console.log(
    `${timings.length} searches one at a time: p50 ${pct(all, 50).toFixed(1)} ms, p95 ${pct(all, 95).toFixed(1)} ms`,
  );
  console.log('\n| Shape | Searches | p50 ms | p95 ms | Share of time |\n|---|---|---|---|---|');
  const sum = all.reduce((a, b) => a + b, 0);
  for (const r of rows.slice(0, 25))
    console.log(
      `| ${r.shape} | ${r.n} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${((r.total / sum) * 100).toFixed(1)} % |`,
    );
  console.log('\nSlowest:');
  for (const t of [...timings].sort((a, b) => b.ms - a.ms).slice(0, 25))
    console.log(`${t.ms.toFixed(1).padStart(8)} ms  ${t.path}`);
}
