import { useState } from 'react';
import {
  AUDIT_EVENT_TYPE_LABELS,
  actionLabel,
  type AuditEventType,
  type AuditLogEntry,
  type AuditSeverity,
} from '@abode/shared/admin/audit.schema';
import { ListOrCards, type Column } from '#src/components/data-table/list-or-cards.tsx';
import { Badge, type BadgeProps } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#src/components/ui/dialog.tsx';
import { formatClock, formatDate, formatTimestamp } from '#src/lib/format.ts';

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
              <dd>{formatTimestamp(entry.createdAt)}</dd>
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

/** The log's columns; `onDetails` opens an entry's details. */
function auditColumns(onDetails: (entry: AuditLogEntry) => void): Column<AuditLogEntry>[] {
  return [
    {
      id: 'date',
      header: 'Date',
      card: 'field',
      className: 'whitespace-nowrap',
      cell: (entry) => (
        <time dateTime={entry.createdAt}>
          {formatDate(entry.createdAt)}
          <span className="block text-xs text-muted-foreground">{formatClock(entry.createdAt)}</span>
        </time>
      ),
      cardCell: (entry) => <time dateTime={entry.createdAt}>{formatTimestamp(entry.createdAt)}</time>,
    },
    {
      id: 'event',
      header: 'Event',
      card: 'title',
      cell: (entry) => (
        <>
          <div className="font-medium">{actionLabel(entry.action)}</div>
          <div className="text-xs text-muted-foreground">{eventLabel(entry.entityType)}</div>
        </>
      ),
    },
    {
      id: 'severity',
      header: 'Severity',
      card: 'aside',
      cell: (entry) => <SeverityBadge severity={entry.severity} />,
    },
    {
      id: 'user',
      header: 'User and IP address',
      card: 'field',
      className: 'max-w-56',
      cell: (entry) => (
        <>
          <div className="truncate" title={userLabel(entry)}>
            {userLabel(entry)}
          </div>
          <div className="text-xs text-muted-foreground">{entry.ipAddress ?? '—'}</div>
        </>
      ),
      cardCell: (entry) => (
        <span className="break-all">{`${userLabel(entry)} · ${entry.ipAddress ?? '—'}`}</span>
      ),
    },
    {
      id: 'description',
      header: 'Description',
      card: 'body',
      className: 'min-w-48 break-words',
      cell: (entry) => entry.description ?? '—',
      cardCell: (entry) => entry.description,
    },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      card: 'footer',
      align: 'end',
      cell: (entry) => (
        <Button
          variant="outline"
          size="sm"
          onClick={() => onDetails(entry)}
          aria-label={`Details of ${actionLabel(entry.action)} at ${formatTimestamp(entry.createdAt)}`}
        >
          Details
        </Button>
      ),
    },
  ];
}

/**
 * The audit log entries, newest first, in UK time with the zone in force (GMT or BST): a table from 768 px, a list
 * of cards below it. Each row has a 'Details' button opening the entry's JSON in a dialog.
 */
export function AuditTable({ items }: { items: AuditLogEntry[] }) {
  const [open, setOpen] = useState<AuditLogEntry | null>(null);
  return (
    <>
      <ListOrCards
        rows={items}
        rowKey={(entry) => entry.id}
        columns={auditColumns(setOpen)}
        label="Audit log entries"
        caption="Audit log entries, newest first"
        cardLabel={(entry) => `${actionLabel(entry.action)}, ${formatTimestamp(entry.createdAt)}`}
      />
      <DetailsDialog entry={open} onClose={() => setOpen(null)} />
    </>
  );
}
