/**
 * RTDF `price_information` and the lettings terms as Abode's listing fields (REQ-FEED-03, docs/feeds.md). Amounts come
 * in whole pounds and are kept in integer pence. Each code goes through its list (rightmove-codes.ts, rtdf-codes.ts);
 * an unknown code is a warning and its field is left out.
 * - Sale: the asking price and qualifier, the tenure, and for a lease its years left, ground rent (and how it is
 *   reviewed) and service charge; auction and shared ownership set the listing's flags.
 * - Rent: the rent as quoted — monthly, or weekly (kept weekly beside its pcm figure); a yearly, quarterly or daily
 *   rent is converted to pcm with a warning — the deposit, holding deposit, minimum term, let type, furnishing,
 *   availability date, pets and bills.
 * - Both: the council tax band ('A'–'H', or exempt).
 */
import type { ListingFormValues } from '@abode/shared/agent/listing-input.schema';
import { CouncilTaxBandSchema } from '@abode/shared/listings/listing.schema';
import {
  PRICE_QUALIFIER_LABELS,
  PRICE_QUALIFIERS_BY_MODE,
  type ListingFlagValue,
} from '@abode/shared/listings/listing-vocabulary';
import {
  mapCode,
  RIGHTMOVE_CODE_ISSUES,
  RIGHTMOVE_PRICE_QUALIFIERS,
  RIGHTMOVE_TENURE_TYPES,
} from '@abode/shared/feeds/rightmove-codes';
import {
  RTDF_FURNISHED_TYPES,
  RTDF_LET_TYPES,
  RTDF_RENT_FREQUENCIES,
} from '@abode/shared/feeds/rtdf/rtdf-codes';
import { rtdfDay } from '@abode/shared/feeds/rtdf/rtdf-dates';
import type { RtdfProperty } from '@abode/shared/feeds/rtdf/rtdf-request.schema';
import { RTDF_ISSUE_CODES } from '@abode/shared/feeds/rtdf/rtdf-response.schema';
import type { FeedIssue } from '@abode/shared/feeds/feed-report.schema';

type Fields = Partial<ListingFormValues>;

/** What mapping a request noted: warnings (fields left out or changed) and errors (what stops the listing). */
export interface MapNotes {
  warnings: FeedIssue[];
  errors: FeedIssue[];
}

/** Whole pounds as integer pence; absent stays absent. */
export const pence = (pounds: number | undefined): number | undefined =>
  pounds === undefined ? undefined : Math.round(pounds * 100);

/** `code` looked up in `list`, its warnings filed; undefined when absent, null when the code is unknown. */
export function lookUp<T>(
  list: Readonly<Record<number, T>>,
  code: number | undefined,
  field: string,
  notes: MapNotes,
): T | null | undefined {
  if (code === undefined) return undefined;
  const mapped = mapCode(list, code, field);
  if ('issue' in mapped) {
    notes.warnings.push(mapped.issue);
    return null;
  }
  if (mapped.warning) notes.warnings.push(mapped.warning);
  return mapped.value;
}

const PRICE = 'property.price_information';

/** The council tax band: 'A'–'H' as sent (any case), 'exempt' when `council_tax_exempt`; others warned and left out. */
function councilTaxBand(p: RtdfProperty, notes: MapNotes): Fields['councilTaxBand'] {
  if (p.price_information.council_tax_exempt) return 'exempt';
  const sent = p.price_information.council_tax_band?.trim();
  if (!sent) return null;
  const band = CouncilTaxBandSchema.safeParse(sent.length === 1 ? sent.toUpperCase() : sent.toLowerCase());
  if (band.success) return band.data;
  notes.warnings.push({
    code: RIGHTMOVE_CODE_ISSUES.unknownCode,
    message: `Unknown council tax band ${JSON.stringify(sent)}: give A to H, or council_tax_exempt`,
    field: `${PRICE}.council_tax_band`,
  });
  return null;
}

/** How the ground rent is reviewed, in words ('Every 25 years, rising 2%'), from the review period and rise. */
function groundRentReview(p: RtdfProperty): string | null {
  const years = p.price_information.ground_rent_review_period_years;
  const rise = p.price_information.ground_rent_percentage_increase;
  const every = years ? `Every ${years} year${years === 1 ? '' : 's'}` : null;
  const rising = rise !== undefined && rise > 0 ? `rising ${rise}%` : null;
  if (every && rising) return `${every}, ${rising}`;
  if (every) return every;
  return rising ? `Reviewed periodically, ${rising}` : null;
}

/** The sale's fields: asking price, qualifier, tenure, lease terms. */
function saleFields(p: RtdfProperty, notes: MapNotes): Fields {
  const price = p.price_information;
  const tenure = lookUp(RIGHTMOVE_TENURE_TYPES, price.tenure_type, `${PRICE}.tenure_type`, notes) ?? null;
  return {
    tenure,
    leaseYearsRemaining: price.tenure_unexpired_years ?? null,
    groundRentPence: pence(price.annual_ground_rent) ?? null,
    groundRentReview: groundRentReview(p),
    serviceChargePence: pence(price.annual_service_charge) ?? null,
  };
}

/** The rent as Abode keeps it: pence per month, or per week for a weekly rent; other frequencies converted. */
function rentPrice(p: RtdfProperty, notes: MapNotes): Fields {
  const field = `${PRICE}.rent_frequency`;
  const frequency = lookUp(RTDF_RENT_FREQUENCIES, p.price_information.rent_frequency, field, notes);
  const quoted = pence(p.price_information.price);
  if (!frequency) return { pricePence: quoted, rentFrequency: 'pcm' };
  if (frequency.perMonth !== 1 && quoted !== undefined) {
    notes.warnings.push({
      code: RTDF_ISSUE_CODES.rentConverted,
      message: `A ${frequency.label.toLowerCase()} rent is shown per calendar month on Abode: converted to pcm`,
      field,
    });
    return { pricePence: Math.round(quoted * frequency.perMonth), rentFrequency: 'pcm' };
  }
  return { pricePence: quoted, rentFrequency: frequency.frequency };
}

/** A rental's terms: deposits, minimum term, let type, furnishing, date available, pets and bills. */
function lettingsFields(p: RtdfProperty, notes: MapNotes): Fields {
  const price = p.price_information;
  const letType = lookUp(RTDF_LET_TYPES, p.let_type, 'property.let_type', notes) ?? null;
  let availableFrom: string | null = null;
  if (p.date_available) {
    availableFrom = rtdfDay(p.date_available);
    if (!availableFrom)
      notes.warnings.push({
        code: RTDF_ISSUE_CODES.dateInvalid,
        message: "Write dates as 'dd-MM-yyyy': the date available was left out",
        field: 'property.date_available',
      });
  }
  return {
    ...rentPrice(p, notes),
    depositPence: pence(price.deposit) ?? null,
    holdingDepositPence: pence(price.holding_deposit) ?? null,
    minimumTermMonths: p.minimum_term ?? null,
    letType: letType ?? (p.student_property ? 'student' : null),
    furnished:
      lookUp(RTDF_FURNISHED_TYPES, p.details.furnished_type, 'property.details.furnished_type', notes) ??
      null,
    availableFrom,
    petsAllowed: p.details.pets_allowed ?? null,
    billsIncluded: p.details.all_bills_inc ?? null,
    councilTaxIncluded: p.details.council_tax_inc ?? null,
  };
}

/**
 * The price and terms of `p` for a listing of `mode`, with the flags they imply (auction, shared ownership: sale
 * only, where Abode's 'Don't show' filter offers them).
 */
export function mapPriceAndTerms(
  p: RtdfProperty,
  mode: 'sale' | 'rent',
  notes: MapNotes,
): { fields: Fields; flags: ListingFlagValue[] } {
  const qualifier =
    lookUp(
      RIGHTMOVE_PRICE_QUALIFIERS,
      p.price_information.price_qualifier,
      `${PRICE}.price_qualifier`,
      notes,
    ) ?? null;
  const common: Fields = { priceQualifier: qualifier, councilTaxBand: councilTaxBand(p, notes) };
  if (mode === 'rent') {
    if (qualifier && !PRICE_QUALIFIERS_BY_MODE.rent.includes(qualifier)) {
      // CRMs send their sales qualifier on lettings too; a rent is only ever 'from' a figure or on application.
      notes.warnings.push({
        code: RIGHTMOVE_CODE_ISSUES.codeApproximated,
        message: `'${PRICE_QUALIFIER_LABELS[qualifier]}' is for sale listings: the rent is shown as a plain figure`,
        field: `${PRICE}.price_qualifier`,
      });
      common.priceQualifier = null;
    }
    return { fields: { ...common, ...lettingsFields(p, notes) }, flags: [] };
  }
  const flags: ListingFlagValue[] = [];
  if (p.price_information.auction) flags.push('auction');
  if (p.price_information.shared_ownership || qualifier === 'shared-ownership')
    flags.push('shared-ownership');
  return {
    fields: { ...common, pricePence: pence(p.price_information.price), ...saleFields(p, notes) },
    flags,
  };
}
