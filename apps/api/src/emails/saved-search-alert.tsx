/**
 * The saved-search alert e-mail (REQ-CLIENT-10; jobs/saved-search-alerts.ts sends it): the new homes of one saved search
 * with absolute links, and RFC 8058 one-click unsubscribe headers.
 */
import { formatListingPrice, type PricedListing } from '@abode/shared/listings/listing-price';
import type { SearchFilters } from '@abode/shared/search/search.schema';
import { toSearchParams } from '@abode/shared/search/search-url';
import type { Email } from '#src/lib/mail.ts';
import { A, Layout, LINK_STYLE, P, PARAGRAPH_STYLE, withFooter } from './layout.tsx';

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

const ITEM = { ...PARAGRAPH_STYLE, margin: '0 0 16px' };

const WHY = 'You receive these e-mails because e-mail alerts are on for this saved search on Abode.';

/** 'N new homes for "label"' (one: 'home'). */
export function alertSubject(count: number, label: string): string {
  return `${count} new ${count === 1 ? 'home' : 'homes'} for "${label}"`;
}

/** The alert e-mail of one saved search: the named homes, then 'and N more' (or all results) linking to the search. */
export function alertEmail({ search, filters, listings, total }: AlertMail, publicUrl: string): Email {
  const token = encodeURIComponent(search.unsubscribeToken);
  const unsubscribeUrl = `${publicUrl}/alerts/unsubscribe?token=${token}`;
  const oneClickUrl = `${publicUrl}/api/alerts/unsubscribe/one-click?token=${token}`;
  const query = toSearchParams(filters).toString();
  const searchUrl = `${publicUrl}/search${query ? `?${query}` : ''}`;
  const more = total - listings.length;
  const items = listings.map((l) => ({
    title: l.title,
    price: formatListingPrice(l, 'public'),
    // Street, town and postcode: listings never store the house number (REQ-LISTING-23, price-paid/demo-listing/build-listing.ts).
    address: [l.addressLine1, l.city, l.postcode].filter(Boolean).join(', '),
    url: `${publicUrl}/property/${encodeURIComponent(l.slug)}`,
  }));
  const greeting = search.firstName ? `Hello ${search.firstName},` : 'Hello,';
  const intro = `${total === 1 ? 'A new home matches' : `${total} new homes match`} your saved search "${search.label}".`;
  const moreLink = more > 0 ? `…and ${more} more` : 'See all results';

  const text = [
    greeting,
    '',
    intro,
    '',
    ...items.flatMap((i) => [`${i.title} — ${i.price}`, i.address, i.url, '']),
    `${moreLink}: ${searchUrl}`,
  ].join('\n');

  return {
    to: search.email,
    subject: alertSubject(total, search.label),
    text: withFooter(text, WHY, unsubscribeUrl),
    body: (
      <Layout preview={intro} why={WHY} unsubscribeUrl={unsubscribeUrl}>
        <P>{greeting}</P>
        <P>{intro}</P>
        {/* Plain elements, not react-email's table-based ones: a run renders ~60,000 of these e-mails. */}
        {items.map((i) => (
          <p key={i.url} style={ITEM}>
            <a href={i.url} style={LINK_STYLE}>
              <strong>{i.title}</strong>
            </a>
            <br />
            {i.price}
            <br />
            {i.address}
          </p>
        ))}
        <P>
          <A href={searchUrl}>{moreLink}</A>
        </P>
      </Layout>
    ),
    // RFC 8058 one-click: mail clients POST to the API URL; the page link above needs a click (scanners GET links).
    headers: {
      'List-Unsubscribe': `<${oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
