/**
 * What a UK listing carries beyond the Price Paid facts (REQ-LISTING-11; docs/demo-data.md "Listing details"): the price
 * qualifier and rent frequency, key features, summary, rooms and floor plan, EPC potential, lease terms, lettings
 * terms and material information Parts B and C. Pure and deterministic (hashUnit of the transaction id), and built
 * only from facts a stored listing still has, so `backfillListingDetails` (db/seed) gives a listing seeded
 * before these rules the same answers as a fresh seed. Everything here is illustrative, and the description says so.
 */
import { POA_SEARCH_PRICE_PENCE, WEEKS_PER_MONTH } from '@abode/shared/agent/listing-input.schema';
import type {
  CouncilTaxBand,
  EpcRating,
  Furnished,
  ListingMode,
  PropertyType,
  Tenure,
} from '@abode/shared/listings/listing.schema';
import type {
  LetTypeValue,
  PriceQualifierValue,
  RentFrequencyValue,
} from '@abode/shared/listings/listing-vocabulary';
import type { MaterialInformation } from '@abode/shared/listings/material-information';
import { hashUnit } from './hash-unit.ts';
import { keyFeaturesFor, summaryFor } from './key-features-rules.ts';
import { materialInformationFor } from './material-information-rules.ts';
import {
  FLOOR_PLAN_HEIGHT,
  FLOOR_PLAN_WIDTH,
  floorPlanUrl,
  layoutKindFor,
  receptionRoomsOf,
  roomLayoutFor,
  roomsFor,
  type RoomDraft,
} from './room-rules.ts';

/** The stored facts the details are built from (a fresh draft's, or a seeded listing's with its Price Paid sale). */
export interface DetailsFacts {
  /** The Price Paid transaction id: the hash key. */
  id: string;
  mode: ListingMode;
  propertyType: PropertyType;
  /** Build form of a house or bungalow (Price Paid D/S/T). */
  form?: 'detached' | 'semi-detached' | 'terraced';
  bedrooms: number;
  bathrooms: number;
  parkingSpaces: number;
  floorAreaSqm: number;
  tenure: Tenure | null;
  epcRating: EpcRating | null;
  councilTaxBand: CouncilTaxBand | null;
  features: readonly string[];
  flags: readonly string[];
  furnished: Furnished | null;
  availableFrom: string | null;
  /** The asking price, or the monthly rent, in pence, as the listing rules made it. */
  pricePence: number;
  /** The listing has a price reduction (a POA listing has none). */
  reduced: boolean;
  /** Date of the Price Paid sale (YYYY-MM-DD) and whether it was the sale of a new build. */
  soldOn: string;
  soldNew: boolean;
  city: string;
  outcode: string;
  now: Date;
}

/** The details of a listing, as `properties` stores them, and its floor plan. */
export interface ListingDetailsDraft {
  priceQualifier: PriceQualifierValue | null;
  rentFrequency: RentFrequencyValue | null;
  /** The price stored: the asking price, the pcm rent, or POA_SEARCH_PRICE_PENCE. */
  pricePence: number;
  weeklyRentPence: number | null;
  keyFeatures: string[];
  summary: string;
  rooms: RoomDraft[];
  receptionRooms: number;
  epcPotentialRating: EpcRating | null;
  leaseYearsRemaining: number | null;
  groundRentPence: number | null;
  groundRentReview: string | null;
  serviceChargePence: number | null;
  depositPence: number | null;
  holdingDepositPence: number | null;
  minimumTermMonths: number | null;
  letType: LetTypeValue | null;
  billsIncluded: boolean | null;
  petsAllowed: boolean | null;
  councilTaxIncluded: boolean | null;
  materialInformation: MaterialInformation;
  /** The floor plan illustration (a `listing_media` row of kind 'floor-plan'), or null. */
  floorPlan: { url: string; width: number; height: number; caption: string } | null;
}

/** The first value whose cumulative share exceeds a hashed number; null when the shares run out. */
function pick<T>(id: string, salt: string, shares: readonly (readonly [T, number])[]): T | null {
  let h = hashUnit(id, salt);
  for (const [value, share] of shares) {
    if (h < share) return value;
    h -= share;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Price

/** Hashed shares of the qualifiers of an ordinary sale; the rest (55 %) are the plain figure. */
export const PRICE_QUALIFIER_SHARES: readonly (readonly [PriceQualifierValue, number])[] = [
  ['guide-price', 0.16],
  ['offers-over', 0.12],
  ['offers-in-excess-of', 0.06],
  ['offers-in-region-of', 0.08],
  ['fixed-price', 0.03],
];

/** Price on application: a hashed share of the sales at £2m or more, a larger one at £5m or more. */
export const POA_RULE = {
  minPence: 2_000_000_00,
  share: 0.05,
  highPence: 5_000_000_00,
  highShare: 0.3,
} as const;

/** Share of new builds quoted 'From' (a developer's price for the house type). */
export const NEW_BUILD_FROM_SHARE = 0.3;

/**
 * The qualifier of a sale: shared ownership for listings flagged so; guide price for auctions; POA (POA_RULE, never
 * on a reduced listing, whose reduction needs a figure); 'From' for a share of new builds; else PRICE_QUALIFIER_SHARES.
 */
export function priceQualifierFor(
  f: Pick<DetailsFacts, 'id' | 'mode' | 'flags' | 'features' | 'pricePence' | 'reduced'>,
): PriceQualifierValue | null {
  if (f.mode !== 'sale') return null;
  if (f.flags.includes('shared-ownership')) return 'shared-ownership';
  if (f.flags.includes('auction')) return 'guide-price';
  const poaShare = f.pricePence >= POA_RULE.highPence ? POA_RULE.highShare : POA_RULE.share;
  if (!f.reduced && f.pricePence >= POA_RULE.minPence && hashUnit(f.id, 'poa') < poaShare) return 'poa';
  if (f.features.includes('new-build') && hashUnit(f.id, 'from') < NEW_BUILD_FROM_SHARE) return 'from';
  return pick(f.id, 'qualifier', PRICE_QUALIFIER_SHARES);
}

/**
 * The stored price: POA at POA_SEARCH_PRICE_PENCE; a student let quoted per week (the monthly rent × 12 ÷ 52 in
 * whole pounds, stored pcm as weekly × 52 ÷ 12 like the input schema); other rents pcm.
 */
export function storedPriceFor(
  mode: ListingMode,
  pricePence: number,
  qualifier: PriceQualifierValue | null,
  letType: LetTypeValue | null,
): Pick<ListingDetailsDraft, 'pricePence' | 'weeklyRentPence' | 'rentFrequency'> {
  if (qualifier === 'poa')
    return { pricePence: POA_SEARCH_PRICE_PENCE, weeklyRentPence: null, rentFrequency: null };
  if (mode === 'sale') return { pricePence, weeklyRentPence: null, rentFrequency: null };
  if (letType !== 'student') return { pricePence, weeklyRentPence: null, rentFrequency: 'pcm' };
  const weekly = Math.round(pricePence / WEEKS_PER_MONTH / 100) * 100;
  return { pricePence: Math.round(weekly * WEEKS_PER_MONTH), weeklyRentPence: weekly, rentFrequency: 'pw' };
}

// ---------------------------------------------------------------------------------------------------------------
// Lettings terms

/** Tenant Fees Act 2019: deposit caps in weeks of rent (6 weeks from £50,000 a year), holding deposit 1 week. */
export const TENANT_FEES = {
  depositWeeks: 5,
  highRentDepositWeeks: 6,
  highAnnualRentPence: 50_000_00,
} as const;

/** Share of the furnished flats and terraced houses of two bedrooms or more let to students. */
export const STUDENT_LET_SHARE = 0.12;

/** A student let for STUDENT_LET_SHARE of furnished flats and terraced houses with 2+ bedrooms; else long term. */
export function letTypeFor(
  f: Pick<DetailsFacts, 'id' | 'mode' | 'furnished' | 'propertyType' | 'form' | 'bedrooms'>,
): LetTypeValue | null {
  if (f.mode !== 'rent') return null;
  const shared = f.propertyType === 'flat' || (f.propertyType === 'house' && f.form === 'terraced');
  const student =
    f.furnished === 'furnished' && shared && f.bedrooms >= 2 && hashUnit(f.id, 'student') < STUDENT_LET_SHARE;
  return student ? 'student' : 'long-term';
}

/**
 * Deposit 5 weeks' rent (6 from £50,000 a year) and holding deposit 1 week, rounded down to the pound so never above
 * the caps; minimum term 12 months (student lets, and 70 % hashed) or 6; bills included for 70 % of student lets and
 * 15 % of furnished one-bedroom flats; pets allowed for 30 % of other lets; council tax included for 30 % of the
 * bills-included lets that are not student lets (students are exempt from council tax).
 */
export function lettingsTermsFor(
  f: Pick<DetailsFacts, 'id' | 'furnished' | 'propertyType' | 'bedrooms'>,
  letType: LetTypeValue,
  weeklyRentPence: number,
): Pick<
  ListingDetailsDraft,
  | 'depositPence'
  | 'holdingDepositPence'
  | 'minimumTermMonths'
  | 'billsIncluded'
  | 'petsAllowed'
  | 'councilTaxIncluded'
> {
  const weeks =
    weeklyRentPence * 52 >= TENANT_FEES.highAnnualRentPence
      ? TENANT_FEES.highRentDepositWeeks
      : TENANT_FEES.depositWeeks;
  const pounds = (pence: number) => Math.floor(pence / 100) * 100;
  const student = letType === 'student';
  const studio = f.furnished === 'furnished' && f.propertyType === 'flat' && f.bedrooms <= 1;
  const bills = hashUnit(f.id, 'bills') < (student ? 0.7 : studio ? 0.15 : 0);
  return {
    depositPence: pounds(weeklyRentPence * weeks),
    holdingDepositPence: pounds(weeklyRentPence),
    minimumTermMonths: student || hashUnit(f.id, 'minimum-term') < 0.7 ? 12 : 6,
    billsIncluded: bills,
    petsAllowed: !student && hashUnit(f.id, 'pets') < 0.3,
    councilTaxIncluded: bills && !student && hashUnit(f.id, 'council-tax-included') < 0.3,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Lease terms

/** Hashed original terms of a lease, in years: flats mostly 99 or 125, houses mostly 999. */
export const LEASE_TERMS = {
  flat: [
    [99, 0.45],
    [125, 0.4],
    [999, 0.15],
  ],
  house: [
    [999, 0.7],
    [125, 0.15],
    [99, 0.15],
  ],
} as const;

/** A lease below this many years left is taken to have been extended by the statutory 90 years (peppercorn rent). */
export const SHORT_LEASE_YEARS = 70;
export const LEASE_EXTENSION_YEARS = 90;
/** Leasehold Reform (Ground Rent) Act 2022: leases granted from this day carry no ground rent. */
export const GROUND_RENT_ACT_FROM = '2022-06-30';
export const GROUND_RENT_REVIEWS = [
  ['Fixed', 0.4],
  ['Doubles every 25 years', 0.35],
  ['Rises with RPI every 10 years', 0.15],
  ['Doubles every 33 years', 0.1],
] as const;

/**
 * Lease terms of a leasehold or share-of-freehold sale (else all null). The lease was granted at the sale of a new
 * build, else a hashed 0–25 whole years before the sale; years left = a hashed term (LEASE_TERMS) − whole years since
 * then, + 90 when that would be under 70. Ground rent a year: none (null review) for an extended lease, one granted
 * from 30 June 2022 or 60 % of 999-year leases; else £50–£400 in £25 steps with a hashed review. Service charge a
 * year: flats £15–£45 per m² (to £10); houses none, but a £120–£360 estate charge on new builds.
 */
export function leaseTermsFor(
  f: Pick<
    DetailsFacts,
    'id' | 'mode' | 'tenure' | 'propertyType' | 'floorAreaSqm' | 'features' | 'soldOn' | 'soldNew' | 'now'
  >,
): Pick<
  ListingDetailsDraft,
  'leaseYearsRemaining' | 'groundRentPence' | 'groundRentReview' | 'serviceChargePence'
> {
  if (f.mode !== 'sale' || (f.tenure !== 'leasehold' && f.tenure !== 'share_of_freehold'))
    return {
      leaseYearsRemaining: null,
      groundRentPence: null,
      groundRentReview: null,
      serviceChargePence: null,
    };
  const flat = f.propertyType === 'flat' || f.propertyType === 'maisonette';
  const term = pick(f.id, 'lease-term', LEASE_TERMS[flat ? 'flat' : 'house']) ?? 99;
  const back = f.soldNew ? 0 : Math.floor(hashUnit(f.id, 'lease-start') * 26);
  const start = `${Number(f.soldOn.slice(0, 4)) - back}${f.soldOn.slice(4)}`;
  const today = f.now.toISOString().slice(0, 10);
  const elapsed =
    Number(today.slice(0, 4)) - Number(start.slice(0, 4)) - (today.slice(4) < start.slice(4) ? 1 : 0);
  const left = term - elapsed;
  const extended = left < SHORT_LEASE_YEARS;
  const peppercorn =
    extended || start >= GROUND_RENT_ACT_FROM || (term === 999 && hashUnit(f.id, 'peppercorn') < 0.6);
  const groundRent = peppercorn ? 0 : (50 + 25 * Math.floor(hashUnit(f.id, 'ground-rent') * 15)) * 100;
  const serviceCharge = flat
    ? Math.round((f.floorAreaSqm * (15 + 30 * hashUnit(f.id, 'service-charge'))) / 10) * 10
    : f.features.includes('new-build')
      ? 120 + 10 * Math.floor(hashUnit(f.id, 'service-charge') * 25)
      : 0;
  return {
    leaseYearsRemaining: extended ? Math.max(left, 0) + LEASE_EXTENSION_YEARS : left,
    groundRentPence: groundRent,
    groundRentReview: groundRent ? (pick(f.id, 'ground-rent-review', GROUND_RENT_REVIEWS) ?? 'Fixed') : null,
    serviceChargePence: serviceCharge * 100,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// EPC potential

const EPC_ORDER: readonly EpcRating[] = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];

/** Potential rating: the current one improved by 1 band (60 %, hashed), 2 bands (30 %) or none (10 %); A at best. */
export function epcPotentialFor(id: string, current: EpcRating | null): EpcRating | null {
  if (!current) return null;
  const h = hashUnit(id, 'epc-potential');
  const steps = h < 0.1 ? 0 : h < 0.7 ? 1 : 2;
  return EPC_ORDER[Math.max(0, EPC_ORDER.indexOf(current) - steps)]!;
}

// ---------------------------------------------------------------------------------------------------------------
// The whole set

/** Share of listings (hashed) whose rooms have a floor plan drawn, when one is drawn for their layout. */
export const FLOOR_PLAN_SHARE = 0.85;
export const FLOOR_PLAN_CAPTION = 'Floor plan (illustration, not to scale)';

/** Every ADR 028 detail of a listing from its facts (the rules above, room-rules.ts and the material rules). */
export function listingDetailsFor(f: DetailsFacts): ListingDetailsDraft {
  const kind = layoutKindFor(f);
  const layout = kind ? roomLayoutFor(kind, f.bedrooms, f.bathrooms) : [];
  const planUrl = kind && floorPlanUrl(kind, f.bedrooms, f.bathrooms);
  const letType = letTypeFor(f);
  const priceQualifier = priceQualifierFor(f);
  const price = storedPriceFor(f.mode, f.pricePence, priceQualifier, letType);
  const weekly = price.weeklyRentPence ?? price.pricePence / WEEKS_PER_MONTH;
  const lettings = letType
    ? lettingsTermsFor(f, letType, weekly)
    : {
        depositPence: null,
        holdingDepositPence: null,
        minimumTermMonths: null,
        billsIncluded: null,
        petsAllowed: null,
        councilTaxIncluded: null,
      };
  const lease = leaseTermsFor(f);
  const words = {
    rooms: roomsFor(f.id, layout, f.floorAreaSqm),
    receptionRooms: receptionRoomsOf(layout),
    leaseYearsRemaining: lease.leaseYearsRemaining,
    letType,
    billsIncluded: lettings.billsIncluded,
    petsAllowed: lettings.petsAllowed,
  };
  return {
    priceQualifier,
    ...price,
    keyFeatures: keyFeaturesFor(f, words),
    summary: summaryFor(f, words),
    ...words,
    epcPotentialRating: epcPotentialFor(f.id, f.epcRating),
    ...lease,
    ...lettings,
    materialInformation: materialInformationFor({
      id: f.id,
      propertyType: f.propertyType,
      form: f.form,
      parkingSpaces: f.parkingSpaces,
      tenure: f.tenure,
      newBuild: f.features.includes('new-build'),
      retirement: f.flags.includes('retirement'),
      london: f.city === 'London',
      outcode: f.outcode,
    }),
    floorPlan:
      planUrl && hashUnit(f.id, 'floor-plan') < FLOOR_PLAN_SHARE
        ? { url: planUrl, width: FLOOR_PLAN_WIDTH, height: FLOOR_PLAN_HEIGHT, caption: FLOOR_PLAN_CAPTION }
        : null,
  };
}
