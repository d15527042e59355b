import { useSearchParams } from 'react-router';
import { JoinInvitation } from '#src/features/agency-team/components/join-invitation.tsx';

/** /agent/join?token=… (ADR 029): an agency invitation's link, signed in or not. */
export function AgentJoinRoute() {
  const [params] = useSearchParams();
  return (
    <>
      <title>Join your agency · Abode</title>
      <JoinInvitation token={params.get('token') ?? ''} />
    </>
  );
}
