/**
 * One BLM row mapped to the shared listing input (REQ-FEED-07, ADR 030): the adapter only translates vocabulary;
 * validation, approval and the rules for going live are the write path's (../feed-listing.ts). Columns read:
 * - AGENT_REF, BRANCH_ID (resolved by the import), PUBLISHED_FLAG, TRANS_TYPE_ID, STATUS_ID, PROP_SUB_ID,
 *   PRICE (whole pounds) and PRICE_QUALIFIER;
 * - the address: ADDRESS_2 (the street, shown publicly; ADDRESS_1, the house name or number, only when there is no
 *   ADDRESS_2), TOWN, POSTCODE1 + POSTCODE2. DISPLAY_ADDRESS is not read: Abode shows the street and town;
 * - BEDROOMS, BATHROOMS, LIVING_ROOMS, FEATURE1–10, SUMMARY, DESCRIPTION, NEW_HOME_FLAG, UPDATE_DATE;
 * - lettings: LET_DATE_AVAILABLE, LET_BOND (the deposit), LET_TYPE_ID, LET_FURN_ID, LET_RENT_FREQUENCY,
 *   LET_CONTRACT_IN_MONTHS (the minimum term), and Abode's own LET_HOLDING_DEPOSIT (whole pounds): Part A asks for a
 *   holding deposit before a rental goes live and Rightmove's BLM has no column for one (docs/feeds.md);
 * - material information of later v3 revisions, when present: TENURE_TYPE_ID, TENURE_UNEXPIRED_YEARS,
 *   ANNUAL_GROUND_RENT, GROUND_RENT_REVIEW_PERIOD_YEARS, ANNUAL_SERVICE_CHARGE, SHARED_OWNERSHIP, COUNCIL_TAX_BAND,
 *   COUNCIL_TAX_EXEMPT, COUNCIL_TAX_INCLUDED;
 * - the MEDIA_… columns (blm-media.ts).
 * Any other column is ignored. Abode has no title column to read: the title is written from the bedrooms, the
 * property type and the mode ('3 bedroom semi-detached house for sale'), as Rightmove writes its own.
 */
import type { FeedIssue } from '@abode/shared/feeds/feed-report.schema';
import { BLM_ISSUE_CODES } from '@abode/shared/feeds/blm/blm-import.schema';
import {
  BLM_FURNISHINGS,
  BLM_LET_TYPES,
  BLM_PUBLISHED_FLAGS,
  BLM_RENT_FREQUENCIES,
  BLM_STATUSES,
  BLM_TRANSACTION_TYPES,
  blmCouncilTaxBand,
  blmYesNo,
  mapBlmCode,
} from '@abode/shared/feeds/blm/blm-codes';
import {
  mapCode,
  mapPropertyType,
  RIGHTMOVE_PRICE_QUALIFIERS,
  RIGHTMOVE_TENURE_TYPES,
} from '@abode/shared/feeds/rightmove-codes';
import {
  LISTING_ADDRESS_MAX_LENGTH,
  LISTING_CITY_MAX_LENGTH,
  LISTING_COUNT_MAX,
  LISTING_DESCRIPTION_MAX_LENGTH,
  LISTING_KEY_FEATURE_MAX_LENGTH,
  LISTING_KEY_FEATURES_MAX,
  LISTING_LEASE_YEARS_MAX,
  LISTING_MINIMUM_TERM_MAX_MONTHS,
  LISTING_SUMMARY_MAX_LENGTH,
} from '@abode/shared/agent/listing-input.schema';
import type { ListingFlagValue } from '@abode/shared/listings/listing-vocabulary';
import { sanitiseSingleLine } from '@abode/shared/sanitise';
import type { FeedListing } from '../feed-listing.ts';
import { listingTitle } from './blm-title.ts';
import { blmDay, blmInstant, blmPence, blmText, blmWhole, shorten } from './blm-values.ts';

/** A listing as one row maps it, before its branch and media are resolved by the import. */
export type BlmListing = Omit<FeedListing, 'branchId' | 'media'>;

/** What a row maps to: its reference and branch code (for the report), the listing, and the row's issues. */
export interface BlmRowMapping {
  agentRef: string | null;
  branchCode: string | null;
  /** Null when the row has errors: nothing of it is written. */
  listing: BlmListing | null;
  errors: FeedIssue[];
  warnings: FeedIssue[];
  /** The BLM column each Abode field was read from, to name it in the write path's issues. */
  columnOf: Readonly<Record<string, string>>;
}

/** Abode's field → the BLM column it is read from, where there is one column for it. */
const COLUMN_OF_FIELD: Record<string, string> = {
  title: 'PROP_SUB_ID',
  mode: 'TRANS_TYPE_ID',
  status: 'STATUS_ID',
  propertyType: 'PROP_SUB_ID',
  propertySubType: 'PROP_SUB_ID',
  pricePence: 'PRICE',
  priceQualifier: 'PRICE_QUALIFIER',
  rentFrequency: 'LET_RENT_FREQUENCY',
  bedrooms: 'BEDROOMS',
  bathrooms: 'BATHROOMS',
  receptionRooms: 'LIVING_ROOMS',
  city: 'TOWN',
  postcode: 'POSTCODE1',
  description: 'DESCRIPTION',
  summary: 'SUMMARY',
  keyFeatures: 'FEATURE1',
  features: 'NEW_HOME_FLAG',
  flags: 'SHARED_OWNERSHIP',
  tenure: 'TENURE_TYPE_ID',
  leaseYearsRemaining: 'TENURE_UNEXPIRED_YEARS',
  groundRentPence: 'ANNUAL_GROUND_RENT',
  groundRentReview: 'GROUND_RENT_REVIEW_PERIOD_YEARS',
  serviceChargePence: 'ANNUAL_SERVICE_CHARGE',
  councilTaxBand: 'COUNCIL_TAX_BAND',
  councilTaxIncluded: 'COUNCIL_TAX_INCLUDED',
  availableFrom: 'LET_DATE_AVAILABLE',
  depositPence: 'LET_BOND',
  holdingDepositPence: 'LET_HOLDING_DEPOSIT',
  minimumTermMonths: 'LET_CONTRACT_IN_MONTHS',
  letType: 'LET_TYPE_ID',
  furnished: 'LET_FURN_ID',
};

/**
 * The BLM column to name for an issue on Abode field `field` ('keyFeatures.2' → FEATURE3), or the field itself when
 * no one column holds it.
 */
export function blmColumnOf(
  field: string | undefined,
  columnOf: Readonly<Record<string, string>>,
): string | undefined {
  if (field === undefined) return undefined;
  const [head, index] = field.split('.');
  if (head === 'keyFeatures' && index !== undefined && /^\d+$/.test(index))
    return `FEATURE${Number(index) + 1}`;
  return columnOf[head!] ?? COLUMN_OF_FIELD[head!] ?? field;
}

/** Columns a row cannot do without (PRICE too, unless the price is on application). */
const REQUIRED = [
  'AGENT_REF',
  'BRANCH_ID',
  'PUBLISHED_FLAG',
  'TRANS_TYPE_ID',
  'STATUS_ID',
  'PROP_SUB_ID',
  'TOWN',
  'POSTCODE1',
  'POSTCODE2',
] as const;

type Mapped<T> = { value: T; warning?: FeedIssue } | { issue: FeedIssue };

/** One row's values, read column by column, collecting the row's issues: an error refuses it, a warning leaves a field out. */
class RowReader {
  readonly errors: FeedIssue[] = [];
  readonly warnings: FeedIssue[] = [];
  readonly columnOf: Record<string, string> = {};
  constructor(private readonly values: Readonly<Record<string, string>>) {}

  get(column: string): string {
    return this.values[column]?.trim() ?? '';
  }
  error(column: string, message: string, code: string = BLM_ISSUE_CODES.invalidValue) {
    this.errors.push({ code, message, field: column });
  }
  warn(column: string, message: string, code: string = BLM_ISSUE_CODES.invalidValue) {
    this.warnings.push({ code, message, field: column });
  }
  /** A code of a required column (blank is reported by the REQUIRED check): its value, or an error. */
  required<T>(column: string, lookup: (v: string) => Mapped<T>): T | undefined {
    const v = this.get(column);
    if (!v) return undefined;
    const mapped = lookup(v);
    if ('issue' in mapped) {
      this.errors.push(mapped.issue);
      return undefined;
    }
    if (mapped.warning) this.warnings.push(mapped.warning);
    return mapped.value;
  }
  /** A code of an optional column: its value, null when blank, or null with a warning when unknown. */
  optional<T>(column: string, lookup: (v: string) => Mapped<T>): T | null {
    const v = this.get(column);
    if (!v) return null;
    const mapped = lookup(v);
    if ('issue' in mapped) {
      this.warnings.push(mapped.issue);
      return null;
    }
    if (mapped.warning) this.warnings.push(mapped.warning);
    return mapped.value;
  }
  /** A count (bedrooms…): 0 when blank, an error when not a whole number up to LISTING_COUNT_MAX. */
  count(column: string): number {
    const v = this.get(column);
    if (!v) return 0;
    const n = blmWhole(v, LISTING_COUNT_MAX);
    if (n === null) this.error(column, `${column} must be a whole number from 0 to ${LISTING_COUNT_MAX}`);
    return n ?? 0;
  }
  /** An optional amount in whole pounds, as pence. */
  pence(column: string): number | null {
    const v = this.get(column);
    if (!v) return null;
    const p = blmPence(v);
    if (p === null) this.warn(column, `${column} must be an amount in pounds: the field was left out`);
    return p;
  }
  /** An optional whole number up to `max`. */
  whole(column: string, max: number): number | null {
    const v = this.get(column);
    if (!v) return null;
    const n = blmWhole(v, max);
    if (n === null)
      this.warn(column, `${column} must be a whole number up to ${max}: the field was left out`);
    return n;
  }
  /** Text (blmText), cut at a word to `max` characters with a warning. */
  text(column: string, max: number): string {
    const shortened = shorten(blmText(this.get(column)), max);
    if (shortened.cut)
      this.warn(
        column,
        `${column} is longer than the ${max} characters Abode shows: it was cut`,
        BLM_ISSUE_CODES.textShortened,
      );
    return shortened.text;
  }
  /** One-line text. */
  line(column: string, max: number): string {
    return this.text(column, max).replace(/\s+/g, ' ');
  }
}

/** The required columns and the row's reference; the street column read (ADDRESS_2, else ADDRESS_1). */
function checkRequired(r: RowReader): { agentRef: string | null; street: string } {
  for (const column of REQUIRED)
    if (!r.get(column)) r.error(column, `${column} is required`, BLM_ISSUE_CODES.missingField);
  const street = r.get('ADDRESS_2') ? 'ADDRESS_2' : 'ADDRESS_1';
  r.columnOf.addressLine1 = street;
  if (!r.get(street))
    r.error('ADDRESS_2', 'ADDRESS_2 (the street) is required', BLM_ISSUE_CODES.missingField);
  const agentRef = r.get('AGENT_REF') || null;
  // The reference is stored as the listing's feed_ref and shown in reports: plain, one line, at most 80 characters.
  if (agentRef && (agentRef.length > 80 || sanitiseSingleLine(agentRef, 80) !== agentRef))
    r.error('AGENT_REF', 'AGENT_REF can be at most 80 characters, without < >, tabs or line breaks');
  return { agentRef, street };
}

/** The asking price or rent in pence (a rent converted to Abode's frequencies), and how it is put. */
function readPrice(r: RowReader, mode: 'sale' | 'rent' | undefined) {
  const priceQualifier = r.optional('PRICE_QUALIFIER', (v) =>
    mapCode(RIGHTMOVE_PRICE_QUALIFIERS, v, 'PRICE_QUALIFIER'),
  );
  const poa = priceQualifier === 'poa';
  let pricePence: number | undefined;
  if (r.get('PRICE')) {
    const p = blmPence(r.get('PRICE'));
    if (p === null) r.error('PRICE', 'PRICE must be a whole number of pounds, e.g. 250000');
    else pricePence = p;
  } else if (!poa)
    r.error(
      'PRICE',
      'PRICE is required (or PRICE_QUALIFIER 1, price on application)',
      BLM_ISSUE_CODES.missingField,
    );
  // A blank LET_RENT_FREQUENCY is monthly, as on Rightmove.
  const frequency =
    mode === 'rent'
      ? (r.optional('LET_RENT_FREQUENCY', (v) => mapBlmCode(BLM_RENT_FREQUENCIES, v, 'LET_RENT_FREQUENCY')) ??
        BLM_RENT_FREQUENCIES[1]!)
      : null;
  if (frequency && pricePence !== undefined)
    pricePence = Math.round((pricePence * frequency.factor.numerator) / frequency.factor.denominator);
  return {
    pricePence: poa ? undefined : pricePence,
    priceQualifier,
    rentFrequency: frequency?.frequency ?? null,
  };
}

/** The key features, address and descriptions. */
function readTexts(r: RowReader, street: string) {
  const keyFeatures: string[] = [];
  for (let i = 1; i <= LISTING_KEY_FEATURES_MAX; i += 1) {
    const feature = r.line(`FEATURE${i}`, LISTING_KEY_FEATURE_MAX_LENGTH);
    if (feature) keyFeatures.push(feature);
  }
  return {
    keyFeatures,
    addressLine1: r.line(street, LISTING_ADDRESS_MAX_LENGTH),
    city: r.line('TOWN', LISTING_CITY_MAX_LENGTH),
    postcode: `${r.get('POSTCODE1')} ${r.get('POSTCODE2')}`,
    description: r.text('DESCRIPTION', LISTING_DESCRIPTION_MAX_LENGTH),
    summary: r.text('SUMMARY', LISTING_SUMMARY_MAX_LENGTH) || null,
  };
}

/** Material information (Part A): council tax, tenure and the lease's terms (amounts a year, in pence). */
function readMaterial(r: RowReader, rent: boolean) {
  const exempt = r.optional('COUNCIL_TAX_EXEMPT', (v) => blmYesNo(v, 'COUNCIL_TAX_EXEMPT'));
  const councilTaxBand = exempt ? 'exempt' : r.optional('COUNCIL_TAX_BAND', (v) => blmCouncilTaxBand(v));
  const reviewYears = r.whole('GROUND_RENT_REVIEW_PERIOD_YEARS', 999);
  return {
    councilTaxBand,
    councilTaxIncluded: rent
      ? r.optional('COUNCIL_TAX_INCLUDED', (v) => blmYesNo(v, 'COUNCIL_TAX_INCLUDED'))
      : null,
    tenure: r.optional('TENURE_TYPE_ID', (v) => mapCode(RIGHTMOVE_TENURE_TYPES, v, 'TENURE_TYPE_ID')),
    leaseYearsRemaining: r.whole('TENURE_UNEXPIRED_YEARS', LISTING_LEASE_YEARS_MAX),
    groundRentPence: r.pence('ANNUAL_GROUND_RENT'),
    groundRentReview: reviewYears ? `Every ${reviewYears} year${reviewYears === 1 ? '' : 's'}` : null,
    serviceChargePence: r.pence('ANNUAL_SERVICE_CHARGE'),
  };
}

/** A rental's terms (none for a sale: lettings columns on a sale row are not read). */
function readLettings(r: RowReader, rent: boolean) {
  if (!rent)
    return {
      availableFrom: null,
      depositPence: null,
      holdingDepositPence: null,
      minimumTermMonths: null,
      letType: null,
      furnished: null,
    };
  let availableFrom: string | null = null;
  if (r.get('LET_DATE_AVAILABLE')) {
    availableFrom = blmDay(r.get('LET_DATE_AVAILABLE'));
    if (!availableFrom)
      r.warn('LET_DATE_AVAILABLE', 'LET_DATE_AVAILABLE is not a date (YYYY-MM-DD): the field was left out');
  }
  return {
    availableFrom,
    depositPence: r.pence('LET_BOND'),
    holdingDepositPence: r.pence('LET_HOLDING_DEPOSIT'),
    minimumTermMonths: r.whole('LET_CONTRACT_IN_MONTHS', LISTING_MINIMUM_TERM_MAX_MONTHS),
    letType: r.optional('LET_TYPE_ID', (v) => mapBlmCode(BLM_LET_TYPES, v, 'LET_TYPE_ID')),
    furnished: r.optional('LET_FURN_ID', (v) => mapBlmCode(BLM_FURNISHINGS, v, 'LET_FURN_ID')),
  };
}

/** UPDATE_DATE, or null (the import's time stands in) when blank or not a date. */
function readUpdatedAt(r: RowReader): Date | null {
  if (!r.get('UPDATE_DATE')) return null;
  const updatedAt = blmInstant(r.get('UPDATE_DATE'));
  if (!updatedAt)
    r.warn('UPDATE_DATE', 'UPDATE_DATE is not a date (YYYY-MM-DD HH:MM:SS): the time of the import was used');
  return updatedAt;
}

/**
 * Maps one row's values (by column name) to the listing input. Every column is read before deciding, so the report
 * names every problem of a row at once. Never throws.
 */
export function mapBlmRow(values: Readonly<Record<string, string>>): BlmRowMapping {
  const r = new RowReader(values);
  const { agentRef, street } = checkRequired(r);
  const published = r.required('PUBLISHED_FLAG', (v) => mapBlmCode(BLM_PUBLISHED_FLAGS, v, 'PUBLISHED_FLAG'));
  const mode = r.required('TRANS_TYPE_ID', (v) => mapBlmCode(BLM_TRANSACTION_TYPES, v, 'TRANS_TYPE_ID'));
  const status = r.required('STATUS_ID', (v) => mapBlmCode(BLM_STATUSES, v, 'STATUS_ID'));
  const type = r.required('PROP_SUB_ID', (v) => mapPropertyType(v, 'PROP_SUB_ID'));
  const rent = mode === 'rent';
  const price = readPrice(r, mode);
  const bedrooms = r.count('BEDROOMS');
  const rooms = { bedrooms, bathrooms: r.count('BATHROOMS'), receptionRooms: r.count('LIVING_ROOMS') };
  const newHome = r.optional('NEW_HOME_FLAG', (v) => blmYesNo(v, 'NEW_HOME_FLAG'));
  const sharedOwnership = r.optional('SHARED_OWNERSHIP', (v) => blmYesNo(v, 'SHARED_OWNERSHIP'));
  const flags: ListingFlagValue[] = [];
  if (type?.flag) flags.push(type.flag);
  if (sharedOwnership && !rent) flags.push('shared-ownership');
  const texts = readTexts(r, street);
  const material = readMaterial(r, rent);
  const lettings = readLettings(r, rent);
  const updatedAt = readUpdatedAt(r);
  const listing: BlmListing | null =
    r.errors.length || !agentRef || published === undefined || !mode || !status || !type
      ? null
      : {
          agentRef,
          published,
          updatedAt,
          warnings: r.warnings,
          fields: {
            title: listingTitle({ bedrooms, type: type.type, subType: type.subType, mode }),
            mode,
            status: status.status,
            propertyType: type.type,
            propertySubType: type.subType,
            ...price,
            ...rooms,
            ...texts,
            features: newHome ? ['new-build'] : [],
            flags,
            ...material,
            ...lettings,
          },
        };
  const branchCode = r.get('BRANCH_ID') || null;
  return { agentRef, branchCode, listing, errors: r.errors, warnings: r.warnings, columnOf: r.columnOf };
}
