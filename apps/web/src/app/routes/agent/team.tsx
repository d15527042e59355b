import { TeamScreen } from '#src/features/agency-team/components/team-screen.tsx';

/** /agent/team (ADR 029): the agency's members and the owner's invitations. */
export function AgentTeamRoute() {
  return (
    <>
      <title>Team · Abode Agent Portal</title>
      <TeamScreen />
    </>
  );
}
