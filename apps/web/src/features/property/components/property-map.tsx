import { useEffect, useRef, useState } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { addMapTiles } from '#src/lib/map-tiles.ts';

const ZOOM = 15;
/** An approximate location is a postcode district's centre: show the district's surroundings, not a street. */
const APPROXIMATE_ZOOM = 13;
/** Radius (m) of the circle drawn round an approximate location: about the size of an urban postcode district. */
const APPROXIMATE_RADIUS_M = 1000;

/** A map pin drawn in SVG (Leaflet's default marker images need bundler set-up; this needs none). */
const PIN = L.divIcon({
  className: '',
  html: `<svg aria-hidden="true" width="32" height="42" viewBox="0 0 32 42" xmlns="http://www.w3.org/2000/svg">
    <path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 41 16 41s15-14 15-25.2C31 7.6 24.3 1 16 1z" fill="#0f5f56" stroke="#fff" stroke-width="2"/>
    <circle cx="16" cy="15.5" r="5.5" fill="#fff"/></svg>`,
  iconSize: [32, 42],
  iconAnchor: [16, 41],
});

/**
 * The listing's location on the configured map tiles (REQ-CLIENT, lib/map-tiles.ts), loaded as its own chunk with
 * Leaflet. Scroll-wheel zoom is off so the page scrolls past it. When tiles fail to load it says so; the page shows
 * the address as text either way. An `approximate` location (a postcode district's centre, REQ-PLACE-06) is drawn as a shaded area, never
 * as a pin that would claim an exact spot.
 */
export default function PropertyMap({
  latitude,
  longitude,
  label,
  approximate = false,
}: {
  latitude: number;
  longitude: number;
  /** What the pin marks, e.g. the public address. */
  label: string;
  approximate?: boolean;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, {
      scrollWheelZoom: false,
      center: [latitude, longitude],
      zoom: approximate ? APPROXIMATE_ZOOM : ZOOM,
    });
    addMapTiles(map, () => setFailed(true));
    if (approximate)
      L.circle([latitude, longitude], {
        radius: APPROXIMATE_RADIUS_M,
        color: '#0f5f56',
        weight: 2,
        fillOpacity: 0.15,
        interactive: false,
      }).addTo(map);
    else
      L.marker([latitude, longitude], {
        icon: PIN,
        interactive: false,
        keyboard: false,
        title: label,
        alt: label,
      }).addTo(map);
    return () => {
      map.remove();
    };
  }, [latitude, longitude, label, approximate]);

  return (
    <div className="relative">
      <div
        ref={container}
        role="region"
        aria-label={approximate ? `Map showing the area around ${label}` : `Map showing ${label}`}
        className="z-0 h-64 w-full overflow-hidden rounded-xl border bg-muted sm:h-80"
      />
      {failed && (
        <p className="absolute inset-x-3 top-3 z-[1000] rounded-md bg-background/95 px-3 py-2 text-sm shadow">
          The map tiles could not be loaded.
        </p>
      )}
    </div>
  );
}
