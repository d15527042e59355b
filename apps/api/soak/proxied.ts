/**
 * The production deployment of docs/deploy.md, started here and checked from outside (issue #22): nginx in front
 * with the site file docs/deploy/nginx.conf (a self-signed certificate for localhost and 127.0.0.1, local ports), the
 * API with NODE_ENV=production, API_PROCESSES=2, TRUST_PROXY=1 and HOST=127.0.0.1 on a new PostgreSQL 15 database of
 * its own (a first production start: migrations, no demo data, no demo accounts). Through
 * nginx, as a browser would reach it:
 * (a) HTTP answers every request with a 301 to the same path on HTTPS; TLS 1.2 and 1.3 with HTTP/2, not TLS 1.1;
 *     the SPA and the API answer over HTTPS with HSTS of a year or more;
 * (b) a user signs up, confirms the address (the link read from the `outbox` table: /api/dev/mail is off in
 *     production) and signs in: the session cookies are `__Secure-`, Secure, HttpOnly and SameSite=Lax;
 * (c) the client address the app records is the one nginx appended (127.0.0.1), never the forged leftmost
 *     X-Forwarded-For entry: audit log, sessions and rate-limit keys;
 * (d) rate limits hold with a new forged entry on every request: search 20 a minute, sign-in blocked after 5;
 * (e) /api/dev/mail is 404 and the demo accounts cannot sign in; nginx passes a 10 MB upload to the API and refuses a
 *     bigger one itself;
 * (f) the MDN HTTP Observatory's scanner grades the HTTPS site (A+ with every test passed);
 * (g) the upgrade path: a restart on the migrated database serves again through nginx;
 * (h) the backup and restore drill of docs/deploy.md: pg_dump -Fc, pg_restore into a scratch database, same rows.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { MAX_PHOTO_BYTES } from '@abode/shared/agent/photos.schema';
import type { SoakContext } from './context.ts';
import { DEMO, tally } from './lib/http.ts';
import { tlsHandshake, tlsRequest, type TlsReply } from './lib/https.ts';
import {
  commandPath,
  findNginx,
  makeSelfSignedCertificate,
  NGINX_SITE_FILE,
  renderSite,
  startNginx,
  type Nginx,
} from './lib/nginx.ts';
import { check, info } from './lib/report.ts';
import { API_DIR, portIsFree, startServer, type Server } from './lib/server.ts';

const PG_BIN = '/usr/lib/postgresql/15/bin';
const REPO = path.resolve(API_DIR, '../..');
/** HSTS max-age the deployment must send at least (one year; the app sends two). */
const MIN_HSTS_SECONDS = 31_536_000;
/** The forged leftmost X-Forwarded-For entry a client sends; nginx appends the real address after it. */
const FORGED = '6.6.6.6';
/** The database role of the deployment (docs/deploy.md: `createuser abode`, no superuser). */
const DB_ROLE = 'abode';

interface ObservatoryReport {
  scan: { grade: string; score: number; testsPassed: number; testsFailed: number; testsQuantity: number };
  tests: Record<string, { pass: boolean; result: string; scoreModifier: number; scoreDescription: string }>;
}

export async function proxiedStep(ctx: SoakContext): Promise<void> {
  const nginxBinary = findNginx();
  if (!nginxBinary) {
    check(
      'nginx is installed',
      false,
      'not at /usr/sbin/nginx nor on PATH: apt-get install -y nginx (Debian; .ci/run installs it as root)',
    );
    return;
  }
  if (!commandPath('openssl')) {
    check('openssl is installed', false, 'apt-get install -y openssl (the self-signed certificate)');
    return;
  }
  const apiPort = ctx.port(3);
  const httpPort = ctx.port(6);
  const httpsPort = ctx.port(7);
  for (const port of [apiPort, httpPort, httpsPort])
    if (!(await portIsFree(port))) throw new Error(`port ${port} is in use`);
  const origin = `https://127.0.0.1:${httpsPort}`;
  const dir = path.join(ctx.dir, 'proxied');
  fs.mkdirSync(dir, { recursive: true });

  // A database of its own, owned by a role without superuser rights as in docs/deploy.md: what a first production
  // start does to an empty database (migrations, pg_trgm) is part of the test. No DEMO_SEED, as in the document: the
  // demo listings would add a minute of seeding and prove nothing here.
  const dbName = `abode_proxied_${ctx.runId}`;
  const server = new pg.Client({ connectionString: ctx.databaseUrl });
  await server.connect();
  await server.query(`CREATE ROLE ${DB_ROLE} LOGIN`);
  await server.query(`CREATE DATABASE ${dbName} OWNER ${DB_ROLE}`);
  await server.end();
  const dbUrl = new URL(ctx.databaseUrl);
  dbUrl.username = DB_ROLE;
  dbUrl.pathname = `/${dbName}`;
  const db = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });
  db.on('error', () => {});

  let api: Server | undefined;
  let nginx: Nginx | undefined;
  try {
    const web = webDist(dir);
    const t0 = performance.now();
    // The environment file of docs/deploy.md, on this machine.
    const apiOptions = {
      name: 'proxied-api',
      port: apiPort,
      logDir: ctx.dir,
      readyTimeoutS: 300,
      env: {
        NODE_ENV: 'production',
        API_PROCESSES: '2',
        TRUST_PROXY: '1',
        HOST: '127.0.0.1',
        AUTH_SECRET: randomBytes(36).toString('base64url'),
        PUBLIC_URL: origin,
        DATABASE_URL: dbUrl.toString(),
        DATA_DIR: path.join(dir, 'data'),
        WEB_DIST: web.dir,
        LOG_LEVEL: 'info',
      },
    };
    api = await startServer(apiOptions);
    ctx.servers.push(api);
    info(
      `API: production, 2 processes, first start on an empty database ${((performance.now() - t0) / 1000).toFixed(1)} s; ` +
        `web app ${web.built ? 'apps/web/dist' : 'not built: a stand-in index.html with the same script tag'}`,
    );

    const certificate = makeSelfSignedCertificate(path.join(dir, 'tls'));
    const site = renderSite(fs.readFileSync(NGINX_SITE_FILE, 'utf8'), {
      httpPort,
      httpsPort,
      apiPort,
      certificate,
    });
    nginx = await startNginx({
      binary: nginxBinary,
      dir: path.join(dir, 'nginx'),
      site,
      ports: [httpPort, httpsPort],
    });
    check(
      'nginx runs the site file of docs/deploy.md (nginx -t accepts it)',
      true,
      `${nginxVersion(nginxBinary)}; HTTP 127.0.0.1:${httpPort}, HTTPS 127.0.0.1:${httpsPort} → API 127.0.0.1:${apiPort}`,
    );
    const ca = certificate.pem;
    const send: Send = (pathname, options = {}) => tlsRequest(`${origin}${pathname}`, { ca, ...options });

    await checkTransport({ ca, origin, httpPort, httpsPort, send });
    const user = await checkSessionCookies({ db, origin, runId: ctx.runId, send });
    await checkClientAddress({ db, origin, email: user.email, send });
    await checkRateLimits({ db, origin, runId: ctx.runId, send });
    await checkProductionOnly({ db, origin, send });
    await checkObservatory({ certFile: certificate.certFile, httpPort, httpsPort });
    const errors = nginx
      .errorLog()
      .split('\n')
      .filter(
        (l) =>
          /\[(error|crit|alert|emerg)\]/.test(l) && !l.includes('client intended to send too large body'),
      );
    check(
      'nginx logged no errors (the refused oversized upload aside)',
      errors.length === 0,
      errors.slice(0, 3).join(' | ') || 'error.log clean',
    );

    // docs/deploy.md's upgrade: `systemctl restart abode` on the migrated database, nginx left running.
    await api.stop();
    const t1 = performance.now();
    api = await startServer(apiOptions);
    ctx.servers.push(api);
    const ready = ((performance.now() - t1) / 1000).toFixed(1);
    const again = await send('/api/health');
    const migrations = await db.query<{ n: string }>(
      'SELECT count(*) AS n FROM drizzle.__drizzle_migrations',
    );
    check(
      'a restart on the migrated database (the upgrade path) serves again through nginx',
      again.status === 200,
      `ready ${ready} s after the start; /api/health ${again.status}; ${migrations.rows[0]?.n} migrations recorded`,
    );
    await nginx.stop();
    await api.stop();
    await checkRestoreDrill({ db, dbUrl, dir, runId: ctx.runId });
  } finally {
    await nginx?.stop();
    await api?.stop();
    await db.end();
  }
}

type Send = (pathname: string, options?: Omit<Parameters<typeof tlsRequest>[1], 'ca'>) => Promise<TlsReply>;

/** `nginx/1.22.1` from `nginx -v` (which prints to stderr). */
function nginxVersion(binary: string): string {
  const result = spawnSync(binary, ['-v'], { encoding: 'utf8' });
  return `${result.stderr}${result.stdout}`.replace('nginx version: ', '').trim();
}

/**
 * The built SPA (`npm run build`), or when it is not built a stand-in: the source index.html with its entry script
 * turned into a hashed file under /assets, as the build emits it, so the scanner sees the same kind of page.
 */
function webDist(dir: string): { dir: string; built: boolean } {
  const built = path.join(REPO, 'apps/web/dist');
  if (fs.existsSync(path.join(built, 'index.html'))) return { dir: built, built: true };
  const stand = path.join(dir, 'web');
  fs.mkdirSync(path.join(stand, 'assets'), { recursive: true });
  const index = fs
    .readFileSync(path.join(REPO, 'apps/web/index.html'), 'utf8')
    .replace('/src/main.tsx', '/assets/index-s0ak.js')
    .replace('<script type="module"', '<script type="module" crossorigin');
  fs.writeFileSync(path.join(stand, 'index.html'), index);
  fs.writeFileSync(path.join(stand, 'assets/index-s0ak.js'), 'export {};\n');
  return { dir: stand, built: false };
}

/** One Strict-Transport-Security header with a max-age of at least a year. */
function hstsOk(reply: TlsReply): boolean {
  const value = reply.headers['strict-transport-security'];
  if (typeof value !== 'string' || value.includes(',')) return false;
  const maxAge = Number(/max-age=(\d+)/i.exec(value)?.[1] ?? 0);
  return maxAge >= MIN_HSTS_SECONDS;
}

async function checkTransport(o: {
  ca: string;
  origin: string;
  httpPort: number;
  httpsPort: number;
  send: Send;
}) {
  const http = `http://127.0.0.1:${o.httpPort}`;
  const targets = ['/search?location=Reading&mode=rent&page=2', '/api/health'];
  const redirects = await Promise.all(
    targets.map(async (target) => {
      const res = await fetch(`${http}${target}`, {
        redirect: 'manual',
        signal: AbortSignal.timeout(15_000),
      });
      return { target, status: res.status, location: res.headers.get('location') };
    }),
  );
  const post = await fetch(`${http}/api/auth/sign-in/email`, {
    method: 'POST',
    redirect: 'manual',
    body: '{}',
    signal: AbortSignal.timeout(15_000),
  });
  check(
    'HTTP answers every request with 301 to the same path and query on HTTPS',
    redirects.every((r) => r.status === 301 && r.location === `${o.origin}${r.target}`) &&
      post.status === 301 &&
      post.headers.get('location') === `${o.origin}/api/auth/sign-in/email`,
    [...redirects.map((r) => `GET ${r.target} → ${r.status} ${r.location}`), `POST → ${post.status}`].join(
      '; ',
    ),
  );

  const modern = await tlsHandshake('127.0.0.1', o.httpsPort, {
    ca: o.ca,
    ALPNProtocols: ['h2', 'http/1.1'],
  });
  const tls12 = await tlsHandshake('127.0.0.1', o.httpsPort, { ca: o.ca, maxVersion: 'TLSv1.2' });
  // A client willing to go down to TLS 1.0 (OpenSSL's security level 0 allows it on this side).
  const old = await tlsHandshake('127.0.0.1', o.httpsPort, {
    ca: o.ca,
    minVersion: 'TLSv1',
    maxVersion: 'TLSv1.1',
    ciphers: 'DEFAULT@SECLEVEL=0',
  });
  check(
    'TLS: the certificate verifies for 127.0.0.1; TLS 1.3 with HTTP/2 offered, TLS 1.2 accepted, TLS 1.1 refused',
    modern.ok &&
      modern.protocol === 'TLSv1.3' &&
      modern.alpn === 'h2' &&
      tls12.ok &&
      tls12.protocol === 'TLSv1.2' &&
      !old.ok,
    `default: ${modern.ok ? `${modern.protocol} ALPN ${modern.alpn}` : modern.error}; ` +
      `TLS 1.2 client: ${tls12.ok ? tls12.protocol : tls12.error}; TLS 1.0–1.1 client: ${old.ok ? `accepted ${old.protocol}` : `refused (${old.error})`}`,
  );

  const page = await o.send('/');
  const health = await o.send('/api/health');
  check(
    'HTTPS serves the web app and the API, each with one HSTS header of a year or more',
    page.status === 200 &&
      String(page.headers['content-type']).startsWith('text/html') &&
      page.text.includes('<div id="root">') &&
      health.status === 200 &&
      hstsOk(page) &&
      hstsOk(health),
    `/ ${page.status} ${page.headers['content-type']}; /api/health ${health.status} ${health.text.slice(0, 80)}; ` +
      `Strict-Transport-Security: ${page.headers['strict-transport-security']}`,
  );
}

/** Signs a new user up, confirms the address from the outbox and signs in; checks the session cookies. */
async function checkSessionCookies(o: {
  db: pg.Pool;
  origin: string;
  runId: string;
  send: Send;
}): Promise<{ email: string; password: string }> {
  const email = `proxied-${o.runId}@example.com`;
  const password = 'Proxied-Soak-2026!';
  const headers = { origin: o.origin, 'x-forwarded-for': FORGED };
  const signUp = await o.send('/api/auth/sign-up/email', {
    json: { firstName: 'Petra', lastName: 'Proxy', email, password, role: 'client' },
    headers,
  });
  if (signUp.status >= 300) throw new Error(`sign-up answered ${signUp.status}: ${signUp.text}`);
  const mail = await o.db.query<{ text: string }>(
    `SELECT text FROM outbox WHERE "to" = $1 ORDER BY created_at DESC LIMIT 1`,
    [email],
  );
  const link = /https:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail.rows[0]?.text ?? '')?.[0];
  if (!link) throw new Error(`no confirmation link in the outbox for ${email}`);
  const url = new URL(link);
  const confirm = await o.send(url.pathname + url.search, { headers: { 'x-forwarded-for': FORGED } });
  const verified = await o.db.query<{ is_verified: boolean }>(
    'SELECT is_verified FROM users WHERE email = $1',
    [email],
  );
  check(
    'sign-up through nginx; the confirmation link (read from the outbox) is on PUBLIC_URL and confirms the address',
    url.origin === o.origin && confirm.status < 400 && verified.rows[0]?.is_verified === true,
    `sign-up ${signUp.status}; link ${url.origin}${url.pathname}; following it ${confirm.status} → ${confirm.headers.location}`,
  );

  const signIn = await o.send('/api/auth/sign-in/email', { json: { email, password }, headers });
  const cookies = signIn.setCookies.map((line) => {
    const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
    const lower = attributes.map((a) => a.toLowerCase());
    return {
      name: pair.slice(0, pair.indexOf('=')),
      pair,
      secure: lower.includes('secure'),
      httpOnly: lower.includes('httponly'),
      sameSite: lower.find((a) => a.startsWith('samesite='))?.slice(9),
    };
  });
  const session = cookies.find((c) => c.name.endsWith('session_token'));
  check(
    'sign-in sets __Secure- session cookies: Secure, HttpOnly, SameSite=Lax',
    signIn.status === 200 &&
      session !== undefined &&
      cookies.every((c) => c.name.startsWith('__Secure-') && c.secure && c.httpOnly && c.sameSite === 'lax'),
    `sign-in ${signIn.status}; ` +
      cookies
        .map(
          (c) =>
            `${c.name} (${[c.secure && 'Secure', c.httpOnly && 'HttpOnly', `SameSite=${c.sameSite}`].filter(Boolean).join(', ')})`,
        )
        .join('; '),
  );
  const me = await o.send('/api/me', { headers: { cookie: cookies.map((c) => c.pair).join('; ') } });
  check(
    'the session cookie works through nginx (GET /api/me)',
    me.status === 200 && (me.body as { user?: { email?: string } }).user?.email === email,
    `/api/me ${me.status}`,
  );
  return { email, password };
}

/** What the app recorded as the client address of requests carrying a forged leftmost X-Forwarded-For entry. */
async function checkClientAddress(o: { db: pg.Pool; origin: string; email: string; send: Send }) {
  const failed = await o.send('/api/auth/sign-in/email', {
    json: { email: o.email, password: 'Not-the-password-1' },
    headers: { origin: o.origin, 'x-forwarded-for': FORGED },
  });
  const audit = await o.db.query<{ ip_address: string | null; description: string }>(
    `SELECT ip_address, after_data->>'description' AS description FROM audit_logs
      WHERE action = 'auth_attempt' AND after_data->'metadata'->>'email' = $1 ORDER BY created_at`,
    [o.email],
  );
  check(
    `the app records the address nginx appended (127.0.0.1), not the forged leftmost ${FORGED}: audit log`,
    failed.status === 401 && audit.rows.length >= 3 && audit.rows.every((r) => r.ip_address === '127.0.0.1'),
    audit.rows.map((r) => `${r.description}: ${r.ip_address}`).join('; '),
  );
  const sessions = await o.db.query<{ ip_address: string | null }>(
    'SELECT s.ip_address FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1',
    [o.email],
  );
  check(
    'the session row of a sign-in with a forged entry holds 127.0.0.1',
    sessions.rows.length > 0 && sessions.rows.every((r) => r.ip_address === '127.0.0.1'),
    `sessions.ip_address: ${sessions.rows.map((r) => String(r.ip_address)).join(', ') || 'no session'}`,
  );
}

async function checkRateLimits(o: { db: pg.Pool; origin: string; runId: string; send: Send }) {
  const searches: TlsReply[] = [];
  for (let i = 1; i <= 21; i++)
    searches.push(
      await o.send('/api/properties?location=Reading', { headers: { 'x-forwarded-for': `198.51.100.${i}` } }),
    );
  const last = searches[20]!;
  check(
    'search limit through nginx: 21 searches, each with a new forged entry → 20 allowed, the 21st 429 with Retry-After',
    searches.slice(0, 20).every((r) => r.status === 200) &&
      last.status === 429 &&
      last.errorCode === 'SEARCH_RATE_LIMITED' &&
      Number(last.headers['retry-after']) >= 1,
    `${tally(searches.map((r) => r.status))}; the 21st: ${last.status} ${last.errorCode ?? ''} Retry-After ${last.headers['retry-after']}`,
  );

  const email = `nobody-${o.runId}@example.com`;
  const attempts: TlsReply[] = [];
  for (let i = 1; i <= 7; i++)
    attempts.push(
      await o.send('/api/auth/sign-in/email', {
        json: { email, password: 'Wrong-password-1' },
        headers: { origin: o.origin, 'x-forwarded-for': `203.0.113.${i}` },
      }),
    );
  check(
    'sign-in limit through nginx: one e-mail, a new forged entry each time → blocked after 5',
    attempts.slice(0, 5).every((r) => r.status === 401) &&
      attempts.slice(5).every((r) => r.status === 429 && Number(r.headers['retry-after']) > 0),
    `${attempts.map((r) => r.status).join(' ')} (Retry-After ${attempts[6]?.headers['retry-after']} s)`,
  );
  const keys = await o.db.query<{ key: string; action: string; count: number }>(
    'SELECT key, action, count FROM rate_limits ORDER BY key, action',
  );
  const forged = keys.rows.filter((r) => /6\.6\.6\.6|198\.51\.100\.|203\.0\.113\./.test(r.key));
  check(
    'every rate-limit key holds 127.0.0.1, none a forged entry',
    forged.length === 0 && keys.rows.some((r) => r.key === 'ip:127.0.0.1' && r.action === 'search'),
    keys.rows.map((r) => `${r.key} ${r.action} ×${r.count}`).join('; '),
  );
}

async function checkProductionOnly(o: { db: pg.Pool; origin: string; send: Send }) {
  const devMail = await o.send('/api/dev/mail');
  const demo = await Promise.all(
    Object.values(DEMO).map(async (account) => ({
      email: account.email,
      reply: await o.send('/api/auth/sign-in/email', {
        json: { email: account.email, password: account.password },
        headers: { origin: o.origin },
      }),
    })),
  );
  const rows = await o.db.query<{ n: string }>(
    'SELECT count(*) AS n FROM users u JOIN accounts a ON a.user_id = u.id WHERE u.email = ANY($1)',
    [Object.values(DEMO).map((a) => a.email)],
  );
  check(
    '/api/dev/mail is 404 and the demo accounts cannot sign in (production creates none)',
    devMail.status === 404 && demo.every((d) => d.reply.status === 401) && rows.rows[0]?.n === '0',
    `/api/dev/mail ${devMail.status}; ${demo.map((d) => `${d.email} ${d.reply.status}`).join(', ')}; ` +
      `demo accounts with a password: ${rows.rows[0]?.n}`,
  );

  // nginx must let the largest photo through to the API (which checks the exact limit) and stop what is plainly too big.
  const uploadPath = '/api/agent/properties/00000000-0000-4000-8000-000000000000/photos';
  const largest = await o.send(uploadPath, {
    method: 'POST',
    body: Buffer.alloc(MAX_PHOTO_BYTES + 8 * 1024),
    headers: { 'content-type': 'multipart/form-data; boundary=soak', origin: o.origin },
    timeoutMs: 60_000,
  });
  const tooBig = await o.send(uploadPath, {
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=soak', 'content-length': String(12 * 2 ** 20) },
  });
  check(
    'nginx passes a 10 MB photo upload to the API and refuses 12 MB itself (413)',
    largest.status !== 413 &&
      String(largest.headers['content-type']).includes('application/json') &&
      tooBig.status === 413 &&
      String(tooBig.headers['content-type']).includes('text/html'),
    `${(MAX_PHOTO_BYTES + 8 * 1024).toLocaleString('en-GB')} B → ${largest.status} from the API (${largest.errorCode ?? largest.headers['content-type']}); ` +
      `12 MiB → ${tooBig.status} ${tooBig.headers['content-type']} from nginx`,
  );
}

async function checkObservatory(o: { certFile: string; httpPort: number; httpsPort: number }) {
  const script = path.join(import.meta.dirname, 'lib/observatory-scan.ts');
  const { code, stdout, stderr } = await runChild(
    process.execPath,
    ['--import', 'tsx', script, '127.0.0.1', String(o.httpPort), String(o.httpsPort)],
    { cwd: API_DIR, env: { ...process.env, NODE_EXTRA_CA_CERTS: o.certFile }, timeoutMs: 90_000 },
  );
  let report: (ObservatoryReport & { error?: undefined }) | { error: string } | undefined;
  try {
    report = JSON.parse(stdout.trim().split('\n').pop() ?? '') as typeof report;
  } catch {
    report = undefined;
  }
  if (!report || ('error' in report && report.error !== undefined)) {
    check(
      'the MDN HTTP Observatory scan completes',
      false,
      `exit ${code}: ${(report as { error?: string } | undefined)?.error ?? stderr.slice(-800)}`,
    );
    return;
  }
  const { scan, tests } = report as ObservatoryReport;
  const failed = Object.entries(tests).filter(([, t]) => !t.pass);
  for (const [name, t] of Object.entries(tests))
    info(
      `${t.pass ? 'passed' : 'FAILED'} ${name}: ${t.result} (${t.scoreModifier >= 0 ? '+' : ''}${t.scoreModifier})`,
    );
  for (const [name, t] of failed) info(`${name}: ${t.scoreDescription}`);
  check(
    'MDN HTTP Observatory grades the HTTPS site A+ with every test passed',
    scan.grade === 'A+' && failed.length === 0,
    `grade ${scan.grade}, score ${scan.score}, ${scan.testsPassed}/${scan.testsQuantity} tests passed` +
      (failed.length ? `; failed: ${failed.map(([n, t]) => `${n} (${t.result})`).join(', ')}` : ''),
  );
}

/** docs/deploy.md's backup and restore drill on the database the deployment just used. */
async function checkRestoreDrill(o: { db: pg.Pool; dbUrl: URL; dir: string; runId: string }) {
  // As the document has it: dump and restore as the database's own role; the superuser creates the scratch database.
  const conn = (role: string) => ['-h', o.dbUrl.hostname, '-p', o.dbUrl.port, '-U', role];
  const dump = path.join(o.dir, 'abode.dump');
  const scratch = `abode_restore_${o.runId}`;
  const t0 = performance.now();
  const run = (binary: string, args: string[]) => {
    try {
      execFileSync(`${PG_BIN}/${binary}`, args, { stdio: 'pipe' });
    } catch (error) {
      throw new Error(
        `${binary} failed: ${(error as { stderr?: Buffer }).stderr?.toString() ?? String(error)}`,
      );
    }
  };
  run('pg_dump', [...conn(DB_ROLE), '-Fc', '-f', dump, '-d', o.dbUrl.pathname.slice(1)]);
  run('createdb', [...conn('postgres'), '-O', DB_ROLE, scratch]);
  run('pg_restore', [...conn(DB_ROLE), '--no-owner', '--exit-on-error', '-d', scratch, dump]);
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  const count = `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM properties) AS properties,
      (SELECT count(*) FROM audit_logs) AS audit, (SELECT count(*) FROM drizzle.__drizzle_migrations) AS migrations`;
  const source = (await o.db.query(count)).rows[0];
  const restoredUrl = new URL(o.dbUrl);
  restoredUrl.pathname = `/${scratch}`;
  const restored = new pg.Client({ connectionString: restoredUrl.toString() });
  await restored.connect();
  try {
    const copy = (await restored.query(count)).rows[0];
    check(
      'backup and restore drill of docs/deploy.md: pg_dump -Fc, pg_restore into a scratch database, the same rows',
      JSON.stringify(copy) === JSON.stringify(source) &&
        Number(source?.users) > 0 &&
        Number(source?.audit) > 0,
      `${(fs.statSync(dump).size / 2 ** 20).toFixed(1)} MiB dump, ${seconds} s; source ${JSON.stringify(source)}, restored ${JSON.stringify(copy)}`,
    );
  } finally {
    await restored.end();
  }
}

function runChild(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
