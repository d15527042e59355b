/**
 * Keeps the search map's view and the URL in step: the map shows the area of each new search, and with 'Search as
 * I move the map' on, the area the map shows becomes the search once the map has settled (REQ-SEARCH).
 */
import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import type L from 'leaflet';
import { toBounds, toLatLngBounds } from '#src/features/search/components/search-map-leaflet.ts';
import { formatBounds, type mapTarget } from '#src/features/search/utils/map-view.ts';

/** Wait this long after the map stops moving before searching the new area (a drag is often several moves). */
export const MOVE_DEBOUNCE_MS = 500;
/** Never zoom closer than this when fitting results (a single pin would otherwise fill the screen). */
const FIT_MAX_ZOOM = 15;

type MapTarget = NonNullable<ReturnType<typeof mapTarget>>;

export interface MapViewSyncInput {
  map: L.Map | null;
  /** Changes whenever the map's element is resized: a map that had no size can fit now. */
  sizeTick: number;
  /** The area of the current search (map-view.ts), or undefined when there is nothing to show. */
  target: MapTarget | undefined;
  /** The searched visible area from the URL; defined while 'Search as I move the map' is on. */
  bounds: string | undefined;
  /** Drawing an area: moving the map then is not a new search. */
  drawing: boolean;
  onMapArea: (bounds: string | undefined) => void;
}

/** Fits the map to the search's area: its exact bounds for a searched visible area, padded otherwise. */
function fitTarget(map: L.Map, target: MapTarget, programmatic: RefObject<boolean>) {
  programmatic.current = true;
  map.fitBounds(toLatLngBounds(target.box), {
    animate: false,
    padding: target.key.startsWith('bounds:') ? [0, 0] : [24, 24],
    maxZoom: target.key.startsWith('bounds:') ? map.getMaxZoom() : FIT_MAX_ZOOM,
  });
  programmatic.current = false;
}

/**
 * Syncs the map's view with the search. Returns the state of the 'Search as I move the map' box (it shows a click at
 * once; the URL, and so `bounds`, follows a moment later and wins when it changes) and its change handler.
 */
export function useMapViewSync({ map, sizeTick, target, bounds, drawing, onMapArea }: MapViewSyncInput) {
  /** The last area this map wrote into the URL, the area last fitted, and moves the map made itself. */
  const written = useRef<string | undefined>(undefined);
  const fitted = useRef<string | undefined>(undefined);
  const holdView = useRef(false);
  const programmatic = useRef(false);

  const searchAsIMove = bounds !== undefined;
  const [moveBox, setMoveBox] = useState(searchAsIMove);
  const [urlSearchAsIMove, setUrlSearchAsIMove] = useState(searchAsIMove);
  if (urlSearchAsIMove !== searchAsIMove) {
    setUrlSearchAsIMove(searchAsIMove);
    setMoveBox(searchAsIMove);
  }

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
    fitTarget(map, target, programmatic);
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
    return searchAfterMoves(map, programmatic, (m) => searchVisibleArea(m));
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

  return { moveBox, toggleSearchAsIMove };
}

/**
 * Calls `search` once the map has settled after a move the user made; returns the cleanup. Fitting a new search and
 * opening a popup near the edge move the map too: they are not a new area.
 */
function searchAfterMoves(map: L.Map, programmatic: RefObject<boolean>, search: (m: L.Map) => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let autoPanning = false;
  const autoPan = () => {
    autoPanning = true;
  };
  const moved = () => {
    if (programmatic.current) return;
    if (autoPanning) {
      autoPanning = false;
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(() => search(map), MOVE_DEBOUNCE_MS);
  };
  map.on('autopanstart', autoPan);
  map.on('moveend', moved);
  return () => {
    map.off('autopanstart', autoPan);
    map.off('moveend', moved);
    clearTimeout(timer);
  };
}
