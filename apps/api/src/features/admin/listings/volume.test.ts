/**
 * Admin properties at volume (REQ-AGENCY-06; ADR 029) over HTTP on a real database: the agency and branch filters and
 * their choices, and `POST /api/admin/properties/bulk`: several listings approved, or rejected with one reason, all or
 * nothing, each audited with its activity event and its agent e-mailed after the commit; errors name the listing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { desc, eq, inArray } from 'drizzle-orm';
import {
  ADMIN_LISTING_MESSAGES,
  AdminListingAgenciesSchema,
  AdminListingListSchema,
  BulkModerationResultSchema,
} from '@abode/shared/admin/listings.schema';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { agencies, agentActivity, agents, auditLogs, outbox, properties } from '#src/db/schema.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { createAgent, createListing } from '#src/testing/fixtures.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { adminListingRoutes } from './routes.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let admin: { cookie: string };
/** Harbour & Vale: Wimbledon and Reading branches. Fernhollow: one branch. */
let harbour: { agencyId: string; wimbledon: string; reading: string };
let fernhollow: { agencyId: string; branch: string };
let listed: Record<'wimbledon' | 'reading' | 'fernhollow', string>;

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db, writeRateLimitPerMinute: 10_000 });
  admin = await signedInUser(app, handle.db, { admin: 'admin' });
  const wimbledon = await createAgent(handle.db, {
    agencyName: 'Harbour & Vale',
    branchName: 'Wimbledon',
    email: 'wimbledon@harbour.example.com',
  });
  const [reading] = await handle.db
    .insert(agents)
    .values({
      agencyId: wimbledon.agencyId,
      slug: 'harbour-vale-reading-test',
      name: 'Harbour & Vale',
      agencyName: 'Harbour & Vale',
      branchName: 'Reading',
      email: 'reading@harbour.example.com',
    })
    .returning();
  // A branch without listings is no filter choice.
  await handle.db.insert(agents).values({
    agencyId: wimbledon.agencyId,
    slug: 'harbour-vale-ryde-test',
    name: 'Harbour & Vale',
    agencyName: 'Harbour & Vale',
    branchName: 'Ryde',
  });
  harbour = { agencyId: wimbledon.agencyId, wimbledon: wimbledon.id, reading: reading!.id };
  const fern = await createAgent(handle.db, {
    agencyName: 'Fernhollow Estates',
    branchName: 'Wigan',
    email: 'wigan@fernhollow.example.com',
  });
  fernhollow = { agencyId: fern.agencyId, branch: fern.id };
  // An agency whose only listing is deleted is no filter choice either.
  const gone = await createAgent(handle.db, { agencyName: 'Gone Lettings', branchName: 'Bury' });
  await createListing(handle.db, gone.id, { isDeleted: true });
  listed = {
    wimbledon: (await createListing(handle.db, harbour.wimbledon, { title: 'Wimbledon semi' })).id,
    reading: (await createListing(handle.db, harbour.reading, { title: 'Reading terrace' })).id,
    fernhollow: (await createListing(handle.db, fernhollow.branch, { title: 'Wigan cottage' })).id,
  };
});
afterAll(async () => {
  await handle?.close();
});

async function list(query: string) {
  const res = await callApi(app, 'GET', `/api/admin/properties${query}`, admin.cookie);
  expect(res.status, await res.clone().text()).toBe(200);
  return AdminListingListSchema.parse(await readJson(res));
}
const idsOf = async (query: string) => (await list(query)).items.map((i) => i.id).sort();
const bulk = (cookie: string | undefined, body: unknown) =>
  callApi(app, 'POST', '/api/admin/properties/bulk', cookie, body);

const pending = (branchId: string, title: string) =>
  createListing(handle.db, branchId, { title, approvalStatus: 'pending', approvedAt: null }).then(
    (l) => l.id,
  );

async function rowsOf(ids: string[]) {
  const rows = await handle.db.select().from(properties).where(inArray(properties.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)!);
}
const auditOf = (ids: string[]) =>
  handle.db
    .select()
    .from(auditLogs)
    .where(
      inArray(
        auditLogs.entityId,
        ids.map((id) => `property:${id}`),
      ),
    );
const mailsTo = (to: string) =>
  handle.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt));

describe('agency and branch filters', () => {
  test('by agency, by branch, both; each row names its branch', async () => {
    expect(await idsOf(`?agencyId=${harbour.agencyId}`)).toEqual([listed.wimbledon, listed.reading].sort());
    expect(await idsOf(`?branchId=${harbour.reading}`)).toEqual([listed.reading]);
    expect(await idsOf(`?agencyId=${fernhollow.agencyId}`)).toEqual([listed.fernhollow]);
    expect(await idsOf(`?agencyId=${harbour.agencyId}&branchId=${harbour.reading}`)).toEqual([
      listed.reading,
    ]);
    // A branch of another agency matches nothing.
    expect(await idsOf(`?agencyId=${fernhollow.agencyId}&branchId=${harbour.reading}`)).toEqual([]);
    const [row] = (await list(`?branchId=${harbour.reading}`)).items;
    expect(row!.agent).toEqual({
      name: 'Harbour & Vale',
      agencyName: 'Harbour & Vale',
      branchName: 'Reading',
    });
    for (const query of ['?agencyId=harbour', '?branchId=1']) {
      const res = await callApi(app, 'GET', `/api/admin/properties${query}`, admin.cookie);
      expect(res.status, query).toBe(400);
    }
  });

  test('the choices: agencies with listings by name, each with its branches that have listings', async () => {
    const res = await callApi(app, 'GET', '/api/admin/properties/agencies', admin.cookie);
    expect(res.status).toBe(200);
    const { agencies: choices } = AdminListingAgenciesSchema.parse(await readJson(res));
    expect(choices).toEqual([
      {
        id: fernhollow.agencyId,
        name: 'Fernhollow Estates',
        branches: [{ id: fernhollow.branch, name: 'Wigan' }],
      },
      {
        id: harbour.agencyId,
        name: 'Harbour & Vale',
        branches: [
          { id: harbour.reading, name: 'Reading' },
          { id: harbour.wimbledon, name: 'Wimbledon' },
        ],
      },
    ]);
    const [agency] = await handle.db.select().from(agencies).where(eq(agencies.id, harbour.agencyId));
    expect(agency!.name).toBe('Harbour & Vale');
  });
});

describe('bulk approve and reject', () => {
  test('approves several: each approved, audited, recorded and its branch e-mailed', async () => {
    const ids = [
      await pending(harbour.reading, 'Reading flat'),
      await pending(fernhollow.branch, 'Wigan house'),
    ];
    const res = await bulk(admin.cookie, { ids, action: 'approve' });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = BulkModerationResultSchema.parse(await readJson(res));
    expect(body).toMatchObject({ action: 'approve', count: 2 });
    expect(body.items.map((i) => [i.id, i.approvalStatus])).toEqual([
      [ids[0], 'approved'],
      [ids[1], 'approved'],
    ]);
    expect((await rowsOf(ids)).map((r) => r.approvalStatus)).toEqual(['approved', 'approved']);
    const audit = await auditOf(ids);
    expect(audit.map((a) => a.action)).toEqual(['approve_listing', 'approve_listing']);
    const events = await handle.db.select().from(agentActivity).where(inArray(agentActivity.propertyId, ids));
    expect(events.map((e) => e.type)).toEqual(['listing_approved', 'listing_approved']);
    expect((await mailsTo('reading@harbour.example.com'))[0]!.subject).toContain('Reading flat');
    expect((await mailsTo('wigan@fernhollow.example.com'))[0]!.subject).toContain('Wigan house');
  });

  test('rejects several with one reason: each back to draft with it, audited, its agent e-mailed it', async () => {
    const ids = [
      await pending(harbour.wimbledon, 'Wimbledon flat'),
      await pending(harbour.reading, 'Reading loft'),
    ];
    const reason = 'The photos show a different house.';
    const res = await bulk(admin.cookie, { ids, action: 'reject', reason: `  ${reason} ` });
    expect(res.status, await res.clone().text()).toBe(200);
    const rows = await rowsOf(ids);
    for (const row of rows)
      expect(row).toMatchObject({ approvalStatus: 'rejected', status: 'draft', rejectionReason: reason });
    const audit = await auditOf(ids);
    expect(audit).toHaveLength(2);
    for (const row of audit) {
      expect(row.action).toBe('reject_listing');
      expect(row.afterData).toMatchObject({ metadata: { after: { reason } } });
    }
    const [mail] = await mailsTo('wimbledon@harbour.example.com');
    expect(mail!.subject).toBe('Listing not approved: Wimbledon flat');
    expect(mail!.text).toContain(reason);
  });

  test('a reject needs the reason: 400 and nothing changes', async () => {
    const id = await pending(harbour.reading, 'No reason given');
    for (const body of [
      { ids: [id], action: 'reject' },
      { ids: [id], action: 'reject', reason: '   ' },
    ]) {
      const res = await bulk(admin.cookie, body);
      expect(res.status).toBe(400);
      expect((await readJson(res)).error.details).toContainEqual({
        path: 'reason',
        message: ADMIN_LISTING_MESSAGES.bulkReasonRequired,
      });
    }
    expect((await rowsOf([id]))[0]!.approvalStatus).toBe('pending');
  });

  test('one listing that cannot be approved: 409 naming it, nothing approved, nobody e-mailed', async () => {
    const fresh = await pending(fernhollow.branch, 'Still pending');
    const before = (await mailsTo('wigan@fernhollow.example.com')).length;
    const res = await bulk(admin.cookie, { ids: [fresh, listed.wimbledon], action: 'approve' });
    expect(res.status).toBe(409);
    expect((await readJson(res)).error).toEqual({
      code: 'CONFLICT',
      message: ADMIN_LISTING_MESSAGES.bulkConflict,
      details: [{ path: 'ids.1', message: `Wimbledon semi: ${ADMIN_LISTING_MESSAGES.cannotApprove}` }],
    });
    expect((await rowsOf([fresh]))[0]!.approvalStatus).toBe('pending');
    expect(await auditOf([fresh])).toEqual([]);
    expect(await mailsTo('wigan@fernhollow.example.com')).toHaveLength(before);
    // Rejecting lists every listing that is not pending.
    const rejecting = await bulk(admin.cookie, {
      ids: [listed.reading, fresh, listed.fernhollow],
      action: 'reject',
      reason: 'Check the floor area.',
    });
    expect(rejecting.status).toBe(409);
    expect((await readJson(rejecting)).error.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'ids.0',
      'ids.2',
    ]);
    expect((await rowsOf([fresh]))[0]!.approvalStatus).toBe('pending');
  });

  test('an unknown or deleted listing: 404 naming its place, nothing changed', async () => {
    const fresh = await pending(harbour.reading, 'Pending beside a ghost');
    const deleted = (
      await createListing(handle.db, harbour.reading, { approvalStatus: 'pending', isDeleted: true })
    ).id;
    for (const ghost of ['0b8e4c2a-3f1d-4e5b-9a7c-6d2e1f0a9b8c', deleted]) {
      const res = await bulk(admin.cookie, { ids: [fresh, ghost], action: 'approve' });
      expect(res.status).toBe(404);
      expect((await readJson(res)).error).toMatchObject({
        message: ADMIN_LISTING_MESSAGES.notFound,
        details: [{ path: 'ids.1', message: ADMIN_LISTING_MESSAGES.notFound }],
      });
    }
    expect((await rowsOf([fresh]))[0]!.approvalStatus).toBe('pending');
  });

  test('a visitor gets 401, a client and an agent 403, and nothing changes', async () => {
    const id = await pending(harbour.reading, 'Not for them');
    const client = await signedInUser(app, handle.db);
    const agent = await signedInUser(app, handle.db, { role: 'agent' });
    expect((await bulk(undefined, { ids: [id], action: 'approve' })).status).toBe(401);
    expect((await bulk(client.cookie, { ids: [id], action: 'approve' })).status).toBe(403);
    expect((await bulk(agent.cookie, { ids: [id], action: 'reject', reason: 'No' })).status).toBe(403);
    expect((await callApi(app, 'GET', '/api/admin/properties/agencies', agent.cookie)).status).toBe(403);
    expect((await rowsOf([id]))[0]!.approvalStatus).toBe('pending');
  });

  test('bad bodies are 400', async () => {
    const ids = (n: number) => Array.from({ length: n }, () => crypto.randomUUID());
    const cases: [unknown, string, string][] = [
      [{ ids: [], action: 'approve' }, 'ids', ADMIN_LISTING_MESSAGES.bulkSelectionSize],
      [{ ids: ids(101), action: 'approve' }, 'ids', ADMIN_LISTING_MESSAGES.bulkSelectionSize],
      [{ ids: ['x'], action: 'approve' }, 'ids.0', ADMIN_LISTING_MESSAGES.bulkIdInvalid],
      [
        { ids: ids(1), action: 'reject', reason: 'x'.repeat(501) },
        'reason',
        ADMIN_LISTING_MESSAGES.reasonTooLong,
      ],
    ];
    for (const [body, path, message] of cases) {
      const res = await bulk(admin.cookie, body);
      expect(res.status).toBe(400);
      expect((await readJson(res)).error.details).toContainEqual({ path, message });
    }
    expect((await bulk(admin.cookie, { ids: ids(1), action: 'delete' })).status).toBe(400);
  });
});

test('the new routes are in the OpenAPI document', () => {
  const doc = adminListingRoutes.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'Abode', version: '1' },
  });
  expect(Object.keys(doc.paths?.['/bulk'] ?? {})).toEqual(['post']);
  expect(Object.keys(doc.paths?.['/agencies'] ?? {})).toEqual(['get']);
});
