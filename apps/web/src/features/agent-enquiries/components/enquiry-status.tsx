import {
  ENQUIRY_STATUS_LABELS,
  ENQUIRY_STATUSES,
  EnquiryStatusSchema,
  type EnquiryStatus,
} from '@abode/shared/agent/enquiries.schema';
import { Badge, type BadgeProps } from '#src/components/ui/badge.tsx';
import { Select } from '#src/components/ui/select.tsx';

const VARIANTS: Record<EnquiryStatus, BadgeProps['variant']> = {
  new: 'default',
  in_progress: 'secondary',
  closed: 'outline',
};

const OPTIONS = ENQUIRY_STATUSES.map((s) => ({ value: s, label: ENQUIRY_STATUS_LABELS[s] }));

/** The status badge of the table and the dialog: New, In Progress, Closed. */
export function EnquiryStatusBadge({ status }: { status: EnquiryStatus }) {
  return <Badge variant={VARIANTS[status]}>{ENQUIRY_STATUS_LABELS[status]}</Badge>;
}

/**
 * The status selector (SPEC §2: inline per row and in the dialog). Any status may be chosen from any state (SPEC
 * §4); `label` names the control for screen readers, e.g. 'Status of the enquiry from Jane Smith'.
 */
export function EnquiryStatusSelect({
  id,
  status,
  label,
  onChange,
  className,
}: {
  id: string;
  status: EnquiryStatus;
  label: string;
  onChange: (status: EnquiryStatus) => void;
  className?: string;
}) {
  return (
    <Select
      id={id}
      aria-label={label}
      className={className}
      options={OPTIONS}
      value={status}
      onValueChange={(value) => {
        const parsed = EnquiryStatusSchema.safeParse(value);
        if (parsed.success && parsed.data !== status) onChange(parsed.data);
      }}
    />
  );
}
