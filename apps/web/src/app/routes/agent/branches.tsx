import { Spinner } from '#src/components/ui/spinner.tsx';
import { BranchesPanel } from '#src/features/agency-branches/components/branches-panel.tsx';
import { useAuth } from '#src/lib/auth.tsx';

/**
 * /agent/branches (ADR 029): the agency's branches the member works in, an owner's 'Add branch', and each branch's
 * details and logo for those who may edit it. The portal's layout has already required an agent with a membership.
 */
export function AgentBranchesRoute() {
  const { me } = useAuth();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <title>Branches · Abode Agent Portal</title>
      {me?.agency ? <BranchesPanel membership={me.agency} /> : <Spinner />}
    </div>
  );
}
