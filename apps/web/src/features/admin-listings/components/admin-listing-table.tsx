import { useState } from 'react';
import { Check, ExternalLink, X } from 'lucide-react';
import {
  ADMIN_LISTING_MESSAGES,
  REJECTION_REASON_MAX_LENGTH,
  canApprove,
  canReject,
  type AdminListing,
} from '@abode/shared/admin/listings.schema';
import { formatPrice } from '@abode/shared/money';
import { MESSAGES } from '@abode/shared/messages';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#src/components/ui/dialog.tsx';
import { Field } from '#src/components/ui/field.tsx';
import { Textarea } from '#src/components/ui/textarea.tsx';
import { paths } from '#src/config/paths.ts';
import { ApprovalBadge, StatusBadge } from '#src/features/agent-listings/components/listing-badges.tsx';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

interface TableProps {
  listings: AdminListing[];
  /** The id of the listing whose action is running (its buttons are disabled). */
  busyId: string | null;
  onApprove: (listing: AdminListing) => void;
  onReject: (listing: AdminListing, reason: string) => void;
}

/**
 * The admin properties table (SPEC §2 Admin properties): photo, title and address, agent and agency, price ('/month'
 * for rent, SPEC §9), status, approval (with 'Edited since approval', DESIGN §7), created date, and Preview (the
 * public page in a new tab), Approve (pending or rejected) and Reject (pending; a dialog asks for an optional
 * reason). Below 768 px the table scrolls sideways inside its frame, never the page.
 */
export function AdminListingTable({ listings, busyId, onApprove, onReject }: TableProps) {
  const [rejecting, setRejecting] = useState<AdminListing | null>(null);
  const [reason, setReason] = useState('');

  return (
    <>
      <div className="overflow-x-auto rounded-xl border">
        <table className="w-full min-w-[56rem] text-sm">
          <caption className="sr-only">Properties, newest first</caption>
          <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                <span className="sr-only">Photo</span>
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Property
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Agent
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Price
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Status
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Approval
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Created
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {listings.map((l) => {
              const busy = busyId === l.id;
              return (
                <tr key={l.id} className="border-t align-top">
                  <td className="px-4 py-3">
                    {l.mainPhoto ? (
                      <img
                        src={l.mainPhoto.url}
                        alt={l.mainPhoto.altText ?? ''}
                        className="h-12 w-16 max-w-none shrink-0 rounded-md object-cover"
                        loading="lazy"
                      />
                    ) : (
                      <div className="h-12 w-16 rounded-md bg-muted" aria-hidden="true" />
                    )}
                  </td>
                  <td className="px-4 py-3">
                    <div className="font-medium">{l.title}</div>
                    <div className="text-xs text-muted-foreground">
                      {l.addressLine1}, {l.city}, {l.postcode}
                    </div>
                  </td>
                  <td className="px-4 py-3">
                    <div>{l.agent?.name || MESSAGES.notAvailable}</div>
                    <div className="text-xs text-muted-foreground">
                      {l.agent?.agencyName ?? MESSAGES.noAgency}
                    </div>
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                    {formatPrice(l.pricePence, l.mode)}
                  </td>
                  <td className="px-4 py-3">
                    <StatusBadge status={l.status} />
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex flex-col gap-1">
                      <ApprovalBadge approvalStatus={l.approvalStatus} />
                      {l.editedSinceApproval && (
                        <Badge variant="warning">{ADMIN_LISTING_MESSAGES.editedSinceApproval}</Badge>
                      )}
                    </div>
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    <time dateTime={l.createdAt}>{dateFormat.format(new Date(l.createdAt))}</time>
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex flex-wrap justify-end gap-2">
                      <Button variant="outline" size="sm" asChild>
                        <a
                          href={paths.property(l.slug)}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={`Preview ${l.title} (opens in a new tab)`}
                        >
                          <ExternalLink aria-hidden="true" /> Preview
                        </a>
                      </Button>
                      {canApprove(l.approvalStatus) && (
                        <Button
                          size="sm"
                          disabled={busy}
                          onClick={() => onApprove(l)}
                          aria-label={`Approve ${l.title}`}
                        >
                          <Check aria-hidden="true" /> Approve
                        </Button>
                      )}
                      {canReject(l.approvalStatus) && (
                        <Button
                          size="sm"
                          variant="destructive"
                          disabled={busy}
                          onClick={() => {
                            setReason('');
                            setRejecting(l);
                          }}
                          aria-label={`Reject ${l.title}`}
                        >
                          <X aria-hidden="true" /> Reject
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <Dialog open={rejecting !== null} onOpenChange={(open) => !open && setRejecting(null)}>
        <DialogContent>
          <form
            className="flex flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (rejecting) onReject(rejecting, reason);
              setRejecting(null);
            }}
          >
            <DialogHeader>
              <DialogTitle>{ADMIN_LISTING_MESSAGES.rejectTitle}</DialogTitle>
              <DialogDescription>
                {rejecting?.title}. {ADMIN_LISTING_MESSAGES.rejectDescription}
              </DialogDescription>
            </DialogHeader>
            <Field id="reject-reason" label={ADMIN_LISTING_MESSAGES.reasonLabel}>
              <Textarea
                id="reject-reason"
                value={reason}
                maxLength={REJECTION_REASON_MAX_LENGTH}
                rows={4}
                onChange={(event) => setReason(event.target.value)}
              />
            </Field>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setRejecting(null)}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive">
                Reject property
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
