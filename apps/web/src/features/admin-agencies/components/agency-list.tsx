import { Eye } from 'lucide-react';
import type { AdminAgency } from '@abode/shared/admin/agencies.schema';
import { AGENCY_MESSAGES } from '@abode/shared/agency/agency.schema';
import { CMP_SCHEME_LABELS, REDRESS_SCHEME_LABELS } from '@abode/shared/agency/compliance';
import { AgencyStandingBadge } from '#src/components/agency-standing-badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { useIsMobile } from '#src/components/ui/sidebar.tsx';
import { formatDate } from '#src/lib/format.ts';

const count = (n: number) => n.toLocaleString('en-GB');

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

/**
 * The agencies table (ADR 029): name and date joined, standing (with what verifying still needs), redress scheme and
 * client money protection with their numbers, branches, members and listings, and View, which opens the agency.
 * Below 768 px the rows become cards.
 */
export function AgencyList({ agencies, onView }: ListProps) {
  const isMobile = useIsMobile();

  if (isMobile)
    return (
      <ul className="flex flex-col gap-3" aria-label="Agencies">
        {agencies.map((a) => (
          <li key={a.id}>
            <article
              aria-label={a.name}
              className="flex flex-col gap-2 rounded-xl border bg-card p-4 shadow-xs"
            >
              <div className="flex items-start justify-between gap-3">
                <span className="min-w-0 font-medium break-words">{a.name}</span>
                <AgencyStandingBadge standing={a.standing} />
              </div>
              <Readiness agency={a} />
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-muted-foreground">Redress</dt>
                <dd className="break-words">{redressText(a)}</dd>
                <dt className="text-muted-foreground">Client money</dt>
                <dd className="break-words">{cmpText(a)}</dd>
              </dl>
              <p className="text-xs text-muted-foreground">
                {count(a.branchCount)} {a.branchCount === 1 ? 'branch' : 'branches'} · {count(a.memberCount)}{' '}
                {a.memberCount === 1 ? 'member' : 'members'} · {count(a.listingCount)}{' '}
                {a.listingCount === 1 ? 'listing' : 'listings'} · joined{' '}
                <time dateTime={a.createdAt}>{formatDate(a.createdAt)}</time>
              </p>
              <div>
                <ViewButton agency={a} onView={onView} />
              </div>
            </article>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="overflow-x-auto rounded-xl border">
      <table className="w-full text-sm">
        <caption className="sr-only">Agencies, newest first</caption>
        <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            {['Agency', 'Standing', 'Redress scheme', 'Client money protection'].map((h) => (
              <th key={h} scope="col" className="px-4 py-3 font-medium">
                {h}
              </th>
            ))}
            {['Branches', 'Members', 'Listings'].map((h) => (
              <th key={h} scope="col" className="px-4 py-3 text-right font-medium">
                {h}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {agencies.map((a) => (
            <tr key={a.id} className="border-t align-top">
              <td className="max-w-56 px-4 py-3">
                <div className="flex flex-col">
                  <span className="font-medium break-words">{a.name}</span>
                  <span className="text-xs text-muted-foreground">
                    Joined <time dateTime={a.createdAt}>{formatDate(a.createdAt)}</time>
                  </span>
                </div>
              </td>
              <td className="px-4 py-3">
                <div className="flex max-w-48 flex-col gap-1">
                  <AgencyStandingBadge standing={a.standing} />
                  <Readiness agency={a} />
                </div>
              </td>
              <td className="max-w-48 px-4 py-3 break-words">{redressText(a)}</td>
              <td className="max-w-48 px-4 py-3 break-words">{cmpText(a)}</td>
              <td className="px-4 py-3 text-right tabular-nums">{count(a.branchCount)}</td>
              <td className="px-4 py-3 text-right tabular-nums">{count(a.memberCount)}</td>
              <td className="px-4 py-3 text-right tabular-nums">{count(a.listingCount)}</td>
              <td className="px-4 py-3">
                <ViewButton agency={a} onView={onView} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
