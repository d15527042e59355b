/**
 * Starts Abode: validates the environment, opens the database (PGlite in DATA_DIR or PostgreSQL), applies
 * migrations, seeds the demo data once (or, in production, disables any demo accounts), and serves the API and the
 * built SPA on HOST:PORT: in this process, or with API_PROCESSES > 1 in that many worker processes sharing the port
 * (ADR 024). `npm start` runs the compiled bundle of this file (dist/index.js, build.mjs); `npm run dev` the source.
 */
import cluster from 'node:cluster';
import path from 'node:path';
import type { Server as HttpServer } from 'node:http';
import { createAdaptorServer, serve } from '@hono/node-server';
import { createApp } from '#src/app.ts';
import { shareEngineReadiness, superviseWorkers } from '#src/cluster.ts';
import { acceptDealtConnections } from '#src/deal-connections.ts';
import { DataDirLockedError, openConfiguredDatabase, type DatabaseHandle } from '#src/db/client.ts';
import { disableDemoAccounts, seedDemoAccounts } from '#src/db/seed/demo-accounts.ts';
import { seedDemoActivity } from '#src/db/seed/demo-activity.ts';
import { seedDemo } from '#src/db/seed/seed-demo.ts';
import { createAuth, resolveAuthSecret } from '#src/features/auth/auth.ts';
import { devExposureWarning, EnvError, isLoopbackHost, loadEnv, type Env } from '#src/env.ts';
import { createSearchEngine } from '#src/features/listings/search-engine/index.ts';
import { createSearchCache, LISTINGS_CHANGED_CHANNEL } from '#src/features/listings/search-cache.ts';
import { createSearchCounter } from '#src/features/listings/search-counter.ts';
import { startJobs, type Jobs } from '#src/jobs/scheduler.ts';
import { createLogger, type Logger } from '#src/lib/logger.ts';
import { createDiskStorage } from '#src/lib/storage.ts';
import { createS3Storage } from '#src/lib/storage-s3.ts';

async function main(): Promise<void> {
  const env = loadEnv();
  const started = performance.now();
  if (cluster.isWorker) {
    const logger = createLogger(env.LOG_LEVEL).child({ worker: cluster.worker?.id });
    // The primary has migrated and seeded.
    const handle = await openConfiguredDatabase(env, { migrate: false });
    await serveApi(env, logger, handle, started);
    return;
  }
  const logger = createLogger(env.LOG_LEVEL);
  const handle = await prepareDatabase(env, logger, started);
  if (env.API_PROCESSES === 1) {
    await serveApi(env, logger, handle, started);
    return;
  }
  await handle.close();
  logger.info({ processes: env.API_PROCESSES }, 'starting the API processes');
  announceAddress(env, logger, env.PORT);
  superviseWorkers(env.API_PROCESSES, { port: env.PORT, host: env.HOST }, logger);
}

/**
 * Says where the server listens (REQ-SEC) and, for a development server reachable from other machines, prints
 * devExposureWarning to stderr, where it stands out from the JSON log.
 */
function announceAddress(env: Env, logger: Logger, port: number): void {
  const local = isLoopbackHost(env.HOST);
  logger.info(
    { host: env.HOST, port },
    local
      ? `listening on ${env.HOST}:${port}, this machine only (HOST=0.0.0.0 listens on every interface)`
      : `listening on ${env.HOST}:${port}`,
  );
  const warning = devExposureWarning(env);
  if (warning) process.stderr.write(`\n${warning}\n\n`);
}

/** Opens the database, applies migrations and seeds the demo data once (in the primary only). */
async function prepareDatabase(env: Env, logger: Logger, started: number): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  try {
    handle = await openConfiguredDatabase(env);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`\n${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  logger.info({ database: handle.kind, ms: Math.round(performance.now() - started) }, 'database ready');

  if (env.demoSeed) {
    await seedDemo(handle.db, { log: (message) => logger.info(message) });
  }
  const production = env.NODE_ENV === 'production';
  // Demo sign-ins: demo only, never in production (README "Demo accounts"). A database first run in development
  // still holds them: their passwords are public, so production takes them out of use on every start.
  if (production) {
    const demo = await disableDemoAccounts(handle.db);
    if (demo.disabled.length)
      logger.warn(
        { accounts: demo.disabled },
        'demo accounts disabled (NODE_ENV=production): they can no longer sign in; ' +
          '`npm run demo:remove` deletes them (with the embedded database, stop the server first)',
      );
    else if (demo.present.length)
      logger.info({ accounts: demo.present.length }, 'disabled demo users present (`npm run demo:remove`)');
  }
  if (env.demoSeed && !production) {
    const created = await seedDemoAccounts(handle.db);
    // Views and enquiries for the demo agent's portal (fictional applicants; once).
    await seedDemoActivity(handle.db);
    if (created.length) {
      const lines = created.map((a) => `  ${a.label.padEnd(12)} ${a.email}  /  ${a.password}`);
      process.stdout.write(`\nDemo accounts (demo only):\n${lines.join('\n')}\n\n`);
    }
  }
  return handle;
}

/** Serves the API and the SPA on PORT from this process until SIGINT or SIGTERM. */
async function serveApi(env: Env, logger: Logger, handle: DatabaseHandle, started: number): Promise<void> {
  const production = env.NODE_ENV === 'production';

  const auth = createAuth({
    db: handle.db,
    baseURL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    secret: resolveAuthSecret(env),
    production,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    // Without PUBLIC_URL the site is reached as localhost or 127.0.0.1 (Playwright); outside production the Vite dev
    // server proxies /api from its own origin.
    trustedOrigins: [
      ...(env.PUBLIC_URL ? [] : [`http://127.0.0.1:${env.PORT}`]),
      ...(production ? [] : ['http://localhost:5173', 'http://127.0.0.1:5173']),
    ],
  });
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const mail = { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM };
  // Uploaded listing photos and agent logos (ADR 012 Images): the S3 bucket when S3_BUCKET is set, else
  // DATA_DIR/uploads. Either way the app serves them at /media/uploads.
  const uploadsDir = path.join(env.dataDir, 'uploads');
  const storage = env.s3 ? createS3Storage(env.s3) : undefined;
  logger.info(
    env.s3
      ? {
          storage: 's3',
          bucket: env.s3.bucket,
          endpoint: env.s3.endpoint ?? 'aws',
          prefix: env.s3.prefix ?? '',
        }
      : { storage: 'disk', uploadsDir },
    'upload storage',
  );
  const searchCounter = createSearchCounter({ db: handle.db, logger });
  // Finished search answers, cleared whenever any process changes a listing, photo or agent (ADR 021).
  const searchCache = createSearchCache({
    ttlMs: env.SEARCH_CACHE_TTL_MS,
    maxBytes: env.SEARCH_CACHE_MAX_MB * 2 ** 20,
  });
  // Every visible listing's searchable facts in memory (ADR 023), loaded after the server listens; SQL answers
  // meanwhile.
  const searchEngine = env.SEARCH_ENGINE
    ? createSearchEngine({
        db: handle.db,
        maxCardBytes: env.SEARCH_CARD_MEMORY_MB * 2 ** 20,
        // PGlite answers one statement at a time: filling the cards would hold up the first searches after a start.
        fillCards: handle.kind !== 'pglite',
        onError: (error) => logger.error({ err: error }, 'search engine catch-up failed'),
      })
    : undefined;
  // In a cluster, /api/health reports the engine ready once every API process's engine is.
  const searchEngineReady = searchEngine ? shareEngineReadiness(() => searchEngine.stats().ready) : undefined;
  const stopListening =
    searchCache.enabled || searchEngine
      ? await handle.listen(
          LISTINGS_CHANGED_CHANNEL,
          () => {
            searchCache.clear();
            void searchEngine?.catchUp();
          },
          (live) => {
            searchCache.setLive(live);
            searchEngine?.setLive(live);
            logger.info({ live }, 'listing change notifications');
          },
        )
      : async () => {};
  const app = createApp({
    db: handle.db,
    searchCounter,
    searchCache,
    ...(searchEngine ? { searchEngine } : {}),
    ...(searchEngineReady ? { searchEngineReady } : {}),
    databaseKind: handle.kind,
    publicUrl,
    mail,
    logger,
    webDist: env.webDist,
    auth,
    trustProxy: env.TRUST_PROXY,
    searchRateLimitPerMinute: env.SEARCH_RATE_LIMIT_PER_MINUTE,
    writeRateLimitPerMinute: env.WRITE_RATE_LIMIT_PER_MINUTE,
    authRateLimitPerIpPerHour: env.AUTH_RATE_LIMIT_PER_IP_PER_HOUR,
    authRateLimitPerAccountPerHour: env.AUTH_RATE_LIMIT_PER_ACCOUNT_PER_HOUR,
    production,
    uiLockdown: env.UI_LOCKDOWN,
    mapTiles: env.mapTiles,
    uploadsDir,
    ...(storage ? { storage } : {}),
  });
  let jobs: Jobs | undefined;
  const onListening = (port: number) => {
    const url = env.PUBLIC_URL ?? `http://localhost:${port}`;
    logger.info({ port, ms: Math.round(performance.now() - started) }, `Abode is running at ${url}`);
    if (!cluster.isWorker) announceAddress(env, logger, port);
    if (searchEngine) {
      const loadStarted = performance.now();
      void searchEngine.start().then(
        async () => {
          logger.info(
            { ...searchEngine.stats(), ms: Math.round(performance.now() - loadStarted) },
            'search engine loaded',
          );
          await searchEngine.cardsLoaded();
          logger.info(
            { ...searchEngine.stats(), ms: Math.round(performance.now() - loadStarted) },
            'search engine cards loaded',
          );
        },
        (error: unknown) =>
          logger.error({ err: error }, 'search engine failed to load; SQL answers searches'),
      );
    }
    // Background jobs once the server listens (ADR 010): saved-search alert e-mails, listing feeds' media.
    jobs = startJobs({
      db: handle.db,
      logger,
      publicUrl,
      mail,
      intervalMs: env.ALERTS_INTERVAL_MS,
      // The same files the app serves: the bucket, or DATA_DIR/uploads.
      storage: storage ?? createDiskStorage(uploadsDir),
      feedMediaIntervalMs: env.FEED_MEDIA_INTERVAL_MS,
    });
  };
  // In a cluster the primary listens and deals this process its connections (deal-connections.ts).
  const server = cluster.isWorker
    ? (createAdaptorServer({ fetch: app.fetch }) as HttpServer)
    : (serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) =>
        onListening(info.port),
      ) as HttpServer);
  const dealt = cluster.isWorker ? acceptDealtConnections(server) : undefined;
  if (dealt) onListening(env.PORT);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Let the requests under way finish, a running alert job too, and write the last search counts, before the
    // database closes under them.
    const finish = () =>
      void Promise.all([jobs?.stop(), searchCounter.stop(), stopListening()])
        .then(() => handle.close())
        .finally(() => process.exit(0));
    if (dealt) void dealt.drain().then(finish);
    else server.close(finish);
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  // A configuration mistake is the operator's to fix: the message says what, a stack trace would only bury it.
  if (error instanceof EnvError) console.error(`\n${error.message}\n`);
  else console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
