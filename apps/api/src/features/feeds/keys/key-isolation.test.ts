/**
 * A feed key of agency A can touch nothing of agency B (ADR 030, REQ-FEED-01 "Done when"): the membership a key acts
 * with holds A's branches only (a branch manager's key, their branches only), B's ids do not resolve through it, and
 * B's owner cannot see, change or revoke A's keys. A key is refused with the right status and message when it is
 * revoked, when its creator was removed from the agency, suspended or lost the right to manage feeds, and while the
 * agency is suspended or not verified.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LISTING_MESSAGES } from '@abode/shared/agent/listing-input.schema';
import { FEED_KEY_MESSAGES as M } from '@abode/shared/feeds/feed-keys.schema';
import { agencies, agencyMembers, feedKeys, users } from '#src/db/schema.ts';
import { readJson } from '#src/testing/http.ts';
import { authenticateFeedKey } from './feed-key-auth.ts';
import { createFeedKeyFor } from './feed-key-fixtures.ts';
import { resolveFeedBranch } from './feed-branch-ref.ts';
import { createKeysWorld, type KeysWorld } from './keys-test-world.ts';

let w: KeysWorld;

beforeAll(async () => {
  w = await createKeysWorld();
}, 60_000);

afterAll(async () => {
  await w?.close();
});

const keyFor = (userId: string, branchId: string, agencyId = w.agencyA) =>
  createFeedKeyFor(w.handle.db, { userId, agencyId, branchId });

const refused = (authorization: string | undefined, status: number, message: string) =>
  expect(authenticateFeedKey(w.handle.db, authorization)).rejects.toMatchObject({ status, message });

describe("agency A's key", () => {
  test("an owner's key acts with A's branches and none of B's", async () => {
    const key = await keyFor(w.owner.userId, w.a1.id);
    const caller = await authenticateFeedKey(w.handle.db, key.authorization);
    expect(caller).toMatchObject({ agencyId: w.agencyA, branchId: w.a1.id, createdByUserId: w.owner.userId });
    expect(new Set(caller.scope.branchIds)).toEqual(new Set([w.a1.id, w.a2.id]));
    expect(caller.scope.branchIds).not.toContain(w.b1.id);
    // B's branch, by uuid or by feed id, is not a branch the key may write.
    for (const ref of [w.b1.id, w.b1.feedBranchId])
      await expect(resolveFeedBranch(w.handle.db, caller.scope, ref)).rejects.toMatchObject({
        status: 404,
        message: M.branchUnknown,
      });
    expect(await resolveFeedBranch(w.handle.db, caller.scope, w.a2.feedBranchId)).toBe(w.a2.id);
  });

  test("a branch manager's key acts with their branch only", async () => {
    const key = await keyFor(w.managerA2.userId, w.a2.id);
    const caller = await authenticateFeedKey(w.handle.db, key.authorization);
    expect(caller.scope.branchIds).toEqual([w.a2.id]);
    await expect(resolveFeedBranch(w.handle.db, caller.scope, w.a1.feedBranchId)).rejects.toMatchObject({
      status: 404,
    });
  });

  test("B's owner cannot list, change or revoke A's keys", async () => {
    const key = await keyFor(w.owner.userId, w.a1.id);
    const list = await readJson(await w.call('GET', '/api/agent/api-keys', w.ownerB.cookie));
    expect(JSON.stringify(list)).not.toContain(key.id);
    for (const [method, body] of [
      ['PATCH', { name: 'Mine now', withdrawAbsent: false }],
      ['DELETE', undefined],
    ] as const) {
      const res = await w.call(method, `/api/agent/api-keys/${key.id}`, w.ownerB.cookie, body);
      expect(res.status).toBe(404);
      expect((await readJson(res)).error.message).toBe(M.keyNotFound);
    }
    const [row] = await w.handle.db.select().from(feedKeys).where(eq(feedKeys.id, key.id));
    expect(row).toMatchObject({ name: 'CRM', withdrawAbsent: true, revokedAt: null });
    await expect(authenticateFeedKey(w.handle.db, key.authorization)).resolves.toMatchObject({
      keyId: key.id,
    });
  });
});

describe('refused keys', () => {
  test('no key, another scheme, a key without our prefix, an unknown key: 401', async () => {
    const key = await keyFor(w.owner.userId, w.a1.id);
    await refused(undefined, 401, M.keyInvalid);
    await refused('', 401, M.keyInvalid);
    await refused(`Basic ${key.secret}`, 401, M.keyInvalid);
    await refused(`Bearer ${key.secret.slice('abode_feed_'.length)}`, 401, M.keyInvalid);
    await refused(`Bearer ${key.secret}x`, 401, M.keyInvalid);
    await refused('Bearer abode_feed_', 401, M.keyInvalid);
  });

  test('a revoked key: 401', async () => {
    const key = await keyFor(w.owner.userId, w.a1.id);
    await w.handle.db.update(feedKeys).set({ revokedAt: new Date() }).where(eq(feedKeys.id, key.id));
    await refused(key.authorization, 401, M.keyInvalid);
  });

  test('a key whose creator was removed from the agency: revoked with the removal, 401', async () => {
    const leaver = await w.join('branch-manager', [w.a1.id], { firstName: 'Tom', lastName: 'Ashby' });
    const key = await keyFor(leaver.userId, w.a1.id);
    const other = await keyFor(w.owner.userId, w.a1.id);
    const res = await w.call('DELETE', `/api/agent/team/members/${leaver.memberId}`, w.owner.cookie);
    expect(res.status).toBe(204);
    await refused(key.authorization, 401, M.keyInvalid);
    const [row] = await w.handle.db.select().from(feedKeys).where(eq(feedKeys.id, key.id));
    expect(row!.revokedAt).not.toBeNull();
    const list = await readJson(await w.call('GET', '/api/agent/api-keys', w.owner.cookie));
    expect(list.items.map((k: { id: string }) => k.id)).not.toContain(key.id);
    // Nobody else's keys are touched.
    await expect(authenticateFeedKey(w.handle.db, other.authorization)).resolves.toMatchObject({
      keyId: other.id,
    });
  });

  test('a key whose creator is suspended, or was made a negotiator: 401', async () => {
    const suspended = await w.join('branch-manager', [w.a1.id]);
    const suspendedKey = await keyFor(suspended.userId, w.a1.id);
    await w.handle.db.update(users).set({ isSuspended: true }).where(eq(users.id, suspended.userId));
    await refused(suspendedKey.authorization, 401, M.keyInvalid);

    const demoted = await w.join('branch-manager', [w.a1.id]);
    const demotedKey = await keyFor(demoted.userId, w.a1.id);
    await w.handle.db
      .update(agencyMembers)
      .set({ role: 'negotiator' })
      .where(eq(agencyMembers.id, demoted.memberId));
    await refused(demotedKey.authorization, 401, M.keyInvalid);
  });

  test('a key recorded for another agency than its creator’s: 401', async () => {
    const key = await keyFor(w.ownerB.userId, w.a1.id, w.agencyA);
    await refused(key.authorization, 401, M.keyInvalid);
  });

  test('while the agency is not verified, or suspended: 403 with the publishing messages', async () => {
    const key = await keyFor(w.ownerB.userId, w.b1.id, w.agencyB);
    const [agency] = await w.handle.db.select().from(agencies).where(eq(agencies.id, w.agencyB));
    await w.handle.db.update(agencies).set({ verifiedAt: null }).where(eq(agencies.id, w.agencyB));
    await refused(key.authorization, 403, LISTING_MESSAGES.agencyNotVerified);
    await w.handle.db
      .update(agencies)
      .set({
        verifiedAt: agency!.verifiedAt,
        suspendedAt: new Date(),
        suspensionReason: 'Redress scheme lapsed.',
      })
      .where(eq(agencies.id, w.agencyB));
    await refused(key.authorization, 403, LISTING_MESSAGES.agencySuspended);
    await w.handle.db
      .update(agencies)
      .set({ suspendedAt: null, suspensionReason: null })
      .where(eq(agencies.id, w.agencyB));
    await expect(authenticateFeedKey(w.handle.db, key.authorization)).resolves.toMatchObject({
      keyId: key.id,
    });
  });
});
