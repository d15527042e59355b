import type { AgentProfileStats } from '@abode/shared/agent/profile.schema';
import { Card, CardContent, CardHeader } from '#src/components/ui/card.tsx';
import { formatCount, formatMonthYear } from '#src/lib/format.ts';

/** Quick stats of the profile page (REQ-AGENT-12) as a description list. */
export function ProfileStats({ stats }: { stats: AgentProfileStats }) {
  const items: [string, string][] = [
    ['Active listings', formatCount(stats.activeListings)],
    ['Total listings', formatCount(stats.totalListings)],
    ['Total enquiries', formatCount(stats.totalEnquiries)],
    ['Member since', formatMonthYear(stats.memberSince)],
  ];
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">Quick stats</h2>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4">
          {items.map(([label, value]) => (
            <div key={label} className="flex flex-col gap-0.5">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-lg font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
