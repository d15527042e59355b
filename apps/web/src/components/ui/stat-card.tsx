import type { ReactNode } from 'react';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { cn } from '#src/lib/utils.ts';
import { formatCount } from '#src/lib/format.ts';

/**
 * One stat card of a dashboard-style page (client dashboard, agent dashboard, enquiries, properties, analytics):
 * a term (optional icon + label) and its value, inside the caller's `<dl>`. `value` is a count (shown with en-GB
 * grouping, e.g. 1,234), an already formatted text (e.g. '12.5%'), or `undefined` while it loads — then a skeleton
 * with 'Loading' for screen readers. When the load has `failed`, a dash ('Not available' to screen readers) replaces
 * the skeleton, which would otherwise pulse forever beside the page's error (REQ-SEARCH-26). `hint` is a second
 * description under the value (e.g. 'this week', or a change against the previous period); `withHint` says a card
 * will have one once loaded, so that its line is kept while it loads and nothing below moves when the figures arrive
 * (layout shift, REQ-PERF-06).
 */
export function StatCard({
  icon,
  label,
  value,
  hint,
  withHint = false,
  failed = false,
  className,
}: {
  icon?: ReactNode;
  label: string;
  value: number | string | undefined;
  hint?: ReactNode;
  /** A hint comes with the value: keep its line while the value loads. */
  withHint?: boolean;
  /** The value's load failed (the page shows the error and a retry). */
  failed?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col gap-2 rounded-xl border bg-card p-4 shadow-xs sm:p-5', className)}>
      <dt className="flex items-center gap-2 text-sm font-medium text-muted-foreground [&_svg]:size-4">
        {icon}
        {label}
      </dt>
      <dd className="text-3xl font-bold tracking-tight tabular-nums">
        {value === undefined && failed ? (
          <>
            <span aria-hidden="true" className="text-muted-foreground">
              —
            </span>
            <span className="sr-only">Not available</span>
          </>
        ) : value === undefined ? (
          <>
            <Skeleton className="h-9 w-12" />
            <span className="sr-only">Loading</span>
          </>
        ) : typeof value === 'number' ? (
          formatCount(value)
        ) : (
          value
        )}
      </dd>
      {hint ? (
        <dd className="text-sm text-muted-foreground">{hint}</dd>
      ) : (
        withHint &&
        value === undefined &&
        !failed && (
          <dd aria-hidden="true">
            <Skeleton className="h-5 w-24" />
          </dd>
        )
      )}
    </div>
  );
}

/** One card of a {@link StatCardGrid}: what {@link StatCard} shows, bar the shared `failed`. */
export interface StatCardItem {
  icon: ReactNode;
  label: string;
  value: number | string | undefined;
  hint?: ReactNode;
}

/**
 * The row of stat cards at the top of a dashboard-style page: two columns on a phone, four from `lg`, in one `<dl>`.
 * `failed` marks every card's load as failed (their values come from one request).
 */
export function StatCardGrid({ cards, failed = false }: { cards: StatCardItem[]; failed?: boolean }) {
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {cards.map((card) => (
        <StatCard key={card.label} failed={failed} {...card} />
      ))}
    </dl>
  );
}
