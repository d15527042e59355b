import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { changeRatio, type AgentAnalytics } from '@abode/shared/agent/analytics.schema';
import { StatCard } from '#src/components/ui/stat-card.tsx';
import { cn } from '#src/lib/utils.ts';
import { formatCount } from '#src/lib/format.ts';
import { formatChange, formatRate } from './format.ts';

/**
 * Views, enquiries and conversion of the period, each with its change against the period before (REQ-ENQ-03).
 * Conversion compares percentage points' ratio like the others; without a previous figure it says so.
 */
export function SummaryCards({ data }: { data: AgentAnalytics }) {
  const { totals, previous, days } = data;
  const cards = [
    {
      label: 'Views',
      value: formatCount(totals.views),
      change: changeRatio(totals.views, previous.views),
    },
    {
      label: 'Enquiries',
      value: formatCount(totals.enquiries),
      change: changeRatio(totals.enquiries, previous.enquiries),
    },
    {
      label: 'Conversion',
      value: formatRate(totals.conversion),
      change:
        totals.conversion === null || previous.conversion === null || previous.conversion === 0
          ? null
          : changeRatio(totals.conversion, previous.conversion),
    },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {cards.map((card) => (
        <StatCard
          key={card.label}
          label={card.label}
          value={card.value}
          hint={<Change ratio={card.change} days={days} />}
        />
      ))}
    </dl>
  );
}

function Change({ ratio, days }: { ratio: number | null; days: number }) {
  if (ratio === null)
    return <span className="text-muted-foreground">No data for the previous {days} days</span>;
  const Icon = ratio > 0 ? ArrowUpRight : ratio < 0 ? ArrowDownRight : Minus;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1',
        ratio > 0 && 'text-emerald-700 dark:text-emerald-400',
        ratio < 0 && 'text-destructive',
        ratio === 0 && 'text-muted-foreground',
      )}
    >
      <Icon className="size-4" aria-hidden="true" />
      {formatChange(ratio)} vs previous {days} days
    </span>
  );
}
