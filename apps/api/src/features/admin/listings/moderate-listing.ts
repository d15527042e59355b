/**
 * An admin approves or rejects a listing (SPEC §4 approval status; §7 admin writes; issue #6). Approve: pending or
 * rejected → approved with approved_at now, and published_at now when the listing is active and was never published
 * (saved-search alerts key on it). Reject: pending → rejected with status draft; the owning agent is e-mailed with
 * the reason and a link to edit the listing. Each change writes the agent's activity event and the admin_action
 * audit row in its own transaction; anything else answers 409 and changes nothing.
 */
import { and, eq, not, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { ADMIN_LISTING_MESSAGES, type AdminListing } from '@abode/shared/admin/listings.schema';
import type { AppEnv } from '#src/app-env.ts';
import type { Database } from '#src/db/client.ts';
import { agents, properties, users } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { recordAgentActivity } from '#src/features/agent/activity.ts';
import { isUuid } from '#src/features/agent/enquiries/find-agent-enquiries.ts';
import { escapeHtml } from '#src/lib/html.ts';
import { sendMail } from '#src/lib/mail.ts';
import { recordAdminAction } from '../audit.ts';
import { getAdminListing } from './find-admin-listings.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Locks the listing row for the change and reads the facts the audit row records before and after. */
async function lockListing(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: properties.id,
      agentId: properties.agentId,
      title: properties.title,
      status: properties.status,
      approvalStatus: properties.approvalStatus,
      approvedAt: properties.approvedAt,
      publishedAt: properties.publishedAt,
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
 * Approves a pending or rejected listing and returns it as the admin table shows it.
 *
 * @throws AppError NOT_FOUND (404) for an unknown, malformed or deleted id; CONFLICT (409) when it is already
 *   approved. Nothing changes on error.
 */
export async function approveListing(c: Context<AppEnv>, id: string): Promise<AdminListing> {
  if (!isUuid(id)) throw AppError.notFound(ADMIN_LISTING_MESSAGES.notFound);
  const now = c.var.now();
  return c.var.db.transaction(async (tx) => {
    const before = await lockListing(tx, id);
    if (before.approvalStatus !== 'pending' && before.approvalStatus !== 'rejected') {
      throw new AppError('CONFLICT', ADMIN_LISTING_MESSAGES.cannotApprove);
    }
    const publishedAt = before.status === 'active' && !before.publishedAt ? now : before.publishedAt;
    await tx
      .update(properties)
      .set({ approvalStatus: 'approved', approvedAt: now, publishedAt })
      .where(eq(properties.id, id));
    const after = { ...before, approvalStatus: 'approved', approvedAt: now, publishedAt };
    await recordAgentActivity(tx, {
      agentId: before.agentId,
      type: 'listing_approved',
      propertyId: id,
      propertyTitle: before.title,
      details: { from: before.approvalStatus, to: 'approved' },
    });
    await recordAdminAction(tx, c, {
      action: 'approve_listing',
      entityType: 'property',
      entityId: id,
      before: factsOf(before),
      after: factsOf(after),
      description: `Approved '${before.title}'`,
    });
    return getAdminListing(tx, id);
  });
}

/**
 * Rejects a pending listing (approval rejected, status draft), then e-mails its agent with `reason` (may be blank)
 * and a link to edit it; a mail failure is logged and does not undo the rejection.
 *
 * @throws AppError NOT_FOUND (404) for an unknown, malformed or deleted id; CONFLICT (409) when it is not pending
 *   (SPEC §4 allows rejecting only a pending listing). Nothing changes on error.
 */
export async function rejectListing(c: Context<AppEnv>, id: string, reason: string): Promise<AdminListing> {
  if (!isUuid(id)) throw AppError.notFound(ADMIN_LISTING_MESSAGES.notFound);
  const { listing, mailTo, title } = await c.var.db.transaction(async (tx) => {
    const before = await lockListing(tx, id);
    if (before.approvalStatus !== 'pending')
      throw new AppError('CONFLICT', ADMIN_LISTING_MESSAGES.cannotReject);
    await tx
      .update(properties)
      .set({ approvalStatus: 'rejected', status: 'draft' })
      .where(eq(properties.id, id));
    const after = { ...before, approvalStatus: 'rejected', status: 'draft' };
    await recordAgentActivity(tx, {
      agentId: before.agentId,
      type: 'listing_rejected',
      propertyId: id,
      propertyTitle: before.title,
      details: { from: before.approvalStatus, to: 'rejected', reason: reason || null },
    });
    await recordAdminAction(tx, c, {
      action: 'reject_listing',
      entityType: 'property',
      entityId: id,
      before: factsOf(before),
      after: { ...factsOf(after), reason: reason || null },
      description: `Rejected '${before.title}'`,
    });
    const [contact] = await tx
      .select({ email: sql<string | null>`COALESCE(NULLIF(${agents.email}, ''), ${users.email})` })
      .from(agents)
      .leftJoin(users, eq(users.id, agents.userId))
      .where(eq(agents.id, before.agentId));
    return { listing: await getAdminListing(tx, id), mailTo: contact?.email ?? null, title: before.title };
  });

  if (mailTo) {
    try {
      await sendMail(c.var.db, rejectionMail(mailTo, id, title, reason, c.var.publicUrl), c.var.mail);
    } catch (error) {
      c.var.logger.error({ err: error, propertyId: id }, 'listing rejected but the agent e-mail failed');
    }
  } else {
    c.var.logger.warn({ propertyId: id }, 'rejected listing has no agent e-mail');
  }
  return listing;
}

/** The agent's notice: which listing, the reason (when given) and a link to edit it. */
function rejectionMail(to: string, id: string, title: string, reason: string, origin: string) {
  const editUrl = new URL(`/agent/properties/${encodeURIComponent(id)}/edit`, origin).href;
  const text = [
    `Your listing "${title}" was not approved and is back in draft.`,
    '',
    ...(reason ? ['Reason:', reason, ''] : []),
    `Edit the listing and save it to send it for approval again: ${editUrl}`,
    '',
  ].join('\n');
  const html = [
    `<p>Your listing <strong>${escapeHtml(title)}</strong> was not approved and is back in draft.</p>`,
    ...(reason ? [`<p><strong>Reason:</strong> ${escapeHtml(reason).replaceAll('\n', '<br>')}</p>`] : []),
    `<p><a href="${escapeHtml(editUrl)}">Edit the listing</a> and save it to send it for approval again.</p>`,
  ].join('\n');
  return { to, subject: `Listing not approved: ${title}`, text, html };
}
