import {
  LISTING_STATUS_LABELS,
  type ApprovalStatus,
  type ListingStatus,
} from '@abode/shared/listings/listing.schema';
import { listingVisibility, type ListingVisibilityKey } from '@abode/shared/listings/listing-visibility';
import { Badge } from '#src/components/ui/badge.tsx';

/** The listing's status ('Sold STC' for sold, REQ-LISTING-01). */
export function StatusBadge({ status }: { status: ListingStatus }) {
  return (
    <Badge variant={status === 'active' ? 'default' : status === 'draft' ? 'outline' : 'secondary'}>
      {LISTING_STATUS_LABELS[status]}
    </Badge>
  );
}

const VARIANTS: Record<ListingVisibilityKey, 'outline' | 'warning' | 'secondary'> = {
  live: 'outline',
  'off-market': 'secondary',
  hidden: 'secondary',
  pending: 'secondary',
  rejected: 'warning',
  'agent-suspended': 'warning',
};

/**
 * Whether the public sees the listing: 'Pending approval', 'Rejected', 'Live' (active, approved, agent not
 * suspended), 'Off the market', 'Not published'… — one rule for the admin table, the agent's table and the edit page
 * (listing-visibility.ts, REQ-LISTING-04: a hidden listing is never called 'Live'). The explanation is its title.
 */
export function ApprovalBadge({
  listing,
}: {
  listing: { status: ListingStatus; approvalStatus: ApprovalStatus; agentSuspended?: boolean | undefined };
}) {
  const visibility = listingVisibility(listing);
  return (
    <Badge variant={VARIANTS[visibility.key]} title={visibility.description}>
      {visibility.label}
    </Badge>
  );
}
