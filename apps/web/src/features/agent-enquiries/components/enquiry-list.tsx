import { Link } from 'react-router';
import { Eye } from 'lucide-react';
import { truncateMessage, type AgentEnquiry, type EnquiryStatus } from '@abode/shared/agent/enquiries.schema';
import { MESSAGES } from '@abode/shared/messages';
import { Button } from '#src/components/ui/button.tsx';
import { useIsMobile } from '#src/components/ui/sidebar.tsx';
import { paths } from '#src/config/paths.ts';
import { formatReceived } from '#src/features/enquiries/utils/format-received.ts';
import { EnquiryStatusBadge, EnquiryStatusSelect } from './enquiry-status.tsx';

/** The customer's name, or 'Anonymous' when blank (SPEC §8 display fallbacks). */
export function customerName(enquiry: AgentEnquiry): string {
  return enquiry.contactInfo.name.trim() || MESSAGES.anonymous;
}

interface ListProps {
  enquiries: AgentEnquiry[];
  onView: (enquiry: AgentEnquiry) => void;
  onStatusChange: (enquiry: AgentEnquiry, status: EnquiryStatus) => void;
}

/** The listing's title linking to its public page, or 'Property Deleted' (SPEC §8). */
function PropertyCell({ enquiry }: { enquiry: AgentEnquiry }) {
  if (!enquiry.property)
    return <span className="text-muted-foreground italic">{MESSAGES.propertyDeletedFallback}</span>;
  return (
    <div className="flex min-w-0 flex-col">
      <Link
        to={paths.property(enquiry.property.slug)}
        className="font-medium underline-offset-4 hover:underline"
      >
        {enquiry.property.title}
      </Link>
      <span className="text-xs text-muted-foreground">
        {enquiry.property.addressLine1}, {enquiry.property.city}
      </span>
    </div>
  );
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

/**
 * The enquiries table (SPEC §2: customer contact, property, truncated message, status badge, date; and who it is
 * assigned to, ADR 029) with an inline status selector and View per row. Below 768 px (SPEC §9) the rows become
 * cards, so nothing scrolls sideways.
 */
export function EnquiryList({ enquiries, onView, onStatusChange }: ListProps) {
  const isMobile = useIsMobile();
  const statusLabel = (e: AgentEnquiry) => `Status of the enquiry from ${customerName(e)}`;
  const viewLabel = (e: AgentEnquiry) => `View the enquiry from ${customerName(e)}`;

  if (isMobile)
    return (
      <ul className="flex flex-col gap-3" aria-label="Enquiries">
        {enquiries.map((e) => (
          <li key={e.id} className="offscreen-lazy">
            <article
              aria-label={`Enquiry from ${customerName(e)}`}
              className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs"
            >
              <div className="flex items-start justify-between gap-3">
                <Contact enquiry={e} />
                <EnquiryStatusBadge status={e.status} />
              </div>
              <PropertyCell enquiry={e} />
              <p className="text-sm break-words">{truncateMessage(e.message)}</p>
              <p className="text-xs text-muted-foreground">
                Received <time dateTime={e.createdAt}>{formatReceived(e.createdAt)}</time>
              </p>
              <p className="text-xs">
                <span className="text-muted-foreground">Assigned: </span>
                <Assignee enquiry={e} />
              </p>
              <div className="flex flex-wrap items-center gap-2">
                <EnquiryStatusSelect
                  id={`enquiry-status-${e.id}`}
                  status={e.status}
                  label={statusLabel(e)}
                  onChange={(status) => onStatusChange(e, status)}
                  className="min-w-36 flex-1"
                />
                <Button variant="outline" onClick={() => onView(e)} aria-label={viewLabel(e)}>
                  <Eye aria-hidden="true" /> View
                </Button>
              </div>
            </article>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="overflow-x-auto rounded-xl border">
      <table className="w-full text-sm">
        <caption className="sr-only">Enquiries, newest first</caption>
        <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-3 font-medium">
              Customer
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              Property
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              Message
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              Status
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              Assigned
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              Date
            </th>
            <th scope="col" className="px-3 py-3 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {enquiries.map((e) => (
            <tr key={e.id} className="border-t align-top">
              <td className="max-w-56 px-3 py-3">
                <Contact enquiry={e} />
              </td>
              <td className="max-w-64 px-3 py-3">
                <PropertyCell enquiry={e} />
              </td>
              <td className="max-w-80 px-3 py-3 break-words">{truncateMessage(e.message)}</td>
              <td className="px-3 py-3">
                <EnquiryStatusBadge status={e.status} />
              </td>
              <td className="max-w-32 px-3 py-3 break-words">
                <Assignee enquiry={e} />
              </td>
              <td className="min-w-24 px-3 py-3">
                <time dateTime={e.createdAt}>{formatReceived(e.createdAt)}</time>
              </td>
              <td className="px-3 py-3">
                {/* Stacked, so the row fits 1280 px with the sidebar open now the date carries its time (issue #23) and
                    the Assigned column is there (ADR 029); the date may break before its time for the same reason. */}
                <div className="flex flex-col items-stretch gap-2">
                  <EnquiryStatusSelect
                    id={`enquiry-status-${e.id}`}
                    status={e.status}
                    label={statusLabel(e)}
                    onChange={(status) => onStatusChange(e, status)}
                    className="w-32"
                  />
                  <Button variant="outline" size="sm" onClick={() => onView(e)} aria-label={viewLabel(e)}>
                    <Eye aria-hidden="true" /> View
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
