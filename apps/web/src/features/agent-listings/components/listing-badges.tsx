import {
  LISTING_STATUS_LABELS,
  type ApprovalStatus,
  type ListingStatus,
} from '@abode/shared/listings/listing.schema';
import { Badge } from '#src/components/ui/badge.tsx';

/** The listing's status ('Sold STC' for sold, SPEC §3/issue #5). */
export function StatusBadge({ status }: { status: ListingStatus }) {
  return (
    <Badge variant={status === 'active' ? 'default' : status === 'draft' ? 'outline' : 'secondary'}>
      {LISTING_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Approval labels (DESIGN §7: public only once approved). */
export const APPROVAL_LABELS: Record<ApprovalStatus, string> = {
  pending: 'Pending approval',
  approved: 'Live',
  rejected: 'Rejected',
};

/** Whether the listing waits for an admin, was rejected, or is approved ('Live'). */
export function ApprovalBadge({ approvalStatus }: { approvalStatus: ApprovalStatus }) {
  return (
    <Badge
      variant={
        approvalStatus === 'approved' ? 'outline' : approvalStatus === 'rejected' ? 'warning' : 'secondary'
      }
    >
      {APPROVAL_LABELS[approvalStatus]}
    </Badge>
  );
}
