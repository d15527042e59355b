import { ENQUIRY_STATUS_LABELS, type EnquiryStatus } from '@abode/shared/agent/enquiries.schema';
import { Badge, type BadgeProps } from '#src/components/ui/badge.tsx';

const VARIANTS: Record<EnquiryStatus, BadgeProps['variant']> = {
  new: 'default',
  in_progress: 'secondary',
  closed: 'outline',
};

/**
 * An enquiry's status as a badge (REQ-ENQ-06): New, In Progress or Closed, each its own colour with its word. Shared by
 * the agent's inbox and details dialog and the admin enquiries table.
 */
export function EnquiryStatusBadge({ status }: { status: EnquiryStatus }) {
  return <Badge variant={VARIANTS[status]}>{ENQUIRY_STATUS_LABELS[status]}</Badge>;
}
