import { ExternalLink, House, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { AgentListingSort, AgentListingSummary } from '@abode/shared/agent/listing-input.schema';
import { PROPERTY_TYPE_LABELS } from '@abode/shared/listings/listing-vocabulary';
import { listingVisibility } from '@abode/shared/listings/listing-visibility';
import { formatListingPrice } from '@abode/shared/listings/listing-price';
import {
  RowCheckbox,
  SelectAllCheckbox,
  type RowSelection,
} from '#src/components/data-table/row-selection.tsx';
import {
  nextSort,
  SortableHeader,
  SortSelect,
  type TableSort,
} from '#src/components/data-table/sortable-header.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Card } from '#src/components/ui/card.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#src/components/ui/dropdown-menu.tsx';
import { useIsMobile } from '#src/components/ui/sidebar.tsx';
import { paths } from '#src/config/paths.ts';
import { LISTING_SORT_OPTIONS } from '../utils/listing-sort.ts';
import { ApprovalBadge, StatusBadge } from './listing-badges.tsx';
import { ListingSource } from './listing-source.tsx';
import { formatDate } from '#src/lib/format.ts';

const MODE_LABELS = { sale: 'For Sale', rent: 'To Rent' } as const;
const UNASSIGNED = 'Unassigned';
/**
 * The row menu's column stays at the right edge while a wide table (a team's, with branch and negotiator) scrolls
 * sideways, so every row's actions are in reach; it needs a solid background over the cells passing beneath.
 */
const STICKY_END = 'sticky right-0 px-2 py-3 shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.2)]';

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
 * View Live (new tab), Edit, Delete (SPEC §2). A listing the public cannot see opens as the owner's preview, and the
 * item says 'Preview' rather than 'View Live' (issue #23: nothing hidden is called live).
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
 * The agent's listings (SPEC §2: photo, title and address, beds/baths/type, sale or rent, price — '£X pcm' for rent,
 * SPEC §9 — status, views, created, and the row menu; issue #26: approval, photos, updated, branch and negotiator;
 * issue #27: a feed listing's source, CRM reference and last feed update under its title),
 * every column sortable from its header, with a checkbox per row for the bulk actions. Below 768 px the rows become
 * cards with a sort select and a select-all box, since there is no header row (one layout is rendered, never both).
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
  const isMobile = useIsMobile();
  const deleteOf = (listing: AgentListingSummary) => (onDelete ? () => onDelete(listing) : undefined);

  if (isMobile) {
    const sortOptions = LISTING_SORT_OPTIONS.filter(
      (o) => (o.column !== 'branch' || showBranch) && (o.column !== 'negotiator' || showNegotiator),
    );
    return (
      <div className="flex flex-col gap-3">
        <div className="flex items-end gap-3">
          <SortSelect
            id="agent-properties-sort"
            options={sortOptions}
            sort={sort}
            onChange={onSortChange}
            className="flex-1"
          />
          {selection && <SelectAllCheckbox selection={selection} label="Select all" visibleLabel />}
        </div>
        <ul className="flex flex-col gap-3" aria-label="My properties">
          {listings.map((listing) => (
            <li key={listing.id} className="offscreen-lazy">
              <Card className="flex gap-3 p-3">
                {selection && (
                  <RowCheckbox
                    selection={selection}
                    id={listing.id}
                    label={checkboxLabel(listing)}
                    className="-m-2"
                  />
                )}
                <Thumbnail listing={listing} className="h-20 w-24 shrink-0" />
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <div className="flex items-start justify-between gap-2">
                    <Link
                      to={paths.agent.editProperty(listing.id)}
                      className="min-w-0 font-medium break-words hover:underline"
                    >
                      {listing.title}
                    </Link>
                    <RowMenu listing={listing} onDelete={deleteOf(listing)} />
                  </div>
                  <p className="text-sm text-muted-foreground">{address(listing)}</p>
                  <p className="text-sm">
                    {details(listing)} · {MODE_LABELS[listing.mode]}
                  </p>
                  <ListingSource listing={listing} />
                  <p className="font-semibold tabular-nums">{formatListingPrice(listing, 'agent')}</p>
                  <div className="flex flex-wrap items-center gap-1.5">
                    <StatusBadge status={listing.status} />
                    <ApprovalBadge listing={listing} />
                  </div>
                  {(showBranch || showNegotiator) && (
                    <p className="text-xs text-muted-foreground">
                      {[
                        showBranch && listing.branchName,
                        showNegotiator && (listing.negotiatorName ?? UNASSIGNED),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  )}
                  <p className="text-xs text-muted-foreground">
                    {listing.viewCount.toLocaleString('en-GB')} views · {photos(listing.photoCount)} · Added{' '}
                    <DateCell iso={listing.createdAt} />
                  </p>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    );
  }

  const header = (column: AgentListingSort, label: string, align?: 'end') => (
    <SortableHeader column={column} sort={sort} onSort={(c) => onSortChange(nextSort(sort, c))} align={align}>
      {label}
    </SortableHeader>
  );
  return (
    // `relative`: the screen-reader-only texts inside are positioned absolutely, and must scroll with the table rather
    // than widen the page when the table is wider than the screen.
    <div className="relative overflow-x-auto rounded-xl border">
      <table className="w-full text-sm">
        <caption className="sr-only">My properties</caption>
        <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            {selection && (
              <th scope="col" className="w-11 p-0 pl-1">
                <SelectAllCheckbox selection={selection} />
              </th>
            )}
            {header('photos', 'Photos')}
            {header('title', 'Title and address')}
            {header('price', 'Price')}
            {header('status', 'Status')}
            {header('approval', 'Approval')}
            {header('views', 'Views', 'end')}
            {header('created', 'Created')}
            {header('updated', 'Updated')}
            {showBranch && header('branch', 'Branch')}
            {showNegotiator && header('negotiator', 'Negotiator')}
            <th
              scope="col"
              className={`${STICKY_END} bg-[color-mix(in_oklab,var(--color-muted)_50%,var(--color-card))]`}
            >
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {listings.map((listing) => (
            <tr
              key={listing.id}
              className="group border-t align-middle data-[selected=true]:bg-accent/40"
              data-selected={selection?.isSelected(listing.id)}
            >
              {selection && (
                <td className="p-0 pl-1">
                  <RowCheckbox selection={selection} id={listing.id} label={checkboxLabel(listing)} />
                </td>
              )}
              <td className="w-20 px-2 py-3">
                <Thumbnail listing={listing} className="h-12 w-16" />
                <span className="mt-1 block text-xs text-muted-foreground">{photos(listing.photoCount)}</span>
              </td>
              <td className="min-w-48 px-2 py-3">
                <Link to={paths.agent.editProperty(listing.id)} className="font-medium hover:underline">
                  {listing.title}
                </Link>
                <p className="text-muted-foreground">{address(listing)}</p>
                <p className="text-xs text-muted-foreground">
                  <span>{details(listing)}</span> · <span>{MODE_LABELS[listing.mode]}</span>
                </p>
                <ListingSource listing={listing} className="mt-1" />
              </td>
              <td className="max-w-36 px-2 py-3 tabular-nums">{formatListingPrice(listing, 'agent')}</td>
              <td className="px-2 py-3">
                <StatusBadge status={listing.status} />
              </td>
              <td className="px-2 py-3">
                <ApprovalBadge listing={listing} />
              </td>
              <td className="px-2 py-3 text-right tabular-nums">
                {listing.viewCount.toLocaleString('en-GB')}
              </td>
              <td className="px-2 py-3 whitespace-nowrap">
                <DateCell iso={listing.createdAt} />
              </td>
              <td className="px-2 py-3 whitespace-nowrap">
                <DateCell iso={listing.updatedAt} />
              </td>
              {showBranch && <td className="px-2 py-3">{listing.branchName}</td>}
              {showNegotiator && (
                <td className="px-2 py-3">
                  {listing.negotiatorName ?? <span className="text-muted-foreground">{UNASSIGNED}</span>}
                </td>
              )}
              <td
                className={`${STICKY_END} bg-card text-right group-data-[selected=true]:bg-[color-mix(in_oklab,var(--color-accent)_40%,var(--color-card))]`}
              >
                <RowMenu listing={listing} onDelete={deleteOf(listing)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
