import { Eye } from 'lucide-react';
import type { AdminAgency } from '@abode/shared/admin/agencies.schema';
import { AGENCY_MESSAGES } from '@abode/shared/agency/agency.schema';
import { CMP_SCHEME_LABELS, REDRESS_SCHEME_LABELS } from '@abode/shared/agency/compliance';
import { AgencyStandingBadge } from '#src/components/agency-standing-badge.tsx';
import { ListOrCards, type Column } from '#src/components/data-table/list-or-cards.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { formatCount, formatDate } from '#src/lib/format.ts';

/** The redress scheme and number, or that none is recorded. */
export function redressText(a: Pick<AdminAgency, 'redressScheme' | 'redressMembershipNumber'>): string {
  return a.redressScheme
    ? `${REDRESS_SCHEME_LABELS[a.redressScheme]} · ${a.redressMembershipNumber ?? ''}`
    : 'Not recorded';
}

/** The client money protection scheme and number; '—' when none is recorded and none is needed. */
export function cmpText(
  a: Pick<AdminAgency, 'cmpScheme' | 'cmpMembershipNumber' | 'handlesLettings'>,
): string {
  if (a.cmpScheme) return `${CMP_SCHEME_LABELS[a.cmpScheme]} · ${a.cmpMembershipNumber ?? ''}`;
  return a.handlesLettings ? 'Not recorded' : '—';
}

/** Under the badge of an agency that is not verified: what verifying still needs, or that it is ready. */
export function Readiness({ agency }: { agency: AdminAgency }) {
  if (agency.standing !== 'unverified') return null;
  return (
    <span className="text-xs text-muted-foreground">
      {agency.gaps.length === 0
        ? 'Ready to verify'
        : `Missing ${agency.gaps.map((g) => AGENCY_MESSAGES.gap[g]).join(' and ')}`}
    </span>
  );
}

interface ListProps {
  agencies: AdminAgency[];
  onView: (agency: AdminAgency) => void;
}

function ViewButton({ agency, onView }: { agency: AdminAgency; onView: ListProps['onView'] }) {
  return (
    <Button variant="outline" size="sm" onClick={() => onView(agency)} aria-label={`View ${agency.name}`}>
      <Eye aria-hidden="true" /> View
    </Button>
  );
}

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** The table's columns; a card sums up the counts and the date joined on one line. */
function agencyColumns(onView: ListProps['onView']): Column<AdminAgency>[] {
  const counted = (id: string, header: string, count: (a: AdminAgency) => number): Column<AdminAgency> => ({
    id,
    header,
    card: 'none',
    align: 'end',
    className: 'px-4 tabular-nums',
    cell: (a) => formatCount(count(a)),
  });
  return [
    {
      id: 'agency',
      header: 'Agency',
      card: 'title',
      className: 'max-w-56 px-4',
      cell: (a) => (
        <div className="flex flex-col">
          <span className="font-medium break-words">{a.name}</span>
          <span className="text-xs text-muted-foreground">
            Joined <time dateTime={a.createdAt}>{formatDate(a.createdAt)}</time>
          </span>
        </div>
      ),
      cardCell: (a) => (
        <div className="flex flex-col gap-1">
          <span className="font-medium">{a.name}</span>
          <Readiness agency={a} />
        </div>
      ),
    },
    {
      id: 'standing',
      header: 'Standing',
      card: 'aside',
      className: 'px-4',
      cell: (a) => (
        <div className="flex max-w-48 flex-col gap-1">
          <AgencyStandingBadge standing={a.standing} />
          <Readiness agency={a} />
        </div>
      ),
      cardCell: (a) => <AgencyStandingBadge standing={a.standing} />,
    },
    {
      id: 'redress',
      header: 'Redress scheme',
      card: 'field',
      className: 'max-w-48 px-4 break-words',
      cell: redressText,
    },
    {
      id: 'cmp',
      header: 'Client money protection',
      card: 'field',
      className: 'max-w-48 px-4 break-words',
      cell: cmpText,
    },
    {
      ...counted('branches', 'Branches', (a) => a.branchCount),
      card: 'body',
      cardCell: (a) => (
        <p className="text-xs text-muted-foreground">
          {plural(a.branchCount, 'branch', 'branches')} · {plural(a.memberCount, 'member', 'members')} ·{' '}
          {plural(a.listingCount, 'listing', 'listings')} · joined{' '}
          <time dateTime={a.createdAt}>{formatDate(a.createdAt)}</time>
        </p>
      ),
    },
    counted('members', 'Members', (a) => a.memberCount),
    counted('listings', 'Listings', (a) => a.listingCount),
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      card: 'footer',
      className: 'px-4',
      cell: (a) => <ViewButton agency={a} onView={onView} />,
    },
  ];
}

/**
 * The agencies table (ADR 029): name and date joined, standing (with what verifying still needs), redress scheme and
 * client money protection with their numbers, branches, members and listings, and View, which opens the agency.
 * Below 768 px the rows become cards ({@link ListOrCards}).
 */
export function AgencyList({ agencies, onView }: ListProps) {
  return (
    <ListOrCards
      rows={agencies}
      rowKey={(a) => a.id}
      columns={agencyColumns(onView)}
      label="Agencies"
      caption="Agencies, newest first"
      cardLabel={(a) => a.name}
    />
  );
}
