import { BadgeCheck, Ban, ShieldAlert } from 'lucide-react';
import { AGENCY_STANDING_LABELS } from '@abode/shared/agency/agency.schema';
import type { AgencyStanding } from '@abode/shared/agency/compliance';
import { Badge } from '#src/components/ui/badge.tsx';

const VARIANT = { verified: 'default', unverified: 'outline', suspended: 'warning' } as const;
const ICON = { verified: BadgeCheck, unverified: ShieldAlert, suspended: Ban } as const;

/**
 * An agency's standing as a badge (ADR 029): 'Verified', 'Not verified' or 'Suspended', each with its own colour and
 * icon so it does not rest on colour alone. Shared by the admin Agencies screen and the agent's Settings › Agency.
 */
export function AgencyStandingBadge({ standing }: { standing: AgencyStanding }) {
  const Icon = ICON[standing];
  return (
    <Badge variant={VARIANT[standing]}>
      <Icon aria-hidden="true" />
      {AGENCY_STANDING_LABELS[standing]}
    </Badge>
  );
}
