import { Link } from 'react-router';
import { MoreHorizontal } from 'lucide-react';
import {
  ENQUIRY_STATUS_LABELS,
  otherEnquiryStatuses,
  truncateMessage,
  type AdminEnquiry,
  type EnquiryStatus,
} from '@abode/shared/admin/enquiries.schema';
import { MESSAGES } from '@abode/shared/messages';
import { Button } from '#src/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '#src/components/ui/dropdown-menu.tsx';
import { useIsMobile } from '#src/components/ui/sidebar.tsx';
import { paths } from '#src/config/paths.ts';
import { EnquiryStatusBadge } from '#src/features/agent-enquiries/components/enquiry-status.tsx';
import { formatReceived } from '#src/features/enquiries/utils/format-received.ts';

/** The customer's name, or 'Anonymous' when blank (SPEC §8 display fallbacks). */
export function adminCustomerName(enquiry: AdminEnquiry): string {
  return enquiry.contactInfo.name.trim() || MESSAGES.anonymous;
}

interface TableProps {
  enquiries: AdminEnquiry[];
  /** The id of the enquiry whose change is running (its menu is disabled). */
  busyId: string | null;
  onStatusChange: (enquiry: AdminEnquiry, status: EnquiryStatus) => void;
}

function Customer({ enquiry }: { enquiry: AdminEnquiry }) {
  return (
    <div className="min-w-0">
      <div className="font-medium">{adminCustomerName(enquiry)}</div>
      {enquiry.contactInfo.email && (
        <div className="text-xs break-all text-muted-foreground">{enquiry.contactInfo.email}</div>
      )}
    </div>
  );
}

function Property({ enquiry }: { enquiry: AdminEnquiry }) {
  if (!enquiry.property)
    return <span className="text-muted-foreground italic">{MESSAGES.propertyDeletedFallback}</span>;
  return (
    <div>
      <Link
        to={paths.property(enquiry.property.slug)}
        className="font-medium underline-offset-4 hover:underline"
      >
        {enquiry.property.title}
      </Link>
      <div className="text-xs text-muted-foreground">
        {enquiry.property.addressLine1}, {enquiry.property.city}
      </div>
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

/** The row menu: only the statuses the enquiry is not in (SPEC §4); disabled while `busy`. */
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
          aria-label={`Change the status of the enquiry from ${adminCustomerName(enquiry)}`}
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

/**
 * The admin enquiries table (SPEC §2 Admin enquiries): customer ('Anonymous'), property ('Property Deleted'), agent
 * ('N/A') and agency ('No agency'), truncated message, status badge, date, and a row menu offering only the other
 * statuses (SPEC §4). Below 768 px the rows become cards with the same menu (one layout is rendered, never both).
 */
export function AdminEnquiryTable({ enquiries, busyId, onStatusChange }: TableProps) {
  const isMobile = useIsMobile();
  const menuOf = (e: AdminEnquiry) => (
    <StatusMenu enquiry={e} busy={busyId === e.id} onStatusChange={onStatusChange} />
  );

  if (isMobile)
    return (
      <ul className="flex flex-col gap-3" aria-label="Enquiries">
        {enquiries.map((e) => (
          <li key={e.id}>
            <article
              aria-label={`Enquiry from ${adminCustomerName(e)}`}
              className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs"
            >
              <div className="flex items-start justify-between gap-3">
                <Customer enquiry={e} />
                <div className="flex shrink-0 items-center gap-1">
                  <EnquiryStatusBadge status={e.status} />
                  {menuOf(e)}
                </div>
              </div>
              <Property enquiry={e} />
              <p className="text-sm break-words">{truncateMessage(e.message)}</p>
              <div className="flex items-end justify-between gap-3 text-sm">
                <Agent enquiry={e} />
                <span className="text-xs whitespace-nowrap text-muted-foreground">
                  Received <time dateTime={e.createdAt}>{formatReceived(e.createdAt)}</time>
                </span>
              </div>
            </article>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="overflow-x-auto rounded-xl border">
      <table className="w-full min-w-[52rem] text-sm">
        <caption className="sr-only">Enquiries, newest first</caption>
        <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            {['Customer', 'Property', 'Agent', 'Message', 'Status', 'Received'].map((h) => (
              <th key={h} scope="col" className="px-4 py-3 font-medium">
                {h}
              </th>
            ))}
            <th scope="col" className="px-4 py-3 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {enquiries.map((e) => (
            <tr key={e.id} className="border-t align-top">
              <td className="px-4 py-3">
                <Customer enquiry={e} />
              </td>
              <td className="px-4 py-3">
                <Property enquiry={e} />
              </td>
              <td className="px-4 py-3">
                <Agent enquiry={e} />
              </td>
              <td className="max-w-72 px-4 py-3 break-words">{truncateMessage(e.message)}</td>
              <td className="px-4 py-3">
                <EnquiryStatusBadge status={e.status} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                <time dateTime={e.createdAt}>{formatReceived(e.createdAt)}</time>
              </td>
              <td className="px-4 py-3 text-right">{menuOf(e)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
