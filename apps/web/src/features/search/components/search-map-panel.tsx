import { lazy, Suspense } from 'react';
import { MapBoundary } from '#src/components/map-boundary.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import type { SearchMapProps } from '#src/features/search/components/search-map.tsx';

// Leaflet, its CSS, supercluster and the drawing tool are one chunk, fetched only when the map view is shown.
const SearchMap = lazy(() => import('#src/features/search/components/search-map.tsx'));

/** The search map, loaded on demand, with a placeholder of its size meanwhile. */
export function SearchMapPanel(props: SearchMapProps) {
  return (
    <MapBoundary stillWorks="The list of results still works." announce>
      <Suspense
        fallback={<Skeleton data-testid="search-map-loading" className="size-full min-h-80 rounded-xl" />}
      >
        <SearchMap {...props} />
      </Suspense>
    </MapBoundary>
  );
}
