/**
 * `POST /api/security-events` over HTTP on a real database (REQ-SEC-08): stored in audit_logs with the server's view of
 * IP, user agent and user; JSON and sendBeacon's text/plain; forged server-only types, oversized batches and metadata
 * refused; script in a description stored without `<`/`>`; the per-IP rate limit; the OpenAPI entry.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@abode/shared/messages';
import type { SecurityEventInput } from '@abode/shared/security/security-event.schema';
import type { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { auditLogs } from '#src/db/schema.ts';
import { ORIGIN, signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { readJson } from '#src/testing/http.ts';
import { addressesFrom, closeAfterEventWrites, openProxiedApp } from '#src/testing/proxied-app.ts';
import { SECURITY_EVENTS_RATE_LIMIT } from './routes.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
const clock = new Date('2026-11-22T10:00:00Z');

const nextIp = addressesFrom('203.0.113.');

const event = (o: Partial<SecurityEventInput> = {}): SecurityEventInput => ({
  type: 'suspicious_activity',
  severity: 'medium',
  description: 'Page not found: /admin/secret',
  metadata: { path: '/admin/secret' },
  timestamp: '2026-11-22T09:59:58.000Z',
  ...o,
});

function send(
  body: unknown,
  o: { ip?: string; cookie?: string; type?: string; raw?: string; headers?: Record<string, string> } = {},
) {
  return app.request('/api/security-events', {
    method: 'POST',
    headers: {
      'Content-Type': o.type ?? 'application/json',
      Origin: ORIGIN,
      'User-Agent': 'Mozilla/5.0 (vitest)',
      'X-Forwarded-For': o.ip ?? nextIp(),
      ...(o.cookie ? { Cookie: o.cookie } : {}),
      ...o.headers,
    },
    body: o.raw ?? JSON.stringify(body),
  });
}

const rowsFrom = (ip: string) => handle.db.select().from(auditLogs).where(eq(auditLogs.ipAddress, ip));

beforeAll(async () => {
  // Each test picks its client address; the stored one must be the server's view of it.
  ({ handle, app } = await openProxiedApp(() => clock));
});
afterAll(() => closeAfterEventWrites(handle));

describe('storing', () => {
  test('202 { accepted }; one audit_logs row per event with server IP, user agent, time and the client time', async () => {
    const ip = nextIp();
    const res = await send(
      {
        events: [
          event({ metadata: { path: '/admin/secret', ip_address: '10.9.9.9' } }),
          event({ type: 'data_access', severity: 'low', description: 'Viewed saved searches', metadata: {} }),
        ],
      },
      { ip },
    );
    expect(res.status).toBe(202);
    expect(await readJson(res)).toEqual({ accepted: 2 });
    const rows = await rowsFrom(ip);
    expect(rows).toHaveLength(2);
    const stored = rows.find((r) => r.action === 'suspicious_activity')!;
    expect(stored).toMatchObject({
      entityType: 'security_event',
      beforeData: null,
      userId: null,
      ipAddress: ip,
      userAgent: 'Mozilla/5.0 (vitest)',
    });
    expect(stored.entityId).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[0]!.entityId).not.toBe(rows[1]!.entityId);
    expect(stored.afterData).toEqual({
      severity: 'medium',
      description: 'Page not found: /admin/secret',
      // A claimed address stays a claim inside metadata; the row's ip_address is the server's.
      metadata: { path: '/admin/secret', ip_address: '10.9.9.9' },
      timestamp: clock.toISOString(),
      clientTimestamp: '2026-11-22T09:59:58.000Z',
      clientReported: true,
      clientSeverity: 'medium',
    });
  });

  test('a claimed high or critical severity is stored as medium, marked client-reported, claim kept', async () => {
    const ip = nextIp();
    const claimed = ['low', 'medium', 'high', 'critical'] as const;
    const res = await send(
      {
        events: claimed.map((severity) =>
          // A claim inside metadata does not unmark the row either.
          event({ severity, description: `claimed ${severity}`, metadata: { clientReported: false } }),
        ),
      },
      { ip },
    );
    expect(res.status).toBe(202);
    const stored = Object.fromEntries(
      (await rowsFrom(ip)).map((r) => {
        const data = r.afterData as { description: string };
        return [data.description, r.afterData];
      }),
    );
    for (const [severity, expected] of [
      ['low', 'low'],
      ['medium', 'medium'],
      ['high', 'medium'],
      ['critical', 'medium'],
    ] as const)
      expect(stored[`claimed ${severity}`]).toMatchObject({
        severity: expected,
        clientSeverity: severity,
        clientReported: true,
        metadata: { clientReported: false },
      });

    // The admin audit log filters and the dashboard's high/critical panel see them as medium.
    const admin = await signedInUser(app, handle.db, { admin: 'admin' });
    const found = async (severity: string) => {
      const res = await app.request(`/api/admin/audit-logs?severity=${severity}&q=claimed%20critical`, {
        headers: { Cookie: admin.cookie, 'X-Forwarded-For': ip },
      });
      expect(res.status).toBe(200);
      const body = (await readJson(res)) as { items: { severity: string | null }[] };
      return body.items.map((i) => i.severity);
    };
    expect(await found('critical')).toEqual([]);
    expect(await found('medium')).toEqual(['medium']);
  });

  test('the signed-in user is stamped by the server; a claimed user_id in the body is ignored', async () => {
    const user = await signedInUser(app, handle.db);
    const ip = nextIp();
    const res = await send(
      { events: [{ ...event(), user_id: 'someone-else', ip_address: '10.0.0.1' }] },
      { ip, cookie: user.cookie },
    );
    expect(res.status).toBe(202);
    const [row] = await rowsFrom(ip);
    expect(row).toMatchObject({ userId: user.userId, ipAddress: ip });
  });

  test('text/plain carrying JSON is accepted (navigator.sendBeacon)', async () => {
    const ip = nextIp();
    const res = await send({ events: [event()] }, { ip, type: 'text/plain;charset=UTF-8' });
    expect(res.status).toBe(202);
    expect(await readJson(res)).toEqual({ accepted: 1 });
    expect(await rowsFrom(ip)).toHaveLength(1);
  });

  test('script in the description and metadata is stored without < and >', async () => {
    const ip = nextIp();
    const res = await send(
      {
        events: [
          event({
            description: '<script>alert(1)</script> in the search box',
            metadata: {
              '<b>key': '<img src=x onerror=alert(1)>',
              nested: { list: ['<i>x</i>', 3, true, null] },
            },
          }),
        ],
      },
      { ip },
    );
    expect(res.status).toBe(202);
    const [row] = await rowsFrom(ip);
    const data = row!.afterData as { description: string; metadata: Record<string, unknown> };
    expect(data.description).toBe('scriptalert(1)/script in the search box');
    expect(JSON.stringify(data.metadata)).not.toMatch(/[<>]/);
    expect(data.metadata).toEqual({
      bkey: 'img src=x onerror=alert(1)',
      nested: { list: ['ix/i', 3, true, null] },
    });
  });
});

describe('refused', () => {
  test.each([
    ['auth_attempt', { events: [event({ type: 'auth_attempt' as never })] }],
    ['admin_action', { events: [event({ type: 'admin_action' as never })] }],
    ['rate_limit_exceeded', { events: [event({ type: 'rate_limit_exceeded' as never })] }],
    ['11 events', { events: Array.from({ length: 11 }, () => event()) }],
    ['no events', { events: [] }],
    ['metadata over 2 KB', { events: [event({ metadata: { blob: 'x'.repeat(2100) } })] }],
    ['an unknown severity', { events: [event({ severity: 'urgent' as never })] }],
    ['a description over 500 characters', { events: [event({ description: 'x'.repeat(501) })] }],
    ['a bad timestamp', { events: [event({ timestamp: 'yesterday' })] }],
    ['no body at all', undefined],
  ])('%s: 400 with the validation message, nothing stored', async (_name, body) => {
    const ip = nextIp();
    const res = await send(body, { ip, ...(body === undefined ? { raw: '' } : {}) });
    expect(res.status).toBe(400);
    expect(await readJson(res)).toMatchObject({
      error: { code: 'VALIDATION_ERROR', message: MESSAGES.validation },
    });
    expect(await rowsFrom(ip)).toHaveLength(0);
  });

  test.each([
    ['application/json', 'forged'],
    ['text/plain', JSON.stringify({ events: [event({ type: 'admin_action' as never })] })],
    ['text/plain', 'not json'],
  ])('a bad %s body is a 400', async (type, raw) => {
    const res = await send(undefined, { type, raw });
    expect(res.status).toBe(400);
    expect(await readJson(res)).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
  });

  test('a body over 64 KB is a 413; another media type a 415', async () => {
    const big = await send(undefined, {
      raw: JSON.stringify({ events: [event()], pad: 'x'.repeat(70_000) }),
    });
    expect(big.status).toBe(413);
    expect(await readJson(big)).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    const form = await send(undefined, { type: 'application/x-www-form-urlencoded', raw: 'events=1' });
    expect(form.status).toBe(415);
    expect((await readJson(form)).error.code).toMatch(/^[A-Z_]+$/);
  });
});

test('rate-limited per IP: 30 batches a minute, then 429 with Retry-After (logged once)', async () => {
  const ip = nextIp();
  const statuses: number[] = [];
  for (let i = 0; i < SECURITY_EVENTS_RATE_LIMIT.limit + 2; i++)
    statuses.push((await send({ events: [event()] }, { ip })).status);
  expect(statuses.slice(0, 30)).toEqual(Array(30).fill(202));
  expect(statuses.slice(30)).toEqual([429, 429]);
  const refused = await send({ events: [event()] }, { ip });
  expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/);
  expect(await readJson(refused)).toEqual({
    error: { code: 'RATE_LIMITED', message: MESSAGES.tooManyRequests },
  });
  await new Promise((r) => setTimeout(r, 50));
  const rows = await rowsFrom(ip);
  expect(rows.filter((r) => r.action === 'suspicious_activity')).toHaveLength(30);
  expect(rows.filter((r) => r.action === 'rate_limit_exceeded')).toHaveLength(1);
});

test('documented in the OpenAPI document with both media types', async () => {
  const doc = await readJson(await app.request('/api/openapi.json'));
  const post = doc.paths['/api/security-events'].post;
  expect(Object.keys(post.requestBody.content)).toEqual(['application/json', 'text/plain']);
  expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['202', '400', '429']));
});
