/**
 * `POST /api/security-events` (REQ-SEC-08, REQ-SEC-09): the SPA's queue
 * of security events arrives here in batches (every 30 s, at 10 queued, on page unload through
 * `navigator.sendBeacon`, critical events at once). Each event is validated ({@link SecurityEventBatchSchema}: only
 * the types a browser may report, at most 10 a batch, small metadata), sanitised and stored in `audit_logs` with the
 * server's view of the IP address, user agent and signed-in user (store-security-events.ts). Anyone may post, so
 * a claimed `high` or `critical` severity is stored as `medium`, marked `clientReported` (REQ-LIMIT-01).
 *
 * sendBeacon cannot always send `application/json`, so a `text/plain` body holding the same JSON is accepted too.
 * Rate-limited per client IP: 30 batches a minute, then 429 with `Retry-After` (the first refusal is logged).
 */
import { randomUUID } from 'node:crypto';
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MESSAGES } from '@abode/shared/messages';
import {
  SECURITY_EVENT_QUEUE,
  SecurityEventAcceptedSchema,
  SecurityEventBatchSchema,
  type SecurityEventBatch,
} from '@abode/shared/security/security-event.schema';
import type { AppEnv } from '#src/app-env.ts';
import { AppError } from '#src/errors/app-error.ts';
import { logSecurityEvent } from '#src/features/auth/security-log.ts';
import { checkRateLimit } from '#src/features/rate-limit/check-rate-limit.ts';
import { rateLimitError } from '#src/features/rate-limit/rate-limit-error.ts';
import { clientIp } from '#src/lib/client-ip.ts';
import { errorResponse, json } from '#src/lib/openapi.ts';
import { loadViewer } from '#src/middleware/auth.ts';
import { validationError } from '#src/middleware/error-handler.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';
import { storeSecurityEvents } from './store-security-events.ts';

/** Per client IP: 30 batches per minute (three times what one open page sends in a busy minute). */
export const SECURITY_EVENTS_RATE_LIMIT = { limit: 30, windowMs: 60_000 } as const;
/** Largest body read, in bytes: sendBeacon's own limit; a full batch is far smaller. */
export const SECURITY_EVENTS_MAX_BODY_BYTES = 64 * 1024;

const limitPerIp: MiddlewareHandler<AppEnv> = async (c, next) => {
  const ip = clientIp(c);
  const now = c.var.now();
  const result = await checkRateLimit(c.var.db, {
    key: `ip:${ip}`,
    action: 'security_events',
    ...SECURITY_EVENTS_RATE_LIMIT,
    now,
  });
  if (!result.allowed) {
    if (result.firstRefusal)
      void logSecurityEvent(
        c.var.db,
        {
          action: 'rate_limit_exceeded',
          severity: 'medium',
          description: 'Too many security event reports from one IP address',
          metadata: { type: 'security_events', count: result.count, limit: result.limit, window: 60 },
          entityId: randomUUID(),
          ip,
          userAgent: c.req.header('user-agent'),
          now,
        },
        c.var.logger,
      );
    throw rateLimitError(result);
  }
  await next();
};

const limitBody = bodyLimit({
  maxSize: SECURITY_EVENTS_MAX_BODY_BYTES,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.validation);
  },
});

const reportRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['Security'],
  summary: 'Report security events from the browser',
  description:
    `A batch of 1 to ${SECURITY_EVENT_QUEUE.maxQueued} events (types \`suspicious_activity\` and \`data_access\` ` +
    'only: auth attempts, rate limits and admin actions are recorded by the server itself). Each is stored in ' +
    "audit_logs with the server's own view of the IP address, user agent and signed-in user (the session is " +
    "optional), the server's time as `timestamp` and the browser's as `clientTimestamp`; the description and " +
    'metadata text are sanitised. The stored severity is at most `medium` (a claimed `high` or `critical` is kept ' +
    'as `clientSeverity`), and every such row carries `clientReported: true`. `application/json`, or `text/plain` ' +
    'holding the same JSON (navigator.sendBeacon). ' +
    'At most 64 KB; 30 batches per minute per client IP.',
  middleware: [limitPerIp, limitBody] as const,
  request: {
    body: {
      content: {
        'application/json': { schema: SecurityEventBatchSchema },
        'text/plain': { schema: SecurityEventBatchSchema },
      },
      // Not `required`: a text/plain body is parsed by the handler (zod-openapi validates JSON bodies only).
      required: false,
    },
  },
  responses: {
    202: json(SecurityEventAcceptedSchema, 'Stored'),
    400: errorResponse(
      'Not a valid batch: unknown or server-only type, too many events, metadata too large…',
    ),
    413: errorResponse('Body over 64 KB'),
    415: errorResponse('Neither application/json nor text/plain'),
    429: errorResponse('Too many batches from this IP address (Retry-After)'),
  },
});

/** The batch of a text/plain body, validated like a JSON one. */
function parseTextBatch(text: string): SecurityEventBatch {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw AppError.validation();
  }
  const parsed = SecurityEventBatchSchema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

export const securityEventRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  reportRoute,
  async (c) => {
    const isJson = /^application\/(.+\+)?json/i.test(c.req.header('content-type') ?? '');
    const batch = isJson ? c.req.valid('json') : parseTextBatch(await c.req.text());
    // zod-openapi passes an empty object when a JSON body was optional and absent.
    if (!batch.events) throw AppError.validation();
    const viewer = await loadViewer(c).catch(() => null);
    const accepted = await storeSecurityEvents(c.var.db, batch.events, {
      ip: clientIp(c),
      userAgent: c.req.header('user-agent'),
      userId: viewer?.user.id ?? null,
      now: c.var.now(),
    });
    c.header('Cache-Control', 'no-store');
    return c.json({ accepted }, 202);
  },
);
