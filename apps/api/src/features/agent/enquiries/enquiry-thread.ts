/**
 * An enquiry's thread inside the branch (ADR 029, `enquiry_messages`): private notes members leave for each other,
 * and replies e-mailed to the applicant. A reply and its e-mail are stored in one transaction (the dev outbox, or
 * SMTP before the commit), so the thread never shows a reply that was not sent, nor an e-mail without its entry.
 */
import { and, asc, eq } from 'drizzle-orm';
import {
  AGENT_ENQUIRY_MESSAGES,
  type EnquiryThread,
  type EnquiryThreadKind,
  type EnquiryThreadMessage,
} from '@abode/shared/agent/enquiries.schema';
import type { Database } from '#src/db/client.ts';
import { agents, enquiries, enquiryMessages, properties } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import type { AgentScope } from '#src/features/agency/authorise.ts';
import { branchContactEmail } from '#src/features/agency/branch-contact.ts';
import { enquiryReplyEmail } from '#src/emails/enquiry.tsx';
import { sendMail, type MailConfig } from '#src/lib/mail.ts';
import { recordAgentActivity } from '../activity.ts';
import { actingMemberName, findLead, type Tx } from './lead-access.ts';

const toMessage = (row: typeof enquiryMessages.$inferSelect): EnquiryThreadMessage => ({
  id: row.id,
  kind: row.kind as EnquiryThreadKind,
  authorName: row.authorName,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The notes and replies of enquiry `id`, oldest first.
 *
 * @throws AppError NOT_FOUND (404) outside the member's branches; FORBIDDEN (403) when they may not work enquiries.
 */
export async function getEnquiryThread(db: Database, scope: AgentScope, id: string): Promise<EnquiryThread> {
  await findLead(db, scope, id, 'enquiry.work');
  const rows = await db
    .select()
    .from(enquiryMessages)
    .where(eq(enquiryMessages.enquiryId, id))
    .orderBy(asc(enquiryMessages.createdAt), asc(enquiryMessages.id));
  return { items: rows.map(toMessage) };
}

async function insertMessage(
  tx: Tx,
  scope: AgentScope,
  enquiryId: string,
  kind: EnquiryThreadKind,
  body: string,
  now: Date,
) {
  const [row] = await tx
    .insert(enquiryMessages)
    .values({
      enquiryId,
      kind,
      authorMemberId: scope.memberId,
      authorName: await actingMemberName(tx, scope),
      body,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('enquiry message insert returned no row');
  return row;
}

/**
 * Adds a private note (already sanitised `body`) to enquiry `id`: seen by the branch's members only, never e-mailed.
 *
 * @throws AppError NOT_FOUND (404) outside the member's branches; FORBIDDEN (403) when they may not work enquiries.
 */
export async function addEnquiryNote(
  db: Database,
  scope: AgentScope,
  id: string,
  body: string,
  now: Date,
): Promise<EnquiryThreadMessage> {
  return db.transaction(async (tx) => {
    await findLead(tx, scope, id, 'enquiry.work');
    return toMessage(await insertMessage(tx, scope, id, 'note', body, now));
  });
}

export interface ReplyOptions {
  now: Date;
  /** Origin of the listing link in the e-mail. */
  publicOrigin: string;
  mail?: MailConfig | undefined;
}

/**
 * Sends a reply (already sanitised `body`) to the applicant of enquiry `id` by e-mail and keeps it in the thread, in
 * one transaction: the e-mail names the branch, carries `Reply-To` the branch's address (`branchContactEmail`) and
 * quotes the enquiry. A new enquiry moves to in_progress (stamping `updated_at` and recording the status change in
 * Recent Activity), as answering it means someone is working it.
 *
 * @throws AppError NOT_FOUND (404) outside the member's branches; FORBIDDEN (403) when they may not work enquiries;
 *   CONFLICT (409, {@link AGENT_ENQUIRY_MESSAGES.noApplicantEmail}) when the applicant left no e-mail address.
 */
export async function sendEnquiryReply(
  db: Database,
  scope: AgentScope,
  id: string,
  body: string,
  options: ReplyOptions,
): Promise<EnquiryThreadMessage> {
  return db.transaction(async (tx) => {
    const lead = await findLead(tx, scope, id, 'enquiry.work', { lock: true });
    const [facts] = await tx
      .select({
        contactInfo: enquiries.contactInfo,
        message: enquiries.message,
        createdAt: enquiries.createdAt,
        listingTitle: properties.title,
        listingSlug: properties.slug,
        branchName: agents.branchName,
        agencyName: agents.agencyName,
        agentName: agents.name,
        branchPhone: agents.phone,
      })
      .from(enquiries)
      .innerJoin(agents, eq(agents.id, enquiries.agentId))
      .leftJoin(properties, and(eq(properties.id, enquiries.propertyId), eq(properties.isDeleted, false)))
      .where(eq(enquiries.id, id));
    const to = facts?.contactInfo.email?.trim();
    if (!facts || !to) throw new AppError('CONFLICT', AGENT_ENQUIRY_MESSAGES.noApplicantEmail);

    const row = await insertMessage(tx, scope, id, 'reply', body, options.now);
    if (lead.status === 'new') {
      await tx
        .update(enquiries)
        .set({ status: 'in_progress', updatedAt: options.now })
        .where(eq(enquiries.id, id));
      await recordAgentActivity(tx, {
        agentId: lead.branchId,
        type: 'enquiry_status_changed',
        propertyId: lead.propertyId,
        propertyTitle: lead.propertyTitle,
        enquiryId: id,
        details: { from: 'new', to: 'in_progress' },
      });
    }
    const replyTo = await branchContactEmail(tx, lead.branchId);
    const mail = enquiryReplyEmail({
      to,
      body,
      author: row.authorName,
      applicantName: facts.contactInfo.name?.trim() ?? '',
      enquiry: { message: facts.message, createdAt: facts.createdAt },
      listing:
        facts.listingTitle && facts.listingSlug
          ? {
              title: facts.listingTitle,
              url: new URL(`/property/${encodeURIComponent(facts.listingSlug)}`, options.publicOrigin).href,
            }
          : null,
      branch: {
        name: [facts.agencyName?.trim() || facts.agentName, facts.branchName?.trim()]
          .filter(Boolean)
          .join(', '),
        phone: facts.branchPhone?.trim() || null,
        email: replyTo,
      },
    });
    // sendMail writes the outbox row with `tx` (or sends by SMTP before the commit): the e-mail and the thread entry
    // are kept together, or neither is.
    await sendMail(tx as unknown as Database, mail, options.mail);
    return toMessage(row);
  });
}
