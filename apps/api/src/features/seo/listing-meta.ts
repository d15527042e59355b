/**
 * Open Graph and Twitter Card tags for a listing page (REQ-LISTING-22): the SPA's index.html is served for
 * `/property/{slug}` with tags for the listing in its <head>, so links shared in chat apps and social networks
 * preview with the title, price and first photo (their crawlers do not run JavaScript).
 */
import { sql } from 'drizzle-orm';
import { buildSrcSet, type PhotoVariant } from '@abode/shared/agent/photos.schema';
import {
  PROPERTY_TYPE_LABELS,
  type ListingMode,
  type PriceQualifier,
  type PropertyType,
  type RentFrequency,
} from '@abode/shared/listings/listing.schema';
import { formatListingPrice } from '@abode/shared/listings/listing-price';
import type { Database } from '#src/db/client.ts';
import { queryRow } from '#src/db/query-rows.ts';
import { publicPrice, VISIBLE_LISTING } from '#src/features/listings/listing-row.ts';
import { addToHead, escapeHtml } from '#src/lib/html.ts';

/** The product name, as in the SPA's page titles ('{title} — Abode'). */
export const SITE_NAME = 'Abode';

export interface ListingMeta {
  slug: string;
  title: string;
  /** Pence (pcm for rent); null for a price on application, whose stored search price is never read out. */
  pricePence: number | null;
  priceQualifier: PriceQualifier | null;
  rentFrequency: RentFrequency | null;
  weeklyRentPence: number | null;
  mode: ListingMode;
  bedrooms: number;
  propertyType: PropertyType;
  addressLine1: string;
  city: string;
  postcode: string;
  /** URL of the first photo (by order_index) as stored: site-relative ('/media/…') or absolute. */
  photoUrl: string | null;
  photoAlt: string | null;
  /** The first photo's `srcset` (its WebP sizes), as the listing page's gallery draws it; null for a demo illustration. */
  photoSrcSet: string | null;
}

/** The listing and first-photo columns findListingMeta reads. */
interface MetaRow {
  slug: string;
  title: string;
  price_pence: number;
  price_qualifier: PriceQualifier | null;
  rent_frequency: RentFrequency | null;
  weekly_rent_pence: number | null;
  mode: ListingMode;
  bedrooms: number;
  property_type: PropertyType;
  address_line_1: string;
  city: string;
  postcode: string;
  photo_url: string | null;
  photo_alt: string | null;
  photo_variants: PhotoVariant[] | null;
}

/**
 * The tag facts of the public listing with this slug (VISIBLE_LISTING: under offer and let agreed too, ADR 019), or
 * undefined (drafts are never described to crawlers).
 */
export async function findListingMeta(db: Database, slug: string): Promise<ListingMeta | undefined> {
  const r = await queryRow<MetaRow>(
    db,
    sql`
    SELECT p.slug, p.title, p.price_pence, p.price_qualifier, p.rent_frequency, p.weekly_rent_pence, p.mode, p.bedrooms, p.property_type, p.address_line_1, p.city,
           p.postcode, ph.url AS photo_url, ph.alt_text AS photo_alt, ph.variants AS photo_variants
      FROM properties p
      LEFT JOIN LATERAL (SELECT url, alt_text, variants FROM property_photos
                          WHERE property_id = p.id ORDER BY order_index, id LIMIT 1) ph ON true
     WHERE p.slug = ${slug} AND ${VISIBLE_LISTING}`,
  );
  if (!r) return undefined;
  return {
    slug: r.slug,
    title: r.title,
    ...publicPrice(r),
    mode: r.mode,
    bedrooms: r.bedrooms,
    propertyType: r.property_type,
    addressLine1: r.address_line_1,
    city: r.city,
    postcode: r.postcode,
    photoUrl: r.photo_url ?? null,
    photoAlt: r.photo_alt ?? null,
    photoSrcSet: buildSrcSet(r.photo_variants) ?? null,
  };
}

/**
 * '£350,000 · 3 bed house for sale · Cowper Road, London, SW19 1AA' (the address never has a house number). The
 * price is worded as on the page: 'Guide price £450,000', '£250/week', 'POA' (no figure for a price on application).
 */
export function listingDescription(m: ListingMeta): string {
  const type = PROPERTY_TYPE_LABELS[m.propertyType].toLowerCase();
  const beds = m.propertyType !== 'land' && m.bedrooms > 0 ? `${m.bedrooms} bed ` : '';
  const what = `${beds}${type} ${m.mode === 'rent' ? 'to rent' : 'for sale'}`;
  const address = [m.addressLine1, m.city, m.postcode].filter(Boolean).join(', ');
  return `${formatListingPrice(m, 'public')} · ${what.charAt(0).toUpperCase()}${what.slice(1)} · ${address}`;
}

/** An absolute URL for `url` on `publicUrl` (already absolute URLs are kept). */
export function absoluteUrl(publicUrl: string, url: string): string {
  return new URL(url, `${publicUrl}/`).toString();
}

/**
 * `indexHtml` with the listing's <title>, description, canonical link, Open Graph and Twitter Card tags. Every
 * value is HTML-escaped; the SPA replaces the title once it runs.
 */
export function renderListingHead(indexHtml: string, meta: ListingMeta, publicUrl: string): string {
  const description = listingDescription(meta);
  const pageUrl = absoluteUrl(publicUrl, `/property/${encodeURIComponent(meta.slug)}`);
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', description],
    ['property', 'og:url', pageUrl],
    ['property', 'og:locale', 'en_GB'],
    ['name', 'twitter:card', meta.photoUrl ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', description],
  ];
  if (meta.photoUrl) {
    const image = absoluteUrl(publicUrl, meta.photoUrl);
    tags.push(['property', 'og:image', image], ['name', 'twitter:image', image]);
    if (meta.photoAlt)
      tags.push(['property', 'og:image:alt', meta.photoAlt], ['name', 'twitter:image:alt', meta.photoAlt]);
  }
  return renderPageHead(indexHtml, { title: meta.title, description, pageUrl, tags });
}

/**
 * `indexHtml` with a public page's <title> ('{title} — Abode'), its own description in place of the site-wide one, a
 * canonical link to `pageUrl` and `tags` (`[attribute, key, value]` of <meta>). Every value is HTML-escaped.
 */
export function renderPageHead(
  indexHtml: string,
  page: { title: string; description: string; pageUrl: string; tags: readonly [string, string, string][] },
): string {
  const title = `${page.title} — ${SITE_NAME}`;
  const head = [
    `<link rel="canonical" href="${escapeHtml(page.pageUrl)}" />`,
    ...page.tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`),
  ];
  let html = indexHtml.replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(title)}</title>`);
  if (!/<title>/i.test(html))
    html = html.replace(/<\/head>/i, () => `<title>${escapeHtml(title)}</title></head>`);
  // The page's own description replaces the site-wide one.
  html = html.replace(
    /<meta\s+name="description"[\s\S]*?\/?>/i,
    () => `<meta name="description" content="${escapeHtml(page.description)}" />`,
  );
  return addToHead(html, head);
}
