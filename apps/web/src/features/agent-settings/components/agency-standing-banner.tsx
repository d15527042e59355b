import { Link } from 'react-router';
import { Ban, ShieldAlert } from 'lucide-react';
import { AGENCY_MESSAGES } from '@abode/shared/agency/agency.schema';
import { paths } from '#src/config/paths.ts';
import { useAuth } from '#src/lib/auth.tsx';

/** The id of Settings › Agency, for links to it (`/agent/settings#agency`). */
export const AGENCY_SECTION_ID = 'agency';

/**
 * The agent portal's notice while the member's agency may not advertise (ADR 029): not verified yet (listings can
 * be prepared but not published; a link to Settings › Agency), or suspended. Nothing for a verified agency. Reads
 * the standing of `GET /api/me`, which a save in Settings › Agency refreshes.
 */
export function AgencyStandingBanner() {
  const { me } = useAuth();
  const standing = me?.agency?.standing;
  if (!standing || standing === 'verified') return null;
  const suspended = standing === 'suspended';
  const Icon = suspended ? Ban : ShieldAlert;
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-xl border border-warning/50 bg-warning/10 p-4 text-sm sm:flex-row sm:items-center"
    >
      <Icon aria-hidden="true" className="size-5 shrink-0 text-warning" />
      <p className="flex-1">
        {suspended ? AGENCY_MESSAGES.bannerSuspended : AGENCY_MESSAGES.bannerUnverified}
      </p>
      {!suspended && (
        <Link
          to={`${paths.agent.settings}#${AGENCY_SECTION_ID}`}
          className="shrink-0 font-medium text-primary underline underline-offset-4"
        >
          Go to Settings › Agency
        </Link>
      )}
    </div>
  );
}
