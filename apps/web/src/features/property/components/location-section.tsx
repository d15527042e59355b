import { lazy, Suspense, useId } from 'react';
import { MapPin } from 'lucide-react';
import { MapBoundary } from '#src/components/map-boundary.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { useNearViewport } from '#src/lib/use-near-viewport.ts';

// Leaflet and its CSS are their own chunk, fetched only when a listing with coordinates is shown and the visitor
// scrolls towards the map (on a phone it is far below the first screen; REQ-PERF).
const PropertyMap = lazy(() => import('./property-map.tsx'));

/**
 * The listing's location: a map when it has coordinates, and always the address in words. An approximate location
 * (the postcode district's centre: our data lacks the postcode, REQ-PLACE-06) says so and shows the area, not a pin.
 */
export function LocationSection({
  address,
  latitude,
  longitude,
  approximate = false,
  outcode,
}: {
  address: string;
  latitude: number | null;
  longitude: number | null;
  approximate?: boolean | undefined;
  /** The postcode district, named when the location is approximate. */
  outcode?: string | undefined;
}) {
  const headingId = useId();
  const [mapSlot, nearMap] = useNearViewport<HTMLDivElement>();
  // The placeholder has the map's size, so nothing moves when the map arrives.
  const placeholder = <Skeleton className="h-64 w-full rounded-xl sm:h-80" />;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        Location
      </h2>
      <p className="flex items-start gap-1.5 text-sm">
        <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span data-testid="location-address" data-selectable>
          {address}
        </span>
      </p>
      {approximate && latitude !== null && (
        <p className="text-sm text-muted-foreground" data-testid="location-approximate">
          Approximate location: the map shows the {outcode ? `${outcode} ` : ''}postcode district, not the
          exact address.
        </p>
      )}
      {latitude !== null && longitude !== null && (
        <div ref={mapSlot}>
          {nearMap ? (
            <MapBoundary>
              <Suspense fallback={placeholder}>
                <PropertyMap
                  latitude={latitude}
                  longitude={longitude}
                  label={address}
                  approximate={approximate}
                />
              </Suspense>
            </MapBoundary>
          ) : (
            placeholder
          )}
        </div>
      )}
    </section>
  );
}
