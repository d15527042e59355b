import { Heart } from 'lucide-react';
import { listingCardActions } from '#src/app/listing-card-actions.tsx';
import { ListingList, ListingListSkeleton } from '#src/components/listing-card/listing-list.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { useFavourites } from '#src/features/favourites/api/favourites.ts';
import { SearchEmptyState } from '#src/features/saved-homes/components/client-notice.tsx';

/** /favourites (REQ-SITE-01): the user's favourite listings as cards, newest saved first. */
export function FavouritesRoute() {
  const favourites = useFavourites();
  const items = favourites.data?.items;

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 lg:px-8">
      <title>Favourites · Abode</title>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Favourites</h1>
        <p className="text-muted-foreground">
          {items?.length
            ? `${items.length} ${items.length === 1 ? 'home' : 'homes'} you have saved.`
            : 'Homes you save with the heart appear here.'}
        </p>
      </div>
      {favourites.isError ? (
        <LoadFailed message="We could not load your favourites." onRetry={() => void favourites.refetch()} />
      ) : !items ? (
        <>
          <p className="sr-only" role="status">
            Loading favourites
          </p>
          <ListingListSkeleton layout="grid" />
        </>
      ) : items.length === 0 ? (
        <SearchEmptyState icon={<Heart aria-hidden="true" />} title="No favourites yet">
          Press the heart on any property to keep it here and come back to it later.
        </SearchEmptyState>
      ) : (
        <ListingList listings={items.map((f) => f.listing)} layout="grid" actions={listingCardActions} />
      )}
    </div>
  );
}
