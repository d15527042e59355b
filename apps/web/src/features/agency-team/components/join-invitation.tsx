import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { MEMBER_ROLE_LABELS, type MemberRole } from '@abode/shared/agency/permissions';
import {
  AGENCY_TEAM_MESSAGES as T,
  roleReach,
  type InvitationPreview,
  type JoinAccountInput,
} from '@abode/shared/agency/team.schema';
import { Button } from '#src/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { paths } from '#src/config/paths.ts';
import { authErrorMessage } from '#src/lib/auth-error.ts';
import { isApiError } from '#src/lib/api-error.ts';
import { loadAuthClient, useAuth } from '#src/lib/auth.tsx';
import { useAcceptInvitation, useInvitationPreview } from '../api/team.ts';
import { JoinAccountForm, JoinSignInForm } from './join-forms.tsx';

/** 'a negotiator' / 'an owner'. */
function aRole(role: MemberRole): string {
  const label = MEMBER_ROLE_LABELS[role].toLowerCase();
  return `${/^[aeiou]/.test(label) ? 'an' : 'a'} ${label}`;
}

/** 'as a negotiator in Reading and Ryde' / 'as an owner'. */
function placeLine(role: MemberRole, branchNames: readonly string[]): string {
  if (role === 'owner' || branchNames.length === 0) return `as ${aRole(role)}`;
  const last = branchNames[branchNames.length - 1];
  const list = branchNames.length === 1 ? last : `${branchNames.slice(0, -1).join(', ')} and ${last}`;
  return `as ${aRole(role)} in ${list}`;
}

function Frame({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex justify-center px-4 py-10 sm:py-16">
      <Card className="w-full max-w-lg shadow-lg">
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">{children}</CardContent>
      </Card>
    </div>
  );
}

function Problem({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium"
    >
      {children}
    </p>
  );
}

function InvalidLink() {
  return (
    <Frame title="This invitation can’t be used">
      <Problem>{T.invitationInvalid}</Problem>
      <Button asChild variant="outline" className="self-start">
        <Link to={paths.home}>Go to the home page</Link>
      </Button>
    </Frame>
  );
}

/**
 * The join page (ADR 029), from an invitation e-mail's link: which agency, role and branches it offers, then by who
 * is here — the invited address signed in: 'Accept'; another address: say so and offer to sign out; nobody, with an
 * account for the address: sign in first; nobody, no account: a short create-account form, after which they are
 * signed in. An expired, used or withdrawn link says so. Joining lands in the agent portal.
 */
export function JoinInvitation({ token }: { token: string }) {
  const preview = useInvitationPreview(token);
  if (!token) return <InvalidLink />;
  if (preview.isPending) return <Spinner label="Opening your invitation…" />;
  if (preview.isError) {
    if (isApiError(preview.error) && preview.error.status === 404) return <InvalidLink />;
    return (
      <Frame title="Your invitation">
        <LoadFailed message={preview.error.message || T.loadFailed} onRetry={() => void preview.refetch()} />
      </Frame>
    );
  }
  return <Invitation token={token} invitation={preview.data} />;
}

function Invitation({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { me, user, isLoading, refresh, signOut } = useAuth();
  const navigate = useNavigate();
  const accept = useAcceptInvitation(token);
  const [problem, setProblem] = useState<string | null>(null);
  const [joined, setJoined] = useState(false);

  const finish = async () => {
    setJoined(true);
    toast.success(T.joined, {
      description: `You are now ${aRole(invitation.role)} at ${invitation.agencyName}.`,
    });
    await refresh();
    void navigate(paths.agent.dashboard, { replace: true });
  };
  const failed = (error: unknown) =>
    setProblem(isApiError(error) ? error.message : error instanceof Error ? error.message : T.failed);

  const acceptSignedIn = async () => {
    setProblem(null);
    try {
      await accept.mutateAsync({});
      await finish();
    } catch (error) {
      failed(error);
    }
  };

  const createAndJoin = async (account: JoinAccountInput) => {
    setProblem(null);
    try {
      await accept.mutateAsync(account);
    } catch (error) {
      failed(error);
      return;
    }
    // The account exists and has joined: sign in with the password just chosen.
    setJoined(true);
    const client = await loadAuthClient();
    const { error } = await client.signIn.email({ email: invitation.email, password: account.password });
    if (error) {
      toast.error('Error', { description: authErrorMessage(error) });
      void navigate(paths.auth, { replace: true });
      return;
    }
    await finish();
  };

  const signInFirst = async (password: string) => {
    setProblem(null);
    const client = await loadAuthClient();
    const { error } = await client.signIn.email({ email: invitation.email, password });
    if (error) setProblem(authErrorMessage(error));
    else await refresh();
  };

  const title = `Join ${invitation.agencyName}`;
  const description = `You are invited ${placeLine(invitation.role, invitation.branchNames)}. ${roleReach(invitation.role)}`;
  if (joined) return <Spinner label="Opening the agent portal…" />;
  if (isLoading) return <Spinner />;

  const sameAddress = user && user.email.toLowerCase() === invitation.email.toLowerCase();
  let body: ReactNode;
  if (user && !sameAddress)
    body = (
      <>
        <Problem>{T.wrongAccount}</Problem>
        <p className="text-sm text-muted-foreground">
          You are signed in as {user.email}; the invitation is for {invitation.email}.
        </p>
        <Button variant="outline" className="self-start" onClick={() => void signOut()}>
          Sign out
        </Button>
      </>
    );
  else if (user && me?.agency) body = <Problem>{T.alreadyMember}</Problem>;
  else if (user)
    body = (
      <Button className="self-start" disabled={accept.isPending} onClick={() => void acceptSignedIn()}>
        {accept.isPending ? 'Joining…' : 'Accept invitation'}
      </Button>
    );
  else if (invitation.accountExists)
    body = (
      <>
        <p className="text-sm">
          {invitation.email} already has an Abode account. Sign in to accept the invitation.
        </p>
        <JoinSignInForm email={invitation.email} onSignIn={signInFirst} />
      </>
    );
  else body = <JoinAccountForm email={invitation.email} onSubmit={createAndJoin} />;

  return (
    <Frame title={title} description={description}>
      {problem && <Problem>{problem}</Problem>}
      {body}
    </Frame>
  );
}
