import type { FormEvent } from 'react';
import {
  AUDIT_EVENT_TYPE_LABELS,
  AUDIT_EVENT_TYPES,
  AUDIT_SEVERITIES,
  actionLabel,
} from '@abode/shared/admin/audit.schema';
import { Button } from '#src/components/ui/button.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { Label } from '#src/components/ui/label.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { AUDIT_FILTER_KEYS } from '../api/get-audit-logs.ts';

/**
 * The audit log filters (REQ-ADMIN): event type, severity, action, user e-mail (or id), IP, from/to days and free
 * text. Applying them writes the URL (so a filtered view can be shared and survives a reload) and returns to page 1.
 * The form is keyed by the URL by its parent, so its fields always show what the URL says.
 */
export function AuditFilters({
  search,
  actions,
  onApply,
}: {
  search: URLSearchParams;
  actions: string[];
  onApply: (next: URLSearchParams) => void;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of AUDIT_FILTER_KEYS) {
      const value = String(data.get(key) ?? '').trim();
      if (value && !(key === 'eventType' && value === 'all')) next.set(key, value);
    }
    onApply(next);
  };
  const value = (key: string) => search.get(key) ?? '';
  const currentAction = value('action');
  const actionOptions = [
    { value: '', label: 'All actions' },
    ...[...new Set([...actions, ...(currentAction ? [currentAction] : [])])].map((a) => ({
      value: a,
      label: actionLabel(a),
    })),
  ];

  return (
    <form
      role="search"
      aria-label="Filter the audit log"
      onSubmit={submit}
      className="grid gap-3 rounded-xl border p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="audit-event-type">Event type</Label>
        <Select
          id="audit-event-type"
          name="eventType"
          defaultValue={value('eventType') || 'all'}
          options={AUDIT_EVENT_TYPES.map((t) => ({ value: t, label: AUDIT_EVENT_TYPE_LABELS[t] }))}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="audit-severity">Severity</Label>
        <Select
          id="audit-severity"
          name="severity"
          defaultValue={value('severity')}
          options={[
            { value: '', label: 'All severities' },
            ...AUDIT_SEVERITIES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) })),
          ]}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="audit-action">Action</Label>
        <Select id="audit-action" name="action" defaultValue={currentAction} options={actionOptions} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="audit-user">User e-mail</Label>
        <Input id="audit-user" name="user" type="search" defaultValue={value('user')} autoComplete="off" />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="audit-ip">IP address</Label>
        <Input id="audit-ip" name="ip" type="search" defaultValue={value('ip')} autoComplete="off" />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="audit-from">From</Label>
        <Input id="audit-from" name="from" type="date" defaultValue={value('from')} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="audit-to">To</Label>
        <Input id="audit-to" name="to" type="date" defaultValue={value('to')} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="audit-q">Search</Label>
        <Input
          id="audit-q"
          name="q"
          type="search"
          defaultValue={value('q')}
          placeholder="Description, action or record"
        />
      </div>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-4">
        <Button type="submit">Apply filters</Button>
        <Button type="button" variant="outline" onClick={() => onApply(new URLSearchParams())}>
          Clear
        </Button>
      </div>
    </form>
  );
}
