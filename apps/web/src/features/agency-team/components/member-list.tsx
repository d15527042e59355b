import { toast } from 'sonner';
import { MEMBER_ROLE_LABELS } from '@abode/shared/agency/permissions';
import {
  AGENCY_TEAM_MESSAGES as T,
  type TeamBranch,
  type TeamMember,
} from '@abode/shared/agency/team.schema';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { ListOrCards, type Column } from '#src/components/data-table/list-or-cards.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { isApiError } from '#src/lib/api-error.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';
import { useRemoveMember } from '../api/team.ts';
import { formatDate } from '#src/lib/format.ts';
import { branchNamesOf } from '../utils/branch-names.ts';
import { MemberDialog } from './member-dialog.tsx';

interface ListProps {
  members: readonly TeamMember[];
  branches: readonly TeamBranch[];
  agencyName: string;
  /** Whether the viewer may change and remove members (the owner). */
  canManage: boolean;
  /** The viewer's own member id, marked '(you)'. */
  viewerMemberId: string | undefined;
  /** Called after the viewer removed themselves: their session has ended. */
  onRemovedSelf: () => void;
}

const nameOf = (m: TeamMember) => m.name || m.email;

function RemoveButton({
  member,
  agencyName,
  self,
  onRemovedSelf,
}: {
  member: TeamMember;
  agencyName: string;
  self: boolean;
  onRemovedSelf: () => void;
}) {
  const remove = useRemoveMember();
  const who = nameOf(member);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Remove ${who}`} disabled={remove.isPending}>
          Remove
        </Button>
      }
      title={self ? `Leave ${agencyName}?` : `Remove ${who} from ${agencyName}?`}
      description={T.removeConfirm}
      confirmLabel="Remove"
      onConfirm={() =>
        remove.mutate(member.memberId, {
          onSuccess: () => {
            toast.success(T.memberRemoved, { description: who });
            if (self) onRemovedSelf();
          },
          onError: (error) => showErrorToast(isApiError(error) ? error.message : T.failed, { error }),
        })
      }
    />
  );
}

function Actions({ member, ...props }: Omit<ListProps, 'members'> & { member: TeamMember }) {
  if (!props.canManage) return null;
  return (
    <div className="flex gap-2">
      <MemberDialog member={member} branches={props.branches} who={nameOf(member)} />
      <RemoveButton
        member={member}
        agencyName={props.agencyName}
        self={member.memberId === props.viewerMemberId}
        onRemovedSelf={props.onRemovedSelf}
      />
    </div>
  );
}

function Name({ member, viewerMemberId }: { member: TeamMember; viewerMemberId: string | undefined }) {
  return (
    <span className="font-medium break-words">
      {nameOf(member)}
      {member.memberId === viewerMemberId && <span className="text-muted-foreground"> (you)</span>}
    </span>
  );
}

function RoleBadge({ member }: { member: TeamMember }) {
  return (
    <Badge
      variant={
        member.role === 'owner' ? 'default' : member.role === 'branch-manager' ? 'secondary' : 'outline'
      }
    >
      {MEMBER_ROLE_LABELS[member.role]}
    </Badge>
  );
}

/** The list's columns, with Change and Remove for the owner. */
function memberColumns(props: ListProps): Column<TeamMember>[] {
  const { branches, viewerMemberId, canManage } = props;
  const columns: Column<TeamMember>[] = [
    {
      id: 'name',
      header: 'Name',
      card: 'title',
      className: 'max-w-56 px-4',
      cell: (m) => <Name member={m} viewerMemberId={viewerMemberId} />,
    },
    {
      id: 'email',
      header: 'E-mail',
      card: 'body',
      className: 'px-4 whitespace-nowrap',
      cell: (m) => m.email,
      cardCell: (m) => <span className="break-all text-muted-foreground">{m.email}</span>,
    },
    { id: 'role', header: 'Role', card: 'aside', className: 'px-4', cell: (m) => <RoleBadge member={m} /> },
    {
      id: 'branches',
      header: 'Branches',
      card: 'field',
      className: 'max-w-64 px-4',
      cell: (m) => branchNamesOf(m.role, m.branchIds, branches),
    },
    {
      id: 'joined',
      header: 'Joined',
      card: 'field',
      className: 'px-4 whitespace-nowrap',
      cell: (m) => <time dateTime={m.joinedAt}>{formatDate(m.joinedAt)}</time>,
    },
  ];
  if (!canManage) return columns;
  return [
    ...columns,
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      card: 'footer',
      className: 'px-4',
      cell: (m) => <Actions member={m} {...props} />,
    },
  ];
}

/**
 * The agency's members (ADR 029): name, e-mail, role, branches and when they joined; for the owner, Change and
 * Remove on every row (removing the last owner is refused by the server). Below 768 px the rows become cards
 * ({@link ListOrCards}).
 */
export function MemberList(props: ListProps) {
  return (
    <ListOrCards
      rows={props.members}
      rowKey={(m) => m.memberId}
      columns={memberColumns(props)}
      label="Members"
      caption="Members of the agency"
      cardLabel={nameOf}
    />
  );
}
