/**
 * `/api/admin/agencies` (ADR 029, "Compliance before advertising") over HTTP on a real database: who may do what
 * (verify and reactivate any admin, suspend super admins only), the list's search, standing filter, counts and pages,
 * one agency's branches and members, and verify's 409 until the numbers are recorded (CMP too when a branch lets),
 * its audit row and owners' e-mail. Suspension and reactivation: suspend-agency.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ADMIN_AGENCY_MESSAGES,
  AdminAgencyDetailSchema,
  AdminAgencyListSchema,
} from '@abode/shared/admin/agencies.schema';
import { MESSAGES } from '@abode/shared/messages';
import type { DatabaseHandle } from '#src/db/client.ts';
import { agencies, agents, outbox, users } from '#src/db/schema.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { createListing } from '#src/testing/fixtures.ts';
import { readJson } from '#src/testing/http.ts';
import {
  createAgencyIn,
  joinAgency,
  recordCompliance,
  openAdminAgencies,
  type AdminAgencies,
} from './agency-fixtures.ts';

let world: AdminAgencies;
let handle: DatabaseHandle;
let app: AdminAgencies['app'];
const clock = new Date('2026-11-26T10:00:00.000Z');
let admin: AdminAgencies['admin'];
let superAdmin: AdminAgencies['superAdmin'];
const UNKNOWN_ID = '0b8e4c2a-3f1d-4e5b-9a7c-6d2e1f0a9b8c';
const REASON = 'Redress scheme membership lapsed in October.';

beforeAll(async () => {
  world = await openAdminAgencies(() => clock);
  ({ handle, app, admin, superAdmin } = world);
});
afterAll(async () => {
  await world?.handle.close();
});

describe('role matrix', () => {
  test.each([
    ['visitor', 401, 401, 401, 401],
    ['client', 403, 403, 403, 403],
    ['agent', 403, 403, 403, 403],
    ['admin', 200, 200, 403, 200],
    ['superAdmin', 200, 200, 200, 200],
  ] as const)(
    '%s: list %i, verify %i, suspend %i, reactivate %i',
    async (who, list, verify, suspend, reactivate) => {
      const personas = {
        visitor: undefined,
        client: await signedInUser(app, handle.db),
        agent: await signedInUser(app, handle.db, { role: 'agent' }),
        admin,
        superAdmin,
      };
      const cookie = personas[who]?.cookie;
      const ready = await createAgencyIn(handle.db, 'ready');
      expect((await world.call('GET', '/api/admin/agencies', cookie)).status).toBe(list);
      expect((await world.call('GET', `/api/admin/agencies/${ready.agencyId}`, cookie)).status).toBe(list);
      expect((await world.call('POST', `/api/admin/agencies/${ready.agencyId}/verify`, cookie)).status).toBe(
        verify,
      );
      const s = await world.call('POST', `/api/admin/agencies/${ready.agencyId}/suspend`, cookie, {
        reason: REASON,
      });
      expect(s.status).toBe(suspend);
      if (suspend === 403) expect((await readJson(s)).error.message).toBe(MESSAGES.authorization);
      const [row] = await handle.db.select().from(agencies).where(eq(agencies.id, ready.agencyId));
      expect(row?.suspendedAt !== null).toBe(suspend === 200);
      expect(
        (await world.call('POST', `/api/admin/agencies/${ready.agencyId}/reactivate`, cookie)).status,
      ).toBe(reactivate);
    },
  );

  test('answers are no-store; unknown or malformed ids are 404', async () => {
    const res = await world.call('GET', '/api/admin/agencies', admin.cookie);
    expect(res.headers.get('Cache-Control')).toContain('no-store');
    for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
      for (const [method, path] of [
        ['GET', `/api/admin/agencies/${id}`],
        ['POST', `/api/admin/agencies/${id}/verify`],
        ['POST', `/api/admin/agencies/${id}/reactivate`],
      ] as const) {
        const missing = await world.call(method, path, superAdmin.cookie);
        expect(missing.status, path).toBe(404);
        expect((await readJson(missing)).error.message).toBe(ADMIN_AGENCY_MESSAGES.notFound);
      }
      const suspend = await world.call('POST', `/api/admin/agencies/${id}/suspend`, superAdmin.cookie, {
        reason: REASON,
      });
      expect(suspend.status).toBe(404);
    }
  });
});

describe('GET /api/admin/agencies', () => {
  test('finds by agency name, branch name or member e-mail, case-insensitive, with literal % and _', async () => {
    const marker = `Quillfeather${Date.now()}`;
    const named = await world.agencyOwner();
    await handle.db
      .update(agencies)
      .set({ name: `${marker} Estates` })
      .where(eq(agencies.id, named.agencyId));
    const branchNamed = await world.agencyOwner();
    await handle.db
      .update(agents)
      .set({ branchName: `${marker} Branch` })
      .where(eq(agents.id, branchNamed.branchId));
    const mailed = await world.agencyOwner({ email: `${marker.toLowerCase()}_owner@example.com` });

    const found = await readJson(
      await world.call('GET', `/api/admin/agencies?q=${marker.toUpperCase()}`, admin.cookie),
    );
    expect(
      AdminAgencyListSchema.parse(found)
        .items.map((a) => a.id)
        .sort(),
    ).toEqual([named.agencyId, branchNamed.agencyId, mailed.agencyId].sort());
    const byMail = await readJson(
      await world.call('GET', `/api/admin/agencies?q=${marker}_OWNER@`, admin.cookie),
    );
    expect(byMail.items.map((a: { id: string }) => a.id)).toEqual([mailed.agencyId]);
    // '%' is literal, not a wildcard that would match every agency.
    expect((await readJson(await world.call('GET', '/api/admin/agencies?q=%25', admin.cookie))).total).toBe(
      0,
    );
  });

  test('counts branches, members and non-deleted listings, and says what verifying still needs', async () => {
    const owner = await world.agencyOwner();
    const colleague = await signedInUser(app, handle.db, { role: 'agent' });
    await joinAgency(handle.db, colleague.userId, owner.agencyId, 'negotiator', [owner.branchId]);
    await createListing(handle.db, owner.branchId);
    await createListing(handle.db, owner.branchId, { status: 'draft' });
    await createListing(handle.db, owner.branchId, { isDeleted: true });
    await recordCompliance(handle.db, owner.agencyId, {
      redressScheme: 'tpo',
      redressMembershipNumber: 'T0042',
    });

    const res = await world.call(
      'GET',
      `/api/admin/agencies?q=${encodeURIComponent(owner.email)}`,
      admin.cookie,
    );
    const [item] = AdminAgencyListSchema.parse(await readJson(res)).items;
    expect(item).toMatchObject({
      id: owner.agencyId,
      standing: 'unverified',
      redressScheme: 'tpo',
      redressMembershipNumber: 'T0042',
      cmpScheme: null,
      handlesLettings: true,
      gaps: ['cmp'],
      branchCount: 1,
      memberCount: 2,
      listingCount: 2,
      verifiedAt: null,
      suspendedAt: null,
    });
  });

  test('filters by standing, newest first, in pages', async () => {
    await createAgencyIn(handle.db, 'verified');
    await createAgencyIn(handle.db, 'suspended');
    for (const standing of ['unverified', 'verified', 'suspended'] as const) {
      const page = AdminAgencyListSchema.parse(
        await readJson(
          await world.call('GET', `/api/admin/agencies?standing=${standing}&pageSize=100`, admin.cookie),
        ),
      );
      expect(page.items.length, standing).toBeGreaterThan(0);
      expect(page.items.every((a) => a.standing === standing)).toBe(true);
    }
    const all = AdminAgencyListSchema.parse(
      await readJson(await world.call('GET', '/api/admin/agencies?pageSize=100', admin.cookie)),
    );
    const created = all.items.map((a) => a.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const first = AdminAgencyListSchema.parse(
      await readJson(await world.call('GET', '/api/admin/agencies?pageSize=2', admin.cookie)),
    );
    const second = AdminAgencyListSchema.parse(
      await readJson(await world.call('GET', '/api/admin/agencies?pageSize=2&page=2', admin.cookie)),
    );
    expect(first.total).toBe(all.total);
    expect(first.items.map((a) => a.id)).toEqual(all.items.slice(0, 2).map((a) => a.id));
    expect(second.items.map((a) => a.id)).toEqual(all.items.slice(2, 4).map((a) => a.id));
    expect((await world.call('GET', '/api/admin/agencies?standing=banned', admin.cookie)).status).toBe(400);
    expect((await world.call('GET', '/api/admin/agencies?page=0', admin.cookie)).status).toBe(400);
  });
});

describe('GET /api/admin/agencies/{id}', () => {
  test('lists the branches with their departments and the members with their roles, owners first', async () => {
    const owner = await world.agencyOwner();
    await handle.db
      .update(agents)
      .set({ branchName: 'Wimbledon', address: '1 The Broadway, London SW19 1AA', handlesLettings: false })
      .where(eq(agents.id, owner.branchId));
    const negotiator = await signedInUser(app, handle.db, { role: 'agent' });
    await handle.db
      .update(users)
      .set({ firstName: 'Aaron', lastName: 'Abbott' })
      .where(eq(users.id, negotiator.userId));
    await joinAgency(handle.db, negotiator.userId, owner.agencyId, 'negotiator', [owner.branchId]);
    await createListing(handle.db, owner.branchId);

    const res = await world.call('GET', `/api/admin/agencies/${owner.agencyId}`, admin.cookie);
    expect(res.status).toBe(200);
    const agency = AdminAgencyDetailSchema.parse(await readJson(res));
    expect(agency).toMatchObject({ handlesLettings: false, gaps: ['redress'], verifiedByEmail: null });
    expect(agency.branches).toEqual([
      {
        id: owner.branchId,
        name: expect.any(String),
        branchName: 'Wimbledon',
        address: '1 The Broadway, London SW19 1AA',
        handlesSales: true,
        handlesLettings: false,
        listingCount: 1,
      },
    ]);
    expect(agency.members.map((m) => [m.email, m.role, m.name, m.isSuspended])).toEqual([
      [owner.email, 'owner', 'Test', false],
      [negotiator.email, 'negotiator', 'Aaron Abbott', false],
    ]);
  });
});

describe('POST /api/admin/agencies/{id}/verify', () => {
  test('409 until a redress scheme and number are recorded, and CMP while a branch handles lettings', async () => {
    const owner = await world.agencyOwner();
    const verify = () => world.call('POST', `/api/admin/agencies/${owner.agencyId}/verify`, admin.cookie);
    const none = await verify();
    expect(none.status).toBe(409);
    expect((await readJson(none)).error.message).toBe(ADMIN_AGENCY_MESSAGES.cannotVerifyRedress);
    await recordCompliance(handle.db, owner.agencyId, {
      redressScheme: 'prs',
      redressMembershipNumber: 'PRS001',
    });
    const noCmp = await verify();
    expect(noCmp.status).toBe(409);
    expect((await readJson(noCmp)).error.message).toBe(ADMIN_AGENCY_MESSAGES.cannotVerifyCmp);
    // A sales-only agency needs no client money protection.
    await handle.db.update(agents).set({ handlesLettings: false }).where(eq(agents.id, owner.branchId));
    expect((await verify()).status).toBe(200);
  });

  test('verifies, audits, e-mails the owners, and the agency may publish at once; again is a no-op', async () => {
    const owner = await world.agencyOwner();
    await recordCompliance(handle.db, owner.agencyId);
    const draft = await createListing(handle.db, owner.branchId, {
      status: 'draft',
      tenure: 'freehold',
      councilTaxBand: 'D',
    });
    const refused = await world.call('PATCH', `/api/agent/properties/${draft.id}`, owner.cookie, {
      status: 'active',
    });
    expect(refused.status).toBe(403);

    const res = await world.call('POST', `/api/admin/agencies/${owner.agencyId}/verify`, admin.cookie);
    expect(res.status).toBe(200);
    expect(AdminAgencyDetailSchema.parse(await readJson(res))).toMatchObject({
      standing: 'verified',
      verifiedAt: clock.toISOString(),
      verifiedByEmail: admin.email,
      gaps: [],
    });
    const [audit] = await world.auditFor(owner.agencyId, 'verify_agency');
    expect(audit).toMatchObject({ userId: admin.userId, beforeData: { verifiedAt: null } });
    expect(audit?.afterData).toMatchObject({
      metadata: { entityType: 'agency', after: { verifiedAt: clock.toISOString(), redressScheme: 'tpo' } },
    });
    const mailsTo = async (to: string) =>
      (await handle.db.select().from(outbox).where(eq(outbox.to, to))).filter((m) =>
        m.subject.startsWith('Your agency is verified'),
      );
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('/agent/properties');

    expect((await readJson(await world.call('GET', '/api/me', owner.cookie))).agency.standing).toBe(
      'verified',
    );
    const published = await world.call('PATCH', `/api/agent/properties/${draft.id}`, owner.cookie, {
      status: 'active',
    });
    expect(published.status).toBe(200);

    expect(
      (await world.call('POST', `/api/admin/agencies/${owner.agencyId}/verify`, superAdmin.cookie)).status,
    ).toBe(200);
    expect(await world.auditFor(owner.agencyId, 'verify_agency')).toHaveLength(1);
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });
});
