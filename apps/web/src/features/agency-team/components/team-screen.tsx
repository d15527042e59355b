import { AGENCY_TEAM_MESSAGES as T } from '@abode/shared/agency/team.schema';
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx';
import { ListSkeleton } from '#src/components/ui/list-skeleton.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { useAuth } from '#src/lib/auth.tsx';
import { useTeam } from '../api/team.ts';
import { InvitationList } from './invitation-list.tsx';
import { InviteDialog } from './invite-dialog.tsx';
import { MemberList } from './member-list.tsx';

/**
 * The Team screen (ADR 029 "People are members"): the agency's members and, for the owner, the invite button, each
 * member's Change and Remove, and the invitations still pending. Anyone else who opens it reads the members only;
 * the server checks the role again on every write.
 */
export function TeamScreen() {
  const team = useTeam();
  const { me, refresh } = useAuth();
  const data = team.data;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Team</h1>
          <p className="text-muted-foreground">
            {data ? `The people of ${data.agencyName} and what they may do.` : 'Your agency’s people.'}
          </p>
        </div>
        {data?.canManage && <InviteDialog branches={data.branches} />}
      </div>
      {team.isError && !data ? (
        <LoadFailed message={T.loadFailed} onRetry={() => void team.refetch()} />
      ) : !data ? (
        <ListSkeleton label="Loading your team" />
      ) : (
        <>
          <section aria-labelledby="team-members" className="flex flex-col gap-3">
            <h2 id="team-members" className="text-lg font-semibold">
              Members <span className="text-muted-foreground">({data.members.length})</span>
            </h2>
            {!data.canManage && (
              <p className="text-sm text-muted-foreground">
                Only the agency’s owner can invite people or change roles.
              </p>
            )}
            <MemberList
              members={data.members}
              branches={data.branches}
              agencyName={data.agencyName}
              canManage={data.canManage}
              viewerMemberId={me?.agency?.memberId}
              onRemovedSelf={() => void refresh()}
            />
          </section>
          {data.canManage && (
            <Card>
              <CardHeader>
                <h2 className="text-lg leading-tight font-semibold">Pending invitations</h2>
                <CardDescription>Links we e-mailed that nobody has used yet.</CardDescription>
              </CardHeader>
              <CardContent>
                <InvitationList invitations={data.invitations} branches={data.branches} />
              </CardContent>
            </Card>
          )}
        </>
      )}
    </div>
  );
}
