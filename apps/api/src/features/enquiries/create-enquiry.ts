/**
 * Stores an enquiry about a public listing and tells its agent by e-mail (REQ-ENQ-03, REQ-ENQ-01
 * "Contact Agent opens an enquiry form that creates a real enquiry"), unless the agent switched new-enquiry e-mails
 * off in Settings (REQ-AGENT-17, `agents.notify_new_enquiries`). The agent's Recent Activity records each one.
 *
 * Routing (ADR 029): the enquiry belongs to the listing's branch (`enquiries.agent_id`) and, when the listing has a
 * negotiator who still works in that branch, is assigned to them from the start and e-mailed to them as well as to
 * the branch.
 */
import { sql } from 'drizzle-orm';
import {
  BUYER_POSITION_LABELS,
  ENQUIRY_MESSAGES,
  formatViewingTime,
  type CreateEnquiry,
  type EnquiryCreated,
} from '@abode/shared/enquiries/enquiry.schema';
import type { Database } from '#src/db/client.ts';
import { queryRow } from '#src/db/query-rows.ts';
import { enquiries } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { recordAgentActivity } from '#src/features/agent/activity.ts';
import { VISIBLE_LISTING, VISIBLE_UNLESS_AGENT_SUSPENDED } from '#src/features/listings/listing-row.ts';
import type { Logger } from '#src/lib/logger.ts';
import { newEnquiryEmail } from '#src/emails/enquiry.tsx';
import { sendMail, type MailConfig } from '#src/lib/mail.ts';
import { claimKey, storeAnswer, type IdempotencyClaim, type StoredAnswer } from './idempotency.ts';

/** Shown when the listing is missing, deleted, inactive or not approved (never say which). */
export const LISTING_UNAVAILABLE = 'This property is no longer available.';

/** The listing, its branch's contact and its negotiator (while still in the branch) as the enquiry reads them. */
interface EnquiryListingRow {
  id: string;
  title: string;
  slug: string;
  mode: string;
  agent_id: string | null;
  negotiator_id: string | null;
  negotiator_email: string | null;
  agent_email: string | null;
  notify_agent: boolean;
  is_visible: boolean;
}

interface ListingForEnquiry {
  id: string;
  title: string;
  slug: string;
  mode: 'sale' | 'rent';
  agentId: string | null;
  /** The agent's contact address, else the agent user's sign-in address; null when the listing has no agent. */
  agentEmail: string | null;
  /** The agent's Settings choice (REQ-AGENT-17): e-mail them about new enquiries. */
  notifyAgent: boolean;
  /** The listing's negotiator while they work in its branch (ADR 029), with their sign-in e-mail; else null. */
  negotiator: { memberId: string; email: string } | null;
}

export interface CreateEnquiryOptions {
  /** The signed-in enquirer, stored as `user_id` (null for visitors). */
  userId: string | null;
  /** Origin for links in the agent's e-mail, e.g. https://abode.example. */
  publicOrigin: string;
  logger: Logger;
  mail?: MailConfig | undefined;
  /** The request's Idempotency-Key claim (REQ-ENQ-04) and the server's time; absent without the header. */
  idempotency?: { claim: IdempotencyClaim; now: Date } | undefined;
}

/** A new enquiry, or the answer stored for the request's Idempotency-Key by an earlier request. */
export type CreateEnquiryResult =
  { kind: 'created'; enquiry: EnquiryCreated } | { kind: 'stored'; answer: StoredAnswer };

/**
 * Inserts the enquiry (status 'new', `contact_info` {name, email, phone?}, the listing's agent) in one transaction
 * that also locks the listing row, so a listing deleted or withdrawn at the same moment never gets a half-made
 * enquiry, and records an 'enquiry_received' event in the agent's Recent Activity. Then e-mails the agent when their
 * `notify_new_enquiries` setting is on; a mail failure is logged and does not lose the enquiry.
 *
 * With `idempotency`, the transaction first claims the key (idempotency.ts `claimKey`): when an earlier request
 * holds it, nothing is made and its stored answer is returned (`kind: 'stored'`); otherwise the 201 answer is stored
 * with the key in the same transaction.
 *
 * @throws AppError NOT_FOUND (404) 'This property is no longer available.' when the listing is not public, and
 *   ENQUIRY_MESSAGES.agentUnavailable when it would be but an admin suspended its agent (REQ-AUTH-14: suspension
 *   withdraws the agent's listings and refuses enquiries to them, in words the enquirer can act on).
 */
export async function createEnquiry(
  db: Database,
  input: CreateEnquiry,
  options: CreateEnquiryOptions,
): Promise<CreateEnquiryResult> {
  const contactInfo = {
    name: input.name,
    email: input.email,
    ...(input.phone ? { phone: input.phone } : {}),
  };

  const idempotency = options.idempotency;
  const made = await db.transaction(async (tx) => {
    if (idempotency) {
      const stored = await claimKey(tx, idempotency.claim, idempotency.now);
      if (stored) return { kind: 'stored' as const, stored };
    }
    // The listing as visible apart from its agent's suspension, so a suspended agent gets its own message.
    const r = await queryRow<EnquiryListingRow>(
      tx,
      sql`
      SELECT p.id, p.title, p.slug, p.mode, p.agent_id, n.id AS negotiator_id, nu.email AS negotiator_email,
             -- The branch's e-mail, else its agency owner's sign-in e-mail (ADR 029).
             COALESCE(NULLIF(a.email, ''), (
               SELECT u.email FROM agency_members m JOIN users u ON u.id = m.user_id
                WHERE m.agency_id = a.agency_id AND m.role = 'owner' ORDER BY m.created_at LIMIT 1)) AS agent_email,
             COALESCE(a.notify_new_enquiries, true) AS notify_agent, (${VISIBLE_LISTING}) AS is_visible
        FROM properties p
        LEFT JOIN agents a ON a.id = p.agent_id
        -- The negotiator only while they still work in the listing's branch (an owner works in every branch).
        LEFT JOIN agency_members n ON n.id = p.negotiator_id AND n.agency_id = a.agency_id
             AND (n.role = 'owner' OR EXISTS (
               SELECT 1 FROM agency_member_branches mb WHERE mb.member_id = n.id AND mb.branch_id = p.agent_id))
        LEFT JOIN users nu ON nu.id = n.user_id
       WHERE p.id = ${input.propertyId} AND ${VISIBLE_UNLESS_AGENT_SUSPENDED}
         FOR SHARE OF p`,
    );
    if (!r) throw AppError.notFound(LISTING_UNAVAILABLE);
    if (r.is_visible !== true) throw AppError.notFound(ENQUIRY_MESSAGES.agentUnavailable);
    const listing: ListingForEnquiry = {
      id: r.id,
      title: r.title,
      slug: r.slug,
      mode: r.mode === 'rent' ? 'rent' : 'sale',
      agentId: r.agent_id ?? null,
      agentEmail: r.agent_email ?? null,
      notifyAgent: r.notify_agent !== false,
      negotiator: r.negotiator_id ? { memberId: r.negotiator_id, email: r.negotiator_email ?? '' } : null,
    };
    const [row] = await tx
      .insert(enquiries)
      .values({
        agentId: listing.agentId,
        propertyId: listing.id,
        userId: options.userId,
        message: input.message,
        status: 'new',
        contactInfo,
        assignedMemberId: listing.negotiator?.memberId ?? null,
        viewingTimes: input.viewingTimes ?? null,
        // A buyer's position means nothing to a letting.
        buyerPosition: listing.mode === 'sale' ? (input.buyerPosition ?? []) : [],
      })
      .returning();
    if (!row) throw new Error('enquiry insert returned no row');
    if (listing.agentId)
      await recordAgentActivity(tx, {
        agentId: listing.agentId,
        type: 'enquiry_received',
        propertyId: listing.id,
        propertyTitle: listing.title,
        enquiryId: row.id,
      });
    const created: EnquiryCreated = { id: row.id, status: 'new', createdAt: row.createdAt.toISOString() };
    if (idempotency)
      await storeAnswer(tx, idempotency.claim, { enquiryId: row.id, status: 201, body: created });
    return { kind: 'made' as const, listing, row, created };
  });
  if (made.kind === 'stored') return { kind: 'stored', answer: made.stored };

  const { listing, row, created } = made;
  const result: CreateEnquiryResult = { kind: 'created', enquiry: created };
  // With e-mails off the branch still sees the enquiry in the portal; the setting is the branch's, so it covers the
  // negotiator's copy too.
  if (!listing.notifyAgent) return result;
  // The branch's address and the negotiator's, once each (a one-person branch may use one address for both).
  const recipients = [
    ...new Set([listing.agentEmail, listing.negotiator?.email].filter((to): to is string => Boolean(to))),
  ];
  if (!recipients.length)
    options.logger.warn({ enquiryId: row.id, propertyId: listing.id }, 'enquiry listing has no agent e-mail');
  for (const to of recipients) {
    try {
      await sendMail(db, agentMail(to, listing, input, options.publicOrigin), options.mail);
    } catch (error) {
      options.logger.error(
        { err: error, enquiryId: row.id, propertyId: listing.id },
        'enquiry stored but the agent e-mail failed',
      );
    }
  }
  return result;
}

/**
 * A branch's or negotiator's notification: listing, the enquirer's details, the viewing times and position they
 * gave, their message, and a link to the enquiries.
 */
function agentMail(to: string, listing: ListingForEnquiry, input: CreateEnquiry, origin: string) {
  const enquiriesUrl = new URL('/agent/enquiries', origin).href;
  const listingUrl = new URL(`/property/${encodeURIComponent(listing.slug)}`, origin).href;
  const position = listing.mode === 'sale' ? (input.buyerPosition ?? []) : [];
  const details: [string, string][] = [
    ['Property', listing.title],
    ['Name', input.name],
    ['E-mail', input.email],
    ...(input.phone ? ([['Phone', input.phone]] as [string, string][]) : []),
    ...(input.viewingTimes?.length
      ? ([['Viewing requested', input.viewingTimes.map(formatViewingTime).join('; ')]] as [string, string][])
      : []),
    ...(position.length
      ? ([['Position', position.map((p) => BUYER_POSITION_LABELS[p]).join(', ')]] as [string, string][])
      : []),
  ];
  return newEnquiryEmail({
    to,
    listing: { title: listing.title, url: listingUrl },
    details,
    message: input.message,
    enquirerEmail: input.email,
    enquiriesUrl,
  });
}
