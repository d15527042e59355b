import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { cn } from '#src/lib/utils.ts';
import type { ListingCardLayout } from '#src/components/listing-card/listing-card.tsx';

/** Placeholder with the card's shape while results load (REQ-LISTING: six of them). */
export function ListingCardSkeleton({ layout = 'grid' }: { layout?: ListingCardLayout }) {
  const isList = layout !== 'grid';
  return (
    <div
      data-testid="listing-card-skeleton"
      aria-hidden="true"
      className={cn('flex overflow-hidden rounded-xl border bg-card', isList ? 'flex-row' : 'flex-col')}
    >
      <Skeleton
        className={cn(
          'aspect-[4/3] rounded-none',
          isList && 'aspect-auto min-h-40 w-36 shrink-0',
          layout === 'list' && 'sm:w-64 lg:w-80',
          layout === 'compact' && 'w-32 sm:w-44',
        )}
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <Skeleton className="h-7 w-32" />
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-4 w-3/5" />
        <div className="flex gap-4">
          <Skeleton className="h-4 w-14" />
          <Skeleton className="h-4 w-14" />
          <Skeleton className="h-4 w-14" />
        </div>
        <Skeleton className="mt-2 h-8 w-full" />
      </div>
    </div>
  );
}
