/**
 * Whether the public can see a listing, as one label (REQ-LISTING-03). The admin properties table, the agent's listing
 * table and the agent's edit page all show this label, so a listing is called 'Live' in exactly one case: on the
 * market and shown in search (active, approved, its agent not suspended — `PUBLIC_LISTING` in the API's
 * listing-row.ts). Approved listings under offer, sold STC or let agreed keep a public page with their status banner
 * (ADR 019) but are off the market; drafts and completed lettings are hidden whatever their approval.
 */
import type { ApprovalStatus, ListingStatus } from './listing.schema.ts';
import { LISTING_STATUS_LABELS } from './listing-vocabulary.ts';

/** What the public sees of a listing. */
export type ListingVisibilityKey =
  'live' | 'off-market' | 'hidden' | 'pending' | 'rejected' | 'agent-suspended';

export interface ListingVisibility {
  key: ListingVisibilityKey;
  /** The badge text ('Live', 'Pending approval', …). */
  label: string;
  /** One sentence for the agent or the admin: where the listing shows and what would publish it. */
  description: string;
}

export interface ListingVisibilityInput {
  status: ListingStatus;
  approvalStatus: ApprovalStatus;
  /** An admin suspended the listing's agent: every listing of theirs is withdrawn until reactivation. */
  agentSuspended?: boolean | undefined;
}

/** The label and explanation of a listing's public visibility (see the module comment for the rules). */
export function listingVisibility({
  status,
  approvalStatus,
  agentSuspended = false,
}: ListingVisibilityInput): ListingVisibility {
  if (approvalStatus === 'pending')
    return {
      key: 'pending',
      label: 'Pending approval',
      description:
        status === 'draft'
          ? 'Pending approval. It is a draft: once approved, set the status to Active to publish it.'
          : 'Pending approval: it will appear on Abode once an admin approves it.',
    };
  if (approvalStatus === 'rejected')
    return {
      key: 'rejected',
      label: 'Rejected',
      description: 'Rejected by an admin. Edit the listing and save it to send it for approval again.',
    };
  if (agentSuspended)
    return {
      key: 'agent-suspended',
      label: 'Hidden: agent suspended',
      description: 'Approved, but hidden from the public while its agent is suspended.',
    };
  if (status === 'active')
    return {
      key: 'live',
      label: 'Live',
      description: 'Live: on Abode and in search results. Edits appear straight away.',
    };
  if (status === 'draft')
    return {
      key: 'hidden',
      label: 'Not published',
      description: 'Approved, but a draft is not shown on Abode: set the status to Active to publish it.',
    };
  if (status === 'let')
    return {
      key: 'hidden',
      label: 'Not public',
      description: 'Let: no longer shown on Abode.',
    };
  return {
    key: 'off-market',
    label: 'Off the market',
    description: `${LISTING_STATUS_LABELS[status]}: off the market. Its page stays on Abode with a '${LISTING_STATUS_LABELS[status]}' banner.`,
  };
}
