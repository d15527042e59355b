/**
 * OpenStreetMap tiles for our Leaflet maps (the listing page's and the search map), in one place: the tile URL the
 * CSP allows (`img-src 'self' https://tile.openstreetmap.org`, ADR 013), the attribution OpenStreetMap requires, and
 * the "tiles could not be loaded" signal that lets a page stay usable offline. Imported only by lazily loaded map
 * chunks, so Leaflet never reaches the first bundle.
 */
import L from 'leaflet';

export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
export const OSM_MAX_ZOOM = 19;

/** Failed tiles before the map says the tiles are out of reach: one can be a blip. */
const FAILED_TILES_NOTICE = 3;

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

/** Adds the OpenStreetMap tile layer to `map`; `onUnreachable` runs once when several tiles have failed. */
export function addOsmTiles(map: L.Map, onUnreachable: () => void): L.TileLayer {
  let errors = 0;
  return new CspSafeTileLayer(OSM_TILE_URL, {
    attribution: OSM_ATTRIBUTION,
    maxZoom: OSM_MAX_ZOOM,
    // The site sends `Referrer-Policy: strict-origin-when-cross-origin`; OpenStreetMap's tile policy asks for one.
    referrerPolicy: 'strict-origin-when-cross-origin',
  })
    .on('tileerror', () => {
      errors += 1;
      if (errors === FAILED_TILES_NOTICE) onUnreachable();
    })
    .addTo(map);
}
