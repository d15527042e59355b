import { useSearchParams } from 'react-router';
import { ScrollText } from 'lucide-react';
import { AUDIT_MESSAGES } from '@abode/shared/admin/audit.schema';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { PageLinks } from '#src/components/ui/page-links.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { useAuditLogs } from '#src/features/admin-audit/api/get-audit-logs.ts';
import { AuditFilters } from '#src/features/admin-audit/components/audit-filters.tsx';
import { AuditTable } from '#src/features/admin-audit/components/audit-table.tsx';
import { formatCount } from '#src/lib/format.ts';

/**
 * /admin/audit-logs (REQ-SEC-08): security events and admin actions, newest first, 50 a page, with the filters and
 * page in the URL. Read-only: there is nothing to edit or delete here (REQ-ADMIN-09: the log is append-only).
 */
export function AdminAuditLogsRoute() {
  const [params, setParams] = useSearchParams();
  const logs = useAuditLogs(params);
  const data = logs.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const hrefFor = (page: number) => {
    const next = new URLSearchParams(params);
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    const query = next.toString();
    return query ? `?${query}` : '?';
  };
  // Everything but the page: a new filter always starts at page 1, and the form re-mounts to show the URL.
  const filterKey = (() => {
    const f = new URLSearchParams(params);
    f.delete('page');
    return f.toString();
  })();

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <title>Audit Logs · Abode Admin</title>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Audit Logs</h1>
        <p className="text-muted-foreground">Security events and admin actions. The log cannot be edited.</p>
      </div>
      <AuditFilters
        key={filterKey}
        search={params}
        actions={data?.actions ?? []}
        onApply={(next) => setParams(next)}
      />
      {logs.isError && !data ? (
        <LoadFailed message={AUDIT_MESSAGES.loadFailed} onRetry={() => void logs.refetch()} />
      ) : !data ? (
        <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading audit logs">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-12 rounded-md" />
          ))}
        </div>
      ) : data.items.length === 0 ? (
        <EmptyState icon={<ScrollText aria-hidden="true" />} title={AUDIT_MESSAGES.emptyTitle}>
          {AUDIT_MESSAGES.emptyText}
        </EmptyState>
      ) : (
        <section
          aria-label="Audit log"
          className="flex flex-col gap-3"
          aria-busy={logs.isPlaceholderData || undefined}
        >
          <p className="text-sm text-muted-foreground" aria-live="polite">
            Showing {formatCount((data.page - 1) * data.pageSize + 1)}–
            {formatCount((data.page - 1) * data.pageSize + data.items.length)} of {formatCount(data.total)}{' '}
            {data.total === 1 ? 'entry' : 'entries'}
          </p>
          <AuditTable items={data.items} />
          <PageLinks page={data.page} pageCount={pageCount} hrefFor={hrefFor} />
        </section>
      )}
    </div>
  );
}
