/**
 * Several API processes on one port (API_PROCESSES, REQ-PERF, ADR 024). One Node process answers on one core, and
 * the search path is CPU-bound in Node (the in-memory engine, JSON, gzip), so more processes use more cores (on the
 * 2-core benchmark machine, shared with PostgreSQL and the load generator). The primary listens and deals the
 * connections to the workers strictly in turn (deal-connections.ts), rather than by Node's round robin.
 *
 * The primary opens the database once (migrations, demo seed) before forking, so the workers never race to migrate.
 * Each worker is a whole API process: its own pool, search engine, answer cache and change listener. What must agree
 * across processes already lives in PostgreSQL (sessions, rate limits, search counts, the alert job's row locks), which
 * is why several processes need DATABASE_URL: the embedded PGlite folder has a single owner.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from '#src/lib/logger.ts';
import { dealConnections } from '#src/deal-connections.ts';

/** A worker's message to the primary: its search engine became ready, or stopped being ready. */
interface EngineStateMessage {
  abode: 'engine-state';
  ready: boolean;
}

/** The primary's message to every worker: how many of the API processes have a ready engine. */
interface EnginesMessage {
  abode: 'engines';
  ready: number;
  total: number;
}

/** A worker that dies this many times within {@link CRASH_WINDOW_MS} stops the server instead of looping. */
const MAX_CRASHES = 5;
const CRASH_WINDOW_MS = 60_000;
/** Pause before a dead worker is replaced, ms. */
const RESTART_DELAY_MS = 1_000;
/** How long the primary waits for its workers to finish their shutdown before exiting anyway, ms. */
const STOP_GRACE_MS = 10_000;

/**
 * Runs the primary: listens on `listen` and deals connections to the workers in turn (deal-connections.ts), forks
 * `count` workers, replaces one that exits while the server is not stopping, relays the workers' engine readiness to
 * all of them, and on SIGINT or SIGTERM stops listening, asks each worker to stop and exits when they have. Exits with code 1 when workers keep dying (MAX_CRASHES within CRASH_WINDOW_MS) or the port
 * cannot be listened on.
 */
export function superviseWorkers(
  count: number,
  listen: { port: number; host: string },
  logger: Logger,
): void {
  const engineReady = new Map<number, boolean>();
  const dealer = dealConnections(listen.port, listen.host, logger);
  const crashes: number[] = [];
  let stopping = false;

  const broadcast = () => {
    const message: EnginesMessage = {
      abode: 'engines',
      ready: [...engineReady.values()].filter(Boolean).length,
      total: count,
    };
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (worker?.isConnected()) worker.send(message);
    }
  };

  const fork = (): Worker => {
    const worker = cluster.fork();
    dealer.add(worker);
    engineReady.set(worker.id, false);
    worker.on('message', (message: unknown) => {
      if (isEngineState(message)) {
        engineReady.set(worker.id, message.ready);
        broadcast();
      }
    });
    // A new worker needs the current count too (its own engine is not ready yet).
    worker.on('online', broadcast);
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    dealer.remove(worker);
    engineReady.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    broadcast();
    const now = Date.now();
    crashes.push(now);
    while (crashes.length && crashes[0]! < now - CRASH_WINDOW_MS) crashes.shift();
    if (crashes.length >= MAX_CRASHES) {
      logger.fatal({ crashes: crashes.length }, 'API processes keep exiting; stopping the server');
      process.exit(1);
    }
    logger.error({ pid: worker.process.pid, code, signal }, 'an API process exited; starting another');
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_DELAY_MS);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping the API processes');
    dealer.close();
    // Ctrl-C reaches the workers directly (same process group); `kill <primary>` does not, so pass it on.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(0), STOP_GRACE_MS).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  for (let i = 0; i < count; i++) fork();
}

/** How often a worker checks its engine's readiness to report a change to the primary, ms. */
const READINESS_POLL_MS = 500;

/**
 * In a worker: reports this process's engine readiness to the primary whenever it changes (checked every
 * READINESS_POLL_MS) and returns a function telling whether every API process's engine is ready, which is what
 * `/api/health` reports. Outside a cluster it returns undefined.
 */
export function shareEngineReadiness(isReady: () => boolean): (() => boolean) | undefined {
  if (!cluster.isWorker || !process.send) return undefined;
  let all: EnginesMessage = { abode: 'engines', ready: 0, total: Number.POSITIVE_INFINITY };
  process.on('message', (message: unknown) => {
    if (isEngines(message)) all = message;
  });
  let last: boolean | undefined;
  const report = () => {
    const ready = isReady();
    if (ready === last) return;
    last = ready;
    const message: EngineStateMessage = { abode: 'engine-state', ready };
    process.send?.(message);
  };
  report();
  setInterval(report, READINESS_POLL_MS).unref();
  return () => isReady() && all.ready >= all.total;
}

function isEngineState(message: unknown): message is EngineStateMessage {
  return (message as EngineStateMessage | null)?.abode === 'engine-state';
}

function isEngines(message: unknown): message is EnginesMessage {
  return (message as EnginesMessage | null)?.abode === 'engines';
}
