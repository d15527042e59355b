/**
 * The search map (REQ-SEARCH): the Leaflet map with its tiles, and the pieces it is made of — the pins
 * (search-map-pins.ts), the searched area (search-map-area.ts), the view synced with the URL (use-map-view-sync.ts),
 * draw-a-search (use-draw-area.ts, DrawAreaControl) and the toolbar above it (SearchMapToolbar).
 */
import { useCallback, useContext, useEffect, useId, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { Crosshair } from 'lucide-react';
import type { ListingSummary } from '@abode/shared/listings/listing.schema';
import { DrawAreaControl } from '#src/features/search/components/draw-area-control.tsx';
import { MapPopupCard } from '#src/features/search/components/map-popup-card.tsx';
import { useAreaLayer } from '#src/features/search/components/search-map-area.ts';
import { HighlightedListingContext } from '#src/features/search/components/search-map-layout.tsx';
import { toLatLngBounds } from '#src/features/search/components/search-map-leaflet.ts';
import { usePinLayer, type PinPopup } from '#src/features/search/components/search-map-pins.ts';
import { SearchMapToolbar } from '#src/features/search/components/search-map-toolbar.tsx';
import { useDrawArea } from '#src/features/search/hooks/use-draw-area.ts';
import { useMapViewSync } from '#src/features/search/hooks/use-map-view-sync.ts';
import { createPinIndex } from '#src/features/search/utils/map-pins.ts';
import { UK_BOUNDS, mapTarget, type MapTargetInput } from '#src/features/search/utils/map-view.ts';
import { addMapTiles } from '#src/lib/map-tiles.ts';

export interface SearchMapProps {
  /** The results to pin (those without coordinates are left out). */
  listings: readonly ListingSummary[];
  /** Identifies the search `listings` answer; undefined while older results stand in (no refit then). */
  resultsKey: string | undefined;
  bounds?: string | undefined;
  polygon?: string | undefined;
  /** The radius search's centre (from the API) and radius in miles: drawn as a circle. */
  center?: { latitude: number; longitude: number; label: string } | undefined;
  radius?: number | undefined;
  /** The place the search is scoped to, with its position (REQ-PLACE): the map centres on it. */
  place?: MapTargetInput['place'];
  /** 'Search as I move the map': the visible area, or undefined to stop searching by it. */
  onMapArea: (bounds: string | undefined) => void;
  /** A finished drawing (encoded polygon), or undefined to remove the drawn area. */
  onDrawnArea: (polygon: string | undefined) => void;
}

/**
 * The Leaflet map, living as long as its element (a ref callback with cleanup, React 19), and a tick that changes
 * whenever the element is resized. `tilesFailed` turns true when the tiles cannot load.
 */
function useLeafletMap() {
  const [map, setMap] = useState<L.Map | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [sizeTick, setSizeTick] = useState(0);
  const attach = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    const m = L.map(element, { scrollWheelZoom: true, zoomControl: true, minZoom: 4 });
    m.fitBounds(toLatLngBounds(UK_BOUNDS), { animate: false });
    addMapTiles(m, () => setTilesFailed(true));
    const resize = new ResizeObserver(() => {
      m.invalidateSize({ pan: false });
      setSizeTick((n) => n + 1);
    });
    resize.observe(element);
    setMap(m);
    return () => {
      resize.disconnect();
      m.remove();
      setMap(null);
    };
  }, []);
  return { map, attach, tilesFailed, sizeTick };
}

/**
 * The popup of the chosen pin; its card (the listings of `popup`) is rendered by React into `element` through a
 * portal before it opens. Closing it clears the chosen pin.
 */
function usePinPopupLayer(
  map: L.Map | null,
  popup: PinPopup | null,
  open: boolean,
  element: HTMLElement,
  onClose: () => void,
) {
  useEffect(() => {
    if (!map || !popup || !open) return;
    const leafletPopup = L.popup({ maxWidth: 288, minWidth: 240, autoPanPadding: [24, 24] })
      .setLatLng([popup.latitude, popup.longitude])
      .setContent(element)
      .openOn(map);
    leafletPopup.on('remove', onClose);
    if (popup.focus) element.querySelector<HTMLElement>('a[href]:not([tabindex="-1"])')?.focus();
    return () => {
      leafletPopup.off('remove', onClose);
      leafletPopup.remove();
    };
  }, [map, popup, open, element, onClose]);
}

/** The map itself, its keyboard hint, the crosshair while drawing, and the notice when the tiles cannot load. */
function MapCanvas({
  attach,
  drawing,
  tilesFailed,
}: {
  attach: (element: HTMLDivElement | null) => void;
  drawing: boolean;
  tilesFailed: boolean;
}) {
  const hintId = useId();
  return (
    <div className="relative isolate z-0 min-h-0 flex-1">
      <div
        ref={attach}
        role="region"
        aria-label="Map of the results"
        aria-describedby={hintId}
        data-testid="search-map"
        className="size-full overflow-hidden rounded-xl border bg-muted"
      />
      <span id={hintId} className="sr-only">
        Use the arrow keys to move the map and the plus and minus keys to zoom. Each pin is a button that
        opens the property&apos;s details; the list of results has the same properties.
      </span>
      {drawing && (
        <Crosshair
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-1/2 z-[500] size-6 -translate-x-1/2 -translate-y-1/2 text-primary"
        />
      )}
      {tilesFailed && (
        <div
          role="status"
          className="absolute top-3 right-3 left-14 z-[1000] rounded-md bg-background/95 px-3 py-2 text-sm shadow"
        >
          The map tiles could not be loaded. The pins and the list of results still work.
        </div>
      )}
    </div>
  );
}

/**
 * The search map (REQ-SEARCH), loaded as its own chunk with Leaflet and supercluster: pins for the results,
 * clustered when dense, a popup card per pin, 'Search as I move the map', draw-a-search, and the radius circle.
 * The pin (or cluster) of the card hovered or focused in the list beside it is highlighted (SearchMapLayout).
 * The configured map tiles with their credit (lib/map-tiles.ts); when tiles cannot load it says so and everything
 * else still works.
 */
export default function SearchMap({
  listings,
  resultsKey,
  bounds,
  polygon,
  center,
  radius,
  place,
  onMapArea,
  onDrawnArea,
}: SearchMapProps) {
  const highlighted = useContext(HighlightedListingContext);
  const { map, attach, tilesFailed, sizeTick } = useLeafletMap();
  const [popup, setPopup] = useState<PinPopup | null>(null);
  const [popupElement] = useState(() => document.createElement('div'));
  const closePopup = useCallback(() => setPopup(null), []);
  const draw = useDrawArea(map, onDrawnArea);
  const index = useMemo(() => createPinIndex(listings), [listings]);
  const popupListings = useMemo(
    () => (popup ? listings.filter((l) => popup.ids.includes(l.id)) : []),
    [listings, popup],
  );
  const target = useMemo(
    () => mapTarget({ bounds, polygon, center, radius, place, listings, resultsKey }),
    [bounds, polygon, center, radius, place, listings, resultsKey],
  );
  const view = useMapViewSync({ map, sizeTick, target, bounds, drawing: draw.drawing, onMapArea });
  usePinLayer(map, index, draw.drawing, highlighted, setPopup);
  const popupOpen = popupListings.length > 0;
  usePinPopupLayer(map, popup, popupOpen, popupElement, closePopup);
  useAreaLayer(map, polygon, center, radius);

  return (
    <div className="flex h-full min-h-0 flex-col gap-2">
      <SearchMapToolbar
        ready={map !== null}
        polygon={polygon}
        drawing={draw.drawing}
        searchAsIMove={view.moveBox}
        onSearchAsIMove={view.toggleSearchAsIMove}
        onRemoveArea={() => onDrawnArea(undefined)}
        onStartDrawing={() => {
          setPopup(null);
          draw.start();
        }}
      />
      {draw.drawing && (
        <DrawAreaControl
          points={draw.points}
          problem={draw.problem}
          onFinish={draw.finish}
          onUndo={draw.undo}
          onAddCentre={draw.addCentre}
          onCancel={draw.cancel}
        />
      )}
      <MapCanvas attach={attach} drawing={draw.drawing} tilesFailed={tilesFailed} />
      {popupOpen && createPortal(<MapPopupCard listings={popupListings} />, popupElement)}
    </div>
  );
}
