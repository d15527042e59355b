/**
 * The production deployment of docs/deploy.md, started here and checked from outside (REQ-SEC): nginx in front
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
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { SoakContext } from './context.ts';
import { tlsRequest } from './lib/https.ts';
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
import {
  checkClientAddress,
  checkObservatory,
  checkProductionOnly,
  checkRateLimits,
  checkRestoreDrill,
  checkSessionCookies,
  checkTransport,
  DB_ROLE,
  type Send,
} from './proxied-checks.ts';
import { API_DIR, portIsFree, startServer, type Server } from './lib/server.ts';

const REPO = path.resolve(API_DIR, '../..');

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
