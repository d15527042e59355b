/**
 * An enquiry's thread over HTTP on a real database (ADR 029): private notes (kept, never e-mailed), replies (e-mailed
 * to the applicant from the branch in the same transaction, kept in the thread oldest first, moving a new enquiry to
 * in_progress), and the body's rules (sanitised, 1–2,000 characters, no script-like content).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  AGENT_ENQUIRY_MESSAGES,
  EnquiryThreadMessageSchema,
  EnquiryThreadSchema,
} from '@abode/shared/agent/enquiries.schema';
import type { DatabaseHandle } from '#src/db/client.ts';
import { agentActivity, enquiries, enquiryMessages } from '#src/db/schema.ts';
import { latestMail } from '#src/features/auth/auth-test-helpers.ts';
import { readJson } from '#src/testing/http.ts';
import { openLeadInbox, type LeadInbox, type LeadTeam, type TestMember } from './team-test-helpers.ts';

let inbox: LeadInbox;
let handle: DatabaseHandle;
let owner: TestMember;
let negotiatorA: TestMember;
let wimbledon: string;
let listingA: LeadTeam['listingA'];

beforeAll(async () => {
  inbox = await openLeadInbox();
  ({ handle, owner, negotiatorA, wimbledon, listingA } = inbox);
});
afterAll(async () => {
  await inbox?.handle.close();
});

describe('notes and replies', () => {
  test('a note is kept in the thread and never e-mailed', async () => {
    const e = await inbox.addEnquiry(wimbledon, listingA);
    const before = await inbox.outboxCount();
    inbox.tick();
    const res = await inbox.call(negotiatorA, 'POST', `/${e.id}/notes`, {
      body: '  Called back: <b>keen</b> cash buyer.\nWants Saturday.  ',
    });
    expect(res.status).toBe(201);
    const note = EnquiryThreadMessageSchema.parse(await readJson(res));
    expect(note).toMatchObject({
      kind: 'note',
      authorName: 'Nina Patel',
      body: 'Called back: bkeen/b cash buyer.\nWants Saturday.',
      createdAt: inbox.now().toISOString(),
    });
    expect(await inbox.outboxCount()).toBe(before);
    const [row] = await handle.db.select().from(enquiries).where(eq(enquiries.id, e.id));
    expect(row!.status).toBe('new');

    const thread = EnquiryThreadSchema.parse(
      await readJson(await inbox.call(owner, 'GET', `/${e.id}/thread`)),
    );
    expect(thread.items).toEqual([note]);
  });

  test('a reply is e-mailed to the applicant from the branch, joins the thread, and moves a new enquiry on', async () => {
    const e = await inbox.addEnquiry(wimbledon, listingA, {
      name: 'Priya Shah',
      email: 'priya.shah@example.com',
    });
    inbox.tick();
    await inbox.call(owner, 'POST', `/${e.id}/notes`, { body: 'Priya is chain free.' });
    inbox.tick();
    const res = await inbox.call(negotiatorA, 'POST', `/${e.id}/replies`, {
      body: 'Thank you, Priya. Saturday at 10am suits us & the vendor.',
    });
    expect(res.status).toBe(201);
    const reply = EnquiryThreadMessageSchema.parse(await readJson(res));
    expect(reply).toMatchObject({ kind: 'reply', authorName: 'Nina Patel' });

    const mail = await latestMail(handle.db, 'priya.shah@example.com');
    expect(mail?.subject).toBe(`Re: ${listingA.title}`);
    for (const part of [
      'Dear Priya Shah,',
      'Saturday at 10am suits us & the vendor.',
      'Nina Patel',
      'Harbour & Vale, Wimbledon',
      'write to wimbledon@harbourandvale.example.com',
      '> Is the garden south facing?',
      '> We could view on Saturday.',
      `/property/${listingA.slug}`,
    ])
      expect(mail!.text).toContain(part);
    expect(mail!.html).toContain('suits us &amp; the vendor');

    const thread = EnquiryThreadSchema.parse(
      await readJson(await inbox.call(negotiatorA, 'GET', `/${e.id}/thread`)),
    );
    expect(thread.items.map((m) => [m.kind, m.authorName])).toEqual([
      ['note', 'Test'],
      ['reply', 'Nina Patel'],
    ]);

    const [row] = await handle.db.select().from(enquiries).where(eq(enquiries.id, e.id));
    expect(row).toMatchObject({ status: 'in_progress', updatedAt: inbox.now() });
    const events = await handle.db
      .select()
      .from(agentActivity)
      .where(and(eq(agentActivity.enquiryId, e.id), eq(agentActivity.type, 'enquiry_status_changed')));
    expect(events.map((ev) => ev.details)).toEqual([{ from: 'new', to: 'in_progress' }]);

    // A second reply leaves the status alone.
    await handle.db.update(enquiries).set({ status: 'closed' }).where(eq(enquiries.id, e.id));
    expect((await inbox.call(owner, 'POST', `/${e.id}/replies`, { body: 'See you then.' })).status).toBe(201);
    const [after] = await handle.db.select().from(enquiries).where(eq(enquiries.id, e.id));
    expect(after!.status).toBe('closed');
  });

  test.each([
    ['', AGENT_ENQUIRY_MESSAGES.threadBodyRequired],
    ['  <>  ', AGENT_ENQUIRY_MESSAGES.threadBodyRequired],
    ['a'.repeat(2001), AGENT_ENQUIRY_MESSAGES.threadBodyTooLong],
    ['Call me javascript:alert(1)', AGENT_ENQUIRY_MESSAGES.threadBodyScript],
  ])('body %j → 400 and nothing is stored or sent', async (body, message) => {
    const e = await inbox.addEnquiry(wimbledon, listingA);
    const before = await inbox.outboxCount();
    for (const kind of ['notes', 'replies']) {
      const res = await inbox.call(owner, 'POST', `/${e.id}/${kind}`, { body });
      expect(res.status).toBe(400);
      expect((await readJson(res)).error.details).toEqual([{ path: 'body', message }]);
    }
    expect(await handle.db.select().from(enquiryMessages).where(eq(enquiryMessages.enquiryId, e.id))).toEqual(
      [],
    );
    expect(await inbox.outboxCount()).toBe(before);
  });

  test('2,000 characters is fine', async () => {
    const e = await inbox.addEnquiry(wimbledon, listingA);
    expect((await inbox.call(owner, 'POST', `/${e.id}/notes`, { body: 'a'.repeat(2000) })).status).toBe(201);
  });
});
