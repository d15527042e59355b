import { Link } from 'react-router';
import { BedDouble, House } from 'lucide-react';
import type { ListingSummary } from '@abode/shared/listings/listing.schema';
import { LISTING_STATUS_LABELS, PROPERTY_TYPE_LABELS } from '@abode/shared/listings/listing-vocabulary';
import { paths } from '#src/config/paths.ts';
import { ListingPrice } from '#src/components/listing-price.tsx';

/**
 * The card in a map pin's popup (REQ-SEARCH-07): photo, price (with its qualifier, 'POA' without a figure: REQ-SEARCH-07),
 * bedrooms, title linking to the listing. Several listings
 * at one spot are listed in one popup. Rendered by React into Leaflet's popup, so it avoids the `<p>` and link
 * colours Leaflet's stylesheet sets inside popups (unlayered CSS outranks our utility classes).
 */
export function MapPopupCard({ listings }: { listings: readonly ListingSummary[] }) {
  if (listings.length === 1) return <OneListing listing={listings[0]!} />;
  return (
    <div className="flex w-64 flex-col gap-2 font-sans text-foreground">
      <div className="text-sm font-semibold">{listings.length} properties here</div>
      <ul className="-mx-1 flex max-h-72 flex-col gap-1 overflow-y-auto">
        {listings.map((listing) => (
          <li key={listing.id}>
            <Link
              to={paths.property(listing.slug)}
              className="flex items-center gap-2 rounded-md p-1 text-foreground! no-underline! hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
            >
              <Thumb listing={listing} className="h-12 w-16" />
              <span className="flex min-w-0 flex-col">
                <ListingPrice
                  listing={listing}
                  className="text-sm font-bold text-primary"
                  qualifierClassName="text-[0.85em]"
                />
                <span className="truncate text-xs">{listing.title}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function OneListing({ listing }: { listing: ListingSummary }) {
  const status = listing.status === 'active' ? undefined : LISTING_STATUS_LABELS[listing.status];
  return (
    <div className="flex w-60 flex-col gap-1.5 font-sans text-foreground" data-testid="map-popup-card">
      <Link to={paths.property(listing.slug)} tabIndex={-1} aria-hidden="true" className="block">
        <Thumb listing={listing} className="h-36 w-full" />
      </Link>
      <div className="flex flex-wrap items-center gap-2">
        <ListingPrice listing={listing} className="text-lg font-bold text-primary" />
        {status && (
          <span className="rounded bg-foreground/85 px-1.5 py-0.5 text-xs font-semibold text-background">
            {status}
          </span>
        )}
        {!status && listing.priceReducedAt && listing.priceQualifier !== 'poa' && (
          <span className="rounded bg-warning px-1.5 py-0.5 text-xs font-semibold text-white">Reduced</span>
        )}
      </div>
      <div className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <BedDouble aria-hidden="true" className="size-3.5" />
        {listing.propertyType === 'land'
          ? PROPERTY_TYPE_LABELS.land
          : `${listing.bedrooms} bed ${PROPERTY_TYPE_LABELS[listing.propertyType].toLowerCase()}`}
      </div>
      <Link
        to={paths.property(listing.slug)}
        className="line-clamp-2 text-sm leading-snug font-semibold text-foreground! underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        {listing.title}
      </Link>
      <div className="truncate text-xs text-muted-foreground">
        {[listing.addressLine1, listing.city, listing.postcode].filter(Boolean).join(', ')}
      </div>
    </div>
  );
}

function Thumb({ listing, className }: { listing: ListingSummary; className: string }) {
  const photo =
    listing.photos.find((p) => p.isMain) ??
    [...listing.photos].sort((a, b) => a.orderIndex - b.orderIndex)[0];
  if (!photo) {
    return (
      <span className={`flex shrink-0 items-center justify-center rounded-md bg-muted ${className}`}>
        <House aria-hidden="true" className="size-5 text-muted-foreground" />
      </span>
    );
  }
  return (
    <img
      src={photo.url}
      srcSet={photo.srcSet}
      sizes="240px"
      alt=""
      width={photo.width ?? 800}
      height={photo.height ?? 600}
      className={`shrink-0 rounded-md bg-muted object-cover ${className}`}
    />
  );
}
