import type { ListingSummary } from '@abode/shared/listings/listing.schema';
import { SKELETON_CARD_COUNT } from '@abode/shared/constants';
import { ListingCard, type ListingCardLayout } from '#src/features/listings/components/listing-card.tsx';
import { ListingCardSkeleton } from '#src/features/listings/components/listing-card-skeleton.tsx';
import { cn } from '#src/lib/utils.ts';

/** Cards that start in the first screenful load their photo at once; the rest wait until scrolled near. */
const EAGER_CARDS = 3;

const layoutClass = (layout: ListingCardLayout) =>
  layout === 'grid'
    ? 'grid gap-6 md:grid-cols-2 lg:grid-cols-3'
    : layout === 'compact'
      ? 'flex flex-col gap-3'
      : 'flex flex-col gap-4';

/** Results as a grid (1 column on phones, 2–3 above 768 px), as horizontal list cards, or compact rows. */
export function ListingList({
  listings,
  layout,
}: {
  listings: readonly ListingSummary[];
  layout: ListingCardLayout;
}) {
  return (
    <ul className={layoutClass(layout)}>
      {listings.map((listing, index) => (
        <li key={listing.id}>
          <ListingCard listing={listing} layout={layout} eagerImage={index < EAGER_CARDS} />
        </li>
      ))}
    </ul>
  );
}

/** SKELETON_CARD_COUNT (6) placeholders in the same layout as the results. */
export function ListingListSkeleton({ layout }: { layout: ListingCardLayout }) {
  return (
    <div className={cn(layoutClass(layout))}>
      {Array.from({ length: SKELETON_CARD_COUNT }, (_, i) => (
        <ListingCardSkeleton key={i} layout={layout} />
      ))}
    </div>
  );
}
