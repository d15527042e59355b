/**
 * `POST /api/enquiries` for a team (ADR 029) over HTTP on a real database: the preferred viewing times and buyer's
 * position are stored and shown in the branch's e-mail (and refused with their messages when wrong); the enquiry goes
 * to the listing's branch and, when the listing has a negotiator working in it, is assigned to them and e-mailed to
 * them as well.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ENQUIRY_MESSAGES,
  formatViewingTime,
  viewingDayRange,
  type ViewingTime,
} from '@abode/shared/enquiries/enquiry.schema';
import { addDays } from '@abode/shared/enquiries/viewing-times';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { agencyMemberBranches, agents, enquiries, outbox, properties } from '#src/db/schema.ts';
import { latestMail, ORIGIN, signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import {
  addBranch,
  joinAgency,
  membershipOf,
  type TestMember,
} from '#src/features/agent/enquiries/team-test-helpers.ts';
import { createListing } from '#src/testing/fixtures.ts';
import { readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let branchId: string;
let otherBranchId: string;
let negotiator: TestMember;
const BRANCH_EMAIL = 'wimbledon@harbourandvale.example.com';

let ip = 0;
function send(body: unknown) {
  ip += 1;
  return app.request('/api/enquiries', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'X-Forwarded-For': `198.51.100.${ip}` },
    body: JSON.stringify(body),
  });
}

const contact = (propertyId: string) => ({
  propertyId,
  name: 'Priya Shah',
  email: 'priya.shah@example.com',
  message: 'Could we view this weekend?',
});

const { min: tomorrow, max: lastDay } = viewingDayRange();

const stored = async (id: string) =>
  (await handle.db.select().from(enquiries).where(eq(enquiries.id, id)))[0]!;

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db, trustProxy: true });
  const owner = await signedInUser(app, handle.db, { role: 'agent' });
  const membership = await membershipOf(handle.db, owner.userId);
  branchId = membership.defaultBranchId;
  await handle.db.update(agents).set({ email: BRANCH_EMAIL }).where(eq(agents.id, branchId));
  otherBranchId = await addBranch(handle.db, membership.agencyId, { branchName: 'Reading' });
  negotiator = await joinAgency(app, handle.db, {
    agencyId: membership.agencyId,
    role: 'negotiator',
    branchIds: [branchId],
    firstName: 'Nina',
    lastName: 'Patel',
  });
});
afterAll(async () => {
  await handle?.close();
});

describe('viewing times and position', () => {
  test('are stored and shown in the branch’s e-mail', async () => {
    const listing = await createListing(handle.db, branchId, { title: '4 bedroom house for sale' });
    const times: ViewingTime[] = [
      { date: tomorrow, period: 'evening' },
      { date: lastDay, period: 'morning' },
    ];
    const res = await send({
      ...contact(listing.id),
      viewingTimes: [...times, { ...times[0]! }],
      buyerPosition: ['mortgage-agreed-in-principle', 'first-time-buyer', 'first-time-buyer'],
    });
    expect(res.status).toBe(201);
    const row = await stored((await readJson(res)).id);
    // Repeats are dropped; positions keep the list's order.
    expect(row.viewingTimes).toEqual(times);
    expect(row.buyerPosition).toEqual(['first-time-buyer', 'mortgage-agreed-in-principle']);

    const mail = await latestMail(handle.db, BRANCH_EMAIL);
    expect(mail?.text).toContain(`Viewing requested: ${times.map(formatViewingTime).join('; ')}`);
    expect(mail?.text).toContain('Position: First-time buyer, Mortgage agreed in principle');
    expect(mail?.html).toContain(formatViewingTime(times[1]!));
  });

  test('without them (an older client) nothing is asked: null times, no position, no lines in the e-mail', async () => {
    const listing = await createListing(handle.db, branchId, { title: '1 bedroom flat for sale' });
    const res = await send(contact(listing.id));
    expect(res.status).toBe(201);
    const row = await stored((await readJson(res)).id);
    expect(row).toMatchObject({ viewingTimes: null, buyerPosition: [] });
    const mail = await latestMail(handle.db, BRANCH_EMAIL);
    expect(mail?.subject).toBe(`New enquiry: ${listing.title}`);
    expect(mail?.text).not.toContain('Viewing requested');
    expect(mail?.text).not.toContain('Position:');
  });

  test('a letting keeps the viewing times but not a buyer’s position', async () => {
    const listing = await createListing(handle.db, branchId, {
      mode: 'rent',
      title: '2 bedroom flat to rent',
    });
    const res = await send({
      ...contact(listing.id),
      viewingTimes: [{ date: tomorrow, period: 'afternoon' }],
      buyerPosition: ['cash-buyer'],
    });
    expect(res.status).toBe(201);
    const row = await stored((await readJson(res)).id);
    expect(row).toMatchObject({ viewingTimes: [{ date: tomorrow, period: 'afternoon' }], buyerPosition: [] });
  });

  test.each([
    [
      'today',
      { viewingTimes: [{ date: addDays(tomorrow, -1), period: 'morning' }] },
      'viewingDateOutOfRange',
    ],
    [
      '61 days ahead',
      { viewingTimes: [{ date: addDays(lastDay, 1), period: 'morning' }] },
      'viewingDateOutOfRange',
    ],
    ['not a day', { viewingTimes: [{ date: '2026-02-30', period: 'morning' }] }, 'viewingDateOutOfRange'],
    ['a night viewing', { viewingTimes: [{ date: tomorrow, period: 'night' }] }, 'viewingPeriodInvalid'],
    [
      'four times',
      {
        viewingTimes: ['morning', 'afternoon', 'evening', 'morning'].map((period, i) => ({
          date: addDays(tomorrow, i),
          period,
        })),
      },
      'tooManyViewingTimes',
    ],
    ['an unknown position', { buyerPosition: ['landlord'] }, 'buyerPositionInvalid'],
  ] as const)('%s → 400 with its message, nothing stored', async (_, change, key) => {
    const listing = await createListing(handle.db, branchId);
    const res = await send({ ...contact(listing.id), ...change });
    expect(res.status).toBe(400);
    expect((await readJson(res)).error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: ENQUIRY_MESSAGES[key],
    });
    expect(await handle.db.select().from(enquiries).where(eq(enquiries.propertyId, listing.id))).toEqual([]);
  });
});

describe('routing to the negotiator', () => {
  test('a listing’s negotiator is e-mailed as well as the branch, and the enquiry is theirs from the start', async () => {
    const listing = await createListing(handle.db, branchId, {
      title: '3 bedroom cottage for sale',
      negotiatorId: negotiator.memberId,
    });
    const res = await send(contact(listing.id));
    expect(res.status).toBe(201);
    const row = await stored((await readJson(res)).id);
    expect(row).toMatchObject({ agentId: branchId, assignedMemberId: negotiator.memberId });
    expect((await latestMail(handle.db, negotiator.email))?.subject).toBe(`New enquiry: ${listing.title}`);
    expect((await latestMail(handle.db, BRANCH_EMAIL))?.subject).toBe(`New enquiry: ${listing.title}`);
  });

  test('a listing without a negotiator goes to the branch alone, unassigned', async () => {
    const listing = await createListing(handle.db, branchId, { title: 'Detached bungalow for sale' });
    const before = await handle.db.select().from(outbox).where(eq(outbox.to, negotiator.email));
    const res = await send(contact(listing.id));
    const row = await stored((await readJson(res)).id);
    expect(row.assignedMemberId).toBeNull();
    expect(await handle.db.select().from(outbox).where(eq(outbox.to, negotiator.email))).toHaveLength(
      before.length,
    );
  });

  test('a negotiator who no longer works in the listing’s branch is neither assigned nor e-mailed', async () => {
    const listing = await createListing(handle.db, branchId, {
      title: 'Terraced house for sale',
      negotiatorId: negotiator.memberId,
    });
    await handle.db
      .update(agencyMemberBranches)
      .set({ branchId: otherBranchId })
      .where(eq(agencyMemberBranches.memberId, negotiator.memberId));
    try {
      const res = await send(contact(listing.id));
      const row = await stored((await readJson(res)).id);
      expect(row.assignedMemberId).toBeNull();
      expect((await latestMail(handle.db, negotiator.email))?.subject).not.toBe(
        `New enquiry: ${listing.title}`,
      );
    } finally {
      await handle.db
        .update(agencyMemberBranches)
        .set({ branchId })
        .where(eq(agencyMemberBranches.memberId, negotiator.memberId));
    }
    // Still on the listing for when they come back.
    const [kept] = await handle.db.select().from(properties).where(eq(properties.id, listing.id));
    expect(kept!.negotiatorId).toBe(negotiator.memberId);
  });

  test('with the branch’s new-enquiry e-mails off, neither is e-mailed but the enquiry is assigned', async () => {
    const listing = await createListing(handle.db, branchId, {
      title: 'Semi-detached house for sale',
      negotiatorId: negotiator.memberId,
    });
    await handle.db.update(agents).set({ notifyNewEnquiries: false }).where(eq(agents.id, branchId));
    try {
      const res = await send(contact(listing.id));
      const row = await stored((await readJson(res)).id);
      expect(row.assignedMemberId).toBe(negotiator.memberId);
      for (const to of [negotiator.email, BRANCH_EMAIL])
        expect((await latestMail(handle.db, to))?.subject).not.toBe(`New enquiry: ${listing.title}`);
    } finally {
      await handle.db.update(agents).set({ notifyNewEnquiries: true }).where(eq(agents.id, branchId));
    }
  });
});
