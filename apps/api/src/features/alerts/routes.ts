/**
 * `/api/alerts`: the unsubscribe link of saved-search alert e-mails (REQ-CLIENT-10). It works signed out — the
 * saved search's `unsubscribe_token` is the secret — and only a POST changes anything, so a mail scanner that
 * follows links (GET) cannot unsubscribe anyone. Rate-limited per IP. Documented at /api/openapi.json.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { sql } from 'drizzle-orm';
import {
  ALERT_MESSAGES,
  UnsubscribeInputSchema,
  UnsubscribeQuerySchema,
  UnsubscribeResultSchema,
  type UnsubscribeResult,
} from '@abode/shared/alerts/alerts.schema';
import type { AppEnv } from '#src/app-env.ts';
import { queryRow } from '#src/db/query-rows.ts';
import { errorResponse, json, jsonBody } from '#src/lib/openapi.ts';
import { AppError } from '#src/errors/app-error.ts';
import { checkRateLimit } from '#src/features/rate-limit/check-rate-limit.ts';
import { clientIp } from '#src/lib/client-ip.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';
import { storedFilters } from '#src/features/client/saved-searches.ts';
import { savedSearchTitle } from '@abode/shared/search/describe-search';

/** Per IP: generous for people, a wall for anyone trying tokens (which are random UUIDs anyway). */
export const UNSUBSCRIBE_RATE_LIMIT = { limit: 30, windowMs: 10 * 60_000, blockMs: 10 * 60_000 } as const;

const okResponse = json(UnsubscribeResultSchema, 'The saved search of the token');

const commonErrors = {
  400: errorResponse('No token'),
  404: errorResponse('Unknown token'),
  429: errorResponse('Too many requests from this IP (Retry-After says when to try again)'),
};

const readRoute = createRoute({
  method: 'get',
  path: '/unsubscribe',
  tags: ['Alerts'],
  summary: 'Which saved search an unsubscribe link is for',
  description: 'Changes nothing (mail scanners follow links). Works signed out.',
  request: { query: UnsubscribeQuerySchema },
  responses: { 200: okResponse, ...commonErrors },
});

const unsubscribeRoute = createRoute({
  method: 'post',
  path: '/unsubscribe',
  tags: ['Alerts'],
  summary: 'Turn off e-mail alerts of a saved search',
  description: 'Sets `email_alerts` off for the saved search of the token. Idempotent; works signed out.',
  request: { body: jsonBody(UnsubscribeInputSchema) },
  responses: { 200: okResponse, ...commonErrors },
});

const oneClickRoute = createRoute({
  method: 'post',
  path: '/unsubscribe/one-click',
  tags: ['Alerts'],
  summary: 'One-click unsubscribe (RFC 8058)',
  description:
    'The `List-Unsubscribe` URL of alert e-mails: mail clients POST `List-Unsubscribe=One-Click` to it. Same effect as `POST /api/alerts/unsubscribe`; the body is ignored.',
  request: { query: UnsubscribeQuerySchema },
  responses: { 200: okResponse, ...commonErrors },
});

async function limitPerIp(c: Context<AppEnv>): Promise<void> {
  const result = await checkRateLimit(c.var.db, {
    key: clientIp(c),
    action: 'alerts-unsubscribe',
    ...UNSUBSCRIBE_RATE_LIMIT,
    now: c.var.now(),
  });
  if (!result.allowed)
    throw new AppError('RATE_LIMITED', ALERT_MESSAGES.tooManyRequests, {
      retryAfterSeconds: result.retryAfterSeconds,
    });
}

/** Tokens are UUIDs: one holding NUL (which PostgreSQL text cannot) is simply unknown, never a query error. */
function checkToken(token: string): void {
  if (token.includes('\u0000')) throw AppError.notFound(ALERT_MESSAGES.invalidToken);
}

async function findLabel(c: Context<AppEnv>, token: string): Promise<UnsubscribeResult> {
  checkToken(token);
  const row = await queryRow<SearchRow>(
    c.var.db,
    sql`SELECT label, search_params FROM saved_searches WHERE unsubscribe_token = ${token}`,
  );
  if (!row) throw AppError.notFound(ALERT_MESSAGES.invalidToken);
  return { label: titleOf(row) };
}

interface SearchRow {
  label: string;
  search_params: unknown;
}

/** The saved search's name as the e-mail gave it: pre-issue-#23 default labels read as the filters in words. */
function titleOf(row: SearchRow): string {
  const params = typeof row.search_params === 'string' ? JSON.parse(row.search_params) : row.search_params;
  return savedSearchTitle(row.label, storedFilters(params) ?? {});
}

async function unsubscribe(c: Context<AppEnv>, token: string): Promise<UnsubscribeResult> {
  checkToken(token);
  const now = c.var.now().toISOString();
  // Only a real change touches updated_at, so repeating the POST is a no-op.
  const row = await queryRow<SearchRow>(
    c.var.db,
    sql`
    UPDATE saved_searches
       SET email_alerts = false,
           updated_at = CASE WHEN email_alerts THEN ${now}::timestamptz ELSE updated_at END
     WHERE unsubscribe_token = ${token}
     RETURNING label, search_params`,
  );
  if (!row) throw AppError.notFound(ALERT_MESSAGES.invalidToken);
  c.var.logger.info('saved-search alerts switched off by unsubscribe link');
  return { label: titleOf(row) };
}

export const alertRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(readRoute, async (c) => {
    await limitPerIp(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await findLabel(c, c.req.valid('query').token), 200);
  })
  .openapi(unsubscribeRoute, async (c) => {
    await limitPerIp(c);
    return c.json(await unsubscribe(c, c.req.valid('json').token), 200);
  })
  .openapi(oneClickRoute, async (c) => {
    await limitPerIp(c);
    return c.json(await unsubscribe(c, c.req.valid('query').token), 200);
  });
