import { useState } from 'react';
import {
  AUDIT_EVENT_TYPE_LABELS,
  actionLabel,
  type AuditEventType,
  type AuditLogEntry,
  type AuditSeverity,
} from '@abode/shared/admin/audit.schema';
import { Badge, type BadgeProps } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#src/components/ui/dialog.tsx';

const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'UTC',
});
/** An instant as '23 Nov 2026, 10:00:00 UTC' (the log is read in UTC, like its date filters). */
export const formatLogTime = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;
const dateOnly = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
const clockOnly = new Intl.DateTimeFormat('en-GB', { timeStyle: 'medium', timeZone: 'UTC' });
/** The table's two lines of an instant: '23 Nov 2026' and '10:00:00 UTC'. */
const formatLogDate = (iso: string) => dateOnly.format(new Date(iso));
const formatLogClock = (iso: string) => `${clockOnly.format(new Date(iso))} UTC`;

const SEVERITY_VARIANT: Record<AuditSeverity, BadgeProps['variant']> = {
  low: 'outline',
  medium: 'secondary',
  high: 'warning',
  critical: 'default',
};

/** The severity as a badge with its word (never colour alone); '—' when the row has none. */
export function SeverityBadge({ severity }: { severity: AuditSeverity | null }) {
  if (!severity) return <span>—</span>;
  return (
    <Badge
      variant={SEVERITY_VARIANT[severity]}
      className={severity === 'critical' ? 'bg-destructive text-white' : undefined}
    >
      {severity[0]!.toUpperCase() + severity.slice(1)}
    </Badge>
  );
}

const eventLabel = (type: string) => AUDIT_EVENT_TYPE_LABELS[type as AuditEventType] ?? type;
const userLabel = (entry: AuditLogEntry) => entry.user?.email ?? '—';

/** JSON as indented text inside <pre>: React escapes it, so stored values can never become markup. */
function JsonBlock({ label, value }: { label: string; value: unknown }) {
  return (
    <section className="flex flex-col gap-1">
      <h3 className="text-sm font-semibold">{label}</h3>
      <pre className="max-h-64 overflow-auto rounded-md bg-muted p-3 text-xs whitespace-pre-wrap break-all">
        {value === null || value === undefined ? 'null' : JSON.stringify(value, null, 2)}
      </pre>
    </section>
  );
}

/** The details of one entry: who, where, when, and its before/after data as JSON text. */
function DetailsDialog({ entry, onClose }: { entry: AuditLogEntry | null; onClose: () => void }) {
  return (
    <Dialog open={entry !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        {entry && (
          <>
            <DialogHeader>
              <DialogTitle>{actionLabel(entry.action)}</DialogTitle>
              <DialogDescription>{entry.description ?? eventLabel(entry.entityType)}</DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">When</dt>
              <dd>{formatLogTime(entry.createdAt)}</dd>
              <dt className="text-muted-foreground">Event</dt>
              <dd>{eventLabel(entry.entityType)}</dd>
              <dt className="text-muted-foreground">Record</dt>
              <dd className="break-all">{entry.entityId}</dd>
              <dt className="text-muted-foreground">User</dt>
              <dd className="break-all">{userLabel(entry)}</dd>
              <dt className="text-muted-foreground">IP address</dt>
              <dd>{entry.ipAddress ?? '—'}</dd>
              <dt className="text-muted-foreground">User agent</dt>
              <dd className="break-all">{entry.userAgent ?? '—'}</dd>
            </dl>
            <JsonBlock label="Before" value={entry.beforeData} />
            <JsonBlock label="After" value={entry.afterData} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The audit log entries: a table from 768 px, a list of cards below it. Each row has a 'Details' button opening
 * the entry's JSON in a dialog.
 */
export function AuditTable({ items }: { items: AuditLogEntry[] }) {
  const [open, setOpen] = useState<AuditLogEntry | null>(null);
  const details = (entry: AuditLogEntry) => (
    <Button
      variant="outline"
      size="sm"
      onClick={() => setOpen(entry)}
      aria-label={`Details of ${actionLabel(entry.action)} at ${formatLogTime(entry.createdAt)}`}
    >
      Details
    </Button>
  );
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border md:block">
        <table className="w-full text-sm">
          <caption className="sr-only">Audit log entries, newest first</caption>
          <thead className="bg-muted text-left">
            <tr>
              {['Date', 'Event', 'Severity', 'User and IP address', 'Description'].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-medium">
                  {h}
                </th>
              ))}
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((entry) => (
              <tr key={entry.id} className="border-t align-top">
                <td className="px-3 py-2 whitespace-nowrap">
                  <time dateTime={entry.createdAt}>
                    {formatLogDate(entry.createdAt)}
                    <span className="block text-xs text-muted-foreground">
                      {formatLogClock(entry.createdAt)}
                    </span>
                  </time>
                </td>
                <td className="px-3 py-2">
                  <div className="font-medium">{actionLabel(entry.action)}</div>
                  <div className="text-xs text-muted-foreground">{eventLabel(entry.entityType)}</div>
                </td>
                <td className="px-3 py-2">
                  <SeverityBadge severity={entry.severity} />
                </td>
                <td className="max-w-56 px-3 py-2">
                  <div className="truncate" title={userLabel(entry)}>
                    {userLabel(entry)}
                  </div>
                  <div className="text-xs text-muted-foreground">{entry.ipAddress ?? '—'}</div>
                </td>
                <td className="min-w-48 px-3 py-2 break-words">{entry.description ?? '—'}</td>
                <td className="px-3 py-2 text-right">{details(entry)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 md:hidden" aria-label="Audit log entries">
        {items.map((entry) => (
          <li key={entry.id} className="flex flex-col gap-2 rounded-xl border p-4">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium">{actionLabel(entry.action)}</p>
                <p className="text-xs text-muted-foreground">
                  <time dateTime={entry.createdAt}>{formatLogTime(entry.createdAt)}</time> ·{' '}
                  {eventLabel(entry.entityType)}
                </p>
              </div>
              <SeverityBadge severity={entry.severity} />
            </div>
            {entry.description && <p className="text-sm break-words">{entry.description}</p>}
            <p className="text-xs break-all text-muted-foreground">
              {userLabel(entry)} · {entry.ipAddress ?? '—'}
            </p>
            <div>{details(entry)}</div>
          </li>
        ))}
      </ul>
      <DetailsDialog entry={open} onClose={() => setOpen(null)} />
    </>
  );
}
