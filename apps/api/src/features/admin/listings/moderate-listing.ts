/**
 * An admin approves or rejects a listing (REQ-LISTING-02, REQ-ADMIN).
 * - Reject: pending → rejected with status draft (REQ-LISTING-02); the status it had and the reason are kept on the row
 *   (`status_before_rejection`, `rejection_reason`) and the owning agent is e-mailed the reason and a link to edit.
 * - Approve: pending or rejected → approved with approved_at now. A listing that a rejection moved to draft gets its
 *   earlier status back (REQ-LISTING-02: approving must not leave it hidden behind a 'Live' label), unless that status
 *   was active and the listing has no photo by now (it stays a draft: the agent must add one and publish). Approving
 *   a listing that would go live without a photo is refused. published_at is stamped the first time it is active
 *   and approved (saved-search alerts key on it). The agent is e-mailed whether it is live or what they must do.
 * Each change writes the agent's activity event and the admin_action audit row in its own transaction; anything
 * else answers 409 and changes nothing. A mail failure is logged and undoes nothing.
 */
import { and, count, eq, not } from 'drizzle-orm';
import { ADMIN_LISTING_MESSAGES, type AdminListing } from '@abode/shared/admin/listings.schema';
import type { ListingStatus } from '@abode/shared/listings/listing.schema';
import { LISTING_STATUS_LABELS } from '@abode/shared/listings/listing-vocabulary';
import { branchContactEmail } from '#src/features/agency/branch-contact.ts';
import { assertBranchMayAdvertise } from '#src/features/agency/compliance/advertising.ts';
import type { Database } from '#src/db/client.ts';
import { properties, propertyPhotos } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { recordAgentActivity } from '#src/features/agent/activity.ts';
import { isUuid } from '#src/features/agent/enquiries/find-agent-enquiries.ts';
import { listingApprovedEmail, listingRejectedEmail } from '#src/emails/listing-moderation.tsx';
import { sendMail, type Email } from '#src/lib/mail.ts';
import { getAdminListing } from './find-admin-listings.ts';
import type { AdminContext } from '../admin-context.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Locks the listing row for the change and reads the facts the audit row records before and after. */
async function lockListing(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: properties.id,
      agentId: properties.agentId,
      slug: properties.slug,
      title: properties.title,
      status: properties.status,
      approvalStatus: properties.approvalStatus,
      approvedAt: properties.approvedAt,
      publishedAt: properties.publishedAt,
      statusBeforeRejection: properties.statusBeforeRejection,
    })
    .from(properties)
    .where(and(eq(properties.id, id), not(properties.isDeleted)))
    .for('update');
  if (!row) throw AppError.notFound(ADMIN_LISTING_MESSAGES.notFound);
  return row;
}

type Facts = Awaited<ReturnType<typeof lockListing>>;
const factsOf = (r: Pick<Facts, 'status' | 'approvalStatus' | 'approvedAt' | 'publishedAt'>) => ({
  status: r.status,
  approvalStatus: r.approvalStatus,
  approvedAt: iso(r.approvedAt),
  publishedAt: iso(r.publishedAt),
});

/**
 * A moderated listing as the admin table shows it, and its agent's notice to send once the change has committed
 * (null when the branch has no e-mail address).
 */
export interface Moderated {
  listing: AdminListing;
  mail: Email | null;
}

/** Sends an agent notice after the change committed; a failure is logged, never thrown. */
export async function notifyAgent(
  ctx: AdminContext,
  propertyId: string,
  mail: Email | null,
  what: string,
): Promise<void> {
  if (!mail) {
    ctx.logger.warn({ propertyId }, `${what} listing has no agent e-mail`);
    return;
  }
  try {
    await sendMail(ctx.db, mail, ctx.mail);
  } catch (error) {
    ctx.logger.error({ err: error, propertyId }, `listing ${what} but the agent e-mail failed`);
  }
}

/**
 * The status an approval leaves: the one a rejection set aside (rejection moved the listing to draft), unless that
 * is active and the listing has no photo now; otherwise the current one.
 */
function statusAfterApproval(before: Facts, hasPhoto: boolean): ListingStatus {
  const current = before.status as ListingStatus;
  const setAside = before.statusBeforeRejection as ListingStatus | null;
  if (current !== 'draft' || !setAside) return current;
  if (setAside === 'active' && !hasPhoto) return 'draft';
  return setAside;
}

/**
 * Approves a pending or rejected listing, restoring the status a rejection set aside, and returns it as the admin
 * table shows it. E-mails the agent that it is live, or what they must do to publish it (a draft).
 *
 * @throws AppError NOT_FOUND (404) for an unknown, malformed or deleted id; CONFLICT (409) when it is already
 *   approved, when it is active without a photo ('This property has no photo: …'), or when it would not be a draft
 *   and its agency is unverified or suspended (ADR 029). Nothing changes on error.
 */
export async function approveListing(ctx: AdminContext, id: string): Promise<AdminListing> {
  if (!isUuid(id)) throw AppError.notFound(ADMIN_LISTING_MESSAGES.notFound);
  const now = ctx.now;
  const { listing, mail } = await ctx.db.transaction((tx) => approveInTransaction(tx, ctx, id, now));
  await notifyAgent(ctx, id, mail, 'approved');
  return listing;
}

/**
 * {@link approveListing} inside the caller's transaction `tx` (a bulk approval runs several in one), without the
 * e-mail: it is returned, for the caller to send once the transaction has committed. The same checks and errors,
 * thrown before anything of this listing is written.
 */
export async function approveInTransaction(
  tx: Tx,
  ctx: AdminContext,
  id: string,
  now: Date,
): Promise<Moderated> {
  const before = await lockListing(tx, id);
  if (before.approvalStatus !== 'pending' && before.approvalStatus !== 'rejected') {
    throw new AppError('CONFLICT', ADMIN_LISTING_MESSAGES.cannotApprove);
  }
  const [{ photos } = { photos: 0 }] = await tx
    .select({ photos: count() })
    .from(propertyPhotos)
    .where(eq(propertyPhotos.propertyId, id));
  const status = statusAfterApproval(before, photos > 0);
  // REQ-LISTING-06: nothing goes live without a photo (a listing made active before the rule, or an import).
  if (status === 'active' && photos === 0) throw new AppError('CONFLICT', ADMIN_LISTING_MESSAGES.needsPhoto);
  // ADR 029: nothing goes public for an agency an admin has not verified, or has suspended.
  if (status !== 'draft') await assertBranchMayAdvertise(tx, before.agentId);
  const publishedAt = status === 'active' && !before.publishedAt ? now : before.publishedAt;
  await tx
    .update(properties)
    .set({
      approvalStatus: 'approved',
      approvedAt: now,
      publishedAt,
      status,
      statusBeforeRejection: null,
      rejectionReason: null,
    })
    .where(eq(properties.id, id));
  const after = { ...before, status, approvalStatus: 'approved', approvedAt: now, publishedAt };
  await recordAgentActivity(tx, {
    agentId: before.agentId,
    type: 'listing_approved',
    propertyId: id,
    propertyTitle: before.title,
    details: {
      from: before.approvalStatus,
      to: 'approved',
      ...(status !== before.status ? { status: { from: before.status, to: status } } : {}),
    },
  });
  await ctx.audit(tx, {
    action: 'approve_listing',
    entityType: 'property',
    entityId: id,
    before: factsOf(before),
    after: factsOf(after),
    description: `Approved '${before.title}'`,
  });
  const to = await branchContactEmail(tx, before.agentId);
  return {
    listing: await getAdminListing(tx, id),
    mail: to ? approvalMail(to, { ...before, status }, photos > 0, ctx.publicUrl) : null,
  };
}

/**
 * Rejects a pending listing (approval rejected, status draft; the status it had and `reason` are kept for approval
 * and the agent's edit page), then e-mails its agent with `reason` (may be blank) and a link to edit it; a mail
 * failure is logged and does not undo the rejection.
 *
 * @throws AppError NOT_FOUND (404) for an unknown, malformed or deleted id; CONFLICT (409) when it is not pending
 *   (REQ-LISTING-02 allows rejecting only a pending listing). Nothing changes on error.
 */
export async function rejectListing(ctx: AdminContext, id: string, reason: string): Promise<AdminListing> {
  if (!isUuid(id)) throw AppError.notFound(ADMIN_LISTING_MESSAGES.notFound);
  const { listing, mail } = await ctx.db.transaction((tx) => rejectInTransaction(tx, ctx, id, reason));
  await notifyAgent(ctx, id, mail, 'rejected');
  return listing;
}

/**
 * {@link rejectListing} inside the caller's transaction `tx` (a bulk rejection runs several in one), without the
 * e-mail: it is returned, for the caller to send once the transaction has committed. The same checks and errors,
 * thrown before anything of this listing is written.
 */
export async function rejectInTransaction(
  tx: Tx,
  ctx: AdminContext,
  id: string,
  reason: string,
): Promise<Moderated> {
  const before = await lockListing(tx, id);
  if (before.approvalStatus !== 'pending')
    throw new AppError('CONFLICT', ADMIN_LISTING_MESSAGES.cannotReject);
  // A listing rejected again without the agent choosing a status keeps the status of the first rejection.
  const statusBeforeRejection = before.statusBeforeRejection ?? before.status;
  await tx
    .update(properties)
    .set({
      approvalStatus: 'rejected',
      status: 'draft',
      statusBeforeRejection,
      rejectionReason: reason || null,
    })
    .where(eq(properties.id, id));
  const after = { ...before, approvalStatus: 'rejected', status: 'draft' };
  await recordAgentActivity(tx, {
    agentId: before.agentId,
    type: 'listing_rejected',
    propertyId: id,
    propertyTitle: before.title,
    details: { from: before.approvalStatus, to: 'rejected', reason: reason || null },
  });
  await ctx.audit(tx, {
    action: 'reject_listing',
    entityType: 'property',
    entityId: id,
    before: factsOf(before),
    after: { ...factsOf(after), reason: reason || null },
    description: `Rejected '${before.title}'`,
  });
  const to = await branchContactEmail(tx, before.agentId);
  return {
    listing: await getAdminListing(tx, id),
    mail: to ? rejectionMail(to, id, before.title, reason, ctx.publicUrl) : null,
  };
}

const editUrlOf = (id: string, origin: string) =>
  new URL(`/agent/properties/${encodeURIComponent(id)}/edit`, origin).href;

/** The agent's notice: which listing, the reason (when given) and a link to edit it. */
function rejectionMail(to: string, id: string, title: string, reason: string, origin: string) {
  return listingRejectedEmail({ to, title, reason, editUrl: editUrlOf(id, origin) });
}

/**
 * The agent's approval notice: live (with its public link), on Abode with its status banner, or — for a draft or a
 * completed let — what publishing it takes, with a link to edit it.
 */
function approvalMail(
  to: string,
  listing: { id: string; slug: string; title: string; status: ListingStatus },
  hasPhoto: boolean,
  origin: string,
) {
  const pageUrl = new URL(`/property/${encodeURIComponent(listing.slug)}`, origin).href;
  const editUrl = editUrlOf(listing.id, origin);
  const label = LISTING_STATUS_LABELS[listing.status];
  const [outcome, action, url]: [string, string, string] =
    listing.status === 'active'
      ? ['was approved and is now live on Abode.', 'See it as buyers and tenants do', pageUrl]
      : listing.status === 'draft'
        ? [
            'was approved, but it is a draft, so it is not on Abode yet.',
            hasPhoto
              ? 'To publish it, set its status to Active and save'
              : 'To publish it, add at least one photo, then set its status to Active and save',
            editUrl,
          ]
        : listing.status === 'let'
          ? ['was approved. As it is let, it is not shown on Abode.', 'Edit the listing', editUrl]
          : [
              `was approved. Its page is on Abode with the '${label}' banner.`,
              'See it as buyers and tenants do',
              pageUrl,
            ];
  return listingApprovedEmail({
    to,
    title: listing.title,
    live: listing.status === 'active',
    outcome,
    action,
    url,
  });
}
