/** The sections of an agency's detail dialog (ADR 029): its compliance details, branches and members. */
import type { AdminAgencyDetail } from '@abode/shared/admin/agencies.schema';
import { AGENCY_MESSAGES } from '@abode/shared/agency/agency.schema';
import { MEMBER_ROLE_LABELS } from '@abode/shared/agency/permissions';
import { Badge } from '#src/components/ui/badge.tsx';
import { formatCount, formatDate } from '#src/lib/format.ts';
import { cmpText, redressText } from './agency-list.tsx';

/** The facts an admin checks before verifying: the schemes and numbers, and who verified or suspended it when. */
export function Compliance({ agency }: { agency: AdminAgencyDetail }) {
  return (
    <section aria-labelledby="agency-compliance-heading" className="flex flex-col gap-2">
      <h3 id="agency-compliance-heading" className="text-sm font-semibold">
        Compliance
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Redress scheme</dt>
        <dd className="break-words">{redressText(agency)}</dd>
        <dt className="text-muted-foreground">Client money protection</dt>
        <dd className="break-words">{cmpText(agency)}</dd>
        {agency.verifiedAt && (
          <>
            <dt className="text-muted-foreground">Verified</dt>
            <dd>
              <time dateTime={agency.verifiedAt}>{formatDate(agency.verifiedAt)}</time>
              {agency.verifiedByEmail ? ` by ${agency.verifiedByEmail}` : ''}
            </dd>
          </>
        )}
        {agency.suspendedAt && (
          <>
            <dt className="text-muted-foreground">Suspended</dt>
            <dd className="break-words">
              <time dateTime={agency.suspendedAt}>{formatDate(agency.suspendedAt)}</time>
              {agency.suspensionReason ? `: ${agency.suspensionReason}` : ''}
            </dd>
          </>
        )}
      </dl>
      {agency.standing === 'unverified' && agency.gaps.length > 0 && (
        <p className="text-sm text-muted-foreground">
          Not yet recorded: {agency.gaps.map((g) => AGENCY_MESSAGES.gap[g]).join('; ')}.
        </p>
      )}
    </section>
  );
}

/** The agency's branches: names, address, departments and listings. */
export function Branches({ agency }: { agency: AdminAgencyDetail }) {
  return (
    <section aria-labelledby="agency-branches-heading" className="flex flex-col gap-2">
      <h3 id="agency-branches-heading" className="text-sm font-semibold">
        Branches ({agency.branches.length})
      </h3>
      <ul className="flex flex-col divide-y rounded-lg border text-sm">
        {agency.branches.map((b) => (
          <li key={b.id} className="flex flex-col gap-1 p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium break-words">{b.branchName || b.name}</span>
              <span className="flex gap-1">
                {b.handlesSales && <Badge variant="secondary">Sales</Badge>}
                {b.handlesLettings && <Badge variant="secondary">Lettings</Badge>}
              </span>
            </div>
            <span className="text-muted-foreground break-words">{b.address || 'No address given'}</span>
            <span className="text-xs text-muted-foreground">
              {formatCount(b.listingCount)} {b.listingCount === 1 ? 'listing' : 'listings'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The agency's members: name, sign-in e-mail, role and whether their account is suspended. */
export function Members({ agency }: { agency: AdminAgencyDetail }) {
  return (
    <section aria-labelledby="agency-members-heading" className="flex flex-col gap-2">
      <h3 id="agency-members-heading" className="text-sm font-semibold">
        Members ({agency.members.length})
      </h3>
      <ul className="flex flex-col divide-y rounded-lg border text-sm">
        {agency.members.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <span className="flex min-w-0 flex-col">
              <span className="font-medium break-words">{m.name ?? m.email}</span>
              <span className="text-muted-foreground break-all">{m.email}</span>
            </span>
            <span className="flex gap-1">
              <Badge variant="outline">{MEMBER_ROLE_LABELS[m.role]}</Badge>
              {m.isSuspended && <Badge variant="warning">Suspended</Badge>}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
