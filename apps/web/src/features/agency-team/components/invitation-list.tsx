import { toast } from 'sonner';
import { MEMBER_ROLE_LABELS } from '@abode/shared/agency/permissions';
import {
  AGENCY_TEAM_MESSAGES as T,
  type TeamBranch,
  type TeamInvitation,
} from '@abode/shared/agency/team.schema';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { isApiError } from '#src/lib/api-error.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';
import { useResendInvitation, useRevokeInvitation } from '../api/team.ts';
import { formatDate } from '#src/lib/format.ts';
import { branchNamesOf } from '../utils/branch-names.ts';

const failed = (error: Error) => showErrorToast(isApiError(error) ? error.message : T.failed, { error });

function InvitationRow({
  invitation,
  branches,
}: {
  invitation: TeamInvitation;
  branches: readonly TeamBranch[];
}) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const busy = resend.isPending || revoke.isPending;
  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-medium break-all">{invitation.email}</p>
        <p className="text-sm text-muted-foreground">
          {MEMBER_ROLE_LABELS[invitation.role]} ·{' '}
          {branchNamesOf(invitation.role, invitation.branchIds, branches)}
        </p>
        <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          {invitation.expired ? (
            <Badge variant="warning">Expired</Badge>
          ) : (
            <span>
              Expires <time dateTime={invitation.expiresAt}>{formatDate(invitation.expiresAt)}</time>
            </span>
          )}
          {invitation.invitedBy && <span>Invited by {invitation.invitedBy}</span>}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          aria-label={`Send the invitation to ${invitation.email} again`}
          onClick={() =>
            resend.mutate(invitation.id, {
              onSuccess: () => toast.success(T.resent, { description: invitation.email }),
              onError: failed,
            })
          }
        >
          Send again
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          aria-label={`Withdraw the invitation to ${invitation.email}`}
          onClick={() =>
            revoke.mutate(invitation.id, {
              onSuccess: () => toast.success(T.revoked, { description: invitation.email }),
              onError: failed,
            })
          }
        >
          Withdraw
        </Button>
      </div>
    </li>
  );
}

/** The invitations still waiting for an answer (ADR 029): send again (a new link, 7 more days) or withdraw. */
export function InvitationList({
  invitations,
  branches,
}: {
  invitations: readonly TeamInvitation[];
  branches: readonly TeamBranch[];
}) {
  if (!invitations.length)
    return <p className="text-sm text-muted-foreground">No invitations are waiting for an answer.</p>;
  return (
    <ul className="flex flex-col divide-y rounded-md border" aria-label="Pending invitations">
      {invitations.map((invitation) => (
        <InvitationRow key={invitation.id} invitation={invitation} branches={branches} />
      ))}
    </ul>
  );
}
