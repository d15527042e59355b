/**
 * Bulk actions on the agent's listings (REQ-AGENT-04 "working at volume"): one status for several listings, or deleting
 * several, from the table's selection. All or nothing in one transaction: each listing goes through the single-listing
 * use case (update-agent-listing.ts, delete-agent-listing.ts) with its checks (ADR 029's `can` per listing, the
 * status fitting the listing's mode, material information, a photo before going live, a verified agency), writes and
 * activity rows, so a bulk change is exactly the sum of the single ones.
 */
import { and, inArray, not } from 'drizzle-orm';
import type { BulkListingActionSchema, BulkListingResult } from '@abode/shared/agent/listing-bulk.schema';
import type { z } from 'zod';
import type { Database } from '#src/db/client.ts';
import { properties } from '#src/db/schema.ts';
import { AppError, type AppErrorDetail } from '#src/errors/app-error.ts';
import type { AgentScope } from '#src/features/agency/authorise.ts';
import { deleteListingInTransaction } from './delete-agent-listing.ts';
import { updateListingInTransaction } from './update-agent-listing.ts';

type BulkInput = z.output<typeof BulkListingActionSchema>;

/**
 * Takes `input.action` on every listing of `input.ids` (a repeated id once), in one transaction.
 *
 * Errors name the listing by its place in `ids` (`path` 'ids.3', or 'ids.3.status' for a field of it) and, when the
 * member may see it, by title at the start of the message:
 * - 400 VALIDATION_ERROR with one detail per problem of every listing that breaks a rule (all are checked, so one
 *   answer lists them all);
 * - 404 'Property not found' (a listing outside the member's branches, deleted or unknown) or 403 (a listing their
 *   role may not change; an agency that may not publish) as the single routes answer, for the first such listing.
 * On any error nothing is changed.
 */
export async function bulkAgentListings(
  db: Database,
  scope: AgentScope,
  input: BulkInput,
  now: Date,
): Promise<BulkListingResult> {
  const ids = [...new Set(input.ids)];
  await db.transaction(async (tx) => {
    const titles = new Map(
      (
        await tx
          .select({ id: properties.id, title: properties.title })
          .from(properties)
          .where(
            and(
              inArray(properties.id, ids),
              inArray(properties.agentId, [...scope.branchIds]),
              not(properties.isDeleted),
            ),
          )
      ).map((row) => [row.id, row.title]),
    );
    const named = (id: string, message: string) => {
      const title = titles.get(id);
      return title ? `${title}: ${message}` : message;
    };
    const problems: AppErrorDetail[] = [];
    // Rows are locked in id order, whatever order they were sent in, so two bulk actions cannot deadlock.
    for (const id of [...ids].sort()) {
      const path = `ids.${input.ids.indexOf(id)}`;
      try {
        if (input.action === 'delete') await deleteListingInTransaction(tx, scope, id, now);
        else
          await updateListingInTransaction(tx, scope, id, { status: input.status }, now, 'listing.publish');
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // A rule's failure is thrown before the listing is written, so the others can still be checked.
        if (error.code === 'VALIDATION_ERROR') {
          const details = error.details ?? [{ path: '', message: error.message }];
          problems.push(
            ...details.map((d) => ({
              path: d.path ? `${path}.${d.path}` : path,
              message: named(id, d.message),
            })),
          );
          continue;
        }
        throw new AppError(error.code, error.message, {
          details: [{ path, message: named(id, error.message) }],
          cause: error,
        });
      }
    }
    if (problems.length) throw AppError.validation(problems);
  });
  return { action: input.action, count: ids.length, ids };
}
