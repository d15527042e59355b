/**
 * An admin approves or rejects several listings at once (REQ-ADMIN-05 "working at volume"), rejecting with one reason.
 * All or nothing in one transaction: each listing goes through the single approve or reject (moderate-listing.ts)
 * with its checks, activity event and admin_action audit row; the agents' e-mails go after the commit, one per
 * listing, as the single actions send them.
 */
import { and, inArray, not } from 'drizzle-orm';
import {
  ADMIN_LISTING_MESSAGES,
  type BulkModerationResult,
  type BulkModerationSchema,
} from '@abode/shared/admin/listings.schema';
import type { z } from 'zod';
import { properties } from '#src/db/schema.ts';
import { AppError, type AppErrorDetail } from '#src/errors/app-error.ts';
import {
  approveInTransaction,
  notifyAgent,
  rejectInTransaction,
  type Moderated,
} from './moderate-listing.ts';
import type { AdminContext } from '../admin-context.ts';

type BulkInput = z.output<typeof BulkModerationSchema>;

/**
 * Approves or rejects (with `input.reason`) every listing of `input.ids` (a repeated id once) and answers them as the
 * admin table shows them, in the order sent.
 *
 * Errors name the listing by its place in `ids` (`details[].path` 'ids.3') and title:
 * - 409 CONFLICT ({@link ADMIN_LISTING_MESSAGES.bulkConflict}) with one detail per listing that cannot be approved
 *   or rejected, and the single action's reason (already approved, not pending, no photo, agency not verified);
 * - 404 for the first listing that does not exist or is deleted.
 * On any error nothing is changed and no one is e-mailed.
 */
export async function moderateListings(ctx: AdminContext, input: BulkInput): Promise<BulkModerationResult> {
  const ids = [...new Set(input.ids)];
  const now = ctx.now;
  const moderated = await ctx.db.transaction(async (tx) => {
    const titles = new Map(
      (
        await tx
          .select({ id: properties.id, title: properties.title })
          .from(properties)
          .where(and(inArray(properties.id, ids), not(properties.isDeleted)))
      ).map((row) => [row.id, row.title]),
    );
    const named = (id: string, message: string) => {
      const title = titles.get(id);
      return title ? `${title}: ${message}` : message;
    };
    const done = new Map<string, Moderated>();
    const problems: AppErrorDetail[] = [];
    // Rows are locked in id order, whatever order they were sent in, so two bulk actions cannot deadlock.
    for (const id of [...ids].sort()) {
      const path = `ids.${input.ids.indexOf(id)}`;
      try {
        done.set(
          id,
          input.action === 'approve'
            ? await approveInTransaction(tx, ctx, id, now)
            : await rejectInTransaction(tx, ctx, id, input.reason),
        );
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // A conflict is found before the listing is written, so the others can still be checked.
        if (error.code === 'CONFLICT') {
          problems.push({ path, message: named(id, error.message) });
          continue;
        }
        throw new AppError(error.code, error.message, {
          details: [{ path, message: named(id, error.message) }],
          cause: error,
        });
      }
    }
    if (problems.length)
      throw new AppError('CONFLICT', ADMIN_LISTING_MESSAGES.bulkConflict, { details: problems });
    return ids.map((id) => ({ id, ...done.get(id)! }));
  });
  const what = input.action === 'approve' ? 'approved' : 'rejected';
  for (const { id, mail } of moderated) await notifyAgent(ctx, id, mail, what);
  return { action: input.action, count: moderated.length, items: moderated.map((m) => m.listing) };
}
