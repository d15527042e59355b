/**
 * The error handler (REQ-MSG-04): only upper-case codes and the safe messages leave the server, and an
 * unhandled error is logged to audit_logs as high-severity suspicious activity (never its message or stack).
 */
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_STATUS, type ErrorCode } from '@abode/shared/errors';
import { MESSAGES } from '@abode/shared/messages';
import type { AppEnv } from '#src/app-env.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { auditLogs } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { createLogger } from '#src/lib/logger.ts';
import { readJson } from '#src/testing/http.ts';
import { closeAfterEventWrites } from '#src/testing/proxied-app.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { authDatabaseUnavailable, handleError } from './error-handler.ts';

let handle: DatabaseHandle;
const now = new Date('2026-11-22T10:00:00Z');
const SAFE_MESSAGES = new Set<string>(Object.values(MESSAGES).filter((m) => typeof m === 'string'));

function appThrowing(error: () => Error) {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('db', handle.db);
    c.set('logger', createLogger('silent'));
    c.set('requestId', 'req-123');
    c.set('now', () => now);
    c.set('trustProxy', { hops: 1 });
    await next();
  });
  app.onError(handleError);
  app.post('/api/boom', () => {
    throw error();
  });
  return app;
}

const call = (app: Hono<AppEnv>, ip = '203.0.113.77') =>
  app.request('/api/boom', { method: 'POST', headers: { 'X-Forwarded-For': ip, 'User-Agent': 'vitest' } });

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => closeAfterEventWrites(handle));

test('an unhandled error: 500 with the server message, logged as suspicious_activity (high)', async () => {
  const ip = '203.0.113.50';
  const res = await call(
    appThrowing(() => new TypeError('secret detail: password=hunter2')),
    ip,
  );
  expect(res.status).toBe(500);
  const text = await res.text();
  expect(JSON.parse(text)).toEqual({ error: { code: 'INTERNAL_ERROR', message: MESSAGES.server } });
  expect(text).not.toContain('hunter2');
  await vi.waitFor(async () =>
    expect(await handle.db.select().from(auditLogs).where(eq(auditLogs.ipAddress, ip))).toHaveLength(1),
  );
  const [row] = await handle.db.select().from(auditLogs).where(eq(auditLogs.ipAddress, ip));
  expect(row).toMatchObject({
    entityType: 'security_event',
    action: 'suspicious_activity',
    userAgent: 'vitest',
  });
  expect(row!.afterData).toMatchObject({
    severity: 'high',
    metadata: {
      type: 'unhandled_error',
      method: 'POST',
      path: '/api/boom',
      requestId: 'req-123',
      error: 'TypeError',
    },
    timestamp: now.toISOString(),
  });
  expect(JSON.stringify(row!.afterData)).not.toContain('hunter2');
});

test('a handled AppError is not logged as unhandled', async () => {
  const ip = '203.0.113.51';
  const res = await call(
    appThrowing(() => AppError.validation()),
    ip,
  );
  expect(res.status).toBe(400);
  await new Promise((r) => setTimeout(r, 50));
  expect(await handle.db.select().from(auditLogs).where(eq(auditLogs.ipAddress, ip))).toHaveLength(0);
});

test.each(Object.keys(ERROR_STATUS) as ErrorCode[])('AppError %s keeps its upper-case code', async (code) => {
  const res = await call(appThrowing(() => new AppError(code, MESSAGES.validation)));
  expect(res.status).toBe(ERROR_STATUS[code]);
  const body = await readJson(res);
  expect(body.error.code).toBe(code);
  expect(body.error.code).toMatch(/^[A-Z][A-Z_]*$/);
});

test.each([
  [400, 'VALIDATION_ERROR', MESSAGES.validation],
  [401, 'UNAUTHENTICATED', MESSAGES.authentication],
  [403, 'FORBIDDEN', MESSAGES.authorization],
  [404, 'NOT_FOUND', MESSAGES.notFound],
  [413, 'PAYLOAD_TOO_LARGE', MESSAGES.validation],
  [415, 'VALIDATION_ERROR', MESSAGES.validation],
  [429, 'RATE_LIMITED', MESSAGES.tooManyRequests],
])('a framework HTTPException %i becomes %s with a safe message', async (status, code, message) => {
  const res = await call(
    appThrowing(() => new HTTPException(status as ContentfulStatusCode, { message: 'raw framework text' })),
  );
  expect(res.status).toBe(status);
  const body = await readJson(res);
  expect(body).toEqual({ error: { code, message } });
  expect(SAFE_MESSAGES.has(body.error.message)).toBe(true);
});

test('a 5xx HTTPException is treated as unhandled: 500 and the server message', async () => {
  const res = await call(appThrowing(() => new HTTPException(502, { message: 'upstream said no' })));
  expect(res.status).toBe(500);
  expect(await readJson(res)).toEqual({ error: { code: 'INTERNAL_ERROR', message: MESSAGES.server } });
});

test.each([
  ['year 0 (22008 datetime_field_overflow)', "SELECT '0000-01-01'::date"],
  ['30 February (22008)', "SELECT '2026-02-30'::date"],
  ['a timestamp past its range (22008)', "SELECT '294277-01-01'::timestamptz"],
  ['not a date at all (22007 invalid_datetime_format)', "SELECT 'soon'::date"],
  ['year 10000 as JavaScript writes it (22009)', "SELECT '+010000-01-01T00:00:00.000Z'::timestamptz"],
])('a date PostgreSQL cannot store is a 400, not a 500: %s', async (_, query) => {
  const app = appThrowing(() => new Error('unused'));
  app.post('/api/date', async (c) => {
    await c.var.db.execute(sql.raw(query));
    return c.body(null, 204);
  });
  const res = await app.request('/api/date', { method: 'POST' });
  expect(res.status).toBe(400);
  expect(await readJson(res)).toEqual({ error: { code: 'VALIDATION_ERROR', message: MESSAGES.validation } });
});

test('a 429 AppError carries Retry-After', async () => {
  const res = await call(
    appThrowing(() => new AppError('RATE_LIMITED', MESSAGES.tooManyRequests, { retryAfterSeconds: 42 })),
  );
  expect(res.status).toBe(429);
  expect(res.headers.get('Retry-After')).toBe('42');
});

test('an unreachable database is a 503 with the server message, however deeply the driver error is wrapped', async () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  const drizzle = new Error('Failed query: select 1', { cause: refused });
  // better-auth's getSession wraps Drizzle's error once more (seen in `npm run test:soak` with PostgreSQL stopped).
  const betterAuth = new Error('Failed to get session', { cause: drizzle });
  for (const error of [refused, drizzle, betterAuth]) {
    const res = await call(appThrowing(() => error));
    expect(res.status).toBe(503);
    expect(await readJson(res)).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: MESSAGES.server } });
  }
});

test("better-auth's own 500 under /api/auth is a 503 while the database is down, and stays a 500 otherwise", async () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  const downDb = {
    execute: () => Promise.reject(new Error('Failed query: SELECT 1', { cause: refused })),
  } as unknown as DatabaseHandle['db'];
  const appWith = (db: DatabaseHandle['db']) => {
    const app = new Hono<AppEnv>();
    app.use('*', async (c, next) => {
      c.set('db', db);
      c.set('logger', createLogger('silent'));
      await next();
    });
    app.use('/api/auth/*', authDatabaseUnavailable);
    // What better-auth answers when its adapter's query fails.
    app.post('/api/auth/sign-in/email', (c) => c.json({ code: 'INTERNAL_SERVER_ERROR', message: 'x' }, 500));
    return app;
  };
  const down = await appWith(downDb).request('/api/auth/sign-in/email', { method: 'POST' });
  expect(down.status).toBe(503);
  expect(await readJson(down)).toEqual({
    code: 'SERVICE_UNAVAILABLE',
    message: MESSAGES.server,
    error: { code: 'SERVICE_UNAVAILABLE', message: MESSAGES.server },
  });
  const up = await appWith(handle.db).request('/api/auth/sign-in/email', { method: 'POST' });
  expect(up.status).toBe(500);
});
