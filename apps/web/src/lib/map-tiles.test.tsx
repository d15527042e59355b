/**
 * The maps' tiles come from the server's configuration (REQ-SEARCH-30): the meta tag in index.html gives the URL
 * template, subdomains, maximum zoom and credit line; without it the maps use OpenStreetMap. The credit is built as
 * DOM text and links, so markup or a `javascript:` link in the configuration stays inert.
 */
import { render, screen, within } from '@testing-library/react';
import L from 'leaflet';
import { afterEach, expect, test } from 'vitest';
import { DEFAULT_MAP_TILES, MAP_TILES_META, type MapTiles } from '@abode/shared/map-tiles';
import PropertyMap from '#src/features/property/components/property-map.tsx';
import SearchMap from '#src/features/search/components/search-map.tsx';
import { addMapTiles, attributionNodes, readMapTiles } from '#src/lib/map-tiles.ts';

const THUNDERFOREST: MapTiles = {
  url: 'https://{s}.tile.thunderforest.com/atlas/{z}/{x}/{y}.png?apikey=0123abcd',
  subdomains: ['a', 'b'],
  maxZoom: 22,
  attribution: [
    { text: 'Maps © ' },
    { text: 'Thunderforest', href: 'https://www.thunderforest.com/' },
    { text: ', Data © ' },
    { text: 'OpenStreetMap contributors', href: 'https://www.openstreetmap.org/copyright' },
  ],
};

/** Puts the server's meta tag into the page's <head>, as the API does when it serves index.html. */
function serveMeta(content: string) {
  const meta = document.createElement('meta');
  meta.name = MAP_TILES_META;
  meta.content = content;
  document.head.append(meta);
}

afterEach(() => {
  document.head.querySelectorAll(`meta[name="${MAP_TILES_META}"]`).forEach((m) => m.remove());
});

/** A Leaflet map on a detached element, as the map components make one. */
function makeMap(): L.Map {
  const element = document.createElement('div');
  document.body.append(element);
  return L.map(element, { center: [51.4185, -0.1882], zoom: 14 });
}

test("without the server's meta tag (or with a broken one) the maps use OpenStreetMap", () => {
  expect(readMapTiles(document)).toEqual(DEFAULT_MAP_TILES);
  serveMeta('{not json');
  expect(readMapTiles(document)).toEqual(DEFAULT_MAP_TILES);
  document.head.querySelector(`meta[name="${MAP_TILES_META}"]`)?.remove();
  serveMeta(JSON.stringify({ ...THUNDERFOREST, maxZoom: 40 }));
  expect(readMapTiles(document)).toEqual(DEFAULT_MAP_TILES);
});

test('the configured template, subdomains and maximum zoom reach the tile layer and the map', () => {
  serveMeta(JSON.stringify(THUNDERFOREST));
  expect(readMapTiles(document)).toEqual(THUNDERFOREST);
  const map = makeMap();
  const layer = addMapTiles(map, () => {});
  expect(layer.options.maxZoom).toBe(22);
  expect(map.getMaxZoom()).toBe(22);
  const tiles = [...map.getContainer().querySelectorAll<HTMLImageElement>('img.leaflet-tile')];
  expect(tiles.length).toBeGreaterThan(0);
  for (const tile of tiles)
    expect(tile.src).toMatch(
      /^https:\/\/[ab]\.tile\.thunderforest\.com\/atlas\/14\/\d+\/\d+\.png\?apikey=0123abcd$/,
    );
  map.remove();
});

test('a lower maximum zoom holds the map back to it', () => {
  const map = makeMap();
  addMapTiles(map, () => {}, { ...DEFAULT_MAP_TILES, maxZoom: 12 });
  expect(map.getMaxZoom()).toBe(12);
  map.setZoom(18);
  expect(map.getZoom()).toBe(12);
  map.remove();
});

test("the credit replaces Leaflet's HTML control: Leaflet, then the provider's text and https links", () => {
  const map = makeMap();
  addMapTiles(map, () => {}, THUNDERFOREST);
  const controls = map.getContainer().querySelectorAll('.leaflet-control-attribution');
  expect(controls).toHaveLength(1);
  const credit = controls[0] as HTMLElement;
  expect(credit.textContent).toBe('Leaflet | Maps © Thunderforest, Data © OpenStreetMap contributors');
  expect(within(credit).getByRole('link', { name: 'Thunderforest' })).toHaveAttribute(
    'href',
    'https://www.thunderforest.com/',
  );
  expect(within(credit).getByRole('link', { name: 'OpenStreetMap contributors' })).toHaveAttribute(
    'href',
    'https://www.openstreetmap.org/copyright',
  );
  expect(within(credit).getByRole('link', { name: 'Leaflet' })).toHaveAttribute(
    'href',
    'https://leafletjs.com',
  );
  map.remove();
});

test('markup and non-https links in the credit stay inert text', () => {
  const parts = [
    { text: '<script>window.pwned = true</script><img src=x onerror="window.pwned = true"> ' },
    { text: 'Click me', href: 'javascript:window.pwned = true' },
    { text: ' ' },
    { text: 'Data', href: 'data:text/html,<script>alert(1)</script>' },
    { text: ' ' },
    { text: 'Plain http', href: 'http://tiles.example.org/' },
  ];
  const box = document.createElement('div');
  box.append(...attributionNodes(document, parts));
  expect(box.querySelector('script, img')).toBeNull();
  expect(box.querySelectorAll('a')).toHaveLength(0);
  expect(box.textContent).toBe(
    '<script>window.pwned = true</script><img src=x onerror="window.pwned = true"> Click me Data Plain http',
  );

  // The same credit through the server's meta tag and a real map: still text, nothing run.
  serveMeta(JSON.stringify({ ...DEFAULT_MAP_TILES, attribution: parts }));
  const map = makeMap();
  addMapTiles(map, () => {});
  const credit = map.getContainer().querySelector('.leaflet-control-attribution')!;
  expect(credit.querySelector('script, img')).toBeNull();
  expect([...credit.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
    'https://leafletjs.com',
  ]);
  expect(credit.textContent).toContain('<script>window.pwned = true</script>');
  expect((window as unknown as { pwned?: boolean }).pwned).toBeUndefined();
  map.remove();
});

test("the listing page's map draws the configured tiles with their credit", async () => {
  serveMeta(JSON.stringify(THUNDERFOREST));
  render(<PropertyMap latitude={51.4185} longitude={-0.1882} label="Cowper Road, London, SW19 1AA" />);
  const map = await screen.findByRole('region', { name: 'Map showing Cowper Road, London, SW19 1AA' });
  const tile = map.querySelector<HTMLImageElement>('img.leaflet-tile');
  expect(tile?.src).toMatch(
    /^https:\/\/[ab]\.tile\.thunderforest\.com\/atlas\/15\/\d+\/\d+\.png\?apikey=0123abcd$/,
  );
  expect(within(map).getByRole('link', { name: 'Thunderforest' })).toHaveAttribute(
    'href',
    'https://www.thunderforest.com/',
  );
  expect(map.querySelector('a[href="https://www.openstreetmap.org/copyright"]')).not.toBeNull();
});

test('the search map draws the configured tiles with their credit', async () => {
  serveMeta(JSON.stringify(THUNDERFOREST));
  render(<SearchMap listings={[]} resultsKey="none" onMapArea={() => {}} onDrawnArea={() => {}} />);
  const map = await screen.findByTestId('search-map');
  const tile = map.querySelector<HTMLImageElement>('img.leaflet-tile');
  expect(tile?.src).toMatch(
    /^https:\/\/[ab]\.tile\.thunderforest\.com\/atlas\/\d+\/\d+\/\d+\.png\?apikey=0123abcd$/,
  );
  expect(within(map).getByRole('link', { name: 'Thunderforest' })).toHaveAttribute(
    'href',
    'https://www.thunderforest.com/',
  );
  expect(map.querySelectorAll('.leaflet-control-attribution')).toHaveLength(1);
});
