import {
  ENQUIRY_STATUS_LABELS,
  ENQUIRY_STATUSES,
  EnquiryStatusSchema,
  type EnquiryStatus,
} from '@abode/shared/agent/enquiries.schema';
import { Select } from '#src/components/ui/select.tsx';

const OPTIONS = ENQUIRY_STATUSES.map((s) => ({ value: s, label: ENQUIRY_STATUS_LABELS[s] }));

/**
 * The status selector (REQ-ENQ-03: inline per row and in the dialog). Any status may be chosen from any state (REQ-ENQ-03
 * ); `label` names the control for screen readers, e.g. 'Status of the enquiry from Jane Smith'.
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
