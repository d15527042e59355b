import { useId, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Bath, BedDouble, Car, Heart, MapPin, Share2 } from 'lucide-react';
import type { ListingSummary } from '@abode/shared/listings/listing.schema';
import { contactingAgentMessage } from '@abode/shared/messages';
import { formatPrice } from '@abode/shared/money';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { PhotoCarousel } from '#src/features/listings/components/photo-carousel.tsx';
import { copyListingLink } from '#src/features/listings/utils/share-listing.ts';
import { cn } from '#src/lib/utils.ts';

export type ListingCardLayout = 'grid' | 'list';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The name the public sees for the marketing agent: agency, else the agent's own name (DESIGN §7). */
export function agentDisplayName(agent: ListingSummary['agent']): string {
  return agent?.agencyName ?? agent?.name ?? 'the agent';
}

/**
 * A search result (SPEC §2 listing card): photos, price, title, address without a house number, bedrooms,
 * bathrooms, parking when there is some, and the favourite, share and Contact Agent actions.
 */
export function ListingCard({
  listing,
  layout = 'grid',
  eagerImage = true,
  isFavourite = false,
  onToggleFavourite,
}: {
  listing: ListingSummary;
  layout?: ListingCardLayout;
  /** Load the first photo at once (cards near the top of the page). */
  eagerImage?: boolean;
  isFavourite?: boolean;
  onToggleFavourite: (listing: ListingSummary) => void;
}) {
  const titleId = useId();
  const isList = layout === 'list';
  const agent = agentDisplayName(listing.agent);
  const address = [listing.addressLine1, listing.city, listing.postcode].filter(Boolean).join(', ');

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'group flex h-full overflow-hidden rounded-xl border bg-card text-card-foreground shadow-xs transition-shadow hover:shadow-md',
        isList ? 'flex-row' : 'flex-col',
      )}
    >
      <div className={cn('relative shrink-0', isList && 'w-36 sm:w-64 lg:w-80')}>
        <PhotoCarousel
          photos={listing.photos}
          title={listing.title}
          eager={eagerImage}
          className={cn(isList && 'aspect-auto h-full min-h-40 w-full')}
        />
        <div className="absolute top-2 right-2 flex gap-1.5">
          <IconAction
            label="Save to favourites"
            pressed={isFavourite}
            onClick={() => onToggleFavourite(listing)}
          >
            <Heart aria-hidden="true" className={cn(isFavourite && 'fill-current text-destructive')} />
          </IconAction>
          <IconAction label="Copy link to this property" onClick={() => void copyListingLink(listing.slug)}>
            <Share2 aria-hidden="true" />
          </IconAction>
        </div>
      </div>

      <div className={cn('flex min-w-0 flex-1 flex-col gap-2', isList ? 'p-3 sm:p-5' : 'p-4')}>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p
            data-testid="listing-price"
            className="text-xl font-bold tracking-tight text-primary sm:text-2xl"
          >
            {formatPrice(listing.pricePence, listing.mode)}
          </p>
          {listing.priceReducedAt && <Badge variant="warning">Reduced</Badge>}
        </div>
        <h2 id={titleId} className="line-clamp-2 text-base leading-snug font-semibold">
          {listing.title}
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
          <Button
            variant="outline"
            size="sm"
            onClick={() => toast(contactingAgentMessage(agent, listing.title))}
          >
            Contact Agent
          </Button>
        </div>
      </div>
    </article>
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
  pressed,
  onClick,
  children,
}: {
  label: string;
  pressed?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      onClick={onClick}
      className="flex size-9 cursor-pointer items-center justify-center rounded-full bg-white/95 text-foreground shadow-md transition-colors hover:bg-white hover:text-primary focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-primary [&_svg]:size-4"
    >
      {children}
    </button>
  );
}
