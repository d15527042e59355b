/**
 * Bulk actions on the agent's listings (REQ-AGENT-04 "working at volume"): the body and answer of
 * `POST /api/agent/properties/bulk`, its messages, and the statuses the table's bulk bar offers for a selection.
 */
import { z } from 'zod';
import { ListingStatusSchema, type ListingMode, type ListingStatus } from '../listings/listing.schema.ts';
import {
  AGENT_LISTINGS_MAX_PAGE_SIZE,
  LISTING_STATUS_SORT_ORDER,
  STATUSES_BY_MODE,
} from './listing-input.schema.ts';

const properties = (count: number) => `${count} ${count === 1 ? 'property' : 'properties'}`;

/** Texts of the bulk actions: the API's field messages, and the bulk bar's labels and toasts. */
export const BULK_LISTING_MESSAGES = {
  selectionSize: `Choose from 1 to ${AGENT_LISTINGS_MAX_PAGE_SIZE} listings`,
  idInvalid: 'Each listing id must be a UUID',
  statusRequired: 'Choose the status to set',
  setStatus: 'Set status',
  statusChanged: (count: number) => `${properties(count)} updated`,
  statusFailed: 'Failed to change the status',
  deleteTitle: (count: number) => `Delete ${properties(count)}?`,
  deleteDescription:
    'They are removed from Abode and from your list; their enquiries stay. This cannot be undone here.',
  deleted: (count: number) => `${properties(count)} deleted`,
  deleteFailed: 'Failed to delete properties',
  /** The bulk bar's note when the selection mixes sales and rentals. */
  mixedModes: 'Sales and rentals are selected together, so only Draft and Active fit them all.',
} as const;

/** The most listings one bulk action takes: a page of the table at its largest. */
export const AGENT_LISTINGS_BULK_MAX = AGENT_LISTINGS_MAX_PAGE_SIZE;
export const BULK_LISTING_ACTIONS = ['status', 'delete'] as const;

/**
 * `POST /api/agent/properties/bulk` body (REQ-AGENT-04 "working at volume"): `ids`, 1–100 listing ids (a repeat is
 * acted on once), and `action`: 'status' with the `status` every listing takes (it must fit each listing's mode:
 * STATUSES_BY_MODE), or 'delete' (soft, as the single delete). All or nothing.
 */
export const BulkListingActionSchema = z
  .strictObject({
    ids: z
      .array(z.uuid(BULK_LISTING_MESSAGES.idInvalid))
      .min(1, BULK_LISTING_MESSAGES.selectionSize)
      .max(AGENT_LISTINGS_BULK_MAX, BULK_LISTING_MESSAGES.selectionSize),
    action: z.enum(BULK_LISTING_ACTIONS),
    status: ListingStatusSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'status' && !v.status)
      ctx.addIssue({ code: 'custom', path: ['status'], message: BULK_LISTING_MESSAGES.statusRequired });
  });
export type BulkListingAction = z.input<typeof BulkListingActionSchema>;

/** `POST /api/agent/properties/bulk` answer: the action taken and the listings it was taken on, each once, as sent. */
export const BulkListingResultSchema = z.object({
  action: z.enum(BULK_LISTING_ACTIONS),
  count: z.number().int().min(1),
  ids: z.array(z.string()),
});
export type BulkListingResult = z.infer<typeof BulkListingResultSchema>;

/**
 * The statuses a bulk change may offer for listings of `modes`: those every one of them may take
 * (STATUSES_BY_MODE), so a mix of sales and rentals gets draft and active only.
 */
export function bulkStatusesFor(modes: Iterable<ListingMode>): ListingStatus[] {
  const wanted = [...new Set(modes)];
  return LISTING_STATUS_SORT_ORDER.filter((status) =>
    wanted.every((mode) => STATUSES_BY_MODE[mode].includes(status)),
  );
}
