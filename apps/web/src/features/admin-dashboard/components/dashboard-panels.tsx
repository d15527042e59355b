import type { ReactNode } from 'react';
import {
  actionLabel,
  ADMIN_DASHBOARD_MESSAGES as T,
  breakdownLabel,
  type AdminAuditEntry,
  type AdminBreakdownRow,
} from '@abode/shared/admin/dashboard.schema';
import { Badge } from '#src/components/ui/badge.tsx';
import { Card, CardContent, CardHeader } from '#src/components/ui/card.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { formatCount, formatDateTime } from '#src/lib/format.ts';

const loading = (
  <div className="flex flex-col gap-2" aria-busy="true">
    <Skeleton className="h-5 w-full" />
    <Skeleton className="h-5 w-3/4" />
    <span className="sr-only">Loading</span>
  </div>
);

/** A titled card over `items`: the skeleton while they load (undefined), `empty` when none, else `list(items)`. */
function ListPanel<I>({
  title,
  items,
  empty,
  list,
}: {
  title: string;
  items: I[] | undefined;
  empty: string;
  list: (items: I[]) => ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">{title}</h2>
      </CardHeader>
      <CardContent>
        {!items ? (
          loading
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          list(items)
        )}
      </CardContent>
    </Card>
  );
}

/** One breakdown (users by role, properties by status, enquiries by status): label, total, '+N this week'. */
export function BreakdownPanel({
  title,
  metric,
  rows,
}: {
  title: string;
  metric: 'users' | 'properties' | 'enquiries';
  rows: AdminBreakdownRow[] | undefined;
}) {
  return (
    <ListPanel
      title={title}
      items={rows}
      empty={T.noData}
      list={(rows) => (
        <ul className="flex flex-col gap-2" aria-label={title}>
          {rows.map((r) => (
            <li key={r.category} className="flex items-center justify-between gap-3 text-sm">
              <span>{breakdownLabel(metric, r.category)}</span>
              <span className="flex items-center gap-2 tabular-nums">
                <span className="font-semibold">{formatCount(r.total)}</span>
                <span className="text-xs text-muted-foreground">+{formatCount(r.week)} this week</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    />
  );
}

/** The latest security events or admin actions: what, severity, who, when. */
export function ActivityPanel({
  title,
  empty,
  entries,
}: {
  title: string;
  empty: string;
  entries: AdminAuditEntry[] | undefined;
}) {
  return (
    <ListPanel
      title={title}
      items={entries}
      empty={empty}
      list={(entries) => (
        <ul className="flex flex-col divide-y" aria-label={title}>
          {entries.map((e) => (
            <li key={e.id} className="flex flex-col gap-1 py-2 text-sm first:pt-0">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{actionLabel(e.action)}</span>
                <Badge variant={e.severity === 'critical' || e.severity === 'high' ? 'warning' : 'outline'}>
                  {e.severity}
                </Badge>
              </div>
              {e.description && <p className="break-words text-muted-foreground">{e.description}</p>}
              <p className="text-xs text-muted-foreground">
                {e.actorName ?? T.system}
                {e.ipAddress ? ` · ${e.ipAddress}` : ''} ·{' '}
                <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    />
  );
}
