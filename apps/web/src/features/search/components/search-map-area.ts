/**
 * The searched area drawn on the search map (REQ-SEARCH): the drawn polygon of a draw-a-search, and the circle of a
 * radius search with a dot at its centre.
 */
import { useEffect, useMemo } from 'react';
import L from 'leaflet';
import { readPolygon } from '@abode/shared/search/geo';
import type { LatLng } from '@abode/shared/search/polyline';
import { AREA_COLOUR } from '#src/features/search/components/search-map-leaflet.ts';
import { METRES_PER_MILE } from '#src/features/search/utils/map-view.ts';

/** A radius search's centre (degrees) and its radius in miles. */
interface RadiusArea {
  center: { latitude: number; longitude: number } | undefined;
  radius: number | undefined;
}

/** Draws the polygon and the radius circle on a new layer of `map`; returns the cleanup. */
function drawArea(map: L.Map, drawnPoints: LatLng[] | undefined, { center, radius }: RadiusArea) {
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
}

/**
 * Shows the searched area on `map`: `polygon` is the encoded drawn area (an unreadable one is left out), `center`
 * and `radius` (miles) the radius search's circle.
 */
export function useAreaLayer(
  map: L.Map | null,
  polygon: string | undefined,
  center: RadiusArea['center'],
  radius: number | undefined,
) {
  const drawnPoints = useMemo(() => {
    if (!polygon) return undefined;
    const read = readPolygon(polygon);
    return 'points' in read ? read.points : undefined;
  }, [polygon]);

  useEffect(() => {
    if (!map) return;
    return drawArea(map, drawnPoints, { center, radius });
  }, [map, drawnPoints, center, radius]);
}
