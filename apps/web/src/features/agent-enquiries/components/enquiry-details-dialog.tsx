import { Mail, Phone } from 'lucide-react';
import {
  enquiryReplyMailto,
  type AgentEnquiry,
  type EnquiryStatus,
} from '@abode/shared/agent/enquiries.schema';
import { customerName, EnquiryProperty } from '#src/components/enquiry-parts.tsx';
import { Button } from '#src/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#src/components/ui/dialog.tsx';
import { formatDateTime } from '#src/lib/format.ts';
import { ApplicantRequest } from './applicant-request.tsx';
import { AssigneeSelect } from './assignee-select.tsx';
import { EnquiryStatusBadge } from '#src/components/enquiry-status-badge.tsx';
import { EnquiryStatusSelect } from './enquiry-status.tsx';
import { EnquiryThreadPanel } from './enquiry-thread.tsx';

/**
 * The enquiry's details (REQ-ENQ-03) as the branch works it (ADR 029): customer, property, the whole message, the
 * viewing times and position they gave, when it arrived, a status selector and who it is assigned to; the thread of
 * private notes and replies with the forms to add either; and the other ways to answer — 'Reply by e-mail' (a
 * mailto: link with 'Re: {title}' and the message quoted, from the agent's own mail program) and 'Call' when the
 * customer left a phone number.
 */
export function EnquiryDetailsDialog({
  enquiry,
  onClose,
  onStatusChange,
}: {
  enquiry: AgentEnquiry | null;
  onClose: () => void;
  onStatusChange: (enquiry: AgentEnquiry, status: EnquiryStatus) => void;
}) {
  return (
    <Dialog open={enquiry !== null} onOpenChange={(open) => !open && onClose()}>
      {enquiry && (
        <DialogContent className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>Enquiry from {customerName(enquiry)}</DialogTitle>
            <DialogDescription>
              Received <time dateTime={enquiry.createdAt}>{formatDateTime(enquiry.createdAt, 'long')}</time>
            </DialogDescription>
          </DialogHeader>

          <dl className="grid gap-4 text-sm sm:grid-cols-2">
            <div className="flex flex-col gap-1">
              <dt className="text-xs font-medium text-muted-foreground">Customer</dt>
              <dd className="flex flex-col">
                <span className="font-medium">{customerName(enquiry)}</span>
                <span className="break-all">{enquiry.contactInfo.email}</span>
                {enquiry.contactInfo.phone && <span>{enquiry.contactInfo.phone}</span>}
              </dd>
            </div>
            <div className="flex flex-col gap-1">
              <dt className="text-xs font-medium text-muted-foreground">Property</dt>
              <dd>
                <EnquiryProperty property={enquiry.property} />
              </dd>
            </div>
            <div className="flex flex-col gap-1 sm:col-span-2">
              <dt className="text-xs font-medium text-muted-foreground">Message</dt>
              <dd className="rounded-md bg-muted/50 p-3 break-words whitespace-pre-wrap">
                {enquiry.message}
              </dd>
            </div>
            <ApplicantRequest enquiry={enquiry} />
            <div className="flex flex-col gap-1">
              <dt className="text-xs font-medium text-muted-foreground">Status</dt>
              <dd className="flex flex-wrap items-center gap-3">
                <EnquiryStatusBadge status={enquiry.status} />
                <EnquiryStatusSelect
                  id={`enquiry-dialog-status-${enquiry.id}`}
                  status={enquiry.status}
                  label="Enquiry status"
                  onChange={(status) => onStatusChange(enquiry, status)}
                  className="w-44"
                />
              </dd>
            </div>
            <div className="flex flex-col gap-1">
              <dt className="text-xs font-medium text-muted-foreground">
                <label htmlFor={`enquiry-dialog-assignee-${enquiry.id}`}>Assigned to</label>
              </dt>
              <dd>
                <AssigneeSelect enquiry={enquiry} id={`enquiry-dialog-assignee-${enquiry.id}`} />
              </dd>
            </div>
          </dl>

          <EnquiryThreadPanel enquiry={enquiry} />

          <DialogFooter>
            {enquiry.contactInfo.phone && (
              <Button asChild variant="outline">
                <a href={`tel:${enquiry.contactInfo.phone.replace(/[^\d+]/g, '')}`}>
                  <Phone aria-hidden="true" /> Call
                </a>
              </Button>
            )}
            {enquiry.contactInfo.email && (
              // The reply form above is the main way to answer (kept in the thread); this opens the agent's own mail.
              <Button asChild variant="outline">
                <a href={enquiryReplyMailto(enquiry)}>
                  <Mail aria-hidden="true" /> Reply by e-mail
                </a>
              </Button>
            )}
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
