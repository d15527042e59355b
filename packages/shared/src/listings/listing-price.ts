/**
 * A listing's price as people read it (REQ-LISTING-11; REQ-SITE-16): the qualifier before the figure ('Guide
 * price £450,000', 'Offers over £300,000'), 'POA' instead of any figure for a price on application, and a rent as
 * the agent quoted it, weekly or monthly. Public views (cards, the property page, share tags, alert e-mails, admin
 * views) write a rent '£1,250/month' or '£250/week'; agent views '£1,250 pcm' or '£250 pw' (REQ-SITE-16
 * display). Zod-free, so the home page's bundle can use it.
 */
import { formatPounds } from '../money.ts';
import {
  PRICE_QUALIFIER_LABELS,
  type PriceQualifierValue,
  type RentFrequencyValue,
} from './listing-vocabulary.ts';

/** Who reads the price: the public (and admins), or the listing's agent. */
export type PriceAudience = 'public' | 'agent';

/** The price facts of a listing, as every public, admin and agent listing shape carries them. */
export interface PricedListing {
  mode: 'sale' | 'rent';
  /** Pence, per calendar month for a rent; null when the price is on application (never sent). */
  pricePence: number | null;
  priceQualifier?: PriceQualifierValue | null;
  rentFrequency?: RentFrequencyValue | null;
  /** The weekly rent as quoted, in pence, when `rentFrequency` is 'pw'. */
  weeklyRentPence?: number | null;
}

/** What stands for the figure of a price on application. */
export const POA_LABEL = 'POA';
/** 'POA' spelt out, for its title attribute and assistive technology. */
export const POA_TITLE = 'Price on application';

/** True when the price is on application: no figure may be shown, whatever the listing carries. */
export function isPriceOnApplication(listing: Pick<PricedListing, 'pricePence' | 'priceQualifier'>): boolean {
  return listing.priceQualifier === 'poa' || listing.pricePence === null;
}

/**
 * The figures a listing's answer may carry, from what is stored (ADR 028, REQ-LISTING-11): a price on application is
 * stored at its search price so that it sorts and filters, but neither that price nor a weekly rent is ever sent.
 * Pence in, pence (or null) out.
 */
export function sentPrices(stored: {
  priceQualifier: string | null | undefined;
  pricePence: number;
  weeklyRentPence?: number | null | undefined;
}): { pricePence: number | null; weeklyRentPence: number | null } {
  const poa = stored.priceQualifier === 'poa';
  return {
    pricePence: poa ? null : stored.pricePence,
    weeklyRentPence: poa ? null : (stored.weeklyRentPence ?? null),
  };
}

const MONTH_SUFFIX: Record<PriceAudience, string> = { public: '/month', agent: ' pcm' };
const WEEK_SUFFIX: Record<PriceAudience, string> = { public: '/week', agent: ' pw' };

/** A rent quoted per week, with its weekly figure: 'pw' and a weekly amount. */
function quotedWeekly(listing: PricedListing): number | undefined {
  return listing.mode === 'rent' && listing.rentFrequency === 'pw' && listing.weeklyRentPence != null
    ? listing.weeklyRentPence
    : undefined;
}

/**
 * The price in parts, for views that style the qualifier apart from the figure: `qualifier` ('Guide price', null
 * for none or POA), `amount` ('£450,000', '£1,250/month', '£250 pw', or 'POA'), `poa`, and `title`, the words a
 * title attribute or screen reader gives a POA ('Price on application').
 */
export function listingPriceParts(
  listing: PricedListing,
  audience: PriceAudience,
): { qualifier: string | null; amount: string; poa: boolean; title: string | undefined } {
  if (isPriceOnApplication(listing))
    return { qualifier: null, amount: POA_LABEL, poa: true, title: POA_TITLE };
  const weekly = quotedWeekly(listing);
  const amount =
    weekly !== undefined
      ? `${formatPounds(weekly)}${WEEK_SUFFIX[audience]}`
      : listing.mode === 'rent'
        ? `${formatPounds(listing.pricePence!)}${MONTH_SUFFIX[audience]}`
        : formatPounds(listing.pricePence!);
  const qualifier = listing.priceQualifier ? PRICE_QUALIFIER_LABELS[listing.priceQualifier] : null;
  return { qualifier, amount, poa: false, title: undefined };
}

/**
 * The price on one line: 'Guide price £450,000', '£325,000', 'From £1,250/month', '£250 pw' (agent) or '£250/week'
 * (public) for a rent quoted weekly, and 'POA' for a price on application, whose figure is never shown.
 */
export function formatListingPrice(listing: PricedListing, audience: PriceAudience): string {
  const { qualifier, amount } = listingPriceParts(listing, audience);
  return qualifier ? `${qualifier} ${amount}` : amount;
}

/** Rent per week from a monthly rent, as UK agents work it out: pcm × 12 ÷ 52, to the penny. */
export function weeklyFromMonthlyPence(pcmPence: number): number {
  return Math.round((pcmPence * 12) / 52);
}

/**
 * The second line of a rent, in the other frequency: for a rent quoted weekly its monthly equivalent ('£1,083/month'
 * publicly, '£1,083 pcm' for agents: the stored pcm figure, weekly × 52 ÷ 12), and for a monthly rent its weekly
 * equivalent ('£288/week', '£288 pw': pcm × 12 ÷ 52). Undefined for a sale and for a price on application.
 */
export function formatRentEquivalent(listing: PricedListing, audience: PriceAudience): string | undefined {
  if (listing.mode !== 'rent' || isPriceOnApplication(listing)) return undefined;
  const pcm = listing.pricePence!;
  if (quotedWeekly(listing) !== undefined) return `${formatPounds(pcm)}${MONTH_SUFFIX[audience]}`;
  return `${formatPounds(weeklyFromMonthlyPence(pcm))}${WEEK_SUFFIX[audience]}`;
}

/**
 * The monthly equivalent of a rent quoted weekly, the second line cards and tables show under '£250/week'; undefined
 * for anything else (a monthly rent needs no second line there).
 */
export function formatMonthlyEquivalent(listing: PricedListing, audience: PriceAudience): string | undefined {
  return quotedWeekly(listing) !== undefined && !isPriceOnApplication(listing)
    ? formatRentEquivalent(listing, audience)
    : undefined;
}
