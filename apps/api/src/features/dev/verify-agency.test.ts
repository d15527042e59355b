/**
 * `POST /api/dev/verify-agency` (ADR 029): a browser journey's stand-in for an admin's verification. It verifies the
 * agency of the member with that e-mail (whatever case it is typed in), so they may publish; keeps an earlier
 * verification's date; answers 404 for an address that belongs to no agency and 400 for a bad body. And the
 * publish-listing shortcut, standing in for an admin's approval, refuses an unverified agency's listing as it does.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN_AGENCY_MESSAGES } from '@abode/shared/admin/agencies.schema';
import { MESSAGES } from '@abode/shared/messages';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { agencies, users } from '#src/db/schema.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { agencyIdOf } from '#src/features/admin/agencies/agency-fixtures.ts';
import { createAgent, createListing } from '#src/testing/fixtures.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let clock = new Date('2026-11-26T10:00:00.000Z');

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db, now: () => clock });
});
afterAll(async () => {
  await handle?.close();
});

const verify = (body: unknown) => callApi(app, 'POST', '/api/dev/verify-agency', undefined, body);

test("verifies the member's agency, so they may publish; a second call keeps the first date", async () => {
  const agent = await signedInUser(app, handle.db, { role: 'agent', agencyVerified: false });
  const agencyId = await agencyIdOf(handle.db, agent.userId);
  expect((await readJson(await callApi(app, 'GET', '/api/me', agent.cookie))).agency.standing).toBe(
    'unverified',
  );

  const res = await verify({ email: `  ${agent.email.toUpperCase()} ` });
  expect(res.status).toBe(200);
  expect(await readJson(res)).toEqual({ agencyId, name: expect.any(String) });
  expect((await readJson(await callApi(app, 'GET', '/api/me', agent.cookie))).agency.standing).toBe(
    'verified',
  );

  clock = new Date(clock.getTime() + 60_000);
  expect((await verify({ email: agent.email })).status).toBe(200);
  const [row] = await handle.db.select().from(agencies).where(eq(agencies.id, agencyId));
  expect(row?.verifiedAt?.toISOString()).toBe('2026-11-26T10:00:00.000Z');
});

test('an address of no member is 404; a bad body is 400', async () => {
  const client = await signedInUser(app, handle.db);
  const none = await verify({ email: client.email });
  expect(none.status).toBe(404);
  expect((await readJson(none)).error.message).toBe(MESSAGES.notFound);
  for (const body of [{}, { email: 'not-an-address' }, null]) expect((await verify(body)).status).toBe(400);
});

test('the publish-listing shortcut, as an approval, puts nothing live for an unverified agency', async () => {
  const branch = await createAgent(handle.db, { agencyName: 'Quayside Lettings' }, { verified: false });
  const draft = await createListing(handle.db, branch.id, {
    status: 'draft',
    approvalStatus: 'pending',
    approvedAt: null,
    at: 'reading',
  });
  const publish = (body: unknown) => callApi(app, 'POST', '/api/dev/publish-listing', undefined, body);
  const refused = await publish({ slug: draft.slug });
  expect(refused.status).toBe(409);
  expect((await readJson(refused)).error.message).toBe(ADMIN_AGENCY_MESSAGES.listingAgencyNotVerified);
  expect((await publish({ location: 'reading', mode: 'sale' })).status).toBe(404);

  const [owner] = await handle.db.select().from(users).where(eq(users.id, branch.userId));
  expect((await verify({ email: owner!.email })).status).toBe(200);
  expect(await readJson(await publish({ slug: draft.slug }))).toMatchObject({ slug: draft.slug });
});
