import type { ListingSummary } from '@abode/shared/listings/listing.schema';
import { SKELETON_CARD_COUNT } from '@abode/shared/constants';
import {
  ListingCard,
  type ListingCardActions,
  type ListingCardLayout,
} from '#src/components/listing-card/listing-card.tsx';
import { ListingCardSkeleton } from '#src/components/listing-card/listing-card-skeleton.tsx';
import { useDeferredMount } from '#src/components/ui/deferred.tsx';
import { cn } from '#src/lib/utils.ts';

/** Cards that start in the first screenful load their photo at once; the rest wait until scrolled near. */
const EAGER_CARDS = 3;
/**
 * Cards in the first render: more than a tall screen holds. The rest follow at once in a transition, which React
 * renders in short slices, so 24 cards do not block a phone's main thread in one long task (REQ-PERF).
 */
const FIRST_RENDER_CARDS = 6;

const layoutClass = (layout: ListingCardLayout) =>
  layout === 'grid'
    ? 'grid gap-6 md:grid-cols-2 lg:grid-cols-3'
    : layout === 'compact'
      ? 'flex flex-col gap-3'
      : 'flex flex-col gap-4';

/**
 * Results as a grid (1 column on phones, 2–3 above 768 px), as horizontal list cards, or compact rows; each card
 * with the `actions` the app composes in (the heart, Contact Agent).
 */
export function ListingList({
  listings,
  layout,
  actions,
}: {
  listings: readonly ListingSummary[];
  layout: ListingCardLayout;
  actions?: ListingCardActions;
}) {
  const rest = useDeferredMount();
  const shown = rest ? listings : listings.slice(0, FIRST_RENDER_CARDS);
  return (
    <ul className={layoutClass(layout)}>
      {shown.map((listing, index) => (
        <li key={listing.id}>
          <ListingCard
            listing={listing}
            layout={layout}
            eagerImage={index < EAGER_CARDS}
            // The first card's photo is the search page's largest paint on a phone (Lighthouse LCP, REQ-PERF-05).
            priorityImage={index === 0}
            actions={actions}
          />
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
