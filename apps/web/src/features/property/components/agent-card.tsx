import { useId, type ReactNode } from 'react';
import { Mail, Phone } from 'lucide-react';
import type { ListingDetail } from '@abode/shared/listings/listing.schema';

/** Who markets the listing (issue #4): agency and branch, the agent, phone and e-mail links, and actions. */
export function AgentCard({ agent, actions }: { agent: ListingDetail['agent']; actions?: ReactNode }) {
  const headingId = useId();
  if (!agent) return null;
  const branch = agent.branchName && agent.branchName !== agent.agencyName ? agent.branchName : null;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border bg-card p-5 shadow-xs"
    >
      <div className="flex items-start gap-4">
        <div className="min-w-0 flex-1">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Marketed by</p>
          <h2 id={headingId} className="mt-1 text-lg leading-tight font-semibold">
            {agent.agencyName ?? agent.name}
          </h2>
          {branch && <p className="text-sm text-muted-foreground">{branch} branch</p>}
          {agent.agencyName && <p className="mt-1 text-sm">{agent.name}</p>}
        </div>
        {agent.logoUrl && (
          <img
            src={agent.logoUrl}
            alt={`${agent.agencyName ?? agent.name} logo`}
            width={64}
            height={64}
            loading="lazy"
            className="size-16 shrink-0 rounded-lg border bg-white object-contain"
          />
        )}
      </div>
      {(agent.phone || agent.email) && (
        <ul className="flex flex-col gap-2 text-sm">
          {agent.phone && (
            <li>
              <a
                href={`tel:${agent.phone.replace(/\s+/g, '')}`}
                aria-label={`Call ${agent.phone}`}
                className="inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline"
              >
                <Phone aria-hidden="true" className="size-4" />
                {agent.phone}
              </a>
            </li>
          )}
          {agent.email && (
            <li>
              <a
                href={`mailto:${agent.email}`}
                aria-label={`E-mail ${agent.email}`}
                className="inline-flex items-center gap-2 font-medium break-all text-primary underline-offset-4 hover:underline"
              >
                <Mail aria-hidden="true" className="size-4 shrink-0" />
                {agent.email}
              </a>
            </li>
          )}
        </ul>
      )}
      {actions}
    </section>
  );
}
