/**
 * The REQ-MSG-01 error catalogue in the SPA: any failure → its category, the category's safe message and, when it is
 * safe to show, a code. The API maps its own failures with the same texts (`MESSAGES` in packages/shared), so a
 * person reads the same words whichever side noticed the problem.
 *
 * Pure and tiny (first bundle): it reads errors by shape, not by class.
 */
import { MESSAGES } from '@abode/shared/messages';

export type ErrorCategory =
  'validation' | 'authentication' | 'authorization' | 'network' | 'server' | 'unknown';

export interface CatalogueError {
  category: ErrorCategory;
  /** The REQ-MSG-01 of the category. */
  message: string;
  /** Only a 3-digit code (e.g. '503') or an upper-case one (e.g. 'VALIDATION_ERROR'); anything else is dropped. */
  code?: string;
}

/** REQ-MSG-04: only 3-digit or upper-case codes are exposed. */
export function safeErrorCode(code: unknown): string | undefined {
  if (typeof code === 'number') code = String(code);
  if (typeof code !== 'string') return undefined;
  return /^\d{3}$/.test(code) || /^[A-Z][A-Z0-9_]{0,63}$/.test(code) ? code : undefined;
}

const KEYWORDS: readonly [ErrorCategory, RegExp][] = [
  [
    'network',
    /network|failed to fetch|fetch failed|load failed|timed? ?out|offline|connection|dynamically imported module/i,
  ],
  [
    'authentication',
    /unauthori[sz]ed|unauthenticated|not authenticated|authentication|credentials|jwt|session|sign(ed)? ?in|log(ged)? ?in/i,
  ],
  ['authorization', /forbidden|permission|not allowed|access denied|authori[sz]ation/i],
  ['validation', /validation|invalid|required|must be|bad request/i],
  ['server', /server error|internal error|service unavailable|bad gateway/i],
];

function field(error: unknown, name: string): unknown {
  return error !== null && typeof error === 'object' ? (error as Record<string, unknown>)[name] : undefined;
}

function statusOf(error: unknown): number | undefined {
  const status = field(error, 'status') ?? field(error, 'statusCode');
  return typeof status === 'number' && Number.isInteger(status) ? status : undefined;
}

function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  const message = field(error, 'message');
  return typeof message === 'string' ? message : '';
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** The category by status 401, 403 or 400 (and 0, ≥ 500), then by being offline, then by message keywords. */
export function errorCategory(error: unknown): ErrorCategory {
  const status = statusOf(error);
  if (status === 400 || status === 422) return 'validation';
  if (status === 401) return 'authentication';
  if (status === 403) return 'authorization';
  if (status === 0) return 'network';
  if (status !== undefined && status >= 500) return 'server';
  if (isOffline()) return 'network';
  const message = messageOf(error);
  for (const [category, pattern] of KEYWORDS) if (pattern.test(message)) return category;
  return 'unknown';
}

function hasDetails(error: unknown): boolean {
  const details = field(error, 'details');
  return Array.isArray(details) ? details.length > 0 : details !== undefined && details !== null;
}

/** Maps any failure to its REQ-MSG-01 category, safe message and exposable code. */
export function catalogueError(error: unknown): CatalogueError {
  const category = errorCategory(error);
  let message: string = MESSAGES[category];
  if (category === 'validation' && hasDetails(error)) message = `${message} ${MESSAGES.validationDetails}`;
  const status = statusOf(error);
  const code =
    safeErrorCode(field(error, 'code')) ?? (status && status >= 100 ? safeErrorCode(status) : undefined);
  return code === undefined ? { category, message } : { category, message, code };
}
