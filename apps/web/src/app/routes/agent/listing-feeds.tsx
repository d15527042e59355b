import { Spinner } from '#src/components/ui/spinner.tsx';
import { FeedsScreen } from '#src/features/feed-keys/components/feeds-screen.tsx';
import { useAuth } from '#src/lib/auth.tsx';

/** /agent/settings/feeds (ADR 030): Settings › Listing feeds, for members who may manage feeds. */
export function AgentListingFeedsRoute() {
  const { me } = useAuth();
  return (
    <>
      <title>Listing feeds · Abode Agent Portal</title>
      {me?.agency ? <FeedsScreen membership={me.agency} /> : <Spinner />}
    </>
  );
}
