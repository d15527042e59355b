/**
 * The search map's pins (REQ-SEARCH), as plain data so they can be tested without Leaflet: listings at the same spot
 * become one pin (the demo data places homes at their postcode's centre, so several often share one point and no
 * zoom level would ever separate them), and pins close together on screen are clustered by supercluster.
 */
import Supercluster from 'supercluster';
import type { ListingSummary } from '@abode/shared/listings/listing.schema';
import type { Bounds } from '@abode/shared/search/geo';

/** Cluster radius in screen pixels, and the zoom from which pins are never clustered. */
const CLUSTER_RADIUS_PX = 56;
export const CLUSTER_MAX_ZOOM = 16;

/** What the map draws: one listing, several listings at one spot, or a cluster of nearby pins. */
export type MapPin =
  | { kind: 'listing'; key: string; latitude: number; longitude: number; listings: [ListingSummary] }
  | { kind: 'spot'; key: string; latitude: number; longitude: number; listings: ListingSummary[] }
  | { kind: 'cluster'; key: string; latitude: number; longitude: number; count: number; clusterId: number };

interface SpotProperties {
  spot: number;
  count: number;
}

export interface PinIndex {
  /** Listings grouped by position, in result order. */
  spots: ListingSummary[][];
  clusters: Supercluster<SpotProperties, { count: number }>;
}

/** Listings with a position, grouped by identical coordinates (to 6 decimals, about 10 cm). */
export function groupBySpot(listings: readonly ListingSummary[]): ListingSummary[][] {
  const spots = new Map<string, ListingSummary[]>();
  for (const listing of listings) {
    if (listing.latitude === null || listing.longitude === null) continue;
    const key = `${listing.latitude.toFixed(6)},${listing.longitude.toFixed(6)}`;
    const spot = spots.get(key);
    if (spot) spot.push(listing);
    else spots.set(key, [listing]);
  }
  return [...spots.values()];
}

/** Builds the clustering index of a page of results. */
export function createPinIndex(listings: readonly ListingSummary[]): PinIndex {
  const spots = groupBySpot(listings);
  const clusters = new Supercluster<SpotProperties, { count: number }>({
    radius: CLUSTER_RADIUS_PX,
    maxZoom: CLUSTER_MAX_ZOOM,
    map: (props) => ({ count: props.count }),
    reduce: (acc, props) => {
      acc.count += props.count;
    },
  });
  clusters.load(
    spots.map((spot, i) => ({
      type: 'Feature' as const,
      properties: { spot: i, count: spot.length },
      geometry: { type: 'Point' as const, coordinates: [spot[0]!.longitude!, spot[0]!.latitude!] },
    })),
  );
  return { spots, clusters };
}

/** The pins to draw for a map showing `view` at `zoom` (supercluster zooms are whole numbers). */
export function pinsInView(index: PinIndex, view: Bounds, zoom: number): MapPin[] {
  const z = Math.max(0, Math.min(Math.floor(zoom), CLUSTER_MAX_ZOOM + 1));
  const features = index.clusters.getClusters([view.west, view.south, view.east, view.north], z);
  return features.map((f): MapPin => {
    const [longitude, latitude] = f.geometry.coordinates as [number, number];
    const props = f.properties;
    if ('cluster' in props && props.cluster) {
      return {
        kind: 'cluster',
        key: `c${props.cluster_id}`,
        latitude,
        longitude,
        count: props.count,
        clusterId: props.cluster_id,
      };
    }
    const spot = index.spots[(props as SpotProperties).spot]!;
    const key = spot.map((l) => l.id).join('+');
    return spot.length === 1
      ? { kind: 'listing', key, latitude, longitude, listings: [spot[0]!] }
      : { kind: 'spot', key, latitude, longitude, listings: spot };
  });
}

/** Size of a listing pin's icon in pixels; its anchor (the tip) is the bottom middle. */
export const PIN_WIDTH = 28;
export const PIN_HEIGHT = 37;

/** Diameter in pixels of a cluster's bubble, by how many listings it holds. */
export function clusterDiameter(count: number): number {
  return count >= 100 ? 52 : count >= 10 ? 44 : 38;
}

/** How many listings a pin stands for. */
export function pinCount(pin: MapPin): number {
  return pin.kind === 'cluster' ? pin.count : pin.listings.length;
}

/** The circle a pin's icon covers on screen, from the point its position projects to (pixels, y down). */
function footprint(pin: MapPin, at: { x: number; y: number }) {
  if (pin.kind === 'cluster') return { x: at.x, y: at.y, r: clusterDiameter(pin.count) / 2 };
  return { x: at.x, y: at.y - PIN_HEIGHT / 2, r: PIN_HEIGHT / 2 };
}

function mergePins(a: MapPin, b: MapPin): MapPin {
  const key = `${a.key}|${b.key}`;
  if (a.kind !== 'cluster' && b.kind !== 'cluster')
    return {
      kind: 'spot',
      key,
      latitude: a.latitude,
      longitude: a.longitude,
      listings: [...a.listings, ...b.listings],
    };
  // Clicking zooms to where the biggest cluster in it falls apart; the rest separate on the way.
  const clusterId =
    a.kind === 'cluster' && (b.kind !== 'cluster' || a.count >= b.count)
      ? a.clusterId
      : (b as Extract<MapPin, { kind: 'cluster' }>).clusterId;
  return {
    kind: 'cluster',
    key,
    latitude: a.latitude,
    longitude: a.longitude,
    count: pinCount(a) + pinCount(b),
    clusterId,
  };
}

/**
 * Merges pins whose icons would overlap on screen (clustering places a cluster at the centre of its points, which
 * can land on a neighbour): every pin stays a whole, separate target — at least 24 px with space around it, as
 * WCAG 2.2's target size asks. Bigger pins keep their place; a merged pair is a cluster, or a pin listing them all
 * when neither was a cluster.
 */
export function separatePins(
  pins: readonly MapPin[],
  project: (pin: MapPin) => { x: number; y: number },
  gapPx = 2,
): MapPin[] {
  let current = [...pins].sort((a, b) => pinCount(b) - pinCount(a));
  for (let pass = 0; pass < 5; pass++) {
    const kept: MapPin[] = [];
    let merged = false;
    for (const pin of current) {
      const f = footprint(pin, project(pin));
      const i = kept.findIndex((k) => {
        const g = footprint(k, project(k));
        return Math.hypot(f.x - g.x, f.y - g.y) < f.r + g.r + gapPx;
      });
      if (i < 0) {
        kept.push(pin);
      } else {
        kept[i] = mergePins(kept[i]!, pin);
        merged = true;
      }
    }
    current = kept;
    if (!merged) break;
  }
  return current;
}

/** The zoom at which a cluster falls apart into smaller clusters or pins. */
export function clusterExpansionZoom(index: PinIndex, clusterId: number): number {
  return index.clusters.getClusterExpansionZoom(clusterId);
}

/** The box around every listing with a position, or undefined when none has one. */
export function listingsBounds(listings: readonly ListingSummary[]): Bounds | undefined {
  let box: Bounds | undefined;
  for (const l of listings) {
    if (l.latitude === null || l.longitude === null) continue;
    box = box
      ? {
          south: Math.min(box.south, l.latitude),
          north: Math.max(box.north, l.latitude),
          west: Math.min(box.west, l.longitude),
          east: Math.max(box.east, l.longitude),
        }
      : { south: l.latitude, north: l.latitude, west: l.longitude, east: l.longitude };
  }
  return box;
}
