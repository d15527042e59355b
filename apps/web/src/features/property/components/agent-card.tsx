import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRight, Clock } from 'lucide-react';
import { describeBusinessHours } from '@abode/shared/agency/branches.schema';
import type { ListingDetail } from '@abode/shared/listings/listing.schema';
import { ContactDetails } from '#src/components/contact-details.tsx';
import { paths } from '#src/config/paths.ts';

/**
 * Who markets the listing (REQ-CLIENT): the branch (ADR 029) — its logo, agency and branch name, the agent, office
 * address, phone and e-mail links, opening hours — a link to the branch's page (`/agents/{slug}`, all its
 * listings), and actions.
 */
export function AgentCard({ agent, actions }: { agent: ListingDetail['agent']; actions?: ReactNode }) {
  const headingId = useId();
  const hoursId = useId();
  if (!agent) return null;
  const branch = agent.branchName && agent.branchName !== agent.agencyName ? agent.branchName : null;
  const hours = describeBusinessHours(agent.businessHours);
  const firm = agent.agencyName ?? agent.name;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border bg-card p-5 shadow-xs"
    >
      <div className="flex items-start gap-4">
        <div className="min-w-0 flex-1">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Marketed by</p>
          <h2 id={headingId} className="mt-1 text-lg leading-tight font-semibold">
            {firm}
          </h2>
          {branch && <p className="text-sm text-muted-foreground">{branch} branch</p>}
          {agent.agencyName && <p className="mt-1 text-sm">{agent.name}</p>}
        </div>
        {agent.logoUrl && (
          <img
            src={agent.logoUrl}
            alt={`${firm} logo`}
            width={64}
            height={64}
            loading="lazy"
            className="size-16 shrink-0 rounded-lg border bg-white object-contain"
          />
        )}
      </div>
      {(agent.address || agent.phone || agent.email) && (
        <ContactDetails address={agent.address} phone={agent.phone} email={agent.email} />
      )}
      {hours.length > 0 && (
        <div className="text-sm">
          <p id={hoursId} className="flex items-center gap-2 font-medium">
            <Clock aria-hidden="true" className="size-4 text-muted-foreground" />
            Opening hours
          </p>
          <dl aria-labelledby={hoursId} className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 pl-6">
            {hours.map((line) => (
              <div key={line.days} className="contents">
                <dt className="text-muted-foreground">{line.days}</dt>
                <dd>{line.hours}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      {agent.slug && (
        <Link
          to={paths.branch(agent.slug)}
          className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          View {branch ? `${firm}, ${branch}` : firm} and all its properties
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      )}
      {actions}
    </section>
  );
}
