import { MEMBER_ROLE_LABELS } from '@abode/shared/agency/permissions';
import { AGENT_ENQUIRY_MESSAGES, type AgentEnquiry } from '@abode/shared/agent/enquiries.schema';
import { Select } from '#src/components/ui/select.tsx';
import { useAssignEnquiry, useEnquiryAssignees } from '../api/lead-inbox.ts';

const UNASSIGNED = '';

/**
 * 'Assigned to' of an enquiry (ADR 029): Unassigned or one of the people working in its branch (`…/assignees`), the
 * current assignee kept as a choice even if they have since left the branch. Choosing sends the assignment at once.
 * `id` is the select's (its label is the caller's).
 */
export function AssigneeSelect({ enquiry, id }: { enquiry: AgentEnquiry; id: string }) {
  const assignees = useEnquiryAssignees(enquiry.id);
  const assign = useAssignEnquiry();
  const current = enquiry.assignedTo;
  const members = assignees.data?.items ?? [];
  const options = [
    { value: UNASSIGNED, label: 'Unassigned' },
    ...members.map((m) => ({ value: m.memberId, label: `${m.name} (${MEMBER_ROLE_LABELS[m.role]})` })),
    ...(current && !members.some((m) => m.memberId === current.memberId)
      ? [{ value: current.memberId, label: current.name }]
      : []),
  ];
  return (
    <div className="flex flex-col gap-1">
      <Select
        id={id}
        className="w-full sm:w-64"
        options={options}
        value={current?.memberId ?? UNASSIGNED}
        disabled={assign.isPending || assignees.isPending}
        aria-describedby={assignees.isError ? `${id}-error` : undefined}
        onValueChange={(memberId) => {
          const member = members.find((m) => m.memberId === memberId);
          assign.mutate({
            id: enquiry.id,
            assignee: member ? { memberId: member.memberId, name: member.name } : null,
          });
        }}
      />
      {assignees.isError && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {AGENT_ENQUIRY_MESSAGES.assigneesLoadFailed}
        </p>
      )}
    </div>
  );
}
