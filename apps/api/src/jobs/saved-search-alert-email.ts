/**
 * The saved-search alert e-mail (issue #4; jobs/saved-search-alerts.ts sends it): the new homes of one saved search
 * with absolute links, text and HTML parts, and RFC 8058 one-click unsubscribe headers.
 */
import { formatListingPrice, type PricedListing } from '@abode/shared/listings/listing-price';
import type { SearchFilters } from '@abode/shared/search/search.schema';
import { toSearchParams } from '@abode/shared/search/search-url';
import { escapeHtml } from '#src/lib/html.ts';
import type { MailMessage } from '#src/lib/mail.ts';

/** One saved search's new homes, as the alert job has gathered them. */
export interface AlertMail {
  search: { email: string; firstName: string | null; label: string; unsubscribeToken: string };
  filters: SearchFilters;
  /**
   * Named in the e-mail, newest first (at most MAX_LISTED of the job). The price facts as stored: the price is
   * worded by formatListingPrice, so a price on application reads 'POA' whatever `pricePence` holds.
   */
  listings: (PricedListing & {
    slug: string;
    title: string;
    addressLine1: string;
    city: string;
    postcode: string;
  })[];
  /** Every new match, named or not. */
  total: number;
}

/** 'N new homes for "label"' (one: 'home'). */
export function alertSubject(count: number, label: string): string {
  return `${count} new ${count === 1 ? 'home' : 'homes'} for "${label}"`;
}

/** The alert e-mail of one saved search: text and HTML parts, links absolute, every value HTML-escaped. */
export function alertEmail({ search, filters, listings, total }: AlertMail, publicUrl: string): MailMessage {
  const unsubscribeUrl = `${publicUrl}/alerts/unsubscribe?token=${encodeURIComponent(search.unsubscribeToken)}`;
  const oneClickUrl = `${publicUrl}/api/alerts/unsubscribe/one-click?token=${encodeURIComponent(search.unsubscribeToken)}`;
  const query = toSearchParams(filters).toString();
  const searchUrl = `${publicUrl}/search${query ? `?${query}` : ''}`;
  const more = total - listings.length;
  const items = listings.map((l) => ({
    title: l.title,
    price: formatListingPrice(l, 'public'),
    // Street, town and postcode: listings never store the house number (SPEC §5, price-paid/listing-rules.ts).
    address: [l.addressLine1, l.city, l.postcode].filter(Boolean).join(', '),
    url: `${publicUrl}/property/${encodeURIComponent(l.slug)}`,
  }));
  const greeting = search.firstName ? `Hello ${search.firstName},` : 'Hello,';
  const intro = `${total === 1 ? 'A new home matches' : `${total} new homes match`} your saved search "${search.label}".`;
  const moreText = more > 0 ? `…and ${more} more: ${searchUrl}` : `See all results: ${searchUrl}`;

  const text = [
    greeting,
    '',
    intro,
    '',
    ...items.flatMap((i) => [`${i.title} — ${i.price}`, i.address, i.url, '']),
    moreText,
    '',
    `You receive these e-mails because e-mail alerts are on for this saved search on Abode.`,
    `Unsubscribe: ${unsubscribeUrl}`,
  ].join('\n');

  const e = escapeHtml;
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#111">
<p>${e(greeting)}</p>
<p>${e(intro)}</p>
<ul style="padding-left:1.2em">
${items
  .map(
    (i) =>
      `<li style="margin-bottom:1em"><a href="${e(i.url)}"><strong>${e(i.title)}</strong></a><br>${e(i.price)}<br>${e(i.address)}</li>`,
  )
  .join('\n')}
</ul>
<p>${more > 0 ? `<a href="${e(searchUrl)}">…and ${more} more</a>` : `<a href="${e(searchUrl)}">See all results</a>`}</p>
<p style="font-size:12px;color:#555">You receive these e-mails because e-mail alerts are on for this saved search on Abode.
<a href="${e(unsubscribeUrl)}">Unsubscribe</a></p>
</body></html>`;

  return {
    to: search.email,
    subject: alertSubject(total, search.label),
    text,
    html,
    // RFC 8058 one-click: mail clients POST to the API URL; the page link above needs a click (scanners GET links).
    headers: {
      'List-Unsubscribe': `<${oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
