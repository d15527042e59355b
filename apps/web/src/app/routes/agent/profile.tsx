import { MESSAGES } from '@abode/shared/messages';
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { useAgentProfile } from '#src/features/agent-profile/api/agent-profile.ts';
import { AgentProfileForm } from '#src/features/agent-profile/components/agent-profile-form.tsx';
import { AgentProfileSkeleton } from '#src/features/agent-profile/components/agent-profile-skeleton.tsx';
import { MissingAgentProfile } from '#src/features/agent-profile/components/missing-agent-profile.tsx';
import { ProfileStats } from '#src/features/agent-profile/components/profile-stats.tsx';
import { LogoUpload } from '#src/components/logo-upload.tsx';
import { isApiError } from '#src/lib/api-error.ts';

/**
 * /agent/profile (REQ-AGENT-12, REQ-AGENT-09): the editable profile, the photo panel (logo upload, JPG or PNG
 * up to 2 MB) and quick stats. 'Failed to load profile' when loading fails; 'Profile not found', with the form to
 * create one, when the agent has no profile.
 */
export function AgentProfileRoute() {
  const profile = useAgentProfile();
  const missing = profile.isError && isApiError(profile.error) && profile.error.status === 404;
  // The portal learnt of it late (the row went while signed in): the same offer to create it (REQ-AGENT).
  if (missing) return <MissingAgentProfile />;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <title>Profile · Abode Agent Portal</title>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Profile</h1>
        <p className="text-muted-foreground">Your details as clients see them on your listings.</p>
      </div>
      {profile.isPending ? (
        <AgentProfileSkeleton />
      ) : profile.isError ? (
        <LoadFailed message={MESSAGES.profileLoadFailed} onRetry={() => void profile.refetch()} />
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <AgentProfileForm key={profile.data.agent.id} agent={profile.data.agent} />
          <aside className="flex flex-col gap-6 lg:sticky lg:top-20" aria-label="Photo and stats">
            <Card>
              <CardHeader>
                <h2 className="text-lg leading-tight font-semibold">Profile photo</h2>
                <CardDescription>Your photo or agency logo, shown with your listings.</CardDescription>
              </CardHeader>
              <CardContent>
                <LogoUpload logoUrl={profile.data.agent.logoUrl} name={profile.data.agent.name} />
              </CardContent>
            </Card>
            <ProfileStats stats={profile.data.stats} />
          </aside>
        </div>
      )}
    </div>
  );
}
