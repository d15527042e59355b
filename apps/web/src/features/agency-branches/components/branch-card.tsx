import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ExternalLink, Users } from 'lucide-react';
import {
  branchDepartmentsLabel,
  branchDisplayName,
  type AgentBranch,
} from '@abode/shared/agency/branches.schema';
import { MEMBER_ROLE_LABELS } from '@abode/shared/agency/permissions';
import { ContactDetails } from '#src/components/contact-details.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Card } from '#src/components/ui/card.tsx';
import { paths } from '#src/config/paths.ts';
import { initialsOf } from '#src/components/logo-upload.tsx';

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/**
 * One branch on the Branches screen (ADR 029): logo, name, departments, contact details, its listings and who works
 * there, a link to its public page, and `actions` (Edit, for those who may).
 */
export function BranchCard({ branch, actions }: { branch: AgentBranch; actions?: ReactNode }) {
  const headingId = useId();
  const name = branchDisplayName(branch) || branch.name;
  return (
    <Card className="flex flex-col gap-4 p-5" aria-labelledby={headingId} role="region">
      <div className="flex items-start gap-4">
        {branch.logoUrl ? (
          <img
            src={branch.logoUrl}
            alt=""
            width={56}
            height={56}
            className="size-14 shrink-0 rounded-lg border bg-white object-contain"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-14 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-lg font-semibold text-brand-soft-foreground"
          >
            {initialsOf(branch.branchName ?? name)}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-lg leading-tight font-semibold break-words">
            {name}
          </h2>
          <p className="text-sm text-muted-foreground">{branchDepartmentsLabel(branch)}</p>
        </div>
      </div>

      <ContactDetails
        address={branch.address}
        phone={branch.phone}
        email={branch.email}
        links={false}
        className="gap-1.5"
      />

      <dl className="grid grid-cols-2 gap-3 rounded-lg bg-muted/50 p-3 text-sm">
        <div>
          <dt className="text-muted-foreground">On the market</dt>
          <dd className="font-semibold">{count(branch.listings.active, 'listing', 'listings')}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">All listings</dt>
          <dd className="font-semibold">{branch.listings.total.toLocaleString('en-GB')}</dd>
        </div>
      </dl>

      <div className="text-sm">
        <p className="flex items-center gap-2 font-medium">
          <Users aria-hidden="true" className="size-4 text-muted-foreground" />
          {count(branch.members.length, 'person', 'people')}
        </p>
        {branch.members.length > 0 && (
          <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-muted-foreground">
            {branch.members.map((member) => (
              <li key={member.memberId}>
                {member.name} <span className="text-xs">({MEMBER_ROLE_LABELS[member.role]})</span>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="mt-auto flex flex-wrap gap-2">
        {actions}
        <Button asChild variant="outline" size="sm">
          <Link
            to={paths.branch(branch.slug)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Branch page of ${name} (opens in a new tab)`}
          >
            <ExternalLink aria-hidden="true" />
            Branch page
          </Link>
        </Button>
      </div>
    </Card>
  );
}
