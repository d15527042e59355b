import { useState, type ReactNode } from 'react';
import { Check, ExternalLink, X } from 'lucide-react';
import {
  ADMIN_LISTING_MESSAGES,
  REJECTION_REASON_MAX_LENGTH,
  canApprove,
  canReject,
  type AdminListing,
} from '@abode/shared/admin/listings.schema';
import { formatListingPrice } from '@abode/shared/listings/listing-price';
import { MESSAGES } from '@abode/shared/messages';
import { ListOrCards, type Column } from '#src/components/data-table/list-or-cards.tsx';
import type { RowSelection } from '#src/components/data-table/row-selection.tsx';
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
import { ApprovalBadge, StatusBadge } from '#src/components/listing-badges.tsx';
import { formatDate } from '#src/lib/format.ts';

interface TableProps {
  listings: AdminListing[];
  /** The rows picked for a bulk approval or rejection (REQ-ADMIN-05). */
  selection?: RowSelection;
  /** The id of the listing whose action is running (its buttons are disabled). */
  busyId: string | null;
  onApprove: (listing: AdminListing) => void;
  onReject: (listing: AdminListing, reason: string) => void;
}

function Photo({ listing }: { listing: AdminListing }) {
  return listing.mainPhoto ? (
    <img
      src={listing.mainPhoto.url}
      alt={listing.mainPhoto.altText ?? ''}
      className="h-12 w-16 max-w-none shrink-0 rounded-md object-cover"
      loading="lazy"
    />
  ) : (
    <div className="h-12 w-16 shrink-0 rounded-md bg-muted" aria-hidden="true" />
  );
}

function Agent({ listing }: { listing: AdminListing }) {
  return (
    <div>
      <div>{listing.agent?.name || MESSAGES.notAvailable}</div>
      <div className="text-xs text-muted-foreground">
        {listing.agent?.agencyName ?? MESSAGES.noAgency}
        {listing.agent?.branchName && listing.agent.branchName !== listing.agent.agencyName
          ? ` · ${listing.agent.branchName}`
          : ''}
      </div>
      {listing.agencyStanding && listing.agencyStanding !== 'verified' && (
        // ADR 029: such an agency's listings cannot go live, so its approval is refused.
        <div className="text-xs font-medium text-warning">
          {listing.agencyStanding === 'suspended' ? 'Agency suspended' : 'Agency not verified'}
        </div>
      )}
    </div>
  );
}

function Approval({ listing, className }: { listing: AdminListing; className: string }) {
  return (
    <div className={className}>
      <ApprovalBadge listing={listing} />
      {listing.editedSinceApproval && (
        <Badge variant="warning">{ADMIN_LISTING_MESSAGES.editedSinceApproval}</Badge>
      )}
    </div>
  );
}

/** Preview, and Approve / Reject where the approval status allows them; disabled while `busy`. */
function Actions({
  listing,
  busy,
  onApprove,
  onReject,
  className,
}: {
  listing: AdminListing;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
  className: string;
}) {
  return (
    <div className={className}>
      <Button variant="outline" size="sm" asChild>
        <a
          href={paths.property(listing.slug)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Preview ${listing.title} (opens in a new tab)`}
        >
          <ExternalLink aria-hidden="true" /> Preview
        </a>
      </Button>
      {canApprove(listing.approvalStatus) && (
        <Button size="sm" disabled={busy} onClick={onApprove} aria-label={`Approve ${listing.title}`}>
          <Check aria-hidden="true" /> Approve
        </Button>
      )}
      {canReject(listing.approvalStatus) && (
        <Button
          size="sm"
          variant="destructive"
          disabled={busy}
          onClick={onReject}
          aria-label={`Reject ${listing.title}`}
        >
          <X aria-hidden="true" /> Reject
        </Button>
      )}
    </div>
  );
}

/** The table's columns; `actionsOf` draws a row's Preview, Approve and Reject in the given layout. */
function adminListingColumns(
  actionsOf: (listing: AdminListing, className: string) => ReactNode,
): Column<AdminListing>[] {
  return [
    { id: 'photo', header: 'Photo', hideHeader: true, card: 'media', cell: (l) => <Photo listing={l} /> },
    {
      id: 'property',
      header: 'Property',
      card: 'title',
      cell: (l) => (
        <>
          <div className="font-medium">{l.title}</div>
          <div className="text-xs text-muted-foreground">
            {l.addressLine1}, {l.city}, {l.postcode}
          </div>
        </>
      ),
    },
    { id: 'agent', header: 'Agent', card: 'field', cell: (l) => <Agent listing={l} /> },
    {
      id: 'price',
      header: 'Price',
      card: 'field',
      className: 'max-w-36 tabular-nums',
      cell: (l) => formatListingPrice(l, 'public'),
    },
    {
      id: 'status',
      header: 'Status',
      card: 'body',
      cell: (l) => (
        <div className="flex flex-col items-start gap-1">
          <StatusBadge status={l.status} />
          <Approval listing={l} className="contents" />
        </div>
      ),
      cardCell: (l) => (
        <div className="flex flex-wrap gap-1">
          <StatusBadge status={l.status} />
          <Approval listing={l} className="contents" />
        </div>
      ),
    },
    {
      id: 'created',
      header: 'Created',
      card: 'field',
      className: 'whitespace-nowrap',
      cell: (l) => <time dateTime={l.createdAt}>{formatDate(l.createdAt)}</time>,
    },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      card: 'footer',
      cell: (l) => actionsOf(l, 'flex flex-col items-stretch gap-2'),
      cardCell: (l) => actionsOf(l, 'flex flex-wrap gap-2'),
    },
  ];
}

/**
 * The admin properties table (REQ-ADMIN-05): photo, title and address, agent, agency and branch, price
 * ('/month' for rent, REQ-SITE-16), status, approval (with 'Edited since approval', REQ-LISTING-02), created date, and Preview
 * (the public page in a new tab), Approve (pending or rejected) and Reject (pending; a dialog asks for an optional
 * reason); with `selection`, a checkbox per row and one for the page (REQ-ADMIN-05). Below 768 px the rows become cards
 * with the same actions and checkboxes ({@link ListOrCards}).
 */
export function AdminListingTable({ listings, selection, busyId, onApprove, onReject }: TableProps) {
  const [rejecting, setRejecting] = useState<AdminListing | null>(null);
  const [reason, setReason] = useState('');
  const actionsOf = (l: AdminListing, className: string) => (
    <Actions
      listing={l}
      busy={busyId === l.id}
      onApprove={() => onApprove(l)}
      onReject={() => {
        setReason('');
        setRejecting(l);
      }}
      className={className}
    />
  );

  return (
    <>
      <ListOrCards
        rows={listings}
        rowKey={(l) => l.id}
        columns={adminListingColumns(actionsOf)}
        label="Properties"
        caption="Properties, newest first"
        cardLabel={(l) => l.title}
        selection={selection}
        selectLabel={(l) => `${l.title}, ${l.addressLine1}`}
        // Sized so that at 1280 px with the sidebar open nothing scrolls sideways and Approve / Reject stay in view
        // (REQ-LISTING-02): status and approval share a column, the actions stack.
        tableClassName="min-w-[44rem]"
        lazyCards
      />

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
