import { useId, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Bath, BedDouble, Car, MapPin, Share2 } from 'lucide-react';
import { agentDisplayName } from '@abode/shared/listings/agent-display-name';
import type { ListingSummary } from '@abode/shared/listings/listing.schema';
import { LISTING_STATUS_LABELS } from '@abode/shared/listings/listing-vocabulary';
import { formatMonthlyEquivalent, isPriceOnApplication } from '@abode/shared/listings/listing-price';
import { formatPounds, formatPrice } from '@abode/shared/money';
import { Badge } from '#src/components/ui/badge.tsx';
import { paths } from '#src/config/paths.ts';
import { ListingPrice } from '#src/components/listing-price.tsx';
import { PhotoCarousel } from '#src/components/listing-card/photo-carousel.tsx';
import { copyListingLink } from '#src/lib/share-listing.ts';
import { cn } from '#src/lib/utils.ts';

/** A grid card, a wide list row, or a compact row (the list beside the search map). */
export type ListingCardLayout = 'grid' | 'list' | 'compact';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Key features the card shows on hover or focus: the first few, as Rightmove's and Zoopla's cards do. */
export const CARD_KEY_FEATURES = 4;

/**
 * The drop of a reduced listing in pence, when the API gave the price before it (REQ-SEARCH), else undefined (an
 * older answer, a price that rose again, or a price on application, which has no figure to compare).
 */
export function priceDrop(
  listing: Pick<ListingSummary, 'pricePence' | 'originalPricePence' | 'priceReducedAt' | 'priceQualifier'>,
) {
  const before = listing.originalPricePence;
  const now = listing.pricePence;
  if (isPriceOnApplication(listing) || now === null) return undefined;
  if (!listing.priceReducedAt || before === null || before === undefined || before <= now) return undefined;
  return { before, drop: before - now };
}

/** 'Under offer', 'Sold STC', 'Let agreed' for a listing that is no longer simply on the market (ADR 019). */
export function statusLabel(listing: Pick<ListingSummary, 'status'>): string | undefined {
  return listing.status === 'active' ? undefined : LISTING_STATUS_LABELS[listing.status];
}

/**
 * The card's actions that belong to features (favourites, enquiries). The app composes them in, so that the card
 * stays shared UI that any feature may show without importing another feature.
 */
export interface ListingCardActions {
  /** The heart, over the photo beside the share button. */
  favourite?: (listing: ListingSummary) => ReactNode;
  /** The Contact Agent button, at the foot of the card. */
  contact?: (listing: ListingSummary) => ReactNode;
}

/**
 * A search result (REQ-SEARCH-27): photos, price, title, address without a house number, bedrooms,
 * bathrooms, parking when there is some, and the favourite (heart), share and Contact Agent actions (the heart and
 * Contact Agent come from `actions`). The title links to the listing page; a click on the photo goes there too
 * (keyboard users reach it through the title link).
 */
export function ListingCard({
  listing,
  layout = 'grid',
  eagerImage = true,
  priorityImage = false,
  actions,
  children,
}: {
  listing: ListingSummary;
  layout?: ListingCardLayout;
  /** Load the first photo at once (cards near the top of the page). */
  eagerImage?: boolean;
  /** Fetch the first photo before anything else (the first card: likely the largest thing on screen). */
  priorityImage?: boolean;
  /** The heart and Contact Agent, composed by the app. */
  actions?: ListingCardActions;
  /** Extra lines under the key facts, e.g. 'Viewed 2 hours ago' on the dashboard. */
  children?: ReactNode;
}) {
  const titleId = useId();
  const navigate = useNavigate();
  const isList = layout === 'list' || layout === 'compact';
  const isCompact = layout === 'compact';
  const reduced = priceDrop(listing);
  const monthly = formatMonthlyEquivalent(listing, 'public');
  const keyFeatures = isCompact ? [] : (listing.keyFeatures ?? []).slice(0, CARD_KEY_FEATURES);
  const status = statusLabel(listing);
  const agent = agentDisplayName(listing.agent);
  const address = [listing.addressLine1, listing.city, listing.postcode].filter(Boolean).join(', ');
  const href = paths.property(listing.slug);

  // The photo's own buttons (previous/next, heart, share) keep their meaning; anywhere else opens the listing.
  const openFromPhoto = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('button, a')) return;
    // Like a link: Ctrl/Cmd-click opens the listing in a new tab.
    if (event.metaKey || event.ctrlKey) window.open(href, '_blank', 'noopener');
    else void navigate(href);
  };

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'group flex h-full overflow-hidden rounded-xl border bg-card text-card-foreground shadow-xs transition-shadow hover:shadow-md',
        isList ? 'flex-row' : 'flex-col',
      )}
    >
      <div
        className={cn(
          'relative shrink-0 cursor-pointer',
          isList && (isCompact ? 'w-32 sm:w-44' : 'w-36 sm:w-64 lg:w-80'),
        )}
        onClick={openFromPhoto}
      >
        <PhotoCarousel
          photos={listing.photos}
          title={listing.title}
          eager={eagerImage}
          priority={priorityImage}
          className={cn(isList && 'aspect-auto h-full min-h-40 w-full')}
        />
        {keyFeatures.length > 0 && <KeyFeaturesOverlay features={keyFeatures} />}
        {status && (
          <span
            data-testid="listing-status"
            className="absolute top-2 left-2 rounded-md bg-foreground/85 px-2 py-1 text-xs font-semibold text-background shadow"
          >
            {status}
          </span>
        )}
        <div className="absolute top-2 right-2 flex gap-1.5">
          {actions?.favourite?.(listing)}
          <IconAction label="Copy link to this property" onClick={() => void copyListingLink(listing.slug)}>
            <Share2 aria-hidden="true" />
          </IconAction>
        </div>
      </div>

      <div
        className={cn(
          'flex min-w-0 flex-1 flex-col gap-2',
          isCompact ? 'p-3' : isList ? 'p-3 sm:p-5' : 'p-4',
        )}
      >
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p
            data-testid="listing-price"
            className={cn(
              'font-bold tracking-tight text-primary',
              isCompact ? 'text-lg sm:text-xl' : 'text-xl sm:text-2xl',
            )}
          >
            <ListingPrice listing={listing} />
          </p>
          {monthly && (
            <p data-testid="listing-price-monthly" className="text-sm text-muted-foreground">
              {monthly}
            </p>
          )}
          {reduced ? (
            <>
              <Badge variant="warning" data-testid="listing-reduced">
                Reduced by {formatPounds(reduced.drop)}
              </Badge>
              <p className="text-sm text-muted-foreground">
                <span className="sr-only">Previously </span>
                <del>{formatPrice(reduced.before, listing.mode)}</del>
              </p>
            </>
          ) : (
            listing.priceReducedAt &&
            !isPriceOnApplication(listing) && <Badge variant="warning">Reduced</Badge>
          )}
        </div>
        <h2 id={titleId} className="line-clamp-2 text-base leading-snug font-semibold">
          <Link
            to={href}
            className="rounded-sm underline-offset-4 hover:text-primary hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {listing.title}
          </Link>
        </h2>
        <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span data-testid="listing-address" className={isList ? 'line-clamp-3' : 'line-clamp-2'}>
            {address}
          </span>
        </p>
        <ul
          aria-label="Key facts"
          className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-foreground"
        >
          <Fact testId="listing-bedrooms" icon={<BedDouble aria-hidden="true" />}>
            {plural(listing.bedrooms, 'bed', 'beds')}
          </Fact>
          <Fact icon={<Bath aria-hidden="true" />}>{plural(listing.bathrooms, 'bath', 'baths')}</Fact>
          {listing.parkingSpaces > 0 && (
            <Fact icon={<Car aria-hidden="true" />}>
              {plural(listing.parkingSpaces, 'parking space', 'parking spaces')}
            </Fact>
          )}
        </ul>
        {children}
        <div
          className={cn(
            'mt-auto flex flex-wrap items-center justify-between gap-2 border-t pt-3 [&>button]:ml-auto',
            isList && 'sm:flex-nowrap',
          )}
        >
          {listing.agent && (
            <p className="min-w-0 truncate text-xs text-muted-foreground">
              Marketed by <span className="font-medium text-foreground">{agent}</span>
            </p>
          )}
          {actions?.contact?.(listing)}
        </div>
      </div>
    </article>
  );
}

/**
 * The first key features over the foot of the photo, shown while the card is hovered or holds the focus (a
 * keyboard user tabbing to its title link sees them). Clicks pass through to the photo and the title link stays
 * uncovered; screen readers read the list wherever the card is, as it is only faded out, not removed.
 */
function KeyFeaturesOverlay({ features }: { features: readonly string[] }) {
  return (
    <ul
      aria-label="Key features"
      data-testid="listing-key-features"
      className="pointer-events-none absolute inset-x-0 bottom-0 flex flex-col gap-0.5 bg-linear-to-t from-black/85 via-black/70 to-transparent px-3 pt-8 pb-3 text-xs text-white opacity-0 transition-opacity duration-200 group-focus-within:opacity-100 group-hover:opacity-100 motion-reduce:transition-none"
    >
      {features.map((feature, i) => (
        <li key={i} className="flex min-w-0 items-baseline gap-1.5">
          <span aria-hidden="true">•</span>
          <span className="line-clamp-1">{feature}</span>
        </li>
      ))}
    </ul>
  );
}

function Fact({ icon, children, testId }: { icon: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <li
      data-testid={testId}
      className="flex items-center gap-1.5 [&_svg]:size-4 [&_svg]:text-muted-foreground"
    >
      {icon}
      <span>{children}</span>
    </li>
  );
}

function IconAction({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="flex size-9 cursor-pointer items-center justify-center rounded-full bg-white/95 text-foreground shadow-md transition-colors hover:bg-white hover:text-primary focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-primary [&_svg]:size-4"
    >
      {children}
    </button>
  );
}
