/**
 * In-process scheduler of background jobs (ADR 010): the saved-search alerts, every `intervalMs`
 * (ALERTS_INTERVAL_MS, default one minute; 0 disables), and the purge of dead `rate_limits` rows, expired enquiry
 * idempotency keys and past days' listing visitor rows (REQ-ENQ-04), every `purgeIntervalMs` (default ten minutes),
 * and the rebuild of the location box's places and their counts (REQ-PLACE), every `placesIntervalMs` (default
 * PLACES_REFRESH_MS), and the fetching of listing feeds' media (ADR 030), every `feedMediaIntervalMs`
 * (FEED_MEDIA_INTERVAL_MS, default five seconds; 0 disables) and at once when a feed call queues media
 * (`feedMediaQueued`), again after the current run when that happens during one.
 * A tick is skipped while the previous run is still going, so one process never overlaps itself; several processes
 * may run them at once, because the jobs' correctness comes from the database (row claims with SKIP LOCKED, the
 * deliveries primary key; a purge deletes only rows nothing reads any more).
 */
import type { Database } from '#src/db/client.ts';
import type { Logger } from '#src/lib/logger.ts';
import type { MailConfig } from '#src/lib/mail.ts';
import { purgeIdempotencyKeys } from '#src/features/enquiries/idempotency.ts';
import { purgeViewVisitors } from '#src/features/listings/record-view.ts';
import { PLACES_REFRESH_MS, refreshPlaces } from '#src/features/locations/refresh-places.ts';
import { purgeRateLimits } from '#src/features/rate-limit/purge-rate-limits.ts';
import {
  runFeedMediaJob,
  type FeedMediaFetchOptions,
  type FeedMediaJobResult,
} from '#src/features/feeds/media/feed-media-job.ts';
import { onFeedMediaQueued } from '#src/features/feeds/media/feed-media-signal.ts';
import type { Storage } from '#src/lib/storage.ts';
import { runSavedSearchAlerts, type SavedSearchAlertsResult } from './saved-search-alerts.ts';

/** Default ms between runs of the feed media job: a CRM's photos arrive within seconds even without the signal. */
export const FEED_MEDIA_INTERVAL_MS = 5_000;

/** Default ms between purges of dead rate-limit rows. */
export const RATE_LIMIT_PURGE_INTERVAL_MS = 10 * 60_000;

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
  /** Milliseconds between alert runs; 0 (or less) schedules none. */
  intervalMs: number;
  /** Milliseconds between purges of dead rate-limit rows (default 10 minutes); 0 (or less) schedules none. */
  purgeIntervalMs?: number;
  /** Milliseconds between rebuilds of the places (default PLACES_REFRESH_MS); 0 (or less) schedules none. */
  placesIntervalMs?: number;
  /** Where the feed media job stores files (the app's upload storage); without it the job is not scheduled. */
  storage?: Storage;
  /** Milliseconds between feed media runs (default FEED_MEDIA_INTERVAL_MS); 0 (or less) runs none, signal or not. */
  feedMediaIntervalMs?: number;
  /** The media fetcher's options (tests: their local media server). */
  feedMediaFetch?: FeedMediaFetchOptions;
  /** Wall clock (tests). */
  clock?: () => number;
}

export interface Jobs {
  /** Stops the timer and waits for a run in progress to finish. */
  stop(): Promise<void>;
  /** Runs the alert job now unless a run is in progress (then resolves undefined). */
  runNow(): Promise<SavedSearchAlertsResult | undefined>;
  /**
   * Deletes the dead rate-limit rows, expired idempotency keys and old visitor rows now unless a purge is in
   * progress (then resolves undefined); resolves how many rows went in all, or undefined when it failed (logged).
   */
  purgeNow(): Promise<number | undefined>;
  /**
   * Rebuilds the places now unless a rebuild is in progress (in this process, or in another on the same database);
   * resolves their counts by kind, or undefined.
   */
  refreshPlacesNow(): Promise<Record<string, number> | undefined>;
  /** Runs the feed media job now unless a run is in progress or it is not scheduled (then resolves undefined). */
  fetchFeedMediaNow(): Promise<FeedMediaJobResult | undefined>;
}

interface ScheduledJob<T> {
  /** Runs the job now, unless a run is in progress or the jobs stopped (then resolves undefined). */
  runNow(): Promise<T | undefined>;
  /** Runs the job now, or once more right after the run in progress. */
  wake(): void;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * `run` every `intervalMs` (none at 0 or less) without ever overlapping itself; a failure is logged with `failure`
 * and resolves undefined, so a timer never throws. The timer does not keep the process alive.
 */
function scheduleJob<T>(
  run: () => Promise<T>,
  o: { intervalMs: number; log: Logger; failure: string; isStopped: () => boolean },
): ScheduledJob<T> {
  let running: Promise<T | undefined> | undefined;
  let rerun = false;
  const runNow = (): Promise<T | undefined> => {
    if (running || o.isStopped()) return Promise.resolve(undefined);
    running = run()
      .catch((error: unknown) => {
        o.log.error({ err: error }, o.failure);
        return undefined;
      })
      .finally(() => {
        running = undefined;
        if (rerun) {
          rerun = false;
          void runNow();
        }
      });
    return running;
  };
  const timer = o.intervalMs > 0 ? setInterval(() => void runNow(), o.intervalMs) : undefined;
  timer?.unref();
  return {
    runNow,
    wake() {
      if (running) rerun = true;
      else void runNow();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

/** Starts the background jobs; call `stop()` on shutdown before closing the database. */
export function startJobs(options: JobsOptions): Jobs {
  const { db, logger, publicUrl, mail, intervalMs } = options;
  const clock = options.clock ?? Date.now;
  let stopped = false;
  const isStopped = () => stopped;

  const log = logger.child({ job: 'saved-search-alerts' });
  const alerts = scheduleJob(
    async () => {
      const started = clock();
      const result = await runSavedSearchAlerts({
        db,
        now: new Date(started - SETTLE_MS),
        publicUrl,
        ...(mail ? { mail } : {}),
        logger: log,
      });
      const fields = { ...result, ms: Math.round(clock() - started) };
      if (result.emailsSent || result.emailsFailed) log.info(fields, 'alerts sent');
      else log.debug(fields, 'alerts checked');
      return result;
    },
    { intervalMs, log, failure: 'alert job failed', isStopped },
  );
  if (intervalMs > 0) log.info({ intervalMs }, 'alert job scheduled');

  const purgeLog = logger.child({ job: 'rate-limit-purge' });
  const purge = scheduleJob(
    async () => {
      const now = new Date(clock());
      const deleted = await purgeRateLimits(db, now);
      if (deleted) purgeLog.info({ deleted }, 'dead rate-limit rows deleted');
      const keys = await purgeIdempotencyKeys(db, now);
      const visitors = await purgeViewVisitors(db, now);
      if (keys || visitors)
        purgeLog.info({ keys, visitors }, 'expired idempotency keys and visitor rows deleted');
      return deleted + keys + visitors;
    },
    {
      intervalMs: options.purgeIntervalMs ?? RATE_LIMIT_PURGE_INTERVAL_MS,
      log: purgeLog,
      failure: 'rate-limit purge failed',
      isStopped,
    },
  );

  const placesLog = logger.child({ job: 'places-refresh' });
  const places = scheduleJob(
    async () => {
      const started = clock();
      // Every API process runs this on the same beat: the first rebuilds, the others skip.
      const counts = await refreshPlaces(db, { ifIdle: true });
      if (counts) placesLog.debug({ ...counts, ms: Math.round(clock() - started) }, 'places rebuilt');
      return counts;
    },
    {
      intervalMs: options.placesIntervalMs ?? PLACES_REFRESH_MS,
      log: placesLog,
      failure: 'places refresh failed',
      isStopped,
    },
  );
  // At start too: a database migrated to the places table has none until the first rebuild.
  if ((options.placesIntervalMs ?? PLACES_REFRESH_MS) > 0) void places.runNow();

  const mediaLog = logger.child({ job: 'feed-media' });
  const mediaIntervalMs = options.feedMediaIntervalMs ?? FEED_MEDIA_INTERVAL_MS;
  const { storage } = options;
  const feedMedia =
    storage && mediaIntervalMs > 0
      ? scheduleJob(
          () =>
            runFeedMediaJob({
              db,
              storage,
              logger: mediaLog,
              now: new Date(clock()),
              ...(options.feedMediaFetch ? { fetch: options.feedMediaFetch } : {}),
            }),
          { intervalMs: mediaIntervalMs, log: mediaLog, failure: 'feed media job failed', isStopped },
        )
      : undefined;
  // A feed call that queued media wakes the job, so the CRM's files are fetched within seconds.
  const unsubscribe = feedMedia ? onFeedMediaQueued(() => feedMedia.wake()) : undefined;
  if (feedMedia) mediaLog.info({ intervalMs: mediaIntervalMs }, 'feed media job scheduled');

  return {
    runNow: alerts.runNow,
    purgeNow: purge.runNow,
    refreshPlacesNow: places.runNow,
    fetchFeedMediaNow: () => feedMedia?.runNow() ?? Promise.resolve(undefined),
    async stop() {
      stopped = true;
      unsubscribe?.();
      await Promise.all([alerts.stop(), purge.stop(), places.stop(), feedMedia?.stop()]);
    },
  };
}
