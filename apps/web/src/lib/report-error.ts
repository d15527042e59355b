/**
 * Errors as security events (REQ-MSG-12): every handled error is a medium-severity suspicious-activity event; unhandled
 * errors (window 'error', 'unhandledrejection', the route error boundary) are high-severity ones (REQ-MSG-12 'Logged
 * only'). Each error object is reported once, whichever of these sees it first.
 */
import { CancelledError } from '@tanstack/react-query';
import { catalogueError, type CatalogueError } from '#src/lib/error-catalogue.ts';
import { reportSecurityEvent, SECURITY_EVENTS_ENDPOINT } from '#src/lib/security-events.ts';

const reported = new WeakSet<object>();

/** Marks an error as reported; false when it already was (or is not worth reporting). */
function claim(error: unknown): boolean {
  if (error !== null && typeof error === 'object') {
    if (reported.has(error)) return false;
    reported.add(error);
  }
  return true;
}

/** An abort (a newer search replaced this one, the page moved on) or a cancelled query is not a failure. */
export function isAbort(error: unknown): boolean {
  if (error instanceof CancelledError) return true;
  if (error === null || typeof error !== 'object') return false;
  const { name } = error as { name?: unknown };
  return name === 'AbortError' || name === 'TimeoutError';
}

function currentPath(): string | undefined {
  return typeof location === 'undefined' ? undefined : location.pathname;
}

/** First line of a text, shortened: no stack traces leave the browser. */
export function firstLine(text: string, max = 200): string {
  return (text.split('\n', 1)[0] ?? '').trim().slice(0, max);
}

function describe(error: unknown): string {
  if (error instanceof Error) return firstLine(error.message) || error.name;
  if (typeof error === 'string') return firstLine(error);
  const message =
    error !== null && typeof error === 'object' ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? firstLine(message) : firstLine(String(error));
}

/**
 * Reports an error the app handled (a message was shown, a fallback rendered) and returns its catalogue entry.
 * `context` says where (e.g. `{ source: 'api', method: 'GET', endpoint: '/api/properties' }`): no bodies, no ids
 * of people. Failures of the security-events endpoint itself are never reported (that could loop).
 */
export function reportHandledError(
  error: unknown,
  context: { source: string; endpoint?: string } & Record<string, unknown>,
): CatalogueError {
  const entry = catalogueError(error);
  try {
    if (isAbort(error) || context.endpoint?.startsWith(SECURITY_EVENTS_ENDPOINT) || !claim(error))
      return entry;
    const status = (error as { status?: unknown } | null)?.status;
    reportSecurityEvent({
      type: 'suspicious_activity',
      severity: 'medium',
      description: `Handled ${entry.category} error`,
      metadata: {
        ...context,
        category: entry.category,
        ...(entry.code ? { code: entry.code } : {}),
        ...(typeof status === 'number' ? { status } : {}),
        path: currentPath(),
      },
    });
  } catch {
    // Reporting must never turn a handled error into an unhandled one.
  }
  return entry;
}

/** Reports an error nothing handled: suspicious activity, severity high, 'Unhandled error: ' and its first line. */
export function reportUnhandledError(
  error: unknown,
  context: { source: string } & Record<string, unknown>,
): void {
  try {
    if (isAbort(error) || !claim(error)) return;
    const where = error instanceof Error ? firstStackFrame(error.stack) : undefined;
    reportSecurityEvent({
      type: 'suspicious_activity',
      severity: 'high',
      description: `Unhandled error: ${describe(error)}`,
      metadata: { ...(where ? { where } : {}), ...context, path: currentPath() },
    });
  } catch {
    // Never throw from an error handler.
  }
}

/** The first frame of a stack ('at render (…/app.js:1:2)'), shortened; the rest of the stack stays in the browser. */
function firstStackFrame(stack: string | undefined): string | undefined {
  const frame = stack
    ?.split('\n')
    .map((line) => line.trim())
    .find((line) => /^at\s|@/.test(line));
  return frame ? frame.slice(0, 200) : undefined;
}

/** Benign browser noise that is not an error of ours. */
const IGNORED = /ResizeObserver loop/i;

/**
 * Listens for errors and rejections nothing caught (REQ-MSG-12); returns a function that stops. Call
 * once where the app starts (AppProvider).
 */
export function installGlobalErrorReporting(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    const error: unknown = event.error ?? event.message;
    if (IGNORED.test(event.message ?? '')) return;
    const where = event.filename
      ? `${event.filename.slice(0, 150)}:${event.lineno}:${event.colno}`
      : undefined;
    reportUnhandledError(error, { source: 'window.error', ...(where ? { where } : {}) });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    reportUnhandledError(event.reason, { source: 'unhandledrejection' });
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
