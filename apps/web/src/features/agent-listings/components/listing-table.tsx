import { ExternalLink, House, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { AgentListingSort, AgentListingSummary } from '@abode/shared/agent/listing-input.schema';
import { PROPERTY_TYPE_LABELS } from '@abode/shared/listings/listing-vocabulary';
import { listingVisibility } from '@abode/shared/listings/listing-visibility';
import { formatListingPrice } from '@abode/shared/listings/listing-price';
import { ListOrCards, type Column } from '#src/components/data-table/list-or-cards.tsx';
import type { RowSelection } from '#src/components/data-table/row-selection.tsx';
import type { TableSort } from '#src/components/data-table/sortable-header.tsx';
import { Button } from '#src/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#src/components/ui/dropdown-menu.tsx';
import { paths } from '#src/config/paths.ts';
import { LISTING_SORT_OPTIONS } from '../utils/listing-sort.ts';
import { ApprovalBadge, StatusBadge } from '#src/components/listing-badges.tsx';
import { ListingSource } from './listing-source.tsx';
import { formatCount, formatDate } from '#src/lib/format.ts';

const MODE_LABELS = { sale: 'For Sale', rent: 'To Rent' } as const;
const UNASSIGNED = 'Unassigned';
/**
 * The row menu's column stays at the right edge while a wide table (a team's, with branch and negotiator) scrolls
 * sideways, so every row's actions are in reach; it needs a solid background over the cells passing beneath.
 */
const STICKY_END = 'sticky right-0 px-2 shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.2)]';

const address = (l: AgentListingSummary) => `${l.addressLine1}, ${l.city}, ${l.postcode}`;
const details = (l: AgentListingSummary) =>
  `${l.bedrooms} bed · ${l.bathrooms} bath · ${PROPERTY_TYPE_LABELS[l.propertyType]}`;
/** Titles repeat ('3 bedroom house for sale'): the street tells the checkboxes apart. */
const checkboxLabel = (l: AgentListingSummary) => `${l.title}, ${l.addressLine1}`;
const photos = (n: number) => `${n} ${n === 1 ? 'photo' : 'photos'}`;

function DateCell({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDate(iso)}</time>;
}

function Thumbnail({ listing, className }: { listing: AgentListingSummary; className: string }) {
  return listing.mainPhoto ? (
    <img
      src={listing.mainPhoto.url}
      alt={listing.mainPhoto.altText ?? ''}
      loading="lazy"
      // Tailwind's preflight caps images at max-width: 100%, which lets an auto-width table cell squeeze it to 0.
      className={`${className} max-w-none shrink-0 rounded-md bg-muted object-cover`}
    />
  ) : (
    <div
      className={`${className} flex shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground`}
    >
      <House aria-hidden="true" className="size-5" />
      <span className="sr-only">No photo</span>
    </div>
  );
}

/**
 * View Live (new tab), Edit, Delete (REQ-AGENT-04). A listing the public cannot see opens as the owner's preview, and the
 * item says 'Preview' rather than 'View Live' (REQ-LISTING-03: nothing hidden is called live).
 */
function RowMenu({ listing, onDelete }: { listing: AgentListingSummary; onDelete?: () => void }) {
  const live = listingVisibility(listing).key === 'live';
  return (
    // Not modal: the Delete item opens an AlertDialog, and a modal menu closing while a dialog opens can leave the
    // page without pointer events (a known Radix interaction).
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${listing.title}`}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild>
          <a href={paths.property(listing.slug)} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" /> {live ? 'View Live' : 'Preview'}
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.agent.editProperty(listing.id)}>
            <Pencil aria-hidden="true" /> Edit
          </Link>
        </DropdownMenuItem>
        {onDelete && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={onDelete}>
              <Trash2 aria-hidden="true" /> Delete
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export interface ListingTableProps {
  listings: AgentListingSummary[];
  /** Delete from the row menu; left out when the member's role may not delete (ADR 029). */
  onDelete?: (listing: AgentListingSummary) => void;
  sort: TableSort<AgentListingSort>;
  onSortChange: (sort: TableSort<AgentListingSort>) => void;
  /** The rows picked for a bulk action; left out when the member may take none (a negotiator). */
  selection?: RowSelection | undefined;
  /** The branch and negotiator columns: shown for an agency with several branches or people (ADR 029). */
  showBranch?: boolean;
  showNegotiator?: boolean;
}

/**
 * The agent's listings (REQ-AGENT-09: photo, title and address, beds/baths/type, sale or rent, price — '£X pcm' for rent,
 * REQ-SITE-16 — status, views, created, and the row menu; REQ-AGENT-09: approval, photos, updated, branch and negotiator;
 * ADR 030: a feed listing's source, CRM reference and last feed update under its title),
 * every column sortable from its header, with a checkbox per row for the bulk actions. Below 768 px the rows become
 * cards with a sort select and a select-all box, since there is no header row ({@link ListOrCards}).
 */
export function ListingTable({
  listings,
  onDelete,
  sort,
  onSortChange,
  selection,
  showBranch = false,
  showNegotiator = false,
}: ListingTableProps) {
  const columns = listingColumns({ showBranch, showNegotiator, onDelete });
  return (
    <ListOrCards
      rows={listings}
      rowKey={(l) => l.id}
      columns={columns}
      label="My properties"
      cardLabel={(l) => l.title}
      selection={selection}
      selectLabel={checkboxLabel}
      selectAllLabel="Select all"
      sort={{
        value: sort,
        onChange: onSortChange,
        selectId: 'agent-properties-sort',
        options: LISTING_SORT_OPTIONS.filter((o) => columns.some((c) => c.sort === o.column)),
      }}
      rowClassName="align-middle"
      lazyCards
    />
  );
}

/** The columns every agent sees, and where each goes on a phone's card (the card keeps the facts on fewer lines). */
const COLUMNS: Column<AgentListingSummary, AgentListingSort>[] = [
  {
    id: 'photos',
    header: 'Photos',
    sort: 'photos',
    card: 'media',
    className: 'w-20 px-2',
    cell: (l) => (
      <>
        <Thumbnail listing={l} className="h-12 w-16" />
        <span className="mt-1 block text-xs text-muted-foreground">{photos(l.photoCount)}</span>
      </>
    ),
    cardCell: (l) => <Thumbnail listing={l} className="h-20 w-24" />,
  },
  {
    id: 'title',
    header: 'Title and address',
    sort: 'title',
    card: 'title',
    className: 'min-w-48 px-2',
    cell: (l) => (
      <>
        <Link to={paths.agent.editProperty(l.id)} className="font-medium hover:underline">
          {l.title}
        </Link>
        <p className="text-muted-foreground">{address(l)}</p>
        <p className="text-xs text-muted-foreground">
          <span>{details(l)}</span> · <span>{MODE_LABELS[l.mode]}</span>
        </p>
        <ListingSource listing={l} className="mt-1" />
      </>
    ),
  },
  {
    id: 'price',
    header: 'Price',
    sort: 'price',
    card: 'body',
    className: 'max-w-36 px-2 tabular-nums',
    cell: (l) => formatListingPrice(l, 'agent'),
    cardCell: (l) => <p className="font-semibold tabular-nums">{formatListingPrice(l, 'agent')}</p>,
  },
  {
    id: 'status',
    header: 'Status',
    sort: 'status',
    card: 'body',
    className: 'px-2',
    cell: (l) => <StatusBadge status={l.status} />,
    cardCell: (l) => (
      <div className="flex flex-wrap items-center gap-1.5">
        <StatusBadge status={l.status} />
        <ApprovalBadge listing={l} />
      </div>
    ),
  },
  {
    id: 'approval',
    header: 'Approval',
    sort: 'approval',
    card: 'none',
    className: 'px-2',
    cell: (l) => <ApprovalBadge listing={l} />,
  },
  {
    id: 'views',
    header: 'Views',
    sort: 'views',
    align: 'end',
    card: 'none',
    className: 'px-2 tabular-nums',
    cell: (l) => formatCount(l.viewCount),
  },
  {
    id: 'created',
    header: 'Created',
    sort: 'created',
    card: 'body',
    className: 'px-2 whitespace-nowrap',
    cell: (l) => <DateCell iso={l.createdAt} />,
    cardCell: (l) => (
      <p className="text-xs text-muted-foreground">
        {formatCount(l.viewCount)} views · {photos(l.photoCount)} · Added <DateCell iso={l.createdAt} />
      </p>
    ),
  },
  {
    id: 'updated',
    header: 'Updated',
    sort: 'updated',
    card: 'none',
    className: 'px-2 whitespace-nowrap',
    cell: (l) => <DateCell iso={l.updatedAt} />,
  },
];

/** {@link COLUMNS}, the branch and negotiator when shown, and the row menu (Delete only with `onDelete`). */
function listingColumns({
  showBranch = false,
  showNegotiator = false,
  onDelete,
}: Pick<ListingTableProps, 'showBranch' | 'showNegotiator' | 'onDelete'>): Column<
  AgentListingSummary,
  AgentListingSort
>[] {
  const columns: (Column<AgentListingSummary, AgentListingSort> | false)[] = [
    ...COLUMNS,
    showBranch && {
      id: 'branch',
      header: 'Branch',
      sort: 'branch',
      card: 'body',
      className: 'px-2',
      cell: (l) => l.branchName,
      cardCell: (l) => (
        <p className="text-xs text-muted-foreground">
          {[l.branchName, showNegotiator && (l.negotiatorName ?? UNASSIGNED)].filter(Boolean).join(' · ')}
        </p>
      ),
    },
    showNegotiator && {
      id: 'negotiator',
      header: 'Negotiator',
      sort: 'negotiator',
      // With the branch shown, the branch's line names the negotiator too.
      card: showBranch ? 'none' : 'body',
      className: 'px-2',
      cell: (l) => l.negotiatorName ?? <span className="text-muted-foreground">{UNASSIGNED}</span>,
      cardCell: (l) => <p className="text-xs text-muted-foreground">{l.negotiatorName ?? UNASSIGNED}</p>,
    },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      card: 'aside',
      headerClassName: `${STICKY_END} bg-[color-mix(in_oklab,var(--color-muted)_50%,var(--color-card))]`,
      className: `${STICKY_END} bg-card text-right group-data-[selected=true]:bg-[color-mix(in_oklab,var(--color-accent)_40%,var(--color-card))]`,
      cell: (l) => <RowMenu listing={l} onDelete={onDelete ? () => onDelete(l) : undefined} />,
    },
  ];
  return columns.filter((c) => c !== false);
}
