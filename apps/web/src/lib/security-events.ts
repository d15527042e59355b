/**
 * The SPA's one queue of security events (REQ-SEC-08, REQ-SEC-09). Events are
 * sent in batches to `POST /api/security-events`: every 30 s, as soon as 10 are queued, on page unload (pagehide,
 * or the tab becoming hidden) through `navigator.sendBeacon`, and at once for a critical event. The server stamps
 * the IP address, user agent and user, so the browser sends only what it saw.
 *
 * Reporting must never hurt the page: `reportSecurityEvent` never throws, a failed send is retried once and then
 * dropped (logged only in development, REQ-MSG-12), the queue is capped (oldest dropped), identical
 * events within a short window are sent once, and metadata is scrubbed of passwords, tokens and secrets.
 *
 * This file is in the first bundle: it imports only types from the shared schema (zod stays out), so the limits
 * below mirror the schema's constants; security-events.test.ts checks that they agree.
 */
import type {
  ClientSecurityEventType,
  SecurityEventInput,
  SecuritySeverity,
} from '@abode/shared/security/security-event.schema';

export const SECURITY_EVENTS_ENDPOINT = '/api/security-events';

export const SECURITY_EVENT_LIMITS = {
  /** REQ-SEC-09: the queue is flushed every 30 s (SECURITY_EVENT_QUEUE.flushIntervalMs). */
  flushIntervalMs: 30_000,
  /** REQ-SEC: flushed when 10 are queued; also the most one request carries (SECURITY_EVENT_QUEUE.maxQueued). */
  batchSize: 10,
  /** Events kept while the server is slow or down; the oldest go first. */
  maxQueued: 50,
  /** An identical event (type, severity, description, metadata) within this window is sent once. */
  dedupWindowMs: 10_000,
  /** One retry of a failed send, this long after the failure. */
  retryDelayMs: 5_000,
  /** A send that has not answered by then counts as failed. */
  requestTimeoutMs: 15_000,
  /** SECURITY_EVENT_DESCRIPTION_MAX and SECURITY_EVENT_METADATA_MAX_BYTES of the shared schema. */
  descriptionMax: 500,
  metadataMaxBytes: 2_048,
} as const;

export interface SecurityEventReport {
  type: ClientSecurityEventType;
  severity: SecuritySeverity;
  description: string;
  metadata?: Record<string, unknown>;
}

const REDACTED = '[redacted]';
/** Metadata keys whose values are never sent, whatever they hold. */
const SENSITIVE_KEY =
  /pass(word|wd|phrase)?|pwd|token|secret|api[-_]?key|auth(orization)?$|cookie|session|credential|otp|jwt|signature/i;
const MAX_DEPTH = 4;
const MAX_STRING = 300;
const MAX_KEY = 64;

/** Removes bearer tokens, JWTs and `token=…`-style query values from free text. */
export function scrubText(text: string): string {
  return text
    .replace(/\bBearer\s+[\w.~+/-]+=*/gi, `Bearer ${REDACTED}`)
    .replace(/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, REDACTED)
    .replace(
      /([?&;\s]|^)((?:access_|refresh_|id_)?token|password|passwd|pwd|secret|api[-_]?key|code|session)=([^&#\s]*)/gi,
      (_match, lead: string, key: string) => `${lead}${key}=${REDACTED}`,
    );
}

function scrubValue(value: unknown, depth: number): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'string') return scrubText(value).slice(0, MAX_STRING);
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Error) return scrubText(value.message).slice(0, MAX_STRING);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value !== 'object') return undefined; // functions, symbols, undefined
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 20).map((item) => scrubValue(item, depth + 1) ?? null);
  return scrubObject(value as Record<string, unknown>, depth + 1);
}

function scrubObject(source: Record<string, unknown>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of Object.entries(source).slice(0, 30)) {
    const key = rawKey.slice(0, MAX_KEY);
    if (SENSITIVE_KEY.test(key)) {
      out[key] = REDACTED;
      continue;
    }
    const clean = scrubValue(value, depth);
    if (clean !== undefined) out[key] = clean;
  }
  return out;
}

/** Metadata safe to send: sensitive keys redacted, tokens removed from text, bounded in depth and size. */
export function scrubMetadata(metadata: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!metadata || typeof metadata !== 'object') return {};
  const clean = scrubObject(metadata, 0);
  if (JSON.stringify(clean).length <= SECURITY_EVENT_LIMITS.metadataMaxBytes) return clean;
  // Too big for the server's limit: keep the top-level scalars, shortened, and say so.
  const small: Record<string, unknown> = { truncated: true };
  for (const [key, value] of Object.entries(clean)) {
    if (typeof value === 'string') small[key] = value.slice(0, 60);
    else if (typeof value !== 'object' || value === null) small[key] = value;
    if (JSON.stringify(small).length > SECURITY_EVENT_LIMITS.metadataMaxBytes - 100) {
      delete small[key];
      break;
    }
  }
  return small;
}

function toEvent(report: SecurityEventReport, now: number): SecurityEventInput {
  const description =
    scrubText(String(report.description ?? ''))
      .trim()
      .slice(0, SECURITY_EVENT_LIMITS.descriptionMax) || 'Security event';
  return {
    type: report.type,
    severity: report.severity,
    description,
    metadata: scrubMetadata(report.metadata),
    timestamp: new Date(now).toISOString(),
  };
}

function devWarn(...args: unknown[]): void {
  // REQ-MSG-12: a failed send is not worth a user's attention, nor the production console's.
  if (import.meta.env.DEV) console.warn(...args);
}

export interface SecurityEventQueue {
  report(report: SecurityEventReport): void;
  /** Sends what is queued now (normally left to the timer, the batch size and unload). */
  flush(): void;
  /** Sends everything queued with `sendBeacon`, which outlives the page (pagehide, tab hidden). */
  flushOnUnload(): void;
  /** Events waiting to be sent. */
  size(): number;
  /** Drops everything and removes timers and listeners (tests; the default queue starts again on next report). */
  reset(): void;
}

export function createSecurityEventQueue({
  endpoint = SECURITY_EVENTS_ENDPOINT,
}: { endpoint?: string } = {}): SecurityEventQueue {
  const L = SECURITY_EVENT_LIMITS;
  let queue: SecurityEventInput[] = [];
  const recent = new Map<string, number>();
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  /** A request is on its way (or waiting for its retry): the next flush waits for it, so sends never pile up. */
  let inFlight = false;
  let retry: { events: SecurityEventInput[]; timer: ReturnType<typeof setTimeout> } | undefined;
  let generation = 0;
  let removeListeners: (() => void) | undefined;

  function isDuplicate(event: SecurityEventInput, now: number): boolean {
    const key = `${event.type}|${event.severity}|${event.description}|${JSON.stringify(event.metadata)}`;
    const seen = recent.get(key);
    if (seen !== undefined && now - seen < L.dedupWindowMs) return true;
    recent.set(key, now);
    if (recent.size > 200) {
      for (const [k, at] of recent) if (now - at >= L.dedupWindowMs) recent.delete(k);
    }
    return false;
  }

  function scheduleFlush(): void {
    if (flushTimer === undefined && queue.length > 0) flushTimer = setTimeout(flush, L.flushIntervalMs);
  }

  function clearFlushTimer(): void {
    if (flushTimer !== undefined) clearTimeout(flushTimer);
    flushTimer = undefined;
  }

  function listenForUnload(): void {
    if (removeListeners || typeof window === 'undefined') return;
    const onPageHide = () => flushOnUnload();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flushOnUnload();
    };
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibility);
    removeListeners = () => {
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }

  /** Whether the server took the batch, or it failed in a way a retry can fix (`retry`), or it never will. */
  async function post(events: SecurityEventInput[]): Promise<'ok' | 'retry' | 'drop'> {
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        credentials: 'same-origin',
        keepalive: true,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ events }),
        // A request that hangs must not hold the queue for ever.
        ...(typeof AbortSignal.timeout === 'function'
          ? { signal: AbortSignal.timeout(L.requestTimeoutMs) }
          : {}),
      });
      if (response.ok) return 'ok';
      devWarn(`Security events not accepted (${response.status})`);
      // A 4xx (invalid batch, rate limited) will fail the same way again.
      return response.status >= 500 ? 'retry' : 'drop';
    } catch (error) {
      devWarn('Security events could not be sent', error);
      return 'retry';
    }
  }

  function sendBatch(events: SecurityEventInput[]): void {
    inFlight = true;
    const started = generation;
    void post(events).then((outcome) => {
      if (started !== generation) return;
      if (outcome !== 'retry') return settle();
      retry = {
        events,
        timer: setTimeout(() => {
          retry = undefined;
          void post(events).then((second) => {
            if (started !== generation) return;
            if (second !== 'ok') devWarn(`Dropped ${events.length} security event(s) after one retry`);
            settle();
          });
        }, L.retryDelayMs),
      };
    });
  }

  /** The request is over: carry on with what queued up meanwhile. */
  function settle(): void {
    inFlight = false;
    if (queue.length >= L.batchSize || queue.some((e) => e.severity === 'critical')) flush();
    else scheduleFlush();
  }

  function flush(): void {
    try {
      clearFlushTimer();
      if (queue.length === 0 || inFlight) return;
      sendBatch(queue.splice(0, L.batchSize));
      scheduleFlush();
    } catch (error) {
      devWarn('Security events flush failed', error);
    }
  }

  function beacon(events: SecurityEventInput[]): void {
    const body = JSON.stringify({ events });
    let sent = false;
    try {
      sent =
        typeof navigator !== 'undefined' &&
        typeof navigator.sendBeacon === 'function' &&
        navigator.sendBeacon(endpoint, new Blob([body], { type: 'application/json' }));
    } catch {
      sent = false;
    }
    // No beacon (or the browser refused it): a keepalive fetch also outlives the page. No retry at unload.
    if (!sent) void post(events);
  }

  function flushOnUnload(): void {
    try {
      clearFlushTimer();
      if (retry) {
        clearTimeout(retry.timer);
        beacon(retry.events);
        retry = undefined;
        inFlight = false;
      }
      while (queue.length > 0) beacon(queue.splice(0, L.batchSize));
    } catch (error) {
      devWarn('Security events could not be sent at unload', error);
    }
  }

  function report(input: SecurityEventReport): void {
    try {
      const now = Date.now();
      const event = toEvent(input, now);
      if (isDuplicate(event, now)) return;
      listenForUnload();
      queue.push(event);
      if (queue.length > L.maxQueued) queue.splice(0, queue.length - L.maxQueued);
      if (event.severity === 'critical' && inFlight) {
        // Critical events do not wait for the request under way: sent at once on their own, without a retry.
        void post(queue.splice(0, L.batchSize));
      } else if (event.severity === 'critical' || queue.length >= L.batchSize) flush();
      else scheduleFlush();
    } catch (error) {
      devWarn('Security event not queued', error);
    }
  }

  function reset(): void {
    generation += 1;
    clearFlushTimer();
    if (retry) clearTimeout(retry.timer);
    retry = undefined;
    inFlight = false;
    queue = [];
    recent.clear();
    removeListeners?.();
    removeListeners = undefined;
  }

  return { report, flush, flushOnUnload, size: () => queue.length, reset };
}

const defaultQueue = createSecurityEventQueue();

/** Queues one security event for the server (REQ-SEC-08). Never throws. */
export function reportSecurityEvent(report: SecurityEventReport): void {
  defaultQueue.report(report);
}

/** Sends the queued events now. */
export function flushSecurityEvents(): void {
  defaultQueue.flush();
}

/** Empties the app's queue and removes its timers and listeners (test set-up). */
export function resetSecurityEvents(): void {
  defaultQueue.reset();
}
