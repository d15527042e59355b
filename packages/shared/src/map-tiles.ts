/**
 * The map tiles both maps draw (the listing page's and the search map), as the server hands them to the web app
 * (REQ-SEARCH-30 "Map tiles are configurable", ADR 013). The server reads MAP_TILE_URL, MAP_TILE_SUBDOMAINS,
 * MAP_TILE_ATTRIBUTION and MAP_TILE_MAX_ZOOM (apps/api/src/env.ts), checks them at start, and writes the result into
 * the index.html it serves as one `<meta name="abode-map-tiles" content="{json}">` tag; the web app reads that tag
 * (apps/web/src/lib/map-tiles.ts) and falls back to OpenStreetMap's tiles without it (the Vite dev server).
 */
import { z } from 'zod';

/** The meta tag's name in index.html. */
export const MAP_TILES_META = 'abode-map-tiles';

/** Leaflet's and the providers' zoom range: 0 is the whole world in one tile; 22 the closest any provider serves. */
export const MAX_MAP_ZOOM = 22;

/**
 * One piece of the credit line: plain text, or a link when `href` is set. The server only lets `https:` links
 * through; the web app checks again and shows anything else as text.
 */
export const AttributionPartSchema = z.object({
  text: z.string(),
  href: z.string().optional(),
});
export type AttributionPart = z.infer<typeof AttributionPartSchema>;

/**
 * The tile configuration: `url` is a Leaflet URL template with {z}, {x} and {y} (or {-y} for TMS numbering), and
 * optionally {s} (one of `subdomains`) and {r} ('@2x' on high-density screens); `maxZoom` the closest zoom the
 * provider serves; `attribution` the credit line it requires, as text and links (never HTML).
 */
export const MapTilesSchema = z.object({
  url: z.string().min(1),
  subdomains: z.array(z.string()),
  maxZoom: z.number().int().min(0).max(MAX_MAP_ZOOM),
  attribution: z.array(AttributionPartSchema),
});
export type MapTiles = z.infer<typeof MapTilesSchema>;

/** OpenStreetMap's standard tiles (https://operations.osmfoundation.org/policies/tiles/: light use only). */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** OpenStreetMap's tile servers render up to zoom 19. */
export const OSM_MAX_ZOOM = 19;
/** The credit OpenStreetMap asks for (https://www.openstreetmap.org/copyright), as MAP_TILE_ATTRIBUTION spells it. */
export const OSM_ATTRIBUTION =
  '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** The default configuration: OpenStreetMap's tiles with their credit (OSM_ATTRIBUTION, parsed). */
export const DEFAULT_MAP_TILES: MapTiles = {
  url: OSM_TILE_URL,
  subdomains: [],
  maxZoom: OSM_MAX_ZOOM,
  attribution: [
    { text: '© ' },
    { text: 'OpenStreetMap', href: 'https://www.openstreetmap.org/copyright' },
    { text: ' contributors' },
  ],
};

/** True when `href` is an absolute `https:` URL: the only links a credit line may carry. */
export function isHttpsLink(href: string): boolean {
  try {
    return new URL(href).protocol === 'https:';
  } catch {
    return false;
  }
}
