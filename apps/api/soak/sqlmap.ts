/**
 * SQL injection (REQ-SEC): sqlmap (Debian's package) against the search, the property page and sign-in of the real
 * server on PostgreSQL 15 with the demo data. Passes when sqlmap reports no injectable parameter on any of them,
 * tested every parameter it was given, and the server never answered 5xx (nor 429: a scan blocked by the rate
 * limiter would prove nothing).
 *
 * How the rate limits are kept out of the way: the server runs with TRUST_PROXY=true and the search and write limits
 * raised, and sqlmap talks to it through a small reverse proxy here that sets a new X-Forwarded-For on every request
 * — a load balancer in front of many clients. Sign-in's own limit (5 per hour per IP + e-mail, not configurable) then
 * sees a new client per request. sqlmap's `xforwardedfor` tamper script would only touch requests that carry a
 * payload, not its baseline requests, which would soon be 429s.
 *
 * A positive control proves the harness can see an injection: a deliberately vulnerable endpoint (string-built SQL on
 * the same database) must be reported injectable by the same sqlmap.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { check, info } from './lib/report.ts';
import { DEMO, request, signIn, tally } from './lib/http.ts';
import { logEntries, startServer } from './lib/server.ts';
import type { SoakContext } from './context.ts';

/** sqlmap options shared by every target (docs/security.md lists the full commands). */
export const SQLMAP_COMMON = [
  '--batch',
  '--level=2',
  '--risk=2',
  '--threads=4',
  '--flush-session',
  '--disable-coloring',
  '--drop-set-cookie',
];

/** Seconds one sqlmap run may take before it is stopped and counted as failed. */
const SQLMAP_TIMEOUT_S = 180;

interface SqlmapRun {
  name: string;
  code: number | null;
  output: string;
  seconds: number;
  timedOut: boolean;
  /** Findings: what sqlmap reported injectable (empty = nothing). */
  injectable: string[];
  /** Parameters sqlmap says it tested. */
  tested: string[];
  /** HTTP error statuses sqlmap saw, e.g. { 400: 1227 }. */
  httpErrors: Record<number, number>;
}

export function runSqlmap(name: string, args: string[], outputDir: string): Promise<SqlmapRun> {
  fs.mkdirSync(outputDir, { recursive: true });
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('sqlmap', [...args, `--output-dir=${outputDir}`], {
      env: { ...process.env, TERM: 'dumb' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, SQLMAP_TIMEOUT_S * 1000);
    child.on('error', (error) => {
      output += `\n${error.message}`;
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const injectable = new Set<string>();
      for (const m of output.matchAll(
        /(\S.*?parameter '[^']+') (?:appears to be|is) '?([^']*)'? ?(?:injectable|vulnerable)/g,
      ))
        injectable.add(`${m[1]}: ${m[2] ?? ''}`.trim());
      if (/sqlmap identified the following injection point/.test(output))
        injectable.add('sqlmap identified an injection point');
      // sqlmap's own record of what it found: <output>/<host>/log is empty when nothing was found.
      for (const host of fs.existsSync(outputDir) ? fs.readdirSync(outputDir) : []) {
        const log = path.join(outputDir, host, 'log');
        if (fs.existsSync(log) && fs.readFileSync(log, 'utf8').trim())
          injectable.add(`session log ${log} lists an injection point`);
      }
      const tested = [...output.matchAll(/testing for SQL injection on (.+?parameter '[^']+')/g)].map(
        (m) => m[1]!,
      );
      const httpErrors: Record<number, number> = {};
      const codes = /HTTP error codes detected during run:\s*\n(.*)/.exec(output)?.[1] ?? '';
      for (const m of codes.matchAll(/(\d{3}) \([^)]*\) - (\d+) times/g))
        httpErrors[Number(m[1])] = Number(m[2]);
      resolve({
        name,
        code,
        output,
        seconds: Math.round((performance.now() - started) / 100) / 10,
        timedOut,
        injectable: [...injectable],
        tested: [...new Set(tested)],
        httpErrors,
      });
    });
  });
}

/** A reverse proxy that stands for a load balancer: each request gets a new X-Forwarded-For. Counts statuses. */
function startXffProxy(port: number, target: number) {
  let n = 0;
  const statuses = new Map<number, number>();
  const server = http.createServer((req, res) => {
    n += 1;
    const headers = { ...req.headers, 'x-forwarded-for': `198.18.${(n >> 8) & 255}.${n & 255}` };
    const upstream = http.request(
      { host: '127.0.0.1', port: target, method: req.method, path: req.url, headers },
      (r) => {
        statuses.set(r.statusCode!, (statuses.get(r.statusCode!) ?? 0) + 1);
        res.writeHead(r.statusCode!, r.headers);
        r.pipe(res);
      },
    );
    upstream.on('error', () => {
      statuses.set(502, (statuses.get(502) ?? 0) + 1);
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise<{ close: () => Promise<void>; statuses: Map<number, number>; requests: () => number }>(
    (resolve) =>
      server.listen(port, '127.0.0.1', () =>
        resolve({
          close: () => new Promise((r) => server.close(() => r())),
          statuses,
          requests: () => n,
        }),
      ),
  );
}

/**
 * The positive control: `GET /towns?name=…` builds its SQL by string concatenation — exactly what the real API must
 * never do. sqlmap has to find it.
 */
function startVulnerableControl(port: number, databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  pool.on('error', () => {});
  const server = http.createServer((req, res) => {
    const name = new URL(req.url ?? '/', 'http://x').searchParams.get('name') ?? '';
    pool
      .query(`SELECT slug FROM properties WHERE city = '${name}' ORDER BY slug LIMIT 3`)
      .then((r) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(r.rows));
      })
      .catch((e: Error) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(e.message);
      });
  });
  return new Promise<{ close: () => Promise<void> }>((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({
        close: async () => {
          await new Promise<void>((r) => server.close(() => r()));
          await pool.end();
        },
      }),
    ),
  );
}

export async function sqlInjectionStep(ctx: SoakContext): Promise<void> {
  const serverPort = ctx.port(0);
  const proxyPort = ctx.port(1);
  const controlPort = ctx.port(9);
  const server = await startServer({
    name: 'sqlmap-target',
    port: serverPort,
    logDir: ctx.dir,
    env: {
      ...ctx.baseEnv('sqlmap'),
      TRUST_PROXY: 'true',
      SEARCH_RATE_LIMIT_PER_MINUTE: '1000000',
      WRITE_RATE_LIMIT_PER_MINUTE: '1000000',
      // The sign-in scan tries one account from a new address each request: that is what the per-account limit
      // stops (REQ-SEC), so it is raised here like the others; the per IP + e-mail limit still holds.
      AUTH_RATE_LIMIT_PER_ACCOUNT_PER_HOUR: '1000000',
    },
  });
  ctx.servers.push(server);
  const proxy = await startXffProxy(proxyPort, serverPort);
  const control = await startVulnerableControl(controlPort, ctx.databaseUrl);
  try {
    const base = `http://127.0.0.1:${proxyPort}`;
    const origin = `Origin: ${ctx.publicUrl}`;
    const search = await request(
      `${server.url}/api/properties?location=Reading&minPrice=100000&keywords=garden`,
      {
        xff: '192.0.2.1',
      },
    );
    const slug = (search.body as { items?: { slug: string }[] } | undefined)?.items?.[0]?.slug;
    if (!slug) throw new Error(`no listing to scan: the search answered ${search.status}`);
    // The property page scanned as a signed-in client too: level 2 also injects into the session cookie.
    const cookie = await signIn(server.url, DEMO.client.email, DEMO.client.password, { xff: '192.0.2.2' });

    const targets: { name: string; args: string[]; params: string[] }[] = [
      {
        name: 'search (GET /api/properties)',
        args: [
          '-u',
          `${base}/api/properties?location=Reading&minPrice=100000&keywords=garden&page=1`,
          `--headers=${origin}`,
        ],
        params: ['location', 'minPrice', 'keywords', 'page'],
      },
      {
        name: 'property page (GET /api/properties/{slug})',
        // '*' marks the injection points: the slug in the path and the session cookie's value.
        args: ['-u', `${base}/api/properties/${slug}*`, `--headers=${origin}`, `--cookie=${cookie}*`],
        params: ["URI parameter '#1*'", 'Cookie'],
      },
      {
        name: 'sign-in (POST /api/auth/sign-in/email)',
        args: [
          '-u',
          `${base}/api/auth/sign-in/email`,
          `--data=${JSON.stringify({ email: DEMO.client.email, password: 'Not-the-password-1' })}`,
          `--headers=${origin}`,
          // A wrong password is the baseline: 401 is the page to compare with, not a failure.
          '--ignore-code=401',
        ],
        params: ['JSON email', 'JSON password'],
      },
    ];

    const control1 = await runSqlmap(
      'positive control',
      [
        '-u',
        `http://127.0.0.1:${controlPort}/towns?name=Reading`,
        '--batch',
        '--flush-session',
        '--disable-coloring',
        '--technique=BE',
      ],
      path.join(ctx.dir, 'sqlmap-control'),
    );
    check(
      'positive control: sqlmap finds the deliberately injectable endpoint',
      control1.injectable.length > 0,
      `${control1.seconds} s; ${control1.injectable.slice(0, 2).join('; ') || 'nothing found'}`,
    );

    for (const [i, t] of targets.entries()) {
      const before = new Map(proxy.statuses);
      const run = await runSqlmap(t.name, [...t.args, ...SQLMAP_COMMON], path.join(ctx.dir, `sqlmap-${i}`));
      fs.writeFileSync(path.join(ctx.dir, `sqlmap-${i}.out`), run.output);
      const seen = [...proxy.statuses.entries()].map(([s, n]) => [s, n - (before.get(s) ?? 0)] as const);
      const statusLine = seen
        .filter(([, n]) => n > 0)
        .map(([s, n]) => `${s}×${n}`)
        .join(', ');
      const requests = seen.reduce((sum, [, n]) => sum + n, 0);
      const missing = t.params.filter((p) => !run.tested.some((tested) => tested.includes(p)));
      const serverErrors = seen.filter(([s, n]) => s >= 500 && n > 0);
      const limited = seen.filter(([s, n]) => s === 429 && n > 0);
      const finished =
        !run.timedOut && /all tested parameters do not appear to be injectable|ending @/.test(run.output);
      check(
        `${t.name}: no injectable parameter`,
        finished && run.injectable.length === 0,
        run.timedOut
          ? `sqlmap did not finish in ${SQLMAP_TIMEOUT_S} s`
          : `${run.seconds} s, ${requests} requests (${statusLine}); tested ${run.tested.length} parameters` +
              (run.injectable.length ? `; FOUND: ${run.injectable.join('; ')}` : ''),
      );
      check(
        `${t.name}: every parameter tested`,
        missing.length === 0,
        missing.length ? `not tested: ${missing.join(', ')}` : t.params.join(', '),
      );
      check(
        `${t.name}: no 5xx and no 429 during the scan`,
        serverErrors.length === 0 && limited.length === 0 && !run.httpErrors[500] && !run.httpErrors[429],
        statusLine,
      );
    }
    const unhandled = logEntries(server.log(), 50, 'unhandled error');
    check(
      'the server logged no unhandled error during the scans',
      unhandled.length === 0,
      `${unhandled.length} entries`,
    );
    const health = await request(`${server.url}/api/health`);
    check('the server is healthy after the scans', health.status === 200, `GET /api/health ${health.status}`);
    info(
      `proxy total: ${proxy.requests()} requests (${tally([...proxy.statuses.entries()].flatMap(([s, n]) => Array<number>(n).fill(s)))})`,
    );
  } finally {
    await proxy.close();
    await control.close();
    await server.stop();
  }
}
