/**
 * Stores an enquiry about a public listing and tells its agent by e-mail (issue #4, SPEC §3 enquiries, DESIGN §7
 * "Contact Agent opens an enquiry form that creates a real enquiry"), unless the agent switched new-enquiry e-mails
 * off in Settings (issue #5, `agents.notify_new_enquiries`). The agent's Recent Activity records each one.
 */
import { sql } from 'drizzle-orm';
import {
  ENQUIRY_MESSAGES,
  type CreateEnquiry,
  type EnquiryCreated,
} from '@abode/shared/enquiries/enquiry.schema';
import type { Database } from '#src/db/client.ts';
import { enquiries } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { recordAgentActivity } from '#src/features/agent/activity.ts';
import { VISIBLE_LISTING, VISIBLE_UNLESS_AGENT_SUSPENDED } from '#src/features/listings/listing-row.ts';
import type { Logger } from '#src/lib/logger.ts';
import { escapeHtml } from '#src/lib/html.ts';
import { sendMail, type MailConfig } from '#src/lib/mail.ts';
import { claimKey, storeAnswer, type IdempotencyClaim, type StoredAnswer } from './idempotency.ts';

/** Shown when the listing is missing, deleted, inactive or not approved (never say which). */
export const LISTING_UNAVAILABLE = 'This property is no longer available.';

interface ListingForEnquiry {
  id: string;
  title: string;
  slug: string;
  agentId: string | null;
  /** The agent's contact address, else the agent user's sign-in address; null when the listing has no agent. */
  agentEmail: string | null;
  /** The agent's Settings choice (issue #5): e-mail them about new enquiries. */
  notifyAgent: boolean;
}

export interface CreateEnquiryOptions {
  /** The signed-in enquirer, stored as `user_id` (null for visitors). */
  userId: string | null;
  /** Origin for links in the agent's e-mail, e.g. https://abode.example. */
  publicOrigin: string;
  logger: Logger;
  mail?: MailConfig | undefined;
  /** The request's Idempotency-Key claim (issue #22) and the server's time; absent without the header. */
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
 *   ENQUIRY_MESSAGES.agentUnavailable when it would be but an admin suspended its agent (issue #23: suspension
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
    const found = await tx.execute(sql`
      SELECT p.id, p.title, p.slug, p.agent_id,
             -- The branch's e-mail, else its agency owner's sign-in e-mail (ADR 029).
             COALESCE(NULLIF(a.email, ''), (
               SELECT u.email FROM agency_members m JOIN users u ON u.id = m.user_id
                WHERE m.agency_id = a.agency_id AND m.role = 'owner' ORDER BY m.created_at LIMIT 1)) AS agent_email,
             COALESCE(a.notify_new_enquiries, true) AS notify_agent, (${VISIBLE_LISTING}) AS is_visible
        FROM properties p
        LEFT JOIN agents a ON a.id = p.agent_id
       WHERE p.id = ${input.propertyId} AND ${VISIBLE_UNLESS_AGENT_SUSPENDED}
         FOR SHARE OF p`);
    const r = found.rows[0] as Record<string, unknown> | undefined;
    if (!r) throw AppError.notFound(LISTING_UNAVAILABLE);
    if (r.is_visible !== true) throw AppError.notFound(ENQUIRY_MESSAGES.agentUnavailable);
    const listing: ListingForEnquiry = {
      id: String(r.id),
      title: String(r.title),
      slug: String(r.slug),
      agentId: (r.agent_id as string | null) ?? null,
      agentEmail: (r.agent_email as string | null) ?? null,
      notifyAgent: r.notify_agent !== false,
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
  // With e-mails off the agent still sees the enquiry in the portal.
  if (!listing.notifyAgent) return result;
  if (listing.agentEmail) {
    try {
      await sendMail(db, agentMail(listing, input, options.publicOrigin), options.mail);
    } catch (error) {
      options.logger.error(
        { err: error, enquiryId: row.id, propertyId: listing.id },
        'enquiry stored but the agent e-mail failed',
      );
    }
  } else {
    options.logger.warn({ enquiryId: row.id, propertyId: listing.id }, 'enquiry listing has no agent e-mail');
  }
  return result;
}

/** The agent's notification: listing, the enquirer's details and message, and a link to their enquiries. */
function agentMail(listing: ListingForEnquiry, input: CreateEnquiry, origin: string) {
  const enquiriesUrl = new URL('/agent/enquiries', origin).href;
  const listingUrl = new URL(`/property/${encodeURIComponent(listing.slug)}`, origin).href;
  const details: [string, string][] = [
    ['Property', listing.title],
    ['Name', input.name],
    ['E-mail', input.email],
    ...(input.phone ? ([['Phone', input.phone]] as [string, string][]) : []),
  ];
  const text = [
    `You have a new enquiry about ${listing.title}.`,
    '',
    ...details.map(([k, v]) => `${k}: ${v}`),
    `Listing: ${listingUrl}`,
    '',
    'Message:',
    input.message,
    '',
    `Reply to the enquirer at ${input.email}, or see all your enquiries: ${enquiriesUrl}`,
    '',
  ].join('\n');
  const html = [
    `<p>You have a new enquiry about <a href="${escapeHtml(listingUrl)}">${escapeHtml(listing.title)}</a>.</p>`,
    '<table>',
    ...details.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    `<p>${escapeHtml(input.message).replaceAll('\n', '<br>')}</p>`,
    `<p><a href="${escapeHtml(enquiriesUrl)}">See all your enquiries</a></p>`,
  ].join('\n');
  return { to: listing.agentEmail!, subject: `New enquiry: ${listing.title}`, text, html };
}
