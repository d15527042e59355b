/**
 * The map tiles of our Leaflet maps (the listing page's and the search map), in one place: the tiles the server
 * configured (MAP_TILE_* in apps/api/src/env.ts, handed over as a `<meta name="abode-map-tiles">` tag in index.html;
 * OpenStreetMap's without it, as under the Vite dev server), the credit line the provider requires, drawn as DOM
 * text and links, and the "tiles could not be loaded" signal that lets a page stay usable offline. The CSP allows
 * the configured tile origins as images (ADR 013). Imported only by lazily loaded map chunks, so Leaflet never
 * reaches the first bundle.
 */
import L from 'leaflet';
import {
  DEFAULT_MAP_TILES,
  isHttpsLink,
  MAP_TILES_META,
  MapTilesSchema,
  type AttributionPart,
  type MapTiles,
} from '@abode/shared/map-tiles';

/** Failed tiles before the map says the tiles are out of reach: one can be a blip. */
const FAILED_TILES_NOTICE = 3;

/** Leaflet's own credit, which its attribution control shows first. */
const LEAFLET_CREDIT = { text: 'Leaflet', href: 'https://leafletjs.com' };

/**
 * The tiles the server configured, read from index.html's meta tag; OpenStreetMap's when the tag is missing or
 * does not hold a valid configuration (the server checked it at start, so that means no server wrote it).
 */
export function readMapTiles(doc: Document = document): MapTiles {
  const content = doc.querySelector(`meta[name="${MAP_TILES_META}"]`)?.getAttribute('content');
  if (!content) return DEFAULT_MAP_TILES;
  try {
    const parsed = MapTilesSchema.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : DEFAULT_MAP_TILES;
  } catch {
    return DEFAULT_MAP_TILES;
  }
}

/**
 * The credit line as DOM nodes: each part a text node, or an anchor holding a text node when its link is an
 * https URL (any other link, `javascript:` included, stays plain text). Nothing is parsed as HTML, so markup in the
 * configuration shows as the characters it is.
 */
export function attributionNodes(doc: Document, parts: readonly AttributionPart[]): Node[] {
  return parts.map(({ text, href }) => {
    if (href === undefined || !isHttpsLink(href)) return doc.createTextNode(text);
    const link = doc.createElement('a');
    link.href = href;
    link.textContent = text;
    return link;
  });
}

/**
 * The credit control in the map's corner, looking like Leaflet's ('Leaflet | © OpenStreetMap contributors').
 * Leaflet's own control writes credits into the page as HTML; this one builds them as nodes.
 */
const TileAttribution = L.Control.extend({
  options: { position: 'bottomright' },
  initialize(this: L.Control & { parts: readonly AttributionPart[] }, parts: readonly AttributionPart[]) {
    this.parts = parts;
  },
  onAdd(this: { parts: readonly AttributionPart[] }) {
    const box = L.DomUtil.create('div', 'leaflet-control-attribution');
    L.DomEvent.disableClickPropagation(box);
    const separator = document.createElement('span');
    separator.setAttribute('aria-hidden', 'true');
    separator.textContent = '|';
    box.append(
      ...attributionNodes(document, [LEAFLET_CREDIT]),
      ' ',
      separator,
      ' ',
      ...attributionNodes(document, this.parts),
    );
    return box;
  },
}) as unknown as new (parts: readonly AttributionPart[]) => L.Control;

const noop = () => {};

interface TileRecord {
  el: HTMLImageElement;
  coords: L.Coords;
}
interface TileLayerInternals {
  _tiles: Record<string, TileRecord>;
  _tileZoom: number;
  fire: (type: string, data?: unknown) => void;
}

/**
 * Leaflet 1.9 cancels a tile that is no longer wanted (after a zoom or a pan) by pointing it at a `data:` GIF,
 * which our CSP blocks and reports on the console at every move of the search map. This layer cancels the same
 * tiles by dropping their `src` instead (the browser abandons the request either way), with their load handlers
 * detached so the cancelled tile is not counted as an error.
 */
const CspSafeTileLayer = L.TileLayer.extend({
  _abortLoading(this: TileLayerInternals) {
    for (const key of Object.keys(this._tiles)) {
      const record = this._tiles[key]!;
      if (record.coords.z === this._tileZoom) continue;
      const tile = record.el;
      tile.onload = noop;
      tile.onerror = noop;
      if (tile.complete) continue;
      tile.removeAttribute('src');
      tile.remove();
      delete this._tiles[key];
      this.fire('tileabort', { tile, coords: record.coords });
    }
  },
  _removeTile(this: TileLayerInternals, key: string) {
    const record = this._tiles[key];
    if (!record) return;
    record.el.onload = noop;
    record.el.onerror = noop;
    record.el.removeAttribute('src');
    // GridLayer's own removal (the tile element and its bookkeeping), skipping TileLayer's data: URL.
    return (L.GridLayer.prototype as unknown as { _removeTile: (k: string) => void })._removeTile.call(
      this,
      key,
    );
  },
}) as unknown as new (url: string, options?: L.TileLayerOptions) => L.TileLayer;

/**
 * Adds the configured tile layer (default: {@link readMapTiles}) and its credit to `map`, in place of Leaflet's
 * attribution control; `onUnreachable` runs once when several tiles have failed. The map zooms no closer than the
 * tiles' maximum zoom.
 */
export function addMapTiles(
  map: L.Map,
  onUnreachable: () => void,
  tiles: MapTiles = readMapTiles(),
): L.TileLayer {
  // The map is made with Leaflet's control unless told otherwise; it would show credits as HTML.
  map.attributionControl?.remove();
  new TileAttribution(tiles.attribution).addTo(map);
  let errors = 0;
  return new CspSafeTileLayer(tiles.url, {
    maxZoom: tiles.maxZoom,
    ...(tiles.subdomains.length ? { subdomains: tiles.subdomains } : {}),
    // The site sends `Referrer-Policy: strict-origin-when-cross-origin`; OpenStreetMap's tile policy asks for one,
    // and providers that authorise by domain (Stadia Maps, MapTiler) read it.
    referrerPolicy: 'strict-origin-when-cross-origin',
  })
    .on('tileerror', () => {
      errors += 1;
      if (errors === FAILED_TILES_NOTICE) onUnreachable();
    })
    .addTo(map);
}
