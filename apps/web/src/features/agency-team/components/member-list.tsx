import { toast } from 'sonner';
import { MEMBER_ROLE_LABELS } from '@abode/shared/agency/permissions';
import {
  AGENCY_TEAM_MESSAGES as T,
  type TeamBranch,
  type TeamMember,
} from '@abode/shared/agency/team.schema';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '#src/components/ui/alert-dialog.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { useIsMobile } from '#src/components/ui/sidebar.tsx';
import { isApiError } from '#src/lib/api-error.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';
import { useRemoveMember } from '../api/team.ts';
import { branchNamesOf, formatDay } from '../utils/branch-names.ts';
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
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Remove ${who}`} disabled={remove.isPending}>
          Remove
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            {self ? `Leave ${agencyName}?` : `Remove ${who} from ${agencyName}?`}
          </AlertDialogTitle>
          <AlertDialogDescription>{T.removeConfirm}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            onClick={() =>
              remove.mutate(member.memberId, {
                onSuccess: () => {
                  toast.success(T.memberRemoved, { description: who });
                  if (self) onRemovedSelf();
                },
                onError: (error) => showErrorToast(isApiError(error) ? error.message : T.failed, { error }),
              })
            }
          >
            Remove
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
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

/**
 * The agency's members (ADR 029): name, e-mail, role, branches and when they joined; for the owner, Change and
 * Remove on every row (removing the last owner is refused by the server). Below 768 px the rows become cards.
 */
export function MemberList(props: ListProps) {
  const isMobile = useIsMobile();
  const { members, branches, viewerMemberId, canManage } = props;

  if (isMobile)
    return (
      <ul className="flex flex-col gap-3" aria-label="Members">
        {members.map((m) => (
          <li key={m.memberId}>
            <article
              aria-label={nameOf(m)}
              className="flex flex-col gap-2 rounded-xl border bg-card p-4 shadow-xs"
            >
              <div className="flex items-start justify-between gap-3">
                <Name member={m} viewerMemberId={viewerMemberId} />
                <RoleBadge member={m} />
              </div>
              <span className="text-sm break-all text-muted-foreground">{m.email}</span>
              <p className="text-sm">{branchNamesOf(m.role, m.branchIds, branches)}</p>
              <p className="text-xs text-muted-foreground">
                Joined <time dateTime={m.joinedAt}>{formatDay(m.joinedAt)}</time>
              </p>
              <Actions member={m} {...props} />
            </article>
          </li>
        ))}
      </ul>
    );

  const headings = ['Name', 'E-mail', 'Role', 'Branches', 'Joined'];
  return (
    <div className="overflow-x-auto rounded-xl border">
      <table className="w-full text-sm">
        <caption className="sr-only">Members of the agency</caption>
        <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            {headings.map((h) => (
              <th key={h} scope="col" className="px-4 py-3 font-medium">
                {h}
              </th>
            ))}
            {canManage && (
              <th scope="col" className="px-4 py-3 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.memberId} className="border-t align-top">
              <td className="max-w-56 px-4 py-3">
                <Name member={m} viewerMemberId={viewerMemberId} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{m.email}</td>
              <td className="px-4 py-3">
                <RoleBadge member={m} />
              </td>
              <td className="max-w-64 px-4 py-3">{branchNamesOf(m.role, m.branchIds, branches)}</td>
              <td className="px-4 py-3 whitespace-nowrap">
                <time dateTime={m.joinedAt}>{formatDay(m.joinedAt)}</time>
              </td>
              {canManage && (
                <td className="px-4 py-3">
                  <Actions member={m} {...props} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
