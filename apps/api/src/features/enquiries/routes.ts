/**
 * `POST /api/enquiries` (REQ-ENQ-03, REQ-SEC-08): a visitor or signed-in user contacts the agent of a public listing.
 * REQ-ENQ-02 rules come from the shared {@link CreateEnquirySchema}; script-like content is refused and
 * logged as a high-severity `suspicious_activity` security event; requests are rate-limited per client IP. An
 * `Idempotency-Key` header makes a retry safe (REQ-ENQ-04, idempotency.ts): it replays the first answer.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { createRoute, OpenAPIHono, z, type Hook } from '@hono/zod-openapi';
import type { ZodError } from 'zod';
import { MESSAGES } from '@abode/shared/messages';
import { containsScript } from '@abode/shared/sanitise';
import {
  CONTACT_ERROR_PRIORITY,
  CONTACT_FIELDS,
  CreateEnquirySchema,
  ENQUIRY_MESSAGES,
  EnquiryCreatedSchema,
  IDEMPOTENT_REPLAYED_HEADER,
  IdempotencyKeySchema,
} from '@abode/shared/enquiries/enquiry.schema';
import type { AppEnv } from '#src/app-env.ts';
import { errorResponse, json, jsonBody } from '#src/lib/openapi.ts';
import { AppError } from '#src/errors/app-error.ts';
import { logSecurityEvent } from '#src/features/auth/security-log.ts';
import { checkRateLimit } from '#src/features/rate-limit/check-rate-limit.ts';
import { clientIp } from '#src/lib/client-ip.ts';
import { loadViewer } from '#src/middleware/auth.ts';
import { validationError } from '#src/middleware/error-handler.ts';
import { createEnquiry } from './create-enquiry.ts';
import {
  enquiryRequestHash,
  findAnswer,
  IDEMPOTENCY_TTL_MS,
  idempotencyScope,
  readIdempotencyKey,
  replayAnswer,
} from './idempotency.ts';

const MINUTE = 60_000;
/** Per client IP: 5 enquiries per 10 minutes, then blocked for 10 minutes (REQ-LIMIT-01 "rate-limited per IP"). */
export const ENQUIRY_RATE_LIMIT = { limit: 5, windowMs: 10 * MINUTE, blockMs: 10 * MINUTE } as const;
/** Audit metadata keeps at most this much of what was typed (never the whole payload). */
const AUDIT_SAMPLE_LENGTH = 200;

/** Counts every attempt (valid or not) so probing with bad payloads is limited too; answers 429 with Retry-After. */
const enquiryRateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const ip = clientIp(c);
  const now = c.var.now();
  const result = await checkRateLimit(c.var.db, { key: ip, action: 'enquiry', ...ENQUIRY_RATE_LIMIT, now });
  if (!result.allowed) {
    await logSecurityEvent(
      c.var.db,
      {
        action: 'rate_limit_exceeded',
        severity: 'medium',
        description: 'Too many enquiries from one IP address',
        metadata: { type: 'enquiry', limit: ENQUIRY_RATE_LIMIT.limit, windowMinutes: 10 },
        entityId: ip,
        ip,
        userAgent: c.req.header('user-agent'),
        now,
      },
      c.var.logger,
    );
    throw new AppError('RATE_LIMITED', ENQUIRY_MESSAGES.tooManyEnquiries, {
      retryAfterSeconds: result.retryAfterSeconds,
    });
  }
  await next();
};

/**
 * Answers a retry whose Idempotency-Key already holds the answer to the same request before the rate limit runs, so
 * a replay is not counted as another enquiry. Everything else (no key, a new key, another request with the key, a
 * body that does not validate) goes on to the rate limit and the route. Concurrent retries meet in the route's
 * transaction instead (create-enquiry.ts).
 * @throws AppError VALIDATION_ERROR (400) when the Idempotency-Key header is malformed.
 */
const replayStoredAnswer: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = readIdempotencyKey(c);
  if (key === undefined) return next();
  const viewer = await loadViewer(c);
  const stored = await findAnswer(c.var.db, idempotencyScope(viewer?.user.id ?? null), key, c.var.now());
  if (stored) {
    // Hono keeps the parsed body, so the route's validator reads it again without a second parse of the stream.
    const parsed = CreateEnquirySchema.safeParse(await c.req.json().catch(() => undefined));
    if (parsed.success && enquiryRequestHash(parsed.data) === stored.requestHash)
      return replayAnswer(c, stored, stored.requestHash);
  }
  await next();
};

/** The fields of a raw body that hold script-like strings (checked on the raw body, whatever else is wrong). */
function scriptedFields(body: unknown): { field: string; value: string }[] {
  if (!body || typeof body !== 'object') return [];
  const record = body as Record<string, unknown>;
  return CONTACT_FIELDS.flatMap((field) => {
    const value = record[field];
    return typeof value === 'string' && containsScript(value) ? [{ field, value }] : [];
  });
}

/** The first REQ-ENQ contact message among the issues, else the generic validation error. */
function contactValidationError(error: ZodError): AppError {
  const details = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const message = CONTACT_ERROR_PRIORITY.find((m) => error.issues.some((i) => i.message === m));
  return message ? new AppError('VALIDATION_ERROR', message, { details }) : validationError(error);
}

/**
 * Like the shared `validationHook`, but passes the REQ-SEC-06 contact messages through as `error.message` (as the
 * shared hook does for the price-range message), and logs script-like content as a security event.
 */
const enquiryValidationHook: Hook<unknown, AppEnv, string, unknown> = async (result, c) => {
  // zod-validator passes the raw body as `data` on failure too (the hook's type only declares it on success).
  const raw = (result as { data?: unknown }).data;
  const scripted = scriptedFields(raw);
  if (scripted.length) {
    await logSuspiciousContent(c, scripted, raw);
    throw new AppError('VALIDATION_ERROR', MESSAGES.contactInvalidContent, {
      details: scripted.map(({ field }) => ({ path: field, message: MESSAGES.contactInvalidContent })),
    });
  }
  if (!result.success) throw contactValidationError(result.error);
};

async function logSuspiciousContent(
  c: Context<AppEnv>,
  scripted: { field: string; value: string }[],
  body: unknown,
): Promise<void> {
  const ip = clientIp(c);
  const propertyId = (body as { propertyId?: unknown }).propertyId;
  const viewer = await loadViewer(c).catch(() => null);
  await logSecurityEvent(
    c.var.db,
    {
      action: 'suspicious_activity',
      severity: 'high',
      description: 'Script-like content in an enquiry',
      metadata: {
        type: 'enquiry',
        fields: scripted.map((s) => s.field),
        propertyId: typeof propertyId === 'string' ? propertyId.slice(0, 64) : null,
        // An excerpt helps an admin judge the attempt; the rest of the payload is never kept.
        sample: scripted[0]!.value.slice(0, AUDIT_SAMPLE_LENGTH),
      },
      entityId: typeof propertyId === 'string' && propertyId ? propertyId.slice(0, 64) : ip,
      userId: viewer?.user.id ?? null,
      ip,
      userAgent: c.req.header('user-agent'),
      now: c.var.now(),
    },
    c.var.logger,
  );
}

const createEnquiryRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['Enquiries'],
  summary: 'Contact the agent of a public listing',
  description:
    'Stores an enquiry (status `new`) for the listing’s branch and e-mails the branch, and the listing’s ' +
    'negotiator when it has one (the enquiry is then assigned to them). Optional `viewingTimes` (up to 3 ' +
    '`{ date, period }`, a day from tomorrow to 60 days ahead and morning, afternoon or evening) and, for a sale, ' +
    '`buyerPosition` (first-time-buyer, selling, sold-stc, mortgage-agreed-in-principle, cash-buyer) are stored ' +
    'and shown in the e-mail. Works signed out; a ' +
    'signed-in user’s id is recorded. REQ-ENQ-02: name, e-mail and message are required (' +
    "'Contact information is required'), the e-mail must be valid ('Invalid email format'), an optional phone " +
    "must be 5–20 characters after cleaning ('Phone number should be between 5-20 characters'), and script-like " +
    "content is refused ('Contact information contains invalid content') and logged. Rate limit: " +
    `${ENQUIRY_RATE_LIMIT.limit} requests per 10 minutes per IP. ` +
    'Optional `Idempotency-Key` header (8–128 printable ASCII characters; the SPA sends a UUID per submission): a ' +
    `request repeating a key used in the last ${IDEMPOTENCY_TTL_MS / 3_600_000} hours by the same caller (the ` +
    'signed-in user, else anyone signed out) with the same contact data gets the first answer again, with ' +
    '`Idempotent-Replayed: true`, makes no second enquiry and is not counted by the rate limit; concurrent ' +
    'requests with one key make one enquiry. The key with different data is refused with 409. Refused requests ' +
    '(400, 404, 429) do not use up their key.',
  middleware: [replayStoredAnswer, enquiryRateLimit] as const,
  request: {
    headers: z.object({
      'idempotency-key': IdempotencyKeySchema.optional().describe(
        'Makes a retry of this request safe: the same key and data answer with the first answer.',
      ),
    }),
    body: jsonBody(CreateEnquirySchema),
  },
  responses: {
    201: {
      ...json(EnquiryCreatedSchema, 'The enquiry was stored (or, for a repeated Idempotency-Key, had been)'),
      headers: {
        [IDEMPOTENT_REPLAYED_HEADER]: {
          description: '`true` when this is the stored answer to an earlier request with the same key',
          schema: { type: 'string' as const, enum: ['true'] },
        },
      },
    },
    400: errorResponse(
      'A contact-data message (REQ-ENQ-02), or the generic validation message (also for a malformed Idempotency-Key)',
    ),
    404: errorResponse(
      "The listing does not exist or is not public ('This property is no longer available.'), or an admin " +
        "suspended its agent ('This agent is not taking enquiries at the moment. Please try again later.')",
    ),
    409: errorResponse(
      `'${ENQUIRY_MESSAGES.idempotencyKeyReused}': the Idempotency-Key was used with other data`,
    ),
    429: errorResponse("'Too many enquiries. Please try again later.' with Retry-After"),
  },
});

export const enquiryRoutes = new OpenAPIHono<AppEnv>({ defaultHook: enquiryValidationHook }).openapi(
  createEnquiryRoute,
  async (c) => {
    const viewer = await loadViewer(c);
    const userId = viewer?.user.id ?? null;
    const input = c.req.valid('json');
    const key = readIdempotencyKey(c);
    const claim =
      key === undefined
        ? undefined
        : { scope: idempotencyScope(userId), key, requestHash: enquiryRequestHash(input) };
    const result = await createEnquiry(c.var.db, input, {
      userId,
      publicOrigin: c.var.publicUrl,
      mail: c.var.mail,
      logger: c.var.logger,
      idempotency: claim ? { claim, now: c.var.now() } : undefined,
    });
    if (result.kind === 'stored') return replayAnswer(c, result.answer, enquiryRequestHash(input));
    return c.json(result.enquiry, 201);
  },
);
