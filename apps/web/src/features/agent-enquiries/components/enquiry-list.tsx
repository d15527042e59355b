import type { ReactNode } from 'react';
import { Eye } from 'lucide-react';
import { truncateMessage, type AgentEnquiry, type EnquiryStatus } from '@abode/shared/agent/enquiries.schema';
import { ListOrCards, type Column } from '#src/components/data-table/list-or-cards.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { formatDateTime } from '#src/lib/format.ts';
import { customerName, EnquiryProperty } from '#src/components/enquiry-parts.tsx';
import { EnquiryStatusBadge } from '#src/components/enquiry-status-badge.tsx';
import { EnquiryStatusSelect } from './enquiry-status.tsx';

interface ListProps {
  enquiries: AgentEnquiry[];
  onView: (enquiry: AgentEnquiry) => void;
  onStatusChange: (enquiry: AgentEnquiry, status: EnquiryStatus) => void;
}

/** Who works the lead (ADR 029): their name, or 'Unassigned'. */
function Assignee({ enquiry }: { enquiry: AgentEnquiry }) {
  return enquiry.assignedTo ? (
    <span className="font-medium">{enquiry.assignedTo.name}</span>
  ) : (
    <span className="text-muted-foreground">Unassigned</span>
  );
}

function Contact({ enquiry }: { enquiry: AgentEnquiry }) {
  const { email, phone } = enquiry.contactInfo;
  // Each link is 24 px high (WCAG 2.2 target size): small text, but a finger still finds the one it means.
  return (
    <div className="flex min-w-0 flex-col">
      <span className="font-medium">{customerName(enquiry)}</span>
      {email && (
        <a href={`mailto:${email}`} className="truncate py-1 text-xs text-muted-foreground hover:underline">
          {email}
        </a>
      )}
      {phone && (
        <a
          href={`tel:${phone.replace(/[^\d+]/g, '')}`}
          className="py-1 text-xs text-muted-foreground hover:underline"
        >
          {phone}
        </a>
      )}
    </div>
  );
}

/** The table's columns; `actionsOf` draws a row's status select and View in the given layout. */
function enquiryColumns(
  actionsOf: (enquiry: AgentEnquiry, card: boolean) => ReactNode,
): Column<AgentEnquiry>[] {
  return [
    {
      id: 'customer',
      header: 'Customer',
      card: 'title',
      className: 'max-w-56',
      cell: (e) => <Contact enquiry={e} />,
    },
    {
      id: 'property',
      header: 'Property',
      card: 'body',
      className: 'max-w-64',
      cell: (e) => <EnquiryProperty property={e.property} className="min-w-0" />,
    },
    {
      id: 'message',
      header: 'Message',
      card: 'body',
      className: 'max-w-80 break-words',
      cell: (e) => truncateMessage(e.message),
    },
    { id: 'status', header: 'Status', card: 'aside', cell: (e) => <EnquiryStatusBadge status={e.status} /> },
    {
      id: 'assigned',
      header: 'Assigned',
      card: 'field',
      className: 'max-w-32 break-words',
      cell: (e) => <Assignee enquiry={e} />,
    },
    {
      id: 'date',
      header: 'Date',
      card: 'field',
      className: 'min-w-24',
      cell: (e) => <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>,
    },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      card: 'footer',
      cell: (e) => actionsOf(e, false),
      cardCell: (e) => actionsOf(e, true),
    },
  ];
}

/**
 * The enquiries table (REQ-ENQ-03: customer contact, property, truncated message, status badge, date; and who it is
 * assigned to, ADR 029) with an inline status selector and View per row. Below 768 px (REQ-SITE-03) the rows become
 * cards, so nothing scrolls sideways ({@link ListOrCards}).
 */
export function EnquiryList({ enquiries, onView, onStatusChange }: ListProps) {
  // In the table they stack, so the row fits 1280 px with the sidebar open now the date carries its time (REQ-SITE-14)
  // and the Assigned column is there (ADR 029); on a card they share a line.
  const actionsOf = (e: AgentEnquiry, card: boolean) => (
    <div className={card ? 'flex flex-wrap items-center gap-2' : 'flex flex-col items-stretch gap-2'}>
      <EnquiryStatusSelect
        id={`enquiry-status-${e.id}`}
        status={e.status}
        label={`Status of the enquiry from ${customerName(e)}`}
        onChange={(status) => onStatusChange(e, status)}
        className={card ? 'min-w-36 flex-1' : 'w-32'}
      />
      <Button
        variant="outline"
        size={card ? 'default' : 'sm'}
        onClick={() => onView(e)}
        aria-label={`View the enquiry from ${customerName(e)}`}
      >
        <Eye aria-hidden="true" /> View
      </Button>
    </div>
  );
  return (
    <ListOrCards
      rows={enquiries}
      rowKey={(e) => e.id}
      columns={enquiryColumns(actionsOf)}
      label="Enquiries"
      caption="Enquiries, newest first"
      cardLabel={(e) => `Enquiry from ${customerName(e)}`}
      lazyCards
    />
  );
}
