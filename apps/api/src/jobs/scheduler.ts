/**
 * In-process scheduler of background jobs (ADR 010): today only the saved-search alerts, every `intervalMs`
 * (ALERTS_INTERVAL_MS, default one minute; 0 disables). A tick is skipped while the previous run is still going,
 * so one process never overlaps itself; several processes may run it at once, because the job's correctness
 * comes from the database (row claims with SKIP LOCKED, the deliveries primary key).
 */
import type { Database } from '#src/db/client.ts';
import type { Logger } from '#src/lib/logger.ts';
import type { MailConfig } from '#src/lib/mail.ts';
import { runSavedSearchAlerts, type SavedSearchAlertsResult } from './saved-search-alerts.ts';

/**
 * How far behind the wall clock a scheduled run reads. A listing's `published_at` is taken when its publishing
 * transaction starts; reading a few seconds back lets such a transaction commit before the watermark passes it.
 */
export const SETTLE_MS = 5_000;

export interface JobsOptions {
  db: Database;
  logger: Logger;
  /** Origin for links in e-mails. */
  publicUrl: string;
  mail?: MailConfig;
  /** Milliseconds between runs; 0 (or less) starts nothing. */
  intervalMs: number;
  /** Wall clock (tests). */
  clock?: () => number;
}

export interface Jobs {
  /** Stops the timer and waits for a run in progress to finish. */
  stop(): Promise<void>;
  /** Runs the alert job now unless a run is in progress (then resolves undefined). */
  runNow(): Promise<SavedSearchAlertsResult | undefined>;
}

/** Starts the background jobs; call `stop()` on shutdown before closing the database. */
export function startJobs(options: JobsOptions): Jobs {
  const { db, logger, publicUrl, mail, intervalMs } = options;
  const clock = options.clock ?? Date.now;
  const log = logger.child({ job: 'saved-search-alerts' });
  let running: Promise<SavedSearchAlertsResult | undefined> | undefined;
  let stopped = false;

  const runNow = (): Promise<SavedSearchAlertsResult | undefined> => {
    if (running || stopped) return Promise.resolve(undefined);
    const started = clock();
    running = runSavedSearchAlerts({
      db,
      now: new Date(started - SETTLE_MS),
      publicUrl,
      ...(mail ? { mail } : {}),
      logger: log,
    })
      .then((result) => {
        const fields = { ...result, ms: Math.round(clock() - started) };
        if (result.emailsSent || result.emailsFailed) log.info(fields, 'alerts sent');
        else log.debug(fields, 'alerts checked');
        return result;
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'alert job failed');
        return undefined;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const timer = intervalMs > 0 ? setInterval(() => void runNow(), intervalMs) : undefined;
  // Never keep the process alive for the timer alone.
  timer?.unref();
  if (timer) log.info({ intervalMs }, 'alert job scheduled');

  return {
    runNow,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
