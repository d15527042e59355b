import type { ReactNode } from 'react';
import { MoreHorizontal } from 'lucide-react';
import {
  ENQUIRY_STATUS_LABELS,
  otherEnquiryStatuses,
  truncateMessage,
  type AdminEnquiry,
  type EnquiryStatus,
} from '@abode/shared/admin/enquiries.schema';
import { MESSAGES } from '@abode/shared/messages';
import { ListOrCards, type Column } from '#src/components/data-table/list-or-cards.tsx';
import { Button } from '#src/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '#src/components/ui/dropdown-menu.tsx';
import { customerName, EnquiryProperty } from '#src/components/enquiry-parts.tsx';
import { EnquiryStatusBadge } from '#src/components/enquiry-status-badge.tsx';
import { formatDateTime } from '#src/lib/format.ts';

interface TableProps {
  enquiries: AdminEnquiry[];
  /** The id of the enquiry whose change is running (its menu is disabled). */
  busyId: string | null;
  onStatusChange: (enquiry: AdminEnquiry, status: EnquiryStatus) => void;
}

function Customer({ enquiry }: { enquiry: AdminEnquiry }) {
  return (
    <div className="min-w-0">
      <div className="font-medium">{customerName(enquiry)}</div>
      {enquiry.contactInfo.email && (
        <div className="text-xs break-all text-muted-foreground">{enquiry.contactInfo.email}</div>
      )}
    </div>
  );
}

function Agent({ enquiry }: { enquiry: AdminEnquiry }) {
  return (
    <div>
      <div>{enquiry.agent?.name || MESSAGES.notAvailable}</div>
      <div className="text-xs text-muted-foreground">{enquiry.agent?.agencyName ?? MESSAGES.noAgency}</div>
    </div>
  );
}

/** The row menu: only the statuses the enquiry is not in (REQ-ENQ-03); disabled while `busy`. */
function StatusMenu({
  enquiry,
  busy,
  onStatusChange,
}: {
  enquiry: AdminEnquiry;
  busy: boolean;
  onStatusChange: TableProps['onStatusChange'];
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          disabled={busy}
          aria-label={`Change the status of the enquiry from ${customerName(enquiry)}`}
        >
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Mark as</DropdownMenuLabel>
        {otherEnquiryStatuses(enquiry.status).map((status) => (
          <DropdownMenuItem key={status} onSelect={() => onStatusChange(enquiry, status)}>
            {ENQUIRY_STATUS_LABELS[status]}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The table's columns; `menuOf` draws a row's status menu. */
function adminEnquiryColumns(menuOf: (enquiry: AdminEnquiry) => ReactNode): Column<AdminEnquiry>[] {
  return [
    { id: 'customer', header: 'Customer', card: 'title', cell: (e) => <Customer enquiry={e} /> },
    {
      id: 'property',
      header: 'Property',
      card: 'body',
      cell: (e) => <EnquiryProperty property={e.property} />,
    },
    { id: 'agent', header: 'Agent', card: 'field', cell: (e) => <Agent enquiry={e} /> },
    {
      id: 'message',
      header: 'Message',
      card: 'body',
      className: 'max-w-72 break-words',
      cell: (e) => truncateMessage(e.message),
    },
    { id: 'status', header: 'Status', card: 'aside', cell: (e) => <EnquiryStatusBadge status={e.status} /> },
    {
      id: 'received',
      header: 'Received',
      card: 'field',
      className: 'whitespace-nowrap',
      cell: (e) => <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>,
    },
    { id: 'actions', header: 'Actions', hideHeader: true, card: 'aside', align: 'end', cell: menuOf },
  ];
}

/**
 * The admin enquiries table (REQ-ADMIN-06): customer ('Anonymous'), property ('Property Deleted'), agent
 * ('N/A') and agency ('No agency'), truncated message, status badge, date, and a row menu offering only the other
 * statuses (REQ-MSG-11). Below 768 px the rows become cards with the same menu ({@link ListOrCards}).
 */
export function AdminEnquiryTable({ enquiries, busyId, onStatusChange }: TableProps) {
  const menuOf = (e: AdminEnquiry) => (
    <StatusMenu enquiry={e} busy={busyId === e.id} onStatusChange={onStatusChange} />
  );
  return (
    <ListOrCards
      rows={enquiries}
      rowKey={(e) => e.id}
      columns={adminEnquiryColumns(menuOf)}
      label="Enquiries"
      caption="Enquiries, newest first"
      cardLabel={(e) => `Enquiry from ${customerName(e)}`}
      tableClassName="min-w-[52rem]"
    />
  );
}
