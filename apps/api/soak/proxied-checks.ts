/**
 * The checks of the proxied soak step (proxied.ts), each run through nginx as a browser would reach the deployment:
 * transport (redirect, TLS versions, HSTS), session cookies, the client address the app records, rate limits,
 * what production turns off, the MDN HTTP Observatory grade, and the backup and restore drill.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { MAX_PHOTO_BYTES } from '@abode/shared/agent/photos.schema';
import { DEMO, tally } from './lib/http.ts';
import { tlsHandshake, type tlsRequest, type TlsReply } from './lib/https.ts';
import { check, info } from './lib/report.ts';
import { API_DIR } from './lib/server.ts';

export const PG_BIN = '/usr/lib/postgresql/15/bin';
/** HSTS max-age the deployment must send at least (one year; the app sends two). */
const MIN_HSTS_SECONDS = 31_536_000;
/** The forged leftmost X-Forwarded-For entry a client sends; nginx appends the real address after it. */
const FORGED = '6.6.6.6';
/** The database role of the deployment (docs/deploy.md: `createuser abode`, no superuser). */
export const DB_ROLE = 'abode';

interface ObservatoryReport {
  scan: { grade: string; score: number; testsPassed: number; testsFailed: number; testsQuantity: number };
  tests: Record<string, { pass: boolean; result: string; scoreModifier: number; scoreDescription: string }>;
}

/** A request through nginx's HTTPS port, trusting the run's certificate. */
export type Send = (
  pathname: string,
  options?: Omit<Parameters<typeof tlsRequest>[1], 'ca'>,
) => Promise<TlsReply>;

/** One Strict-Transport-Security header with a max-age of at least a year. */
function hstsOk(reply: TlsReply): boolean {
  const value = reply.headers['strict-transport-security'];
  if (typeof value !== 'string' || value.includes(',')) return false;
  const maxAge = Number(/max-age=(\d+)/i.exec(value)?.[1] ?? 0);
  return maxAge >= MIN_HSTS_SECONDS;
}

export async function checkTransport(o: {
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
export async function checkSessionCookies(o: {
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
export async function checkClientAddress(o: { db: pg.Pool; origin: string; email: string; send: Send }) {
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

export async function checkRateLimits(o: { db: pg.Pool; origin: string; runId: string; send: Send }) {
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

export async function checkProductionOnly(o: { db: pg.Pool; origin: string; send: Send }) {
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

export async function checkObservatory(o: { certFile: string; httpPort: number; httpsPort: number }) {
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
export async function checkRestoreDrill(o: { db: pg.Pool; dbUrl: URL; dir: string; runId: string }) {
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

export function runChild(
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
