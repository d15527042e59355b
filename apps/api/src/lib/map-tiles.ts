/**
 * The configured map tiles on the server side (REQ-SEARCH-30, ADR 013): checking a tile URL template, the origins the
 * Content-Security-Policy must allow for it, the credit line parsed from the operator's HTML into text and links,
 * and the `<meta>` tag that hands the result to the web app inside index.html (no inline script, no extra request).
 * env.ts reads the variables and turns these checks into start-up errors.
 */
import { parseFragment, type DefaultTreeAdapterTypes } from 'parse5';
import { isHttpsLink, MAP_TILES_META, type AttributionPart, type MapTiles } from '@abode/shared/map-tiles';
import { escapeHtml } from '#src/lib/html.ts';

/** What Leaflet fills in a template: zoom, column, row (or the TMS row), subdomain and the retina suffix. */
const PLACEHOLDERS = ['z', 'x', 'y', '-y', 's', 'r'] as const;
const PLACEHOLDER = /\{([^{}]*)\}/g;

/** `template` with every placeholder filled: `{s}` with `subdomain`, the tile coordinates with `n`. */
function fill(template: string, subdomain: string, n: number, retina: boolean): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    if (name === 's') return subdomain;
    if (name === 'r') return retina ? '@2x' : '';
    return (PLACEHOLDERS as readonly string[]).includes(name) ? String(n) : whole;
  });
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The URLs a template gives for one tile on each subdomain (a single one without {s}). */
function sampleUrls(template: string, subdomains: readonly string[], n: number, retina: boolean): string[] {
  const names = template.includes('{s}') ? subdomains : [''];
  return names.map((s) => fill(template, s, n, retina));
}

/**
 * What is wrong with a tile URL template, one sentence each (empty when nothing is): unknown placeholders (an API
 * key belongs in the URL itself), a missing {z}, {x} or {y}, {s} without subdomains, something that is not an
 * absolute http(s) URL, a user name or password, an IPv6 address (a CSP cannot name one), or a placeholder other
 * than {s} in the host name (the CSP needs the origins before any tile is asked for). Whether plain http is
 * acceptable depends on the host and is env.ts's call.
 */
export function tileUrlProblems(template: string, subdomains: readonly string[]): string[] {
  const names = [...template.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
  const unknown = [...new Set(names.filter((n) => !(PLACEHOLDERS as readonly string[]).includes(n)))];
  if (unknown.length)
    return [
      `unknown placeholder ${unknown.map((n) => `{${n}}`).join(', ')}: only {z}, {x}, {y} (or {-y}), {s} and {r} are filled in; put an API key into the URL itself`,
    ];
  const problems: string[] = [];
  if (!names.includes('z') || !names.includes('x') || !(names.includes('y') || names.includes('-y')))
    problems.push('must contain {z}, {x} and {y}, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png');
  if (names.includes('s') && subdomains.length === 0)
    problems.push('uses {s} but MAP_TILE_SUBDOMAINS lists no subdomain');
  if (problems.length) return problems;
  let urls: URL[];
  try {
    urls = sampleUrls(template, subdomains, 1, false).map((u) => new URL(u));
  } catch {
    return ['is not an absolute URL, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png'];
  }
  for (const url of urls) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return ['must be an https:// URL'];
    if (url.username || url.password)
      return ['must not contain a user name or password (browsers do not send them with images)'];
    if (url.hostname.startsWith('['))
      return ['must name its host, not an IPv6 address (a Content-Security-Policy cannot allow one)'];
  }
  const other = sampleUrls(template, subdomains, 2, true).map(originOf);
  if (other.some((origin, i) => origin !== urls[i]!.origin))
    problems.push('only {s} may appear in the host name: the Content-Security-Policy names each tile server');
  return problems;
}

/**
 * The distinct origins a valid template loads tiles from (one per subdomain when the host uses {s}), for the
 * Content-Security-Policy's img-src. Call only after {@link tileUrlProblems} found nothing.
 */
export function tileOrigins(template: string, subdomains: readonly string[]): string[] {
  return [...new Set(sampleUrls(template, subdomains, 0, false).map((u) => new URL(u).origin))];
}

type Node = DefaultTreeAdapterTypes.ChildNode;

function isElement(node: Node): node is DefaultTreeAdapterTypes.Element {
  return 'tagName' in node;
}

/**
 * Parses a credit line written in HTML, as providers publish it (`&copy; <a href="https://…">OpenStreetMap</a>
 * contributors`), into text and link parts, with HTML entities decoded and runs of white space kept as in the
 * source. Only text and `<a href="https://…">text</a>` are allowed: any other element (a `<script>`, an image,
 * bold text), a link to anything but https (`javascript:`, `http:`), a link with no text or an empty credit is a
 * problem, one sentence each. Other attributes of a link (`target`, `rel`) are dropped. The web app renders the
 * parts as DOM text and anchors, so nothing of the operator's HTML is ever inserted as HTML.
 */
export function parseAttribution(html: string): { parts: AttributionPart[]; problems: string[] } {
  const parts: AttributionPart[] = [];
  const problems: string[] = [];
  const addText = (text: string) => {
    const last = parts.at(-1);
    if (last && last.href === undefined) last.text += text;
    else if (text) parts.push({ text });
  };
  for (const node of parseFragment(html).childNodes) {
    if (node.nodeName === '#text') addText((node as DefaultTreeAdapterTypes.TextNode).value);
    else if (!isElement(node)) problems.push('only text and <a href="https://…"> links are allowed');
    else if (node.tagName !== 'a')
      problems.push(`only text and <a href="https://…"> links are allowed, not <${node.tagName}>`);
    else {
      const href = node.attrs.find((a) => a.name === 'href')?.value.trim() ?? '';
      const inner = node.childNodes;
      const text = inner
        .map((c) => (c.nodeName === '#text' ? (c as DefaultTreeAdapterTypes.TextNode).value : ''))
        .join('');
      if (inner.some((c) => c.nodeName !== '#text'))
        problems.push(`a link may hold text only: <a href="${href}">`);
      else if (!isHttpsLink(href))
        problems.push(`links must be https:// addresses, not "${href || '(none)'}"`);
      else if (!text.trim()) problems.push(`the link to ${href} has no text`);
      else parts.push({ text, href });
    }
  }
  if (!problems.length && !parts.some((p) => p.text.trim()))
    problems.push('is empty: tile providers require a credit line');
  return { parts, problems };
}

/**
 * The `<meta>` tag that carries `tiles` to the web app (apps/web/src/lib/map-tiles.ts reads it): the configuration
 * as JSON in an HTML-escaped attribute, so no value can end the attribute or the tag.
 */
export function mapTilesMetaTag(tiles: MapTiles): string {
  return `<meta name="${MAP_TILES_META}" content="${escapeHtml(JSON.stringify(tiles))}" />`;
}
