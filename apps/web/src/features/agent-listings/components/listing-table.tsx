import { ExternalLink, House, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { AgentListingSummary } from '@abode/shared/agent/listing-input.schema';
import { PROPERTY_TYPE_LABELS } from '@abode/shared/listings/listing-vocabulary';
import { listingVisibility } from '@abode/shared/listings/listing-visibility';
import { formatListingPrice } from '@abode/shared/listings/listing-price';
import { Button } from '#src/components/ui/button.tsx';
import { Card } from '#src/components/ui/card.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#src/components/ui/dropdown-menu.tsx';
import { paths } from '#src/config/paths.ts';
import { ApprovalBadge, StatusBadge } from './listing-badges.tsx';

const createdDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const MODE_LABELS = { sale: 'For Sale', rent: 'To Rent' } as const;

const address = (l: AgentListingSummary) => `${l.addressLine1}, ${l.city}, ${l.postcode}`;
const details = (l: AgentListingSummary) =>
  `${l.bedrooms} bed · ${l.bathrooms} bath · ${PROPERTY_TYPE_LABELS[l.propertyType]}`;

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
function RowMenu({ listing, onDelete }: { listing: AgentListingSummary; onDelete: () => void }) {
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
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={onDelete}>
          <Trash2 aria-hidden="true" /> Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/**
 * The agent's listings (SPEC §2 columns: photo, title, address, beds/baths/type, mode, price — '£X pcm' for rent
 * (SPEC §9) — status, views, created date, and the row menu). Below 768 px the table gives way to a card list.
 */
export function ListingTable({
  listings,
  onDelete,
}: {
  listings: AgentListingSummary[];
  onDelete: (listing: AgentListingSummary) => void;
}) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border md:block">
        <table className="w-full text-sm">
          <caption className="sr-only">My properties</caption>
          <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="p-3 font-medium">
                <span className="sr-only">Photo</span>
              </th>
              <th scope="col" className="p-3 font-medium">
                Title and address
              </th>
              <th scope="col" className="p-3 font-medium">
                Details
              </th>
              <th scope="col" className="p-3 font-medium">
                Type
              </th>
              <th scope="col" className="p-3 font-medium">
                Price
              </th>
              <th scope="col" className="p-3 font-medium">
                Status
              </th>
              <th scope="col" className="p-3 text-right font-medium">
                Views
              </th>
              <th scope="col" className="p-3 font-medium">
                Created
              </th>
              <th scope="col" className="p-3 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {listings.map((listing) => (
              <tr key={listing.id} className="border-t align-middle">
                <td className="w-20 p-3">
                  <Thumbnail listing={listing} className="h-12 w-16" />
                </td>
                <td className="min-w-48 p-3">
                  <Link to={paths.agent.editProperty(listing.id)} className="font-medium hover:underline">
                    {listing.title}
                  </Link>
                  <p className="text-muted-foreground">{address(listing)}</p>
                </td>
                <td className="p-3">{details(listing)}</td>
                <td className="p-3 whitespace-nowrap">{MODE_LABELS[listing.mode]}</td>
                <td className="p-3 whitespace-nowrap tabular-nums">{formatListingPrice(listing, 'agent')}</td>
                <td className="p-3">
                  <div className="flex flex-col gap-1">
                    <StatusBadge status={listing.status} />
                    <ApprovalBadge listing={listing} />
                  </div>
                </td>
                <td className="p-3 text-right tabular-nums">{listing.viewCount.toLocaleString('en-GB')}</td>
                <td className="p-3 whitespace-nowrap">{createdDate.format(new Date(listing.createdAt))}</td>
                <td className="p-3 text-right">
                  <RowMenu listing={listing} onDelete={() => onDelete(listing)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="flex flex-col gap-3 md:hidden" aria-label="My properties">
        {listings.map((listing) => (
          <li key={listing.id}>
            <Card className="flex gap-3 p-3">
              <Thumbnail listing={listing} className="h-20 w-24 shrink-0" />
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <div className="flex items-start justify-between gap-2">
                  <Link
                    to={paths.agent.editProperty(listing.id)}
                    className="min-w-0 font-medium break-words hover:underline"
                  >
                    {listing.title}
                  </Link>
                  <RowMenu listing={listing} onDelete={() => onDelete(listing)} />
                </div>
                <p className="text-sm text-muted-foreground">{address(listing)}</p>
                <p className="text-sm">
                  {details(listing)} · {MODE_LABELS[listing.mode]}
                </p>
                <p className="font-semibold tabular-nums">{formatListingPrice(listing, 'agent')}</p>
                <div className="flex flex-wrap items-center gap-1.5">
                  <StatusBadge status={listing.status} />
                  <ApprovalBadge listing={listing} />
                </div>
                <p className="text-xs text-muted-foreground">
                  {listing.viewCount.toLocaleString('en-GB')} views · Added{' '}
                  {createdDate.format(new Date(listing.createdAt))}
                </p>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
