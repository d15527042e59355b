/**
 * Rightmove's code lists that its real-time feed (RTDF) and its BLM files share, each mapped explicitly to Abode's
 * vocabulary (REQ-FEED-07, docs/feeds.md). Codes and their names are Rightmove's (RTDF v1 JSON schemas: `property_type`,
 * `price_qualifier`, `tenure_type`; BLM v3: `PROP_SUB_ID`, `PRICE_QUALIFIER`, `TENURE_TYPE_ID`); the mapping is ours.
 *
 * A code missing from a list is a warning for the CRM (`UNKNOWN_CODE`, via {@link mapCode}), never a crash: Rightmove
 * adds codes over time, and an adapter must go on with the rest of the listing.
 */
import type { Tenure } from '../listings/listing.schema.ts';
import type {
  ListingFlagValue,
  PriceQualifierValue,
  PropertySubTypeValue,
  PropertyTypeValue,
} from '../listings/listing-vocabulary.ts';
import type { FeedIssue } from './feed-report.schema.ts';

/** Issue codes of the code lists (docs/feeds.md lists them for CRM vendors). */
export const RIGHTMOVE_CODE_ISSUES = {
  /** A code that is not in Rightmove's list (or not one we know yet): the field is left out. */
  unknownCode: 'UNKNOWN_CODE',
  /** A property type that is not a home (commercial, parking, hotel…): the listing is refused. */
  notAHome: 'PROPERTY_TYPE_NOT_LISTED',
  /** 'Not specified' or 'Off-plan': the code does not say what kind of home it is. */
  typeUnspecified: 'PROPERTY_TYPE_REQUIRED',
  /** A code Abode reads only approximately (Scottish feudal tenure, 'Coming soon'). */
  codeApproximated: 'CODE_APPROXIMATED',
} as const;

/** One Rightmove property type: its name, and Abode's type and sub-type (both null: not a home Abode lists). */
export interface RightmovePropertyType {
  label: string;
  type: PropertyTypeValue | null;
  subType: PropertySubTypeValue | null;
}

const home = (
  label: string,
  type: PropertyTypeValue,
  subType: PropertySubTypeValue | null = null,
): RightmovePropertyType => ({ label, type, subType });
const notHome = (label: string): RightmovePropertyType => ({ label, type: null, subType: null });

/**
 * RTDF `property.property_type` = BLM `PROP_SUB_ID`: every code of Rightmove's list. Homes map to Abode's type and,
 * where Abode has one, its sub-type. Choices worth knowing:
 * - homes without an Abode sub-type keep the type only (26 'House (unspecified)', 'Villa', 'Castle', 'Mill'…);
 * - overseas homes map by their built form (a finca or cortijo is a farmhouse, a gîte a cottage), though Abode
 *   lists GB postcodes only, so the postcode check refuses them anyway;
 * - sheltered housing and retirement property map to a flat (how nearly all of them are built) and carry the
 *   'retirement' flag ({@link RIGHTMOVE_PROPERTY_TYPE_FLAGS}); house and flat shares and houses in multiple
 *   occupation are the house or flat they are in;
 * - a mobile home is a park home (a residential park home under the Mobile Homes Act 1983);
 * - commercial property, parking, garages, hotels, caravans, houseboats, barns and ruins, blocks and developments
 *   are not homes Abode lists: type null, refused with {@link RIGHTMOVE_CODE_ISSUES.notAHome};
 * - 0 'Not specified' and 125 'Off-plan' do not say what the home is: refused with
 *   {@link RIGHTMOVE_CODE_ISSUES.typeUnspecified} (no sound default: a wrong type misleads every search filter).
 */
export const RIGHTMOVE_PROPERTY_TYPES: Record<number, RightmovePropertyType> = {
  0: notHome('Not specified'),
  1: home('Terraced house', 'house', 'terraced'),
  2: home('End of terrace house', 'house', 'end-of-terrace'),
  3: home('Semi-detached house', 'house', 'semi-detached'),
  4: home('Detached house', 'house', 'detached'),
  5: home('Mews house', 'house', 'mews'),
  6: home('Cluster house', 'house', 'cluster-house'),
  7: home('Ground floor flat', 'flat', 'ground-flat'),
  8: home('Flat', 'flat', 'flat'),
  9: home('Studio flat', 'flat', 'studio'),
  10: home('Ground floor maisonette', 'maisonette', 'ground-maisonette'),
  11: home('Maisonette', 'maisonette', 'maisonette'),
  12: home('Bungalow', 'bungalow', 'bungalow'),
  13: home('Terraced bungalow', 'bungalow', 'terraced-bungalow'),
  14: home('Semi-detached bungalow', 'bungalow', 'semi-detached-bungalow'),
  15: home('Detached bungalow', 'bungalow', 'detached-bungalow'),
  16: home('Mobile home', 'bungalow', 'park-home'),
  20: home('Land (residential)', 'land', 'land'),
  21: home('Link detached house', 'house', 'link-detached'),
  22: home('Town house', 'house', 'town-house'),
  23: home('Cottage', 'house', 'cottage'),
  24: home('Chalet', 'bungalow'),
  25: home('Character property', 'house'),
  26: home('House (unspecified)', 'house'),
  27: home('Villa', 'house'),
  28: home('Apartment', 'flat', 'apartment'),
  29: home('Penthouse', 'flat', 'penthouse'),
  30: home('Finca', 'house', 'farmhouse'),
  43: home('Barn conversion', 'house', 'barn-conversion'),
  44: home('Serviced apartment', 'flat', 'serviced-apartment'),
  45: notHome('Parking'),
  46: home('Sheltered housing', 'flat'),
  47: home('Retirement property', 'flat'),
  48: home('House share', 'house'),
  49: home('Flat share', 'flat'),
  50: home('Park home', 'bungalow', 'park-home'),
  51: notHome('Garages'),
  52: home('Farm house', 'house', 'farmhouse'),
  53: notHome('Equestrian facility'),
  56: home('Duplex', 'flat', 'duplex'),
  59: home('Triplex', 'flat'),
  62: home('Longère', 'house', 'farmhouse'),
  65: home('Gîte', 'house', 'cottage'),
  68: notHome('Barn'),
  71: home('Trulli', 'house'),
  74: home('Mill', 'house'),
  77: notHome('Ruins'),
  80: notHome('Restaurant'),
  83: notHome('Café'),
  86: home('Mill', 'house'),
  92: home('Castle', 'house'),
  95: home('Village house', 'house'),
  101: home('Cave house', 'house'),
  104: home('Cortijo', 'house', 'farmhouse'),
  107: home('Farm land', 'land', 'farm-land'),
  110: home('Plot', 'land', 'plot'),
  113: home('Country house', 'house'),
  116: home('Stone house', 'house'),
  117: notHome('Caravan'),
  118: home('Lodge', 'house'),
  119: home('Log cabin', 'house'),
  120: home('Manor house', 'house'),
  121: home('Stately home', 'house'),
  125: notHome('Off-plan'),
  128: home('Semi-detached villa', 'house', 'semi-detached'),
  131: home('Detached villa', 'house', 'detached'),
  134: notHome('Bar/nightclub'),
  137: notHome('Shop'),
  140: home('Riad', 'house'),
  141: notHome('House boat'),
  142: notHome('Hotel room'),
  143: notHome('Block of apartments'),
  144: home('Private halls', 'flat'),
  178: notHome('Office'),
  181: notHome('Business park'),
  184: notHome('Serviced office'),
  187: notHome('Retail property (high street)'),
  190: notHome('Retail property (out of town)'),
  193: notHome('Convenience store'),
  196: notHome('Garages'),
  199: notHome('Hairdresser/barber shop'),
  202: notHome('Hotel'),
  205: notHome('Petrol station'),
  208: notHome('Post office'),
  211: notHome('Pub'),
  214: notHome('Workshop & retail space'),
  217: notHome('Distribution warehouse'),
  220: notHome('Factory'),
  223: notHome('Heavy industrial'),
  226: notHome('Industrial park'),
  229: notHome('Light industrial'),
  232: notHome('Storage'),
  235: notHome('Showroom'),
  238: notHome('Warehouse'),
  241: notHome('Land (commercial)'),
  244: notHome('Commercial development'),
  247: notHome('Industrial development'),
  250: notHome('Residential development'),
  253: notHome('Commercial property'),
  256: notHome('Data centre'),
  259: notHome('Farm'),
  262: notHome('Healthcare facility'),
  265: notHome('Marine property'),
  268: notHome('Mixed use'),
  271: notHome('Research & development facility'),
  274: notHome('Science park'),
  277: notHome('Guest house'),
  280: notHome('Hospitality'),
  283: notHome('Leisure facility'),
  298: notHome('Takeaway'),
  301: notHome('Childcare facility'),
  304: notHome('Smallholding'),
  307: notHome('Place of worship'),
  310: notHome('Trade counter'),
  511: home('Coach house', 'house', 'coach-house'),
  512: home('House of multiple occupation', 'house'),
  535: notHome('Sports facilities'),
  538: notHome('Spa'),
  541: notHome('Campsite & holiday village'),
};

/** Property types that also say what kind of sale or let it is: the 'Don't show' flag they carry. */
export const RIGHTMOVE_PROPERTY_TYPE_FLAGS: Partial<Record<number, ListingFlagValue>> = {
  46: 'retirement',
  47: 'retirement',
};

/** Property types that name no kind of home at all (as opposed to a kind Abode does not list). */
export const RIGHTMOVE_UNSPECIFIED_PROPERTY_TYPES: readonly number[] = [0, 125];

/**
 * RTDF `price_information.price_qualifier` = BLM `PRICE_QUALIFIER`. 0 'Default' is the plain figure (null); 16
 * 'Coming soon' has no Abode qualifier: the plain figure, with a warning ({@link mapCode}).
 */
export const RIGHTMOVE_PRICE_QUALIFIERS: Record<number, PriceQualifierValue | null> = {
  0: null,
  1: 'poa',
  2: 'guide-price',
  3: 'fixed-price',
  4: 'offers-in-excess-of',
  5: 'offers-in-region-of',
  6: 'sale-by-tender',
  7: 'from',
  9: 'shared-ownership',
  10: 'offers-over',
  11: 'part-buy-part-rent',
  12: 'shared-equity',
  16: null,
};

/**
 * RTDF `price_information.tenure_type` = BLM `TENURE_TYPE_ID`. 3 'Feudal' (Scotland) maps to freehold with a
 * warning: the Abolition of Feudal Tenure etc. (Scotland) Act 2000 turned every feudal estate into outright
 * ownership on 28 November 2004, which is what a freehold is to a buyer; a CRM still sending 'feudal' means that.
 */
export const RIGHTMOVE_TENURE_TYPES: Record<number, Tenure | null> = {
  1: 'freehold',
  2: 'leasehold',
  3: 'freehold',
  4: 'commonhold',
  5: 'share_of_freehold',
};

/**
 * Codes that map only approximately, by list: {@link mapCode} returns their value with this warning. Kept beside
 * the lists so that RTDF and BLM warn alike.
 */
const APPROXIMATIONS = new Map<object, Partial<Record<number, string>>>([
  [
    RIGHTMOVE_TENURE_TYPES,
    {
      3: 'Feudal tenure was abolished in Scotland in 2004 and is shown as freehold (outright ownership)',
    },
  ],
  [
    RIGHTMOVE_PRICE_QUALIFIERS,
    { 16: "'Coming soon' is not a price qualifier on Abode: the price is shown as a plain figure" },
  ],
]);

/** What {@link mapCode} made of a code: its value (maybe with a warning), or the issue that stopped it. */
export type MappedCode<T> = { value: T; warning?: FeedIssue } | { issue: FeedIssue };

/** A code as a feed sends it: a number, or its digits as text (BLM fields, lenient JSON). Null when not a code. */
export function codeNumber(code: unknown): number | null {
  if (typeof code === 'number') return Number.isInteger(code) ? code : null;
  if (typeof code === 'string' && /^\s*-?\d+\s*$/.test(code)) return Number(code);
  return null;
}

/**
 * Looks `code` up in one of Rightmove's lists (`list`, e.g. {@link RIGHTMOVE_TENURE_TYPES}). A known code gives
 * `{ value }` (with `warning` when it maps only approximately); an unknown one gives `{ issue }` with
 * {@link RIGHTMOVE_CODE_ISSUES.unknownCode}, naming `field` (the feed's own field name, e.g.
 * 'property.price_information.tenure_type' or 'TENURE_TYPE_ID') and the value. The caller decides whether that
 * issue is a warning (an optional field, left out) or an error (a field the listing cannot do without). Never throws.
 */
export function mapCode<T>(list: Readonly<Record<number, T>>, code: unknown, field: string): MappedCode<T> {
  const n = codeNumber(code);
  if (n === null || !Object.hasOwn(list, n))
    return {
      issue: {
        code: RIGHTMOVE_CODE_ISSUES.unknownCode,
        message: `Unknown code ${JSON.stringify(code)} for ${field}: the field was left out`,
        field,
      },
    };
  const value = list[n] as T;
  const note = APPROXIMATIONS.get(list)?.[n];
  return note
    ? { value, warning: { code: RIGHTMOVE_CODE_ISSUES.codeApproximated, message: note, field } }
    : { value };
}

/**
 * A Rightmove property type as Abode's type and sub-type (and the flag it implies), or the error that refuses the
 * listing: an unknown code ({@link RIGHTMOVE_CODE_ISSUES.unknownCode}), one that names no kind of home
 * ({@link RIGHTMOVE_CODE_ISSUES.typeUnspecified}) or one that is not a home ('Abode lists homes only',
 * {@link RIGHTMOVE_CODE_ISSUES.notAHome}). A listing cannot be saved without a type, so each of these is an error.
 */
export function mapPropertyType(
  code: unknown,
  field: string,
):
  | {
      value: { type: PropertyTypeValue; subType: PropertySubTypeValue | null; flag: ListingFlagValue | null };
    }
  | { issue: FeedIssue } {
  const mapped = mapCode(RIGHTMOVE_PROPERTY_TYPES, code, field);
  if ('issue' in mapped)
    return {
      issue: {
        ...mapped.issue,
        message: `Unknown property type ${JSON.stringify(code)}: give a home's type`,
      },
    };
  const { label, type, subType } = mapped.value;
  const n = codeNumber(code)!;
  if (type === null)
    return {
      issue: RIGHTMOVE_UNSPECIFIED_PROPERTY_TYPES.includes(n)
        ? {
            code: RIGHTMOVE_CODE_ISSUES.typeUnspecified,
            message: `'${label}' does not say what kind of home this is: send its property type (house, flat…)`,
            field,
          }
        : {
            code: RIGHTMOVE_CODE_ISSUES.notAHome,
            message: `Abode lists homes only: '${label}' is not one`,
            field,
          },
    };
  return { value: { type, subType, flag: RIGHTMOVE_PROPERTY_TYPE_FLAGS[n] ?? null } };
}
