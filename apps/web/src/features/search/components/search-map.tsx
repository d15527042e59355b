import { useCallback, useContext, useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { Check, Crosshair, PenLine, Plus, Trash2, Undo2, X } from 'lucide-react';
import type { ListingSummary } from '@abode/shared/listings/listing.schema';
import { formatListingPrice } from '@abode/shared/listings/listing-price';
import { readPolygon, type Bounds } from '@abode/shared/search/geo';
import type { LatLng } from '@abode/shared/search/polyline';
import { Button } from '#src/components/ui/button.tsx';
import { MapPopupCard } from '#src/features/search/components/map-popup-card.tsx';
import { HighlightedListingContext } from '#src/features/search/components/search-map-layout.tsx';
import {
  DRAW_TEXT,
  addDrawPoint,
  canAddDrawPoint,
  canFinishDrawing,
  finishDrawing,
} from '#src/features/search/utils/draw-area.ts';
import {
  PIN_HEIGHT,
  PIN_WIDTH,
  clusterDiameter,
  clusterExpansionZoom,
  createPinIndex,
  pinsInView,
  separatePins,
  type MapPin,
  type PinIndex,
} from '#src/features/search/utils/map-pins.ts';
import {
  METRES_PER_MILE,
  UK_BOUNDS,
  formatBounds,
  mapTarget,
  type MapTargetInput,
} from '#src/features/search/utils/map-view.ts';
import { addMapTiles } from '#src/lib/map-tiles.ts';
import { cn } from '#src/lib/utils.ts';

/** Wait this long after the map stops moving before searching the new area (a drag is often several moves). */
export const MOVE_DEBOUNCE_MS = 500;
/** Never zoom closer than this when fitting results (a single pin would otherwise fill the screen). */
const FIT_MAX_ZOOM = 15;
/** Brand colour of the drawn area and the radius circle (the theme's primary). */
const AREA_COLOUR = '#0f5f56';
/** Lifts the pin of the card hovered in the list above its neighbours (Leaflet stacks markers by latitude). */
const HIGHLIGHT_Z_OFFSET = 10_000;

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

const toBounds = (b: L.LatLngBounds): Bounds => ({
  south: b.getSouth(),
  west: b.getWest(),
  north: b.getNorth(),
  east: b.getEast(),
});
const toLatLngBounds = (b: Bounds) => L.latLngBounds([b.south, b.west], [b.north, b.east]);
const toLatLng = (p: L.LatLng): LatLng => ({ latitude: p.lat, longitude: p.lng });

const PIN_SVG = `<svg aria-hidden="true" width="${PIN_WIDTH}" height="${PIN_HEIGHT}" viewBox="0 0 32 42" xmlns="http://www.w3.org/2000/svg"><path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 41 16 41s15-14 15-25.2C31 7.6 24.3 1 16 1z" fill="${AREA_COLOUR}" stroke="#fff" stroke-width="2" class="group-data-highlighted:fill-warning"/><circle cx="16" cy="15.5" r="5.5" fill="#fff"/></svg>`;

/**
 * Focus ring of the pins (Leaflet makes them focusable buttons). Leaflet's own stylesheet is unlayered and sets the
 * icon's position and display, so layout classes go on the inner element, not on the icon itself.
 */
const PIN_FOCUS =
  'rounded-full focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring';

function pinIcon(pin: MapPin): L.DivIcon {
  if (pin.kind === 'cluster') {
    const size = clusterDiameter(pin.count);
    return L.divIcon({
      className: cn(
        'rounded-full border-[3px] border-white bg-primary text-sm font-bold text-primary-foreground shadow-md',
        'data-highlighted:bg-warning data-highlighted:ring-4 data-highlighted:ring-warning/40',
        PIN_FOCUS,
      ),
      html: `<span aria-hidden="true" class="flex size-full items-center justify-center">${pin.count}</span>`,
      iconSize: [size, size],
    });
  }
  const count =
    pin.kind === 'spot'
      ? `<span aria-hidden="true" class="absolute -top-1.5 -right-2 flex size-5 items-center justify-center rounded-full border-2 border-white bg-foreground text-[10px] font-bold text-background">${pin.listings.length}</span>`
      : '';
  return L.divIcon({
    className: cn('group relative', PIN_FOCUS),
    // Grown from its tip (the inner element: Leaflet positions the icon itself with a transform).
    html: `<span class="block origin-bottom motion-safe:transition-transform group-data-highlighted:scale-125">${PIN_SVG}</span>${count}`,
    iconSize: [PIN_WIDTH, PIN_HEIGHT],
    iconAnchor: [PIN_WIDTH / 2, PIN_HEIGHT - 1],
    popupAnchor: [0, -32],
  });
}

function pinTitle(pin: MapPin): string {
  if (pin.kind === 'cluster') return `${pin.count} properties: zoom in`;
  if (pin.kind === 'spot') return `${pin.listings.length} properties at ${pin.listings[0]!.postcode}`;
  const l = pin.listings[0];
  return `${formatListingPrice(l, 'public')}, ${l.title}`;
}

/**
 * Whether a pin stands for the listing: one of its own, or one inside its cluster. Clusters merged on screen by
 * separatePins join their keys with '|'; each part is a supercluster cluster ('c' and its id) or a spot's listing
 * ids joined with '+' (map-pins.ts).
 */
function pinHolds(index: PinIndex, pin: MapPin, listingId: string): boolean {
  if (pin.kind !== 'cluster') return pin.listings.some((l) => l.id === listingId);
  return pin.key.split('|').some((part) => {
    const cluster = /^c(\d+)$/.exec(part);
    if (!cluster) return part.split('+').includes(listingId);
    return index.clusters
      .getLeaves(Number(cluster[1]), Infinity)
      .some((leaf) => index.spots[leaf.properties.spot]?.some((l) => l.id === listingId));
  });
}

function setHighlighted(marker: L.Marker, on: boolean) {
  marker.setZIndexOffset(on ? HIGHLIGHT_Z_OFFSET : 0);
  marker.getElement()?.toggleAttribute('data-highlighted', on);
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
  const hintId = useId();
  const highlighted = useContext(HighlightedListingContext);
  const [map, setMap] = useState<L.Map | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [sizeTick, setSizeTick] = useState(0);
  const [popup, setPopup] = useState<{
    latitude: number;
    longitude: number;
    ids: string[];
    /** Opened from the keyboard: focus moves into the card. */
    focus: boolean;
  } | null>(null);
  const [popupElement] = useState(() => document.createElement('div'));
  const [drawing, setDrawing] = useState(false);
  const [points, setPoints] = useState<LatLng[]>([]);
  const [drawProblem, setDrawProblem] = useState<string | null>(null);
  /** The last area this map wrote into the URL, the area last fitted, and moves the map made itself. */
  const written = useRef<string | undefined>(undefined);
  const fitted = useRef<string | undefined>(undefined);
  const holdView = useRef(false);
  const programmatic = useRef(false);
  const autoPanning = useRef(false);

  const searchAsIMove = bounds !== undefined;
  // The box shows a click at once; the URL (and so `bounds`) follows a moment later, and wins when it changes.
  const [moveBox, setMoveBox] = useState(searchAsIMove);
  const [urlSearchAsIMove, setUrlSearchAsIMove] = useState(searchAsIMove);
  if (urlSearchAsIMove !== searchAsIMove) {
    setUrlSearchAsIMove(searchAsIMove);
    setMoveBox(searchAsIMove);
  }
  const index = useMemo(() => createPinIndex(listings), [listings]);
  const popupListings = useMemo(
    () => (popup ? listings.filter((l) => popup.ids.includes(l.id)) : []),
    [listings, popup],
  );
  const drawnPoints = useMemo(() => {
    if (!polygon) return undefined;
    const read = readPolygon(polygon);
    return 'points' in read ? read.points : undefined;
  }, [polygon]);
  const target = useMemo(
    () => mapTarget({ bounds, polygon, center, radius, place, listings, resultsKey }),
    [bounds, polygon, center, radius, place, listings, resultsKey],
  );

  // The Leaflet map lives as long as its element (a ref callback with cleanup, React 19).
  const attach = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    const m = L.map(element, { scrollWheelZoom: true, zoomControl: true, minZoom: 4 });
    m.fitBounds(toLatLngBounds(UK_BOUNDS), { animate: false });
    addMapTiles(m, () => setTilesFailed(true));
    m.on('autopanstart', () => {
      autoPanning.current = true;
    });
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

  // Pins, re-clustered whenever the view changes. Markers that stay are kept (and keep keyboard focus). A card
  // hovered in the list restyles its pin here, without rebuilding any marker or re-rendering React.
  useEffect(() => {
    if (!map || drawing) return;
    const layer = L.layerGroup().addTo(map);
    const markers = new Map<string, { marker: L.Marker; pin: MapPin }>();
    let lit: L.Marker | undefined;
    const highlight = () => {
      const slug = highlighted?.get();
      const listing = slug ? index.spots.flat().find((l) => l.slug === slug) : undefined;
      const found = listing
        ? [...markers.values()].find((entry) => pinHolds(index, entry.pin, listing.id))?.marker
        : undefined;
      if (found === lit) return;
      if (lit) setHighlighted(lit, false);
      if (found) setHighlighted(found, true);
      lit = found;
    };
    const render = () => {
      if (map.getSize().x === 0) return;
      const pins = separatePins(
        pinsInView(index, toBounds(map.getBounds().pad(0.25)), map.getZoom()),
        (pin) => map.latLngToContainerPoint([pin.latitude, pin.longitude]),
      );
      const keep = new Set(pins.map((p) => p.key));
      for (const [key, { marker }] of markers) {
        if (keep.has(key)) continue;
        marker.remove();
        markers.delete(key);
      }
      for (const pin of pins) {
        if (markers.has(pin.key)) continue;
        const marker = L.marker([pin.latitude, pin.longitude], {
          icon: pinIcon(pin),
          title: pinTitle(pin),
          keyboard: true,
          riseOnHover: true,
        });
        const open = (byKeyboard: boolean) => {
          if (pin.kind === 'cluster') {
            const zoom = Math.max(clusterExpansionZoom(index, pin.clusterId), map.getZoom() + 1);
            map.setView([pin.latitude, pin.longitude], Math.min(zoom, map.getMaxZoom()));
          } else {
            setPopup({
              latitude: pin.latitude,
              longitude: pin.longitude,
              ids: pin.listings.map((l) => l.id),
              focus: byKeyboard,
            });
          }
        };
        marker.on('click', () => open(false));
        // Leaflet makes pins focusable buttons but only opens its own bound popups from the keyboard.
        marker.on('keypress', (event) => {
          const key = (event as L.LeafletKeyboardEvent).originalEvent.key;
          if (key !== 'Enter' && key !== ' ') return;
          (event as L.LeafletKeyboardEvent).originalEvent.preventDefault();
          open(true);
        });
        marker.addTo(layer);
        markers.set(pin.key, { marker, pin });
      }
      highlight();
    };
    render();
    map.on('moveend resize', render);
    const unsubscribe = highlighted?.subscribe(highlight);
    return () => {
      unsubscribe?.();
      map.off('moveend resize', render);
      layer.remove();
    };
  }, [map, index, drawing, highlighted]);

  // The popup of the chosen pin; its card is rendered by React (the portal below) before it opens.
  const popupOpen = popupListings.length > 0;
  useEffect(() => {
    if (!map || !popup || !popupOpen) return;
    const leafletPopup = L.popup({ maxWidth: 288, minWidth: 240, autoPanPadding: [24, 24] })
      .setLatLng([popup.latitude, popup.longitude])
      .setContent(popupElement)
      .openOn(map);
    const closed = () => setPopup(null);
    leafletPopup.on('remove', closed);
    if (popup.focus) popupElement.querySelector<HTMLElement>('a[href]:not([tabindex="-1"])')?.focus();
    return () => {
      leafletPopup.off('remove', closed);
      leafletPopup.remove();
    };
  }, [map, popup, popupOpen, popupElement]);

  // The drawn area and the radius circle.
  useEffect(() => {
    if (!map) return;
    const layer = L.featureGroup().addTo(map);
    const style = {
      color: AREA_COLOUR,
      weight: 3,
      fillColor: AREA_COLOUR,
      fillOpacity: 0.08,
      interactive: false,
    };
    if (drawnPoints)
      L.polygon(
        drawnPoints.map((p) => [p.latitude, p.longitude] as L.LatLngTuple),
        { ...style, className: 'search-drawn-area' },
      ).addTo(layer);
    if (center && radius !== undefined) {
      L.circle([center.latitude, center.longitude], {
        ...style,
        radius: radius * METRES_PER_MILE,
        className: 'search-radius-circle',
      }).addTo(layer);
      L.circleMarker([center.latitude, center.longitude], {
        radius: 5,
        color: '#fff',
        weight: 2,
        fillColor: AREA_COLOUR,
        fillOpacity: 1,
        interactive: false,
      }).addTo(layer);
    }
    return () => {
      layer.remove();
    };
  }, [map, drawnPoints, center, radius]);

  // Show the area of a new search (not the one the map itself just wrote); wait while the map has no size.
  useEffect(() => {
    if (!map || !target || fitted.current === target.key) return;
    if (holdView.current || target.key === `bounds:${written.current}`) {
      holdView.current = false;
      fitted.current = target.key;
      return;
    }
    if (map.getSize().x === 0) return;
    fitted.current = target.key;
    programmatic.current = true;
    map.fitBounds(toLatLngBounds(target.box), {
      animate: false,
      padding: target.key.startsWith('bounds:') ? [0, 0] : [24, 24],
      maxZoom: target.key.startsWith('bounds:') ? map.getMaxZoom() : FIT_MAX_ZOOM,
    });
    programmatic.current = false;
  }, [map, target, sizeTick]);

  // Search as I move the map: the new area goes into the URL once the map has settled.
  const searchVisibleArea = useEffectEvent((m: L.Map) => {
    if (!searchAsIMove || drawing) return;
    const text = formatBounds(toBounds(m.getBounds()));
    if (text === bounds) return;
    written.current = text;
    onMapArea(text);
  });
  useEffect(() => {
    if (!map) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const moved = () => {
      // Fitting a new search and opening a popup near the edge move the map too: they are not a new area.
      if (programmatic.current) return;
      if (autoPanning.current) {
        autoPanning.current = false;
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(() => searchVisibleArea(map), MOVE_DEBOUNCE_MS);
    };
    map.on('moveend', moved);
    return () => {
      map.off('moveend', moved);
      clearTimeout(timer);
    };
  }, [map]);

  const toggleSearchAsIMove = (on: boolean) => {
    if (!map) return;
    setMoveBox(on);
    if (on) {
      const text = formatBounds(toBounds(map.getBounds()));
      written.current = text;
      onMapArea(text);
    } else {
      // The map stays where it is; the results of everywhere come back into it.
      holdView.current = true;
      onMapArea(undefined);
    }
  };

  // Drawing: clicks add points; Escape cancels.
  const cancelDrawing = useCallback(() => {
    setDrawing(false);
    setPoints([]);
    setDrawProblem(null);
  }, []);
  const finish = () => {
    const result = finishDrawing(points);
    if ('problem' in result) {
      setDrawProblem(result.problem);
      return;
    }
    cancelDrawing();
    onDrawnArea(result.polygon);
  };
  const finishFromMap = useEffectEvent(() => finish());
  const addPoint = useCallback((point: LatLng) => {
    setDrawProblem(null);
    setPoints((current) => addDrawPoint(current, point));
  }, []);

  useEffect(() => {
    if (!map || !drawing) return;
    map.doubleClickZoom.disable();
    const container = map.getContainer();
    container.classList.add('cursor-crosshair!');
    const onClick = (event: L.LeafletMouseEvent) => addPoint(toLatLng(event.latlng));
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') cancelDrawing();
    };
    map.on('click', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      map.off('click', onClick);
      document.removeEventListener('keydown', onKey);
      container.classList.remove('cursor-crosshair!');
      map.doubleClickZoom.enable();
    };
  }, [map, drawing, addPoint, cancelDrawing]);

  // The shape so far, a line following the pointer, and the first point (click it to finish).
  useEffect(() => {
    if (!map || !drawing || points.length === 0) return;
    const layer = L.layerGroup().addTo(map);
    const line = { color: AREA_COLOUR, weight: 3, interactive: false };
    const latLngs = points.map((p) => [p.latitude, p.longitude] as L.LatLngTuple);
    L.polyline(latLngs, line).addTo(layer);
    const last = latLngs[latLngs.length - 1]!;
    const follow = L.polyline([last, last], { ...line, dashArray: '6 6', opacity: 0.7 }).addTo(layer);
    const onMove = (event: L.LeafletMouseEvent) => follow.setLatLngs([last, event.latlng]);
    map.on('mousemove', onMove);
    latLngs.forEach((p, i) => {
      const first = i === 0 && points.length >= 3;
      const vertex = L.circleMarker(p, {
        radius: first ? 8 : 5,
        color: AREA_COLOUR,
        weight: 2,
        fillColor: '#fff',
        fillOpacity: 1,
        interactive: first,
        bubblingMouseEvents: false,
      }).addTo(layer);
      if (first) {
        vertex.bindTooltip('Click to finish', { direction: 'top' });
        vertex.on('click', (event) => {
          L.DomEvent.stop(event);
          finishFromMap();
        });
      }
    });
    return () => {
      map.off('mousemove', onMove);
      layer.remove();
    };
  }, [map, drawing, points]);

  const full = !canAddDrawPoint(points);

  return (
    <div className="flex h-full min-h-0 flex-col gap-2">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label
          className={cn(
            'flex cursor-pointer items-center gap-2 text-sm font-medium',
            (polygon || drawing) && 'cursor-not-allowed opacity-60',
          )}
        >
          <input
            type="checkbox"
            checked={moveBox}
            disabled={!map || !!polygon || drawing}
            onChange={(event) => toggleSearchAsIMove(event.target.checked)}
            className="size-4 cursor-pointer accent-primary disabled:cursor-not-allowed"
          />
          Search as I move the map
        </label>
        <div className="ml-auto flex flex-wrap gap-2">
          {polygon && !drawing && (
            <Button variant="outline" size="sm" onClick={() => onDrawnArea(undefined)}>
              <Trash2 aria-hidden="true" />
              {DRAW_TEXT.remove}
            </Button>
          )}
          {!drawing && (
            <Button
              variant={polygon ? 'ghost' : 'outline'}
              size="sm"
              disabled={!map}
              onClick={() => {
                setPopup(null);
                setDrawing(true);
                setPoints([]);
              }}
            >
              <PenLine aria-hidden="true" />
              {polygon ? 'Draw again' : DRAW_TEXT.start}
            </Button>
          )}
        </div>
      </div>

      {drawing && (
        <div
          role="group"
          aria-label="Drawing an area"
          className="flex flex-col gap-2 rounded-lg border border-primary/40 bg-brand-soft px-3 py-2 text-sm text-brand-soft-foreground"
        >
          <span>{full ? DRAW_TEXT.full : DRAW_TEXT.hint}</span>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={finish} disabled={!canFinishDrawing(points)}>
              <Check aria-hidden="true" />
              {DRAW_TEXT.done}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setPoints((p) => p.slice(0, -1))}
              disabled={points.length === 0}
            >
              <Undo2 aria-hidden="true" />
              {DRAW_TEXT.undo}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => map && addPoint(toLatLng(map.getCenter()))}
              disabled={full}
            >
              <Plus aria-hidden="true" />
              {DRAW_TEXT.addCentre}
            </Button>
            <Button size="sm" variant="ghost" onClick={cancelDrawing}>
              <X aria-hidden="true" />
              {DRAW_TEXT.cancel}
            </Button>
          </div>
          <span className="sr-only" role="status">
            {points.length === 0 ? '' : `${points.length} point${points.length === 1 ? '' : 's'} drawn`}
          </span>
          {drawProblem && (
            <span role="alert" className="font-medium text-destructive">
              {drawProblem}
            </span>
          )}
        </div>
      )}

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
      {popupOpen && createPortal(<MapPopupCard listings={popupListings} />, popupElement)}
    </div>
  );
}
