/**
 * Settings › Listing feeds over HTTP on a real database (ADR 030): owners and branch managers create, list, change
 * and revoke feed keys of the branches they manage, negotiators get 403 before their input is read, another
 * agency's key or branch is a 404; the secret is answered once and stored only as a hash; the agency's limit of
 * active keys; CRM branch codes mapped, re-mapped and unmapped; every change audited.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CreatedFeedKeySchema,
  FEED_BRANCH_CODE_MAX_LENGTH,
  FEED_KEY_MESSAGES as M,
  FEED_KEY_NAME_MAX_LENGTH,
  FEED_KEY_PREFIX,
  FEED_KEYS_PER_AGENCY_MAX,
  FeedBranchCodeListSchema,
  FeedKeyListSchema,
  FeedKeySchema,
} from '@abode/shared/feeds/feed-keys.schema';
import { MESSAGES } from '@abode/shared/messages';
import { auditLogs, feedBranchCodes, feedKeys } from '#src/db/schema.ts';
import { readJson } from '#src/testing/http.ts';
import { authenticateFeedKey } from './feed-key-auth.ts';
import { createFeedKeyFor } from './feed-key-fixtures.ts';
import { createKeysWorld, type KeysWorld } from './keys-test-world.ts';

let w: KeysWorld;

const auditOf = (action: string, entity: string) =>
  w.handle.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.entityId, entity)))
    .orderBy(asc(auditLogs.createdAt));

async function errorOf(res: Response, status: number): Promise<string> {
  const body = await readJson(res);
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body.error.message as string;
}

async function fieldErrorsOf(res: Response): Promise<Record<string, string>> {
  expect(await errorOf(res.clone(), 400)).toBe(MESSAGES.validation);
  const body = await readJson(res);
  return Object.fromEntries(
    (body.error.details as { path: string; message: string }[]).map((d) => [d.path, d.message]),
  );
}

async function createKey(cookie: string, body: Record<string, unknown>) {
  const res = await w.call('POST', '/api/agent/api-keys', cookie, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return CreatedFeedKeySchema.parse(await readJson(res));
}

async function listKeys(cookie: string) {
  const res = await w.call('GET', '/api/agent/api-keys', cookie);
  expect(res.status).toBe(200);
  return FeedKeyListSchema.parse(await readJson(res));
}

beforeAll(async () => {
  w = await createKeysWorld();
}, 60_000);

afterAll(async () => {
  await w?.close();
});

describe('POST /api/agent/api-keys', () => {
  test('an owner creates a key for their default branch: the secret once, only its hash stored, audited', async () => {
    const res = await w.call('POST', '/api/agent/api-keys', w.owner.cookie, { name: ' Reapit  ' });
    expect(res.status).toBe(201);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const key = CreatedFeedKeySchema.parse(await readJson(res));
    expect(key).toMatchObject({
      name: 'Reapit',
      branchId: w.a1.feedBranchId,
      branchUuid: w.a1.id,
      withdrawAbsent: true,
      createdAt: w.clock.toISOString(),
      createdBy: 'Clara Whitmore',
      lastUsedAt: null,
    });
    expect(key.key).toMatch(new RegExp(`^${FEED_KEY_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(key.keyPrefix).toBe(key.key.slice(0, FEED_KEY_PREFIX.length + 6));

    const [row] = await w.handle.db.select().from(feedKeys).where(eq(feedKeys.id, key.id));
    expect(row!.keyHash).toBe(createHash('sha256').update(key.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(key.key);
    // The key works at once, as its creator, for its branch.
    const caller = await authenticateFeedKey(w.handle.db, `Bearer ${key.key}`);
    expect(caller).toMatchObject({
      keyId: key.id,
      branchId: w.a1.id,
      agencyId: w.agencyA,
      withdrawAbsent: true,
    });
    // The list never shows the secret again.
    const listed = (await listKeys(w.owner.cookie)).items.find((k) => k.id === key.id);
    expect(listed).toEqual(FeedKeySchema.parse({ ...key, key: undefined }));
    expect(JSON.stringify(await listKeys(w.owner.cookie))).not.toContain(key.key);

    const [audit] = await auditOf('feed_key_create', `feed_key:${key.id}`);
    expect(audit).toMatchObject({ userId: w.owner.userId, entityType: 'admin_action' });
    expect(audit!.afterData).toMatchObject({
      metadata: { agencyId: w.agencyA, after: { name: 'Reapit', branchId: w.a1.id, withdrawAbsent: true } },
    });
    expect(JSON.stringify(audit)).not.toContain(key.key);
  });

  test('the branch may be named by its uuid or its numeric feed id; withdrawAbsent may be turned off', async () => {
    const byUuid = await createKey(w.owner.cookie, { name: 'Alto', branchId: w.a2.id });
    expect(byUuid).toMatchObject({ branchId: w.a2.feedBranchId, branchUuid: w.a2.id, branchName: 'Reading' });
    const byFeedId = await createKey(w.owner.cookie, {
      name: 'Jupix',
      branchId: w.a2.feedBranchId,
      withdrawAbsent: false,
    });
    expect(byFeedId).toMatchObject({ branchUuid: w.a2.id, withdrawAbsent: false });
  });

  test('a branch manager creates keys for their branch only; another branch or agency is a 404', async () => {
    const own = await createKey(w.managerA1.cookie, { name: 'Street' });
    expect(own).toMatchObject({ branchUuid: w.a1.id, createdBy: 'Peter Yelland' });
    for (const branchId of [w.a2.id, w.a2.feedBranchId, w.b1.id, w.b1.feedBranchId, 99_999_999]) {
      const res = await w.call('POST', '/api/agent/api-keys', w.managerA1.cookie, { name: 'Loop', branchId });
      expect(await errorOf(res, 404), String(branchId)).toBe(M.branchUnknown);
    }
    // Another agency's owner cannot reach agency A's branches by either id.
    for (const branchId of [w.a1.id, w.a1.feedBranchId]) {
      const res = await w.call('POST', '/api/agent/api-keys', w.ownerB.cookie, { name: 'Loop', branchId });
      expect(await errorOf(res, 404)).toBe(M.branchUnknown);
    }
  });

  test('the name and branch are checked with the shared schema', async () => {
    const post = (body: unknown) => w.call('POST', '/api/agent/api-keys', w.owner.cookie, body);
    expect(await fieldErrorsOf(await post({}))).toEqual({ name: M.nameRequired });
    expect(await fieldErrorsOf(await post({ name: '   ' }))).toEqual({ name: M.nameRequired });
    expect(await fieldErrorsOf(await post({ name: 'x'.repeat(FEED_KEY_NAME_MAX_LENGTH + 1) }))).toEqual({
      name: M.nameTooLong,
    });
    expect(await fieldErrorsOf(await post({ name: '<script>alert(1)</script>' }))).toEqual({
      name: M.nameInvalid,
    });
    for (const branchId of ['wimbledon', 0, -3, 1.5, 2 ** 31, '']) {
      expect(await fieldErrorsOf(await post({ name: 'CRM', branchId })), String(branchId)).toEqual({
        branchId: M.branchUnknown,
      });
    }
    expect(await fieldErrorsOf(await post({ name: 'CRM', withdrawAbsent: 'yes' }))).toHaveProperty(
      'withdrawAbsent',
    );
  });

  test(`an agency holds at most ${FEED_KEYS_PER_AGENCY_MAX} active keys; revoked ones do not count`, async () => {
    const [active] = await w.handle.db
      .select({ id: feedKeys.id })
      .from(feedKeys)
      .where(eq(feedKeys.agencyId, w.agencyB));
    expect(active).toBeUndefined();
    const made = [];
    for (let i = 0; i < FEED_KEYS_PER_AGENCY_MAX; i += 1)
      made.push(
        await createFeedKeyFor(w.handle.db, {
          userId: w.ownerB.userId,
          agencyId: w.agencyB,
          branchId: w.b1.id,
        }),
      );
    const refused = await w.call('POST', '/api/agent/api-keys', w.ownerB.cookie, { name: 'One more' });
    expect(await errorOf(refused, 409)).toBe(M.tooMany);
    expect((await w.call('DELETE', `/api/agent/api-keys/${made[0]!.id}`, w.ownerB.cookie)).status).toBe(204);
    await createKey(w.ownerB.cookie, { name: 'One more' });
  });
});

describe('GET /api/agent/api-keys', () => {
  test('the owner sees every branch’s keys, newest first, and the branches’ feed ids', async () => {
    const list = await listKeys(w.owner.cookie);
    expect(list.branches).toEqual([
      { id: w.a1.id, name: expect.any(String), feedBranchId: w.a1.feedBranchId },
      { id: w.a2.id, name: 'Reading', feedBranchId: w.a2.feedBranchId },
    ]);
    expect(new Set(list.items.map((k) => k.branchUuid))).toEqual(new Set([w.a1.id, w.a2.id]));
    const times = list.items.map((k) => k.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(list.items.every((k) => !('key' in k))).toBe(true);
  });

  test('a branch manager sees only their branch’s keys and branch; another agency sees none of A’s', async () => {
    const a2Keys = await listKeys(w.managerA2.cookie);
    expect(a2Keys.branches).toEqual([{ id: w.a2.id, name: 'Reading', feedBranchId: w.a2.feedBranchId }]);
    expect(a2Keys.items.length).toBeGreaterThan(0);
    expect(a2Keys.items.every((k) => k.branchUuid === w.a2.id)).toBe(true);
    const b = await listKeys(w.ownerB.cookie);
    expect(b.items.every((k) => k.branchUuid === w.b1.id)).toBe(true);
    expect(b.branches.map((x) => x.id)).toEqual([w.b1.id]);
  });

  test('the last use is listed once the key has called', async () => {
    const key = await createKey(w.owner.cookie, { name: 'Used' });
    const usedAt = new Date('2026-11-26T09:30:00.000Z');
    await w.handle.db.update(feedKeys).set({ lastUsedAt: usedAt }).where(eq(feedKeys.id, key.id));
    const listed = (await listKeys(w.owner.cookie)).items.find((k) => k.id === key.id);
    expect(listed?.lastUsedAt).toBe(usedAt.toISOString());
  });
});

describe('PATCH and DELETE /api/agent/api-keys/{id}', () => {
  test('renaming and turning withdrawAbsent off, audited with before and after', async () => {
    const key = await createKey(w.owner.cookie, { name: 'Old name' });
    const res = await w.call('PATCH', `/api/agent/api-keys/${key.id}`, w.owner.cookie, {
      name: 'Reapit Foundations',
      withdrawAbsent: false,
    });
    expect(res.status).toBe(200);
    expect(FeedKeySchema.parse(await readJson(res))).toMatchObject({
      id: key.id,
      name: 'Reapit Foundations',
      withdrawAbsent: false,
    });
    expect((await authenticateFeedKey(w.handle.db, `Bearer ${key.key}`)).withdrawAbsent).toBe(false);
    const [audit] = await auditOf('feed_key_change', `feed_key:${key.id}`);
    expect(audit!.beforeData).toEqual({ name: 'Old name', withdrawAbsent: true });
    expect(audit!.afterData).toMatchObject({
      metadata: { after: { name: 'Reapit Foundations', withdrawAbsent: false } },
    });
    // An empty change changes nothing and audits nothing.
    const same = await w.call('PATCH', `/api/agent/api-keys/${key.id}`, w.owner.cookie, {});
    expect(same.status).toBe(200);
    expect(await auditOf('feed_key_change', `feed_key:${key.id}`)).toHaveLength(1);
    expect(
      await fieldErrorsOf(
        await w.call('PATCH', `/api/agent/api-keys/${key.id}`, w.owner.cookie, { name: '' }),
      ),
    ).toEqual({ name: M.nameRequired });
  });

  test('revoking: 204, refused (401) on its very next call, gone from the list, audited; again 404', async () => {
    const key = await createKey(w.managerA1.cookie, { name: 'To revoke' });
    w.clock.setTime(w.clock.getTime() + 60_000);
    const res = await w.call('DELETE', `/api/agent/api-keys/${key.id}`, w.managerA1.cookie);
    expect(res.status).toBe(204);
    await expect(authenticateFeedKey(w.handle.db, `Bearer ${key.key}`)).rejects.toMatchObject({
      status: 401,
      message: M.keyInvalid,
    });
    const [row] = await w.handle.db.select().from(feedKeys).where(eq(feedKeys.id, key.id));
    expect(row!.revokedAt?.toISOString()).toBe(w.clock.toISOString());
    expect((await listKeys(w.owner.cookie)).items.map((k) => k.id)).not.toContain(key.id);
    const [audit] = await auditOf('feed_key_revoke', `feed_key:${key.id}`);
    expect(audit).toMatchObject({ userId: w.managerA1.userId });
    expect(audit!.afterData).toMatchObject({ severity: 'high' });
    const again = await w.call('DELETE', `/api/agent/api-keys/${key.id}`, w.managerA1.cookie);
    expect(await errorOf(again, 404)).toBe(M.keyNotFound);
    const patch = await w.call('PATCH', `/api/agent/api-keys/${key.id}`, w.owner.cookie, { name: 'Back' });
    expect(await errorOf(patch, 404)).toBe(M.keyNotFound);
  });

  test('another branch’s or agency’s key is a 404, and nothing changes', async () => {
    const key = await createKey(w.owner.cookie, { name: 'Kept', branchId: w.a1.id });
    for (const cookie of [w.managerA2.cookie, w.ownerB.cookie]) {
      const patch = await w.call('PATCH', `/api/agent/api-keys/${key.id}`, cookie, { name: 'Taken' });
      expect(await errorOf(patch, 404)).toBe(M.keyNotFound);
      const del = await w.call('DELETE', `/api/agent/api-keys/${key.id}`, cookie);
      expect(await errorOf(del, 404)).toBe(M.keyNotFound);
    }
    const [row] = await w.handle.db.select().from(feedKeys).where(eq(feedKeys.id, key.id));
    expect(row).toMatchObject({ name: 'Kept', revokedAt: null });
    const unknown = await w.call('DELETE', `/api/agent/api-keys/${crypto.randomUUID()}`, w.owner.cookie);
    expect(await errorOf(unknown, 404)).toBe(M.keyNotFound);
    const junk = await w.call('DELETE', '/api/agent/api-keys/not-a-key', w.owner.cookie);
    expect(await errorOf(junk, 400)).toBe(MESSAGES.validation);
  });
});

describe('a negotiator may not manage feeds', () => {
  test.each([
    ['GET', '/api/agent/api-keys', undefined],
    ['POST', '/api/agent/api-keys', {}],
    ['PATCH', `/api/agent/api-keys/${crypto.randomUUID()}`, { name: 12 }],
    ['DELETE', `/api/agent/api-keys/${crypto.randomUUID()}`, undefined],
    ['GET', '/api/agent/feed-branch-codes', undefined],
    ['PUT', '/api/agent/feed-branch-codes/WIM01', { branchId: 'nowhere' }],
    ['DELETE', '/api/agent/feed-branch-codes/WIM01', undefined],
  ])('%s %s: 403 before the input is read', async (method, url, body) => {
    const res = await w.call(method, url, w.negotiatorA1.cookie, body);
    expect(await errorOf(res, 403)).toBe(MESSAGES.authorization);
  });

  test('signed out: 401', async () => {
    expect((await w.call('GET', '/api/agent/api-keys')).status).toBe(401);
    expect((await w.call('GET', '/api/agent/feed-branch-codes')).status).toBe(401);
  });
});

describe('/api/agent/feed-branch-codes', () => {
  const put = (cookie: string, code: string, branchId: unknown) =>
    w.call('PUT', `/api/agent/feed-branch-codes/${encodeURIComponent(code)}`, cookie, { branchId });
  const listCodes = async (cookie: string) => {
    const res = await w.call('GET', '/api/agent/feed-branch-codes', cookie);
    expect(res.status).toBe(200);
    return FeedBranchCodeListSchema.parse(await readJson(res)).items;
  };

  test('the owner maps a code, re-maps it by feed id, and unmaps it; each change audited', async () => {
    const mapped = await put(w.owner.cookie, 'WIM/01', w.a1.id);
    expect(mapped.status).toBe(200);
    expect(await readJson(mapped)).toEqual({
      code: 'WIM/01',
      branchId: w.a1.id,
      branchName: expect.any(String),
    });
    expect(await listCodes(w.owner.cookie)).toContainEqual(expect.objectContaining({ code: 'WIM/01' }));

    const moved = await put(w.owner.cookie, 'WIM/01', w.a2.feedBranchId);
    expect(await readJson(moved)).toEqual({ code: 'WIM/01', branchId: w.a2.id, branchName: 'Reading' });
    const audits = await auditOf('feed_branch_code_map', 'feed_branch_code:WIM/01');
    expect(audits.map((a) => a.beforeData)).toEqual([null, { branchId: w.a1.id }]);
    // Mapping it where it is already changes nothing.
    expect((await put(w.owner.cookie, 'WIM/01', w.a2.id)).status).toBe(200);
    expect(await auditOf('feed_branch_code_map', 'feed_branch_code:WIM/01')).toHaveLength(2);

    const removed = await w.call('DELETE', '/api/agent/feed-branch-codes/WIM%2F01', w.owner.cookie);
    expect(removed.status).toBe(204);
    expect((await listCodes(w.owner.cookie)).map((c) => c.code)).not.toContain('WIM/01');
    expect(await auditOf('feed_branch_code_unmap', 'feed_branch_code:WIM/01')).toHaveLength(1);
    const again = await w.call('DELETE', '/api/agent/feed-branch-codes/WIM%2F01', w.owner.cookie);
    expect(await errorOf(again, 404)).toBe(M.codeNotFound);
  });

  test('a branch manager works only with their branch’s codes', async () => {
    expect((await put(w.owner.cookie, 'RDG', w.a2.id)).status).toBe(200);
    expect((await put(w.managerA1.cookie, 'SW19', w.a1.feedBranchId)).status).toBe(200);
    expect((await listCodes(w.managerA1.cookie)).map((c) => c.code)).toEqual(['SW19']);
    expect((await listCodes(w.managerA2.cookie)).map((c) => c.code)).toEqual(['RDG']);
    // Taking A2's code, mapping to A2, or unmapping A2's code.
    expect(await errorOf(await put(w.managerA1.cookie, 'RDG', w.a1.id), 409)).toBe(M.codeTaken);
    expect(await errorOf(await put(w.managerA1.cookie, 'NEW', w.a2.id), 404)).toBe(M.branchUnknown);
    const del = await w.call('DELETE', '/api/agent/feed-branch-codes/RDG', w.managerA1.cookie);
    expect(await errorOf(del, 404)).toBe(M.codeNotFound);
    expect(await w.handle.db.select().from(feedBranchCodes).where(eq(feedBranchCodes.code, 'RDG'))).toEqual([
      expect.objectContaining({ branchId: w.a2.id }),
    ]);
  });

  test('codes are per agency: another agency’s same code is its own, and A’s branches are out of its reach', async () => {
    expect((await put(w.ownerB.cookie, 'SW19', w.b1.id)).status).toBe(200);
    expect((await listCodes(w.ownerB.cookie)).map((c) => [c.code, c.branchId])).toEqual([['SW19', w.b1.id]]);
    expect((await listCodes(w.managerA1.cookie)).map((c) => [c.code, c.branchId])).toEqual([
      ['SW19', w.a1.id],
    ]);
    for (const branchId of [w.a1.id, w.a1.feedBranchId])
      expect(await errorOf(await put(w.ownerB.cookie, 'A1', branchId), 404)).toBe(M.branchUnknown);
    const del = await w.call('DELETE', '/api/agent/feed-branch-codes/RDG', w.ownerB.cookie);
    expect(await errorOf(del, 404)).toBe(M.codeNotFound);
  });

  test('a code is 1 to 40 letters, digits, or - _ . /', async () => {
    for (const code of ['with space', 'x'.repeat(FEED_BRANCH_CODE_MAX_LENGTH + 1), '-lead', 'a<b', 'é']) {
      expect(await fieldErrorsOf(await put(w.owner.cookie, code, w.a1.id)), code).toEqual({
        code: M.codeInvalid,
      });
    }
    expect(await fieldErrorsOf(await put(w.owner.cookie, 'OK', 'x'))).toEqual({ branchId: M.branchUnknown });
  });
});

test('the keys and branch-code routes are in the OpenAPI document', async () => {
  const doc = await readJson(await w.call('GET', '/api/openapi.json'));
  expect(Object.keys(doc.paths['/api/agent/api-keys']).sort()).toEqual(['get', 'post']);
  expect(Object.keys(doc.paths['/api/agent/api-keys/{id}']).sort()).toEqual(['delete', 'patch']);
  expect(Object.keys(doc.paths['/api/agent/feed-branch-codes'])).toEqual(['get']);
  expect(Object.keys(doc.paths['/api/agent/feed-branch-codes/{code}']).sort()).toEqual(['delete', 'put']);
  expect(Object.keys(doc.paths['/api/agent/api-keys'].post.responses)).toEqual(
    expect.arrayContaining(['201', '400', '401', '403', '404', '409']),
  );
  expect(doc.paths['/api/agent/api-keys'].post.tags).toEqual(['Listing feeds']);
});
