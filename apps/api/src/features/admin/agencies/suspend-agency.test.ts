/**
 * An agency that may not advertise (ADR 029) over HTTP on a real database: suspension signs every member out at once
 * and takes the listings out of search and off their pages, audited; reactivation brings both back (but not a member
 * an admin suspended on their own, nor suspends a super admin); the admin properties list shows each listing's agency
 * standing, and the admin's approval of a listing is refused while its agency is unverified or suspended.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN_AGENCY_MESSAGES, AdminAgencyDetailSchema } from '@abode/shared/admin/agencies.schema';
import { AUTH_MESSAGES } from '@abode/shared/auth/auth.schema';
import type { DatabaseHandle } from '#src/db/client.ts';
import { agencies, properties, sessions } from '#src/db/schema.ts';
import { post, signedInUser, STRONG_PASSWORD } from '#src/features/auth/auth-test-helpers.ts';
import { createListing } from '#src/testing/fixtures.ts';
import { readJson } from '#src/testing/http.ts';
import { joinAgency, openAdminAgencies, type AdminAgencies } from './agency-fixtures.ts';

let world: AdminAgencies;
let handle: DatabaseHandle;
let app: AdminAgencies['app'];
let clock = new Date('2026-11-26T10:00:00.000Z');
const tick = () => {
  clock = new Date(clock.getTime() + 60_000);
};
let admin: AdminAgencies['admin'];
let superAdmin: AdminAgencies['superAdmin'];
const REASON = 'Redress scheme membership lapsed in October.';

beforeAll(async () => {
  world = await openAdminAgencies(() => clock);
  ({ handle, app, admin, superAdmin } = world);
});
afterAll(async () => {
  await world?.handle.close();
});

describe('suspend and reactivate', () => {
  test('suspension signs every member out at once, hides the listings, and is audited; reactivation restores', async () => {
    const owner = await world.agencyOwner({ verified: true });
    const negotiator = await signedInUser(app, handle.db, { role: 'agent' });
    await joinAgency(handle.db, negotiator.userId, owner.agencyId, 'negotiator', [owner.branchId]);
    // A member an admin suspended earlier on their own stays suspended after the agency's reactivation.
    const alreadySuspended = await signedInUser(app, handle.db, { role: 'agent' });
    await joinAgency(handle.db, alreadySuspended.userId, owner.agencyId, 'negotiator', [owner.branchId]);
    await world.call('POST', `/api/admin/users/${alreadySuspended.userId}/suspend`, superAdmin.cookie);
    tick();
    const street = `Suspension Lane ${Date.now()}`;
    const listing = await createListing(handle.db, owner.branchId, { addressLine1: street });
    const searchSlugs = async () =>
      (
        (await readJson(await world.call('GET', `/api/properties?location=${encodeURIComponent(street)}`)))
          .items as {
          slug: string;
        }[]
      ).map((i) => i.slug);
    expect(await searchSlugs()).toEqual([listing.slug]);

    const missingReason = await world.call(
      'POST',
      `/api/admin/agencies/${owner.agencyId}/suspend`,
      superAdmin.cookie,
      {
        reason: '  ',
      },
    );
    expect(missingReason.status).toBe(400);

    const res = await world.call('POST', `/api/admin/agencies/${owner.agencyId}/suspend`, superAdmin.cookie, {
      reason: REASON,
    });
    expect(res.status).toBe(200);
    const suspended = AdminAgencyDetailSchema.parse(await readJson(res));
    expect(suspended).toMatchObject({
      standing: 'suspended',
      suspendedAt: clock.toISOString(),
      suspensionReason: REASON,
    });
    expect(suspended.members.every((m) => m.isSuspended)).toBe(true);

    for (const member of [owner, negotiator]) {
      expect(await handle.db.select().from(sessions).where(eq(sessions.userId, member.userId))).toHaveLength(
        0,
      );
      const ended = await world.call('GET', '/api/agent/dashboard', member.cookie);
      expect(ended.status).toBe(401);
      expect((await readJson(ended)).error.code).toBe('ACCOUNT_SUSPENDED');
      const signIn = await post(app, '/api/auth/sign-in/email', {
        email: member.email,
        password: STRONG_PASSWORD,
      });
      expect(signIn.status).toBe(403);
      expect((await readJson(signIn)).error.message).toBe(AUTH_MESSAGES.accountSuspended);
    }
    expect(await searchSlugs()).toEqual([]);
    expect((await world.call('GET', `/api/properties/${listing.slug}`)).status).toBe(404);
    const [stored] = await handle.db.select().from(properties).where(eq(properties.id, listing.id));
    expect(stored?.agentSuspended).toBe(true);

    const [audit] = await world.auditFor(owner.agencyId, 'suspend_agency');
    expect(audit).toMatchObject({ userId: superAdmin.userId, beforeData: { suspendedAt: null } });
    expect(audit?.afterData).toMatchObject({
      severity: 'high',
      metadata: {
        after: {
          suspendedAt: clock.toISOString(),
          suspensionReason: REASON,
          suspendedMembers: expect.arrayContaining([owner.userId, negotiator.userId]),
        },
      },
    });
    // Again: nothing changes, no second audit row.
    await world.call('POST', `/api/admin/agencies/${owner.agencyId}/suspend`, superAdmin.cookie, {
      reason: 'Again',
    });
    expect(await world.auditFor(owner.agencyId, 'suspend_agency')).toHaveLength(1);

    const back = await world.call('POST', `/api/admin/agencies/${owner.agencyId}/reactivate`, admin.cookie);
    expect(back.status).toBe(200);
    const reactivated = AdminAgencyDetailSchema.parse(await readJson(back));
    expect(reactivated).toMatchObject({ standing: 'verified', suspendedAt: null, suspensionReason: null });
    expect(Object.fromEntries(reactivated.members.map((m) => [m.userId, m.isSuspended]))).toEqual({
      [owner.userId]: false,
      [negotiator.userId]: false,
      [alreadySuspended.userId]: true,
    });
    for (const member of [owner, negotiator]) {
      const signIn = await post(app, '/api/auth/sign-in/email', {
        email: member.email,
        password: STRONG_PASSWORD,
      });
      expect(signIn.status).toBe(200);
    }
    expect(await searchSlugs()).toEqual([listing.slug]);
    expect((await world.call('GET', `/api/properties/${listing.slug}`)).status).toBe(200);
    expect(await world.auditFor(owner.agencyId, 'reactivate_agency')).toHaveLength(1);
    // Not suspended: nothing to do.
    await world.call('POST', `/api/admin/agencies/${owner.agencyId}/reactivate`, admin.cookie);
    expect(await world.auditFor(owner.agencyId, 'reactivate_agency')).toHaveLength(1);
  });

  test('a super admin who belongs to the agency is not suspended with it', async () => {
    const owner = await world.agencyOwner({ verified: true });
    const staff = await signedInUser(app, handle.db, { role: 'agent', admin: 'super_admin' });
    await joinAgency(handle.db, staff.userId, owner.agencyId, 'negotiator', [owner.branchId]);
    const res = await world.call('POST', `/api/admin/agencies/${owner.agencyId}/suspend`, superAdmin.cookie, {
      reason: REASON,
    });
    const members = AdminAgencyDetailSchema.parse(await readJson(res)).members;
    expect(Object.fromEntries(members.map((m) => [m.userId, m.isSuspended]))).toEqual({
      [owner.userId]: true,
      [staff.userId]: false,
    });
  });
});

test("the admin properties list shows each listing's agency standing", async () => {
  const owner = await world.agencyOwner();
  const listing = await createListing(handle.db, owner.branchId, {
    approvalStatus: 'pending',
    approvedAt: null,
  });
  const standingOf = async () => {
    const res = await world.call(
      'GET',
      `/api/admin/properties?q=${encodeURIComponent(listing.title)}&pageSize=100`,
      admin.cookie,
    );
    const items = (await readJson(res)).items as { id: string; agencyStanding?: string }[];
    return items.find((i) => i.id === listing.id)?.agencyStanding;
  };
  expect(await standingOf()).toBe('unverified');
  await handle.db.update(agencies).set({ verifiedAt: clock }).where(eq(agencies.id, owner.agencyId));
  expect(await standingOf()).toBe('verified');
  await handle.db.update(agencies).set({ suspendedAt: clock }).where(eq(agencies.id, owner.agencyId));
  expect(await standingOf()).toBe('suspended');
});

describe("an admin's approval of a listing of an agency that may not advertise", () => {
  test('is refused with 409 while the agency is unverified or suspended, unless the listing stays a draft', async () => {
    const owner = await world.agencyOwner();
    const pending = { approvalStatus: 'pending', approvedAt: null } as const;
    const active = await createListing(handle.db, owner.branchId, pending);
    const draft = await createListing(handle.db, owner.branchId, { ...pending, status: 'draft' });
    const approve = (id: string) => world.call('POST', `/api/admin/properties/${id}/approve`, admin.cookie);

    const unverified = await approve(active.id);
    expect(unverified.status).toBe(409);
    expect((await readJson(unverified)).error.message).toBe(ADMIN_AGENCY_MESSAGES.listingAgencyNotVerified);
    expect((await approve(draft.id)).status).toBe(200);

    await handle.db
      .update(agencies)
      .set({ verifiedAt: clock, suspendedAt: clock, suspensionReason: REASON })
      .where(eq(agencies.id, owner.agencyId));
    const suspended = await approve(active.id);
    expect(suspended.status).toBe(409);
    expect((await readJson(suspended)).error.message).toBe(ADMIN_AGENCY_MESSAGES.listingAgencySuspended);

    await handle.db.update(agencies).set({ suspendedAt: null }).where(eq(agencies.id, owner.agencyId));
    expect((await approve(active.id)).status).toBe(200);
    const [row] = await handle.db.select().from(properties).where(eq(properties.id, active.id));
    expect(row?.approvalStatus).toBe('approved');
  });
});
