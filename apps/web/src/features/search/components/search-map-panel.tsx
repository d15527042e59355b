import { Component, lazy, Suspense, type ReactNode } from 'react';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import type { SearchMapProps } from '#src/features/search/components/search-map.tsx';

// Leaflet, its CSS, supercluster and the drawing tool are one chunk, fetched only when the map view is shown.
const SearchMap = lazy(() => import('#src/features/search/components/search-map.tsx'));

/** Keeps the page alive when the map cannot load (offline, blocked chunk): the list of results stays. */
class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? (
      <p role="status" className="rounded-xl border bg-muted px-4 py-6 text-sm text-muted-foreground">
        The map could not be loaded. The list of results still works.
      </p>
    ) : (
      this.props.children
    );
  }
}

/** The search map, loaded on demand, with a placeholder of its size meanwhile. */
export function SearchMapPanel(props: SearchMapProps) {
  return (
    <MapBoundary>
      <Suspense
        fallback={<Skeleton data-testid="search-map-loading" className="size-full min-h-80 rounded-xl" />}
      >
        <SearchMap {...props} />
      </Suspense>
    </MapBoundary>
  );
}
