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
import { paths } from '#src/config/paths.ts';
import { EnquiryStatusBadge } from '#src/features/agent-enquiries/components/enquiry-status.tsx';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

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

/**
 * The admin enquiries table (SPEC §2 Admin enquiries): customer ('Anonymous'), property ('Property Deleted'), agent
 * ('N/A') and agency ('No agency'), truncated message, status badge, date, and a row menu offering only the other
 * statuses (SPEC §4). Below 768 px the table scrolls sideways inside its frame, never the page.
 */
export function AdminEnquiryTable({ enquiries, busyId, onStatusChange }: TableProps) {
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
          {enquiries.map((e) => {
            const name = adminCustomerName(e);
            return (
              <tr key={e.id} className="border-t align-top">
                <td className="px-4 py-3">
                  <div className="font-medium">{name}</div>
                  {e.contactInfo.email && (
                    <div className="text-xs break-all text-muted-foreground">{e.contactInfo.email}</div>
                  )}
                </td>
                <td className="px-4 py-3">
                  {e.property ? (
                    <>
                      <Link
                        to={paths.property(e.property.slug)}
                        className="font-medium underline-offset-4 hover:underline"
                      >
                        {e.property.title}
                      </Link>
                      <div className="text-xs text-muted-foreground">
                        {e.property.addressLine1}, {e.property.city}
                      </div>
                    </>
                  ) : (
                    <span className="text-muted-foreground italic">{MESSAGES.propertyDeletedFallback}</span>
                  )}
                </td>
                <td className="px-4 py-3">
                  <div>{e.agent?.name || MESSAGES.notAvailable}</div>
                  <div className="text-xs text-muted-foreground">
                    {e.agent?.agencyName ?? MESSAGES.noAgency}
                  </div>
                </td>
                <td className="max-w-72 px-4 py-3 break-words">{truncateMessage(e.message)}</td>
                <td className="px-4 py-3">
                  <EnquiryStatusBadge status={e.status} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap">
                  <time dateTime={e.createdAt}>{dateFormat.format(new Date(e.createdAt))}</time>
                </td>
                <td className="px-4 py-3 text-right">
                  <DropdownMenu>
                    <DropdownMenuTrigger asChild>
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        disabled={busyId === e.id}
                        aria-label={`Change the status of the enquiry from ${name}`}
                      >
                        <MoreHorizontal aria-hidden="true" />
                      </Button>
                    </DropdownMenuTrigger>
                    <DropdownMenuContent align="end">
                      <DropdownMenuLabel>Mark as</DropdownMenuLabel>
                      {otherEnquiryStatuses(e.status).map((status) => (
                        <DropdownMenuItem key={status} onSelect={() => onStatusChange(e, status)}>
                          {ENQUIRY_STATUS_LABELS[status]}
                        </DropdownMenuItem>
                      ))}
                    </DropdownMenuContent>
                  </DropdownMenu>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
