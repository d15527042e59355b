/**
 * The team's lead inbox over HTTP on a real database (ADR 029): an agency with two branches (Wimbledon and Reading),
 * its owner, a negotiator of each branch, and another agency (team-test-helpers.ts). The rows' team fields and the
 * `assigned` filter; assignment only to people working in the enquiry's branch; the assignees; and 404 for records
 * outside the member's branches on every route (notes and replies: enquiry-thread.test.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AGENT_ENQUIRY_MESSAGES,
  AgentEnquiryListSchema,
  AgentEnquirySchema,
  EnquiryAssigneesSchema,
} from '@abode/shared/agent/enquiries.schema';
import { MESSAGES } from '@abode/shared/messages';
import type { DatabaseHandle } from '#src/db/client.ts';
import { agentActivity, enquiries, enquiryMessages } from '#src/db/schema.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import { openLeadInbox, type LeadInbox, type LeadTeam, type TestMember } from './team-test-helpers.ts';

let inbox: LeadInbox;
let handle: DatabaseHandle;
let owner: TestMember;
let negotiatorA: TestMember;
let negotiatorB: TestMember;
let stranger: TestMember;
let wimbledon: string;
let reading: string;
let listingA: LeadTeam['listingA'];
let listingB: LeadTeam['listingB'];

beforeAll(async () => {
  inbox = await openLeadInbox();
  ({ handle, owner, negotiatorA, negotiatorB, stranger, wimbledon, reading, listingA, listingB } = inbox);
});
afterAll(async () => {
  await inbox?.handle.close();
});

describe('GET /api/agent/enquiries (team)', () => {
  test('rows carry the branch, the assignee, the viewing times and the position', async () => {
    const e = await inbox.addEnquiry(wimbledon, listingA, { assignedMemberId: negotiatorA.memberId });
    const res = await inbox.call(owner, 'GET', `/${e.id}`);
    expect(res.status).toBe(200);
    expect(AgentEnquirySchema.parse(await readJson(res))).toMatchObject({
      id: e.id,
      branchId: wimbledon,
      assignedTo: { memberId: negotiatorA.memberId, name: 'Nina Patel' },
      viewingTimes: [{ date: '2026-12-05', period: 'morning' }],
      buyerPosition: ['first-time-buyer', 'mortgage-agreed-in-principle'],
    });
  });

  test('assigned=me|unassigned|all filter the list; a negotiator lists only their branch', async () => {
    const mine = await inbox.addEnquiry(wimbledon, listingA, {
      name: 'Filter Mine',
      assignedMemberId: negotiatorA.memberId,
    });
    const nobody = await inbox.addEnquiry(wimbledon, listingA, { name: 'Filter Nobody' });
    const elsewhere = await inbox.addEnquiry(reading, listingB, { name: 'Filter Reading' });
    const ids = async (member: TestMember, query: string) => {
      const res = await inbox.call(member, 'GET', `?q=Filter&${query}`);
      expect(res.status).toBe(200);
      return AgentEnquiryListSchema.parse(await readJson(res))
        .items.map((i) => i.id)
        .sort();
    };
    expect(await ids(negotiatorA, 'assigned=me')).toEqual([mine.id]);
    expect(await ids(negotiatorA, 'assigned=unassigned')).toEqual([nobody.id]);
    expect(await ids(negotiatorA, 'assigned=all')).toEqual([mine.id, nobody.id].sort());
    expect(await ids(negotiatorA, '')).toEqual([mine.id, nobody.id].sort());
    expect(await ids(owner, 'assigned=unassigned')).toEqual([nobody.id, elsewhere.id].sort());
    expect(await ids(owner, 'assigned=me')).toEqual([]);
    expect((await inbox.call(owner, 'GET', '?assigned=someone')).status).toBe(400);
  });
});

describe('PATCH /api/agent/enquiries/{id}/assignment', () => {
  test('assigns to a member of the branch, records it, and unassigns', async () => {
    const e = await inbox.addEnquiry(wimbledon, listingA);
    inbox.tick();
    const res = await inbox.call(owner, 'PATCH', `/${e.id}/assignment`, { memberId: negotiatorA.memberId });
    expect(res.status).toBe(200);
    const body = AgentEnquirySchema.parse(await readJson(res));
    expect(body.assignedTo).toEqual({ memberId: negotiatorA.memberId, name: 'Nina Patel' });
    expect(body.updatedAt).toBe(inbox.now().toISOString());
    const events = await handle.db.select().from(agentActivity).where(eq(agentActivity.enquiryId, e.id));
    expect(events).toEqual([
      expect.objectContaining({
        agentId: wimbledon,
        type: 'enquiry_assigned',
        details: { assignedTo: 'Nina Patel' },
      }),
    ]);

    // The negotiator may pass it on (enquiry.assign), here to the owner, who works in every branch.
    const passOn = await inbox.call(negotiatorA, 'PATCH', `/${e.id}/assignment`, {
      memberId: owner.memberId,
    });
    expect(passOn.status).toBe(200);
    expect((await readJson(passOn)).assignedTo.memberId).toBe(owner.memberId);

    const cleared = await inbox.call(owner, 'PATCH', `/${e.id}/assignment`, { memberId: null });
    expect(cleared.status).toBe(200);
    expect((await readJson(cleared)).assignedTo).toBeNull();
    const [row] = await handle.db.select().from(enquiries).where(eq(enquiries.id, e.id));
    expect(row!.assignedMemberId).toBeNull();
  });

  test('the same assignee again records nothing', async () => {
    const e = await inbox.addEnquiry(wimbledon, listingA, { assignedMemberId: negotiatorA.memberId });
    const res = await inbox.call(owner, 'PATCH', `/${e.id}/assignment`, { memberId: negotiatorA.memberId });
    expect(res.status).toBe(200);
    expect(await handle.db.select().from(agentActivity).where(eq(agentActivity.enquiryId, e.id))).toEqual([]);
  });

  test.each([
    ['a negotiator of another branch', () => negotiatorB.memberId],
    ['a member of another agency', () => stranger.memberId],
    ['no member at all', () => '0b8e4c2a-3f1d-4e5b-9a7c-6d2e1f0a9b8c'],
  ])('%s → 400 on memberId, nothing changes', async (_who, memberId) => {
    const e = await inbox.addEnquiry(wimbledon, listingA);
    const res = await inbox.call(owner, 'PATCH', `/${e.id}/assignment`, { memberId: memberId() });
    expect(res.status).toBe(400);
    expect((await readJson(res)).error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'memberId', message: AGENT_ENQUIRY_MESSAGES.assigneeNotInBranch }],
    });
    const [row] = await handle.db.select().from(enquiries).where(eq(enquiries.id, e.id));
    expect(row!.assignedMemberId).toBeNull();
  });

  test('a body that is not { memberId: uuid | null } → 400', async () => {
    const e = await inbox.addEnquiry(wimbledon, listingA);
    for (const body of [{}, { memberId: 'nina' }, { memberId: owner.memberId, status: 'closed' }])
      expect((await inbox.call(owner, 'PATCH', `/${e.id}/assignment`, body)).status).toBe(400);
  });
});

describe('GET /api/agent/enquiries/{id}/assignees', () => {
  test("lists the people working in the enquiry's branch, owners first", async () => {
    const e = await inbox.addEnquiry(wimbledon, listingA);
    const res = await inbox.call(negotiatorA, 'GET', `/${e.id}/assignees`);
    expect(res.status).toBe(200);
    const { items } = EnquiryAssigneesSchema.parse(await readJson(res));
    expect(items.map((i) => i.memberId)).toEqual([owner.memberId, negotiatorA.memberId]);
    expect(items[1]).toEqual({ memberId: negotiatorA.memberId, name: 'Nina Patel', role: 'negotiator' });

    const b = await inbox.addEnquiry(reading, listingB);
    const forB = EnquiryAssigneesSchema.parse(
      await readJson(await inbox.call(owner, 'GET', `/${b.id}/assignees`)),
    );
    expect(forB.items.map((i) => i.memberId)).toEqual([owner.memberId, negotiatorB.memberId]);
  });
});

describe('records outside the member’s branches', () => {
  const routes = (id: string) =>
    [
      ['GET', `/${id}`, undefined],
      ['PATCH', `/${id}`, { status: 'closed' }],
      ['PATCH', `/${id}/assignment`, { memberId: null }],
      ['GET', `/${id}/assignees`, undefined],
      ['GET', `/${id}/thread`, undefined],
      ['POST', `/${id}/notes`, { body: 'Looked at it.' }],
      ['POST', `/${id}/replies`, { body: 'Hello there.' }],
    ] as const;

  test("a negotiator of Wimbledon gets 404 on every route for Reading's enquiry; nothing changes", async () => {
    const e = await inbox.addEnquiry(reading, listingB, { assignedMemberId: negotiatorB.memberId });
    const before = await inbox.outboxCount();
    for (const [method, path, body] of routes(e.id)) {
      const res = await inbox.call(negotiatorA, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await readJson(res)).error).toEqual({
        code: 'NOT_FOUND',
        message: AGENT_ENQUIRY_MESSAGES.notFound,
      });
    }
    const [row] = await handle.db.select().from(enquiries).where(eq(enquiries.id, e.id));
    expect(row).toMatchObject({ status: 'new', assignedMemberId: negotiatorB.memberId });
    expect(await handle.db.select().from(enquiryMessages).where(eq(enquiryMessages.enquiryId, e.id))).toEqual(
      [],
    );
    expect(await inbox.outboxCount()).toBe(before);
    // Reading's negotiator works it.
    expect((await inbox.call(negotiatorB, 'GET', `/${e.id}/thread`)).status).toBe(200);
  });

  test("another agency's owner gets 404 on every route; a malformed or unknown id is 404 too", async () => {
    const e = await inbox.addEnquiry(wimbledon, listingA);
    for (const id of [e.id, 'not-a-uuid', '0b8e4c2a-3f1d-4e5b-9a7c-6d2e1f0a9b8c'])
      for (const [method, path, body] of routes(id)) {
        const res = await inbox.call(stranger, method, path, body);
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    const [row] = await handle.db.select().from(enquiries).where(eq(enquiries.id, e.id));
    expect(row).toMatchObject({ status: 'new', assignedMemberId: null });
  });

  test('a visitor gets 401 and a client 403 on the new routes', async () => {
    const e = await inbox.addEnquiry(wimbledon, listingA);
    const client = await signedInUser(inbox.app, handle.db);
    for (const [method, path, body] of routes(e.id).slice(2)) {
      expect((await callApi(inbox.app, method, `/api/agent/enquiries${path}`, undefined, body)).status).toBe(
        401,
      );
      const res = await inbox.call(client, method, path, body);
      expect(res.status).toBe(403);
      expect((await readJson(res)).error.message).toBe(MESSAGES.authorization);
    }
  });
});
