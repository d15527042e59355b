import { Link } from 'react-router';
import { Activity, ArrowRight, Building2, MessageSquare, PoundSterling } from 'lucide-react';
import {
  AGENT_DASHBOARD_MESSAGES,
  describeActivity,
  type AgentActivityItem,
} from '@abode/shared/agent/dashboard.schema';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { paths } from '#src/config/paths.ts';
import { timeAgo } from '#src/lib/format.ts';

/** Where an event's line leads: enquiry events to the enquiries, listing events to the listing while it exists. */
function linkOf(item: AgentActivityItem): { to: string; label: string } | null {
  if (item.type.startsWith('enquiry_')) return { to: paths.agent.enquiries, label: 'View enquiries' };
  if (item.propertyId) return { to: paths.agent.editProperty(item.propertyId), label: 'Open listing' };
  return null;
}

function IconOf({ type }: { type: string }) {
  if (type.startsWith('enquiry_')) return <MessageSquare aria-hidden="true" />;
  if (type === 'listing_price_changed') return <PoundSterling aria-hidden="true" />;
  return <Building2 aria-hidden="true" />;
}

/**
 * The Recent Activity panel (REQ-AGENT-03: real events, not sample lines): the latest events in words with
 * how long ago, each linking to the enquiries or the listing; an empty state before anything has happened.
 */
export function RecentActivity({ items }: { items: AgentActivityItem[] | undefined }) {
  return (
    <section
      aria-labelledby="recent-activity-heading"
      className="flex flex-col gap-4 rounded-xl border bg-card p-5"
    >
      <h2 id="recent-activity-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Activity aria-hidden="true" className="size-5" /> Recent Activity
      </h2>
      {items === undefined ? (
        <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading recent activity">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{AGENT_DASHBOARD_MESSAGES.noActivity}</p>
      ) : (
        <ul className="flex flex-col divide-y">
          {items.map((item) => {
            const link = linkOf(item);
            return (
              <li key={item.id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
                <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-muted [&_svg]:size-4">
                  <IconOf type={item.type} />
                </span>
                <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <p className="text-sm break-words">{describeActivity(item)}</p>
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={item.createdAt}>{timeAgo(item.createdAt)}</time>
                  </p>
                </div>
                {link && (
                  <Link
                    to={link.to}
                    className="inline-flex shrink-0 items-center gap-1 text-xs font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {link.label}
                    <ArrowRight aria-hidden="true" className="size-3" />
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
