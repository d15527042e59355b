/**
 * Draw-a-search on the search map (REQ-SEARCH): the drawing's state, the map clicks that add points (Escape
 * cancels), and the shape so far drawn on the map. The controls are DrawAreaControl.
 */
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import L from 'leaflet';
import type { LatLng } from '@abode/shared/search/polyline';
import { AREA_COLOUR, toLatLng } from '#src/features/search/components/search-map-leaflet.ts';
import { addDrawPoint, finishDrawing } from '#src/features/search/utils/draw-area.ts';

/** While drawing, clicks on the map add points and Escape cancels; returns the cleanup. */
function listenForPoints(map: L.Map, addPoint: (point: LatLng) => void, cancel: () => void) {
  map.doubleClickZoom.disable();
  const container = map.getContainer();
  container.classList.add('cursor-crosshair!');
  const onClick = (event: L.LeafletMouseEvent) => addPoint(toLatLng(event.latlng));
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') cancel();
  };
  map.on('click', onClick);
  document.addEventListener('keydown', onKey);
  return () => {
    map.off('click', onClick);
    document.removeEventListener('keydown', onKey);
    container.classList.remove('cursor-crosshair!');
    map.doubleClickZoom.enable();
  };
}

/** The shape so far, a line following the pointer, and the first point (click it to finish); returns the cleanup. */
function drawShape(map: L.Map, points: LatLng[], finish: () => void) {
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
        finish();
      });
    }
  });
  return () => {
    map.off('mousemove', onMove);
    layer.remove();
  };
}

/**
 * Drawing an area on `map`. `finish` hands a valid drawing (encoded polygon) to `onDrawnArea`, or shows why it is not
 * one yet in `problem`.
 */
export function useDrawArea(map: L.Map | null, onDrawnArea: (polygon: string) => void) {
  const [drawing, setDrawing] = useState(false);
  const [points, setPoints] = useState<LatLng[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const cancel = useCallback(() => {
    setDrawing(false);
    setPoints([]);
    setProblem(null);
  }, []);
  const finish = () => {
    const result = finishDrawing(points);
    if ('problem' in result) {
      setProblem(result.problem);
      return;
    }
    cancel();
    onDrawnArea(result.polygon);
  };
  const finishFromMap = useEffectEvent(() => finish());
  const addPoint = useCallback((point: LatLng) => {
    setProblem(null);
    setPoints((current) => addDrawPoint(current, point));
  }, []);

  useEffect(() => {
    if (!map || !drawing) return;
    return listenForPoints(map, addPoint, cancel);
  }, [map, drawing, addPoint, cancel]);

  useEffect(() => {
    if (!map || !drawing || points.length === 0) return;
    return drawShape(map, points, () => finishFromMap());
  }, [map, drawing, points]);

  return {
    drawing,
    points,
    problem,
    start: () => {
      setDrawing(true);
      setPoints([]);
    },
    finish,
    undo: () => setPoints((p) => p.slice(0, -1)),
    addCentre: () => map && addPoint(toLatLng(map.getCenter())),
    cancel,
  };
}
