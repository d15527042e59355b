import { useNavigate } from 'react-router';
import { AGENT_PROFILE_MESSAGES } from '@abode/shared/agent/profile.schema';
import { MESSAGES } from '@abode/shared/messages';
import { paths } from '#src/config/paths.ts';
import { useAuth } from '#src/lib/auth.tsx';
import { AgentProfileForm } from './agent-profile-form.tsx';

/**
 * What an agent user without an agent profile sees on every agent page (REQ-AGENT-02 'Profile not found'):
 * the reason, and the profile form in create mode, started with the account's name and e-mail. Once created, the
 * portal learns the new agent id from /api/me and the agent lands on the dashboard.
 */
export function MissingAgentProfile() {
  const { user } = useAuth();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <title>{`${MESSAGES.profileNotFound} · Abode Agent Portal`}</title>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{MESSAGES.profileNotFound}</h1>
        <p className="text-muted-foreground">{AGENT_PROFILE_MESSAGES.missingProfileText}</p>
      </div>
      <AgentProfileForm
        owner={user}
        onCreated={() => void navigate(paths.agent.dashboard, { replace: true })}
      />
    </div>
  );
}
