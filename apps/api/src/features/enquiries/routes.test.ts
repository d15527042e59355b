/**
 * `POST /api/enquiries` over HTTP on a real database (PGlite, or PostgreSQL 15 with TEST_DATABASE_URL): storage,
 * the agent's e-mail (only when their new-enquiry e-mails are on), the agent's Recent Activity event, REQ-AGENT-03
 * contact-data messages, script-content logging, public-only listings, the per-IP rate limit, the signed-in
 * user's id, and Idempotency-Key replays (REQ-ENQ-04).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { ENQUIRY_MESSAGES, EnquiryCreatedSchema } from '@abode/shared/enquiries/enquiry.schema';
import { MESSAGES } from '@abode/shared/messages';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import {
  agentActivity,
  agents,
  auditLogs,
  enquiries,
  enquiryIdempotencyKeys,
  outbox,
  users,
} from '#src/db/schema.ts';
import { latestMail, linkIn, ORIGIN, signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { createAgent, createListing } from '#src/testing/fixtures.ts';
import { readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { purgeIdempotencyKeys } from './idempotency.ts';
import { ENQUIRY_RATE_LIMIT } from './routes.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let clock = new Date('2026-11-22T10:00:00Z');
let agent: typeof agents.$inferSelect;
let listing: { id: string; title: string; slug: string };

let ipCounter = 0;
/** A fresh client IP per test, so the per-IP rate limit of one test does not leak into another. */
const nextIp = () => `203.0.113.${++ipCounter}`;

function send(body: unknown, o: { ip?: string; cookie?: string; key?: string; raw?: string } = {}) {
  return app.request('/api/enquiries', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Origin: ORIGIN,
      'User-Agent': 'vitest',
      'X-Forwarded-For': o.ip ?? nextIp(),
      ...(o.cookie ? { Cookie: o.cookie } : {}),
      ...(o.key === undefined ? {} : { 'Idempotency-Key': o.key }),
    },
    body: o.raw ?? JSON.stringify(body),
  });
}

const valid = () => ({
  propertyId: listing.id,
  name: "  Siobhán O'Brien ",
  email: ' Siobhan.OBrien@Example.com ',
  phone: '+44 (0)20 7946 0000',
  message: 'I am interested in this home & would like a viewing on Saturday.',
});

const enquiriesFor = (propertyId: string) =>
  handle.db.select().from(enquiries).where(eq(enquiries.propertyId, propertyId));

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db, trustProxy: true, now: () => clock });
  agent = await createAgent(handle.db, { email: 'lettings@harbourandvale.example.com' });
  listing = await createListing(handle.db, agent.id, { title: '3 bedroom semi-detached house for sale' });
});
afterAll(async () => {
  await handle?.close();
});

describe('POST /api/enquiries', () => {
  test('stores a new enquiry for the listing’s agent and e-mails the agent', async () => {
    const res = await send(valid());
    expect(res.status).toBe(201);
    const body = await readJson(res);
    expect(body).toEqual({ id: expect.any(String), status: 'new', createdAt: expect.any(String) });

    const [row] = await handle.db.select().from(enquiries).where(eq(enquiries.id, body.id));
    expect(row).toMatchObject({
      agentId: agent.id,
      propertyId: listing.id,
      userId: null,
      status: 'new',
      message: 'I am interested in this home & would like a viewing on Saturday.',
      contactInfo: {
        name: "Siobhán O'Brien",
        email: 'siobhan.obrien@example.com',
        phone: '+44 (0)20 7946 0000',
      },
    });
    expect(row!.createdAt.toISOString()).toBe(body.createdAt);

    const mail = await latestMail(handle.db, 'lettings@harbourandvale.example.com');
    expect(mail?.subject).toBe(`New enquiry: ${listing.title}`);
    for (const part of [
      listing.title,
      "Siobhán O'Brien",
      'siobhan.obrien@example.com',
      '+44 (0)20 7946 0000',
      'would like a viewing on Saturday',
    ])
      expect(mail!.text).toContain(part);
    const link = linkIn(mail!.text.slice(mail!.text.indexOf('enquiries:')));
    expect(link.href).toBe('http://localhost:3000/agent/enquiries');
    // The HTML part escapes what the enquirer typed.
    expect(mail!.html).toContain('Siobhán O&#x27;Brien');
    expect(mail!.html).toContain('home &amp; would');
  });

  test('records an enquiry_received event in the agent’s Recent Activity', async () => {
    const res = await send(valid());
    expect(res.status).toBe(201);
    const { id } = await readJson(res);
    const events = await handle.db.select().from(agentActivity).where(eq(agentActivity.enquiryId, id));
    expect(events).toEqual([
      expect.objectContaining({
        agentId: agent.id,
        type: 'enquiry_received',
        propertyId: listing.id,
        propertyTitle: listing.title,
      }),
    ]);
  });

  test('an agent with new-enquiry e-mails off gets no e-mail, but the enquiry is stored', async () => {
    const quiet = await createAgent(handle.db, {
      email: 'quiet@harbourandvale.example.com',
      notifyNewEnquiries: false,
    });
    const other = await createListing(handle.db, quiet.id, { at: 'manchester' });
    const res = await send({ ...valid(), propertyId: other.id });
    expect(res.status).toBe(201);
    expect(await enquiriesFor(other.id)).toHaveLength(1);
    expect(await latestMail(handle.db, 'quiet@harbourandvale.example.com')).toBeUndefined();

    // Switched back on, the next enquiry is e-mailed.
    await handle.db.update(agents).set({ notifyNewEnquiries: true }).where(eq(agents.id, quiet.id));
    expect((await send({ ...valid(), propertyId: other.id })).status).toBe(201);
    expect((await latestMail(handle.db, 'quiet@harbourandvale.example.com'))?.subject).toBe(
      `New enquiry: ${other.title}`,
    );
  });

  test('phone is optional and left out of contact_info when blank', async () => {
    const res = await send({ ...valid(), phone: '  ' });
    expect(res.status).toBe(201);
    const { id } = await readJson(res);
    const [row] = await handle.db.select().from(enquiries).where(eq(enquiries.id, id));
    expect(row!.contactInfo).toEqual({ name: "Siobhán O'Brien", email: 'siobhan.obrien@example.com' });
  });

  test('falls back to the agent user’s e-mail when the agent has no contact address', async () => {
    const noMail = await createAgent(handle.db, { email: null, name: 'Priya Shah', agencyName: null });
    const [agentUser] = await handle.db.select().from(users).where(eq(users.id, noMail.userId));
    const other = await createListing(handle.db, noMail.id, { at: 'reading' });
    expect((await send({ ...valid(), propertyId: other.id })).status).toBe(201);
    const mail = await latestMail(handle.db, agentUser!.email);
    expect(mail?.text).toContain(other.title);
  });

  test('a signed-in user’s id is recorded', async () => {
    const { userId, cookie } = await signedInUser(app, handle.db);
    const res = await send(valid(), { cookie });
    expect(res.status).toBe(201);
    const { id } = await readJson(res);
    const [row] = await handle.db.select().from(enquiries).where(eq(enquiries.id, id));
    expect(row!.userId).toBe(userId);
  });

  test.each([
    ['missing name', { name: '' }, MESSAGES.contactRequired],
    ['blank e-mail', { email: '   ' }, MESSAGES.contactRequired],
    ['missing message', { message: undefined }, MESSAGES.contactRequired],
    ['bad e-mail', { email: 'siobhan@example' }, MESSAGES.contactInvalidEmail],
    ['short phone', { phone: '1234' }, MESSAGES.contactPhoneLength],
    ['long phone', { phone: '1'.repeat(21) }, MESSAGES.contactPhoneLength],
    ['long message', { message: 'a'.repeat(2001) }, ENQUIRY_MESSAGES.messageTooLong],
  ])('%s → 400 %s and nothing stored', async (_, change, message) => {
    const other = await createListing(handle.db, agent.id);
    const res = await send({ ...valid(), propertyId: other.id, ...change });
    expect(res.status).toBe(400);
    expect(await readJson(res)).toMatchObject({ error: { code: 'VALIDATION_ERROR', message } });
    expect(await enquiriesFor(other.id)).toHaveLength(0);
  });

  test('a bad property id is a generic 400', async () => {
    const res = await send({ ...valid(), propertyId: 'not-a-uuid' });
    expect(res.status).toBe(400);
    expect(await readJson(res)).toMatchObject({
      error: { code: 'VALIDATION_ERROR', message: MESSAGES.validation },
    });
  });

  test.each([
    ['name', '<script>alert(1)</script>'],
    ['message', 'Lovely house ONCLICK=steal()'],
    ['email', 'javascript:x@example.com'],
  ])(
    'script-like %s → 400, a high-severity suspicious_activity event, nothing stored',
    async (field, value) => {
      const other = await createListing(handle.db, agent.id);
      const ip = nextIp();
      const res = await send({ ...valid(), propertyId: other.id, [field]: value }, { ip });
      expect(res.status).toBe(400);
      expect(await readJson(res)).toMatchObject({
        error: { code: 'VALIDATION_ERROR', message: MESSAGES.contactInvalidContent },
      });
      expect(await enquiriesFor(other.id)).toHaveLength(0);

      const [event] = await handle.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'suspicious_activity'), eq(auditLogs.ipAddress, ip)));
      expect(event).toMatchObject({
        entityType: 'security_event',
        entityId: other.id,
        ipAddress: ip,
        userAgent: 'vitest',
        afterData: {
          severity: 'high',
          metadata: { type: 'enquiry', fields: [field], propertyId: other.id, sample: value },
        },
      });
    },
  );

  test('script content is caught even when another field has the wrong type, and the sample is capped', async () => {
    const ip = nextIp();
    const long = `alert(1)${'x'.repeat(500)}`;
    const res = await send({ propertyId: listing.id, name: 42, email: 'a@b.co', message: long }, { ip });
    expect(res.status).toBe(400);
    expect((await readJson(res)).error.message).toBe(MESSAGES.contactInvalidContent);
    const [event] = await handle.db.select().from(auditLogs).where(eq(auditLogs.ipAddress, ip));
    const metadata = (event!.afterData as { metadata: { sample: string } }).metadata;
    expect(metadata.sample).toHaveLength(200);
    expect(JSON.stringify(event!.afterData)).not.toContain('x'.repeat(201));
  });

  test.each([
    ['inactive', { status: 'draft' as const }],
    ['not approved', { approvalStatus: 'pending' as const }],
    ['deleted', { isDeleted: true }],
  ])('a %s listing → 404 and nothing stored', async (_, overrides) => {
    const hidden = await createListing(handle.db, agent.id, overrides);
    const res = await send({ ...valid(), propertyId: hidden.id });
    expect(res.status).toBe(404);
    expect((await readJson(res)).error.code).toBe('NOT_FOUND');
    expect(await enquiriesFor(hidden.id)).toHaveLength(0);
  });

  test('an unknown listing → 404', async () => {
    const res = await send({ ...valid(), propertyId: '00000000-0000-4000-8000-000000000000' });
    expect(res.status).toBe(404);
  });

  test('the 6th enquiry from one IP within 10 minutes → 429 with Retry-After, logged; allowed again later', async () => {
    const other = await createListing(handle.db, agent.id);
    const ip = nextIp();
    for (let i = 0; i < 5; i += 1)
      expect((await send({ ...valid(), propertyId: other.id }, { ip })).status).toBe(201);
    const limited = await send({ ...valid(), propertyId: other.id }, { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await readJson(limited)).toMatchObject({
      error: { code: 'RATE_LIMITED', message: 'Too many enquiries. Please try again later.' },
    });
    expect(await enquiriesFor(other.id)).toHaveLength(5);
    const [event] = await handle.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'rate_limit_exceeded'), eq(auditLogs.ipAddress, ip)));
    expect(event?.afterData).toMatchObject({ severity: 'medium' });

    // Another IP is not affected.
    expect((await send({ ...valid(), propertyId: other.id })).status).toBe(201);

    const before = clock;
    clock = new Date(before.getTime() + 11 * 60_000);
    try {
      expect((await send({ ...valid(), propertyId: other.id }, { ip })).status).toBe(201);
    } finally {
      clock = before;
    }
  });

  test('an agent e-mail failure does not lose the enquiry', async () => {
    // Make the outbox insert fail for this address only: a CHECK constraint is simpler than mocking the mailer.
    const other = await createListing(handle.db, agent.id);
    await handle.db.execute(
      sql.raw(`ALTER TABLE outbox ADD CONSTRAINT outbox_test_block CHECK (subject NOT LIKE '%${other.id}%')`),
    );
    try {
      await handle.db.execute(
        sql`UPDATE properties SET title = ${`Flat ${other.id}`} WHERE id = ${other.id}`,
      );
      const res = await send({ ...valid(), propertyId: other.id });
      expect(res.status).toBe(201);
      expect(await enquiriesFor(other.id)).toHaveLength(1);
      const [{ n }] = (await handle.db
        .select({ n: count() })
        .from(outbox)
        .where(eq(outbox.subject, `New enquiry: Flat ${other.id}`))) as [{ n: number }];
      expect(n).toBe(0);
    } finally {
      await handle.db.execute(sql.raw('ALTER TABLE outbox DROP CONSTRAINT outbox_test_block'));
    }
  });

  test('is documented in the OpenAPI document', async () => {
    const doc = await readJson(await app.request('/api/openapi.json'));
    const op = doc.paths['/api/enquiries'].post;
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['201', '400', '404', '409', '429']));
    expect(op.requestBody.content['application/json'].schema).toBeDefined();
    expect(op.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'idempotency-key', in: 'header' })]),
    );
    expect(op.responses['201'].headers).toHaveProperty('Idempotent-Replayed');
  });
});

describe('Idempotency-Key (REQ-ENQ-04)', () => {
  let keyCounter = 0;
  /** A fresh key per use, so tests never meet each other's keys. */
  const nextKey = () => `test-key-${++keyCounter}-${'k'.repeat(8)}`;
  const mailsAbout = async (title: string) => {
    const [{ n }] = (await handle.db
      .select({ n: count() })
      .from(outbox)
      .where(eq(outbox.subject, `New enquiry: ${title}`))) as [{ n: number }];
    return n;
  };

  test('a retry with the same key and data gets the first answer again and makes nothing', async () => {
    const other = await createListing(handle.db, agent.id, { title: `Flat ${nextKey()}` });
    const key = nextKey();
    const first = await send({ ...valid(), propertyId: other.id }, { key });
    expect(first.status).toBe(201);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    const created = EnquiryCreatedSchema.parse(await readJson(first));

    // The retry comes from another address (Wi-Fi to mobile data) with other JSON spacing: the same request.
    const retry = await send(undefined, {
      key,
      raw: JSON.stringify({ ...valid(), propertyId: other.id }, null, 2),
    });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await readJson(retry)).toEqual(created);
    expect(await enquiriesFor(other.id)).toHaveLength(1);
    expect(await mailsAbout(other.title)).toBe(1);
    const [stored] = await handle.db
      .select()
      .from(enquiryIdempotencyKeys)
      .where(eq(enquiryIdempotencyKeys.key, key));
    expect(stored).toMatchObject({ scope: 'anonymous', enquiryId: created.id, responseStatus: 201 });
  });

  test('the same key with different data → 409 with its message, nothing made', async () => {
    const other = await createListing(handle.db, agent.id);
    const key = nextKey();
    expect((await send({ ...valid(), propertyId: other.id }, { key })).status).toBe(201);
    const res = await send({ ...valid(), propertyId: other.id, message: 'Is it chain free?' }, { key });
    expect(res.status).toBe(409);
    expect(res.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await readJson(res)).toEqual({
      error: { code: 'CONFLICT', message: ENQUIRY_MESSAGES.idempotencyKeyReused },
    });
    expect(await enquiriesFor(other.id)).toHaveLength(1);
  });

  test.each([
    ['too short', 'short'],
    ['too long', 'k'.repeat(129)],
    ['not ASCII', 'caf\u00e9-key-12345'],
  ])('a malformed key (%s) → 400 naming the header, nothing made', async (_why, key) => {
    const other = await createListing(handle.db, agent.id);
    const res = await send({ ...valid(), propertyId: other.id }, { key });
    expect(res.status).toBe(400);
    expect(await readJson(res)).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: MESSAGES.validation,
        details: [{ path: 'Idempotency-Key', message: ENQUIRY_MESSAGES.idempotencyKeyInvalid }],
      },
    });
    expect(await enquiriesFor(other.id)).toHaveLength(0);
  });

  test('concurrent retries of one key make exactly one enquiry and all get its answer', async () => {
    const other = await createListing(handle.db, agent.id, { title: `Flat ${nextKey()}` });
    const key = nextKey();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => send({ ...valid(), propertyId: other.id }, { key })),
    );
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const ids = new Set(await Promise.all(answers.map(async (r) => (await readJson(r)).id)));
    expect(ids.size).toBe(1);
    expect(answers.filter((r) => r.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(3);
    expect(await enquiriesFor(other.id)).toHaveLength(1);
    expect(await mailsAbout(other.title)).toBe(1);
  });

  test('replays are not counted by the per-IP rate limit', async () => {
    const other = await createListing(handle.db, agent.id);
    const ip = nextIp();
    const key = nextKey();
    expect((await send({ ...valid(), propertyId: other.id }, { ip, key })).status).toBe(201);
    for (let i = 0; i < ENQUIRY_RATE_LIMIT.limit + 2; i += 1)
      expect((await send({ ...valid(), propertyId: other.id }, { ip, key })).status).toBe(201);
    // The first request was one of the limit; the rest of the limit is still there for new enquiries.
    for (let i = 1; i < ENQUIRY_RATE_LIMIT.limit; i += 1)
      expect((await send({ ...valid(), propertyId: other.id }, { ip })).status).toBe(201);
    expect((await send({ ...valid(), propertyId: other.id }, { ip })).status).toBe(429);
    expect(await enquiriesFor(other.id)).toHaveLength(ENQUIRY_RATE_LIMIT.limit);
  });

  test('a refused request does not use up its key', async () => {
    const other = await createListing(handle.db, agent.id);
    const key = nextKey();
    expect((await send({ ...valid(), propertyId: other.id, name: '' }, { key })).status).toBe(400);
    const res = await send({ ...valid(), propertyId: other.id }, { key });
    expect(res.status).toBe(201);
    expect(res.headers.get('Idempotent-Replayed')).toBeNull();
  });

  test('keys belong to the signed-in user, else to everyone signed out', async () => {
    const other = await createListing(handle.db, agent.id);
    const user = await signedInUser(app, handle.db);
    const key = nextKey();
    expect((await send({ ...valid(), propertyId: other.id }, { key })).status).toBe(201);
    // Another caller's use of the key is not a replay of theirs (nor a conflict with it).
    const mine = await send(
      { ...valid(), propertyId: other.id, message: 'Mine' },
      { key, cookie: user.cookie },
    );
    expect(mine.status).toBe(201);
    expect(mine.headers.get('Idempotent-Replayed')).toBeNull();
    const again = await send(
      { ...valid(), propertyId: other.id, message: 'Mine' },
      { key, cookie: user.cookie },
    );
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await enquiriesFor(other.id)).toHaveLength(2);
  });

  test('a key lasts 24 hours: then it makes a new enquiry, and the purge deletes old keys', async () => {
    const other = await createListing(handle.db, agent.id);
    const key = nextKey();
    expect((await send({ ...valid(), propertyId: other.id }, { key })).status).toBe(201);
    const before = clock;
    try {
      clock = new Date(before.getTime() + 23 * 3_600_000);
      expect(
        (await send({ ...valid(), propertyId: other.id }, { key })).headers.get('Idempotent-Replayed'),
      ).toBe('true');
      expect(await purgeIdempotencyKeys(handle.db, clock)).toBe(0);
      clock = new Date(before.getTime() + 24 * 3_600_000 + 1_000);
      const later = await send({ ...valid(), propertyId: other.id }, { key });
      expect(later.status).toBe(201);
      expect(later.headers.get('Idempotent-Replayed')).toBeNull();
      expect(await enquiriesFor(other.id)).toHaveLength(2);

      const keyRows = () =>
        handle.db.select().from(enquiryIdempotencyKeys).where(eq(enquiryIdempotencyKeys.key, key));
      expect(await keyRows()).toHaveLength(1);
      expect(
        await purgeIdempotencyKeys(handle.db, new Date(clock.getTime() + 24 * 3_600_000)),
      ).toBeGreaterThan(0);
      expect(await keyRows()).toHaveLength(0);
    } finally {
      clock = before;
    }
  });
});
