/**
 * The search map's pin layer: the Leaflet icon and title of each pin (a listing, a spot of several, or a cluster),
 * and usePinLayer, which keeps the markers in step with the view and highlights the pin of the card hovered in the
 * list (SearchMapLayout).
 */
import { useEffect } from 'react';
import L from 'leaflet';
import { formatListingPrice } from '@abode/shared/listings/listing-price';
import type { HighlightedListing } from '#src/features/search/components/search-map-layout.tsx';
import { AREA_COLOUR, toBounds } from '#src/features/search/components/search-map-leaflet.ts';
import {
  PIN_HEIGHT,
  PIN_WIDTH,
  clusterDiameter,
  clusterExpansionZoom,
  pinsInView,
  separatePins,
  type MapPin,
  type PinIndex,
} from '#src/features/search/utils/map-pins.ts';
import { cn } from '#src/lib/utils.ts';

/** Lifts the pin of the card hovered in the list above its neighbours (Leaflet stacks markers by latitude). */
const HIGHLIGHT_Z_OFFSET = 10_000;

/** The listings of a chosen pin, shown in a popup at its position (degrees). */
export interface PinPopup {
  latitude: number;
  longitude: number;
  ids: string[];
  /** Opened from the keyboard: focus moves into the card. */
  focus: boolean;
}

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

/** A marker for the pin: a click (or Enter/Space on it) zooms into a cluster or opens the pin's popup. */
function pinMarker(map: L.Map, index: PinIndex, pin: MapPin, onOpen: (popup: PinPopup) => void): L.Marker {
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
      onOpen({
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
  return marker;
}

/**
 * Shows the pins on the map and re-clusters them whenever the view changes; returns the cleanup. Markers that stay
 * are kept (and keep keyboard focus). A card hovered in the list restyles its pin here, without rebuilding any
 * marker or re-rendering React.
 */
function showPins(
  map: L.Map,
  index: PinIndex,
  highlighted: HighlightedListing | null,
  onOpen: (popup: PinPopup) => void,
): () => void {
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
    const pins = separatePins(pinsInView(index, toBounds(map.getBounds().pad(0.25)), map.getZoom()), (pin) =>
      map.latLngToContainerPoint([pin.latitude, pin.longitude]),
    );
    const keep = new Set(pins.map((p) => p.key));
    for (const [key, { marker }] of markers) {
      if (keep.has(key)) continue;
      marker.remove();
      markers.delete(key);
    }
    for (const pin of pins) {
      if (markers.has(pin.key)) continue;
      markers.set(pin.key, { marker: pinMarker(map, index, pin, onOpen).addTo(layer), pin });
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
}

/**
 * The pins of the results on `map` (none while drawing, so clicks add points). `onOpen` must be stable (a state
 * setter): the markers are rebuilt when it changes.
 */
export function usePinLayer(
  map: L.Map | null,
  index: PinIndex,
  drawing: boolean,
  highlighted: HighlightedListing | null,
  onOpen: (popup: PinPopup) => void,
) {
  useEffect(() => {
    if (!map || drawing) return;
    return showPins(map, index, highlighted, onOpen);
  }, [map, index, drawing, highlighted, onOpen]);
}
