/**
 * `/api/agent/agency` (ADR 029, "Compliance before advertising") over HTTP on a real database: any member reads the
 * agency; only an owner changes it (a branch manager and a negotiator get 403); a rename reaches every branch; numbers
 * are checked and stored upper-case; new compliance details of a verified agency set it back to unverified, after
 * which its listings cannot leave draft until an admin verifies it again.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { AGENCY_MESSAGES, AgencySchema } from '@abode/shared/agency/agency.schema';
import { LISTING_MESSAGES } from '@abode/shared/agent/listing-input.schema';
import { MESSAGES } from '@abode/shared/messages';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { agencies, agents } from '#src/db/schema.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { agencyIdOf, COMPLETE_COMPLIANCE, joinAgency } from '#src/features/admin/agencies/agency-fixtures.ts';
import { createOneBranchAgency } from '#src/features/agency/create-agency.ts';
import { branchesOfUser, createListing } from '#src/testing/fixtures.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
const clock = new Date('2026-11-26T10:00:00.000Z');
type Signed = Awaited<ReturnType<typeof signedInUser>>;
let owner: Signed;
let manager: Signed;
let negotiator: Signed;
let agencyId: string;
let secondBranchId: string;

const call = (method: string, cookie: string | undefined, body?: unknown) =>
  callApi(app, method, '/api/agent/agency', cookie, body);

const FORM = {
  name: 'Harbour & Vale',
  redressScheme: '',
  redressMembershipNumber: '',
  cmpScheme: '',
  cmpMembershipNumber: '',
};

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db, now: () => clock });
  owner = await signedInUser(app, handle.db, { role: 'agent' });
  agencyId = await agencyIdOf(handle.db, owner.userId);
  const [first] = await branchesOfUser(handle.db, owner.userId);
  // A second branch of the same agency, which the rename must reach too.
  const extra = await createOneBranchAgency(handle.db, { name: 'Reading office', branchName: 'Reading' });
  await handle.db.update(agents).set({ agencyId }).where(eq(agents.id, extra.branchId));
  secondBranchId = extra.branchId;
  manager = await signedInUser(app, handle.db, { role: 'agent' });
  await joinAgency(handle.db, manager.userId, agencyId, 'branch-manager', [first!.id]);
  negotiator = await signedInUser(app, handle.db, { role: 'agent' });
  await joinAgency(handle.db, negotiator.userId, agencyId, 'negotiator', [secondBranchId]);
});
afterAll(async () => {
  await handle?.close();
});

describe('GET /api/agent/agency', () => {
  test('every member reads the agency, its standing and what verifying still needs', async () => {
    for (const member of [owner, manager, negotiator]) {
      const res = await call('GET', member.cookie);
      expect(res.status).toBe(200);
      expect(AgencySchema.parse(await readJson(res))).toMatchObject({
        id: agencyId,
        redressScheme: null,
        redressMembershipNumber: null,
        cmpScheme: null,
        standing: 'verified',
        handlesLettings: true,
        branchCount: 2,
        gaps: ['redress', 'cmp'],
      });
    }
  });

  test('a new agency is unverified; visitors and clients are refused', async () => {
    const fresh = await signedInUser(app, handle.db, { role: 'agent', agencyVerified: false });
    expect(await readJson(await call('GET', fresh.cookie))).toMatchObject({
      standing: 'unverified',
      verifiedAt: null,
      branchCount: 1,
    });
    expect((await call('GET', undefined)).status).toBe(401);
    const client = await signedInUser(app, handle.db);
    expect((await call('GET', client.cookie)).status).toBe(403);
  });
});

describe('PATCH /api/agent/agency', () => {
  test('a branch manager and a negotiator may not change it (403); nothing changes', async () => {
    for (const member of [manager, negotiator]) {
      const res = await call('PATCH', member.cookie, { ...FORM, name: 'Taken over' });
      expect(res.status).toBe(403);
      expect((await readJson(res)).error.message).toBe(MESSAGES.authorization);
    }
    const [row] = await handle.db.select().from(agencies).where(eq(agencies.id, agencyId));
    expect(row?.name).not.toBe('Taken over');
  });

  test('bad details are 400 with a message on each field', async () => {
    const res = await call('PATCH', owner.cookie, {
      name: '   ',
      redressScheme: 'tpo',
      redressMembershipNumber: '',
      cmpScheme: '',
      cmpMembershipNumber: 'AB', // too short, and without a scheme
    });
    expect(res.status).toBe(400);
    const fields = Object.fromEntries(
      ((await readJson(res)).error.details as { path: string; message: string }[]).map((d) => [
        d.path,
        d.message,
      ]),
    );
    expect(fields).toMatchObject({
      name: AGENCY_MESSAGES.nameRequired,
      redressMembershipNumber: AGENCY_MESSAGES.redressNumberRequired,
      cmpMembershipNumber: AGENCY_MESSAGES.numberInvalid,
    });
    // The body is the whole record: one without the numbers cannot clear them by accident.
    expect((await call('PATCH', owner.cookie, { name: 'Harbour & Vale' })).status).toBe(400);
    const unknownScheme = await call('PATCH', owner.cookie, { ...FORM, redressScheme: 'ombudsman-x' });
    expect(unknownScheme.status).toBe(400);
    const numberWithoutScheme = await call('PATCH', owner.cookie, {
      ...FORM,
      redressMembershipNumber: 'T0001',
    });
    expect((await readJson(numberWithoutScheme)).error.details).toEqual([
      { path: 'redressScheme', message: AGENCY_MESSAGES.redressSchemeRequired },
    ]);
  });

  test('a rename reaches every branch and keeps the agency verified', async () => {
    const res = await call('PATCH', owner.cookie, { ...FORM, name: '  Harbour & Vale Lettings ' });
    expect(res.status).toBe(200);
    expect(await readJson(res)).toMatchObject({ name: 'Harbour & Vale Lettings', standing: 'verified' });
    const branches = await handle.db.select().from(agents).where(eq(agents.agencyId, agencyId));
    expect(branches.map((b) => b.agencyName)).toEqual(['Harbour & Vale Lettings', 'Harbour & Vale Lettings']);
    expect((await readJson(await callApi(app, 'GET', '/api/me', manager.cookie))).agency.agencyName).toBe(
      'Harbour & Vale Lettings',
    );
  });

  test('new compliance details set a verified agency back to unverified; its listings then stay drafts', async () => {
    const [branch] = await branchesOfUser(handle.db, owner.userId);
    const draft = await createListing(handle.db, branch!.id, {
      status: 'draft',
      tenure: 'freehold',
      councilTaxBand: 'F',
    });
    const res = await call('PATCH', owner.cookie, {
      name: 'Harbour & Vale Lettings',
      redressScheme: 'prs',
      redressMembershipNumber: ' prs012345 ',
      cmpScheme: 'propertymark',
      cmpMembershipNumber: 'c-0042',
    });
    expect(res.status).toBe(200);
    expect(AgencySchema.parse(await readJson(res))).toMatchObject({
      redressScheme: 'prs',
      redressMembershipNumber: 'PRS012345',
      cmpScheme: 'propertymark',
      cmpMembershipNumber: 'C-0042',
      standing: 'unverified',
      verifiedAt: null,
      gaps: [],
    });
    const [row] = await handle.db.select().from(agencies).where(eq(agencies.id, agencyId));
    expect(row).toMatchObject({ verifiedAt: null, verifiedBy: null });
    expect((await readJson(await callApi(app, 'GET', '/api/me', owner.cookie))).agency.standing).toBe(
      'unverified',
    );

    const publish = await callApi(app, 'PATCH', `/api/agent/properties/${draft.id}`, owner.cookie, {
      status: 'active',
    });
    expect(publish.status).toBe(403);
    expect((await readJson(publish)).error.message).toBe(LISTING_MESSAGES.agencyNotVerified);

    // Verified again (as an admin does), the same details saved again leave it verified, and it may publish.
    await handle.db.update(agencies).set({ verifiedAt: clock }).where(eq(agencies.id, agencyId));
    const same = await call('PATCH', owner.cookie, {
      name: 'Harbour & Vale Lettings',
      redressScheme: 'prs',
      redressMembershipNumber: 'PRS012345',
      cmpScheme: 'propertymark',
      cmpMembershipNumber: 'C-0042',
    });
    expect((await readJson(same)).standing).toBe('verified');
    const live = await callApi(app, 'PATCH', `/api/agent/properties/${draft.id}`, owner.cookie, {
      status: 'active',
    });
    expect(live.status).toBe(200);
  });

  test('removing the client money protection details also needs a new check', async () => {
    await handle.db
      .update(agencies)
      .set({ ...COMPLETE_COMPLIANCE, verifiedAt: clock })
      .where(eq(agencies.id, agencyId));
    const res = await call('PATCH', owner.cookie, {
      ...FORM,
      name: 'Harbour & Vale Lettings',
      redressScheme: COMPLETE_COMPLIANCE.redressScheme,
      redressMembershipNumber: COMPLETE_COMPLIANCE.redressMembershipNumber,
      cmpScheme: null,
      cmpMembershipNumber: null,
    });
    expect(await readJson(res)).toMatchObject({ cmpScheme: null, standing: 'unverified', gaps: ['cmp'] });
  });
});
