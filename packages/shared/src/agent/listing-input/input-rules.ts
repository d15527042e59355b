/**
 * The ONE schema for creating and updating an agent's listing (REQ-AGENT-04, REQ-DATA-02, REQ-SEC-01): the
 * fields with their defaults, the rules between fields, and the prices stored.
 *
 * An agent's listing (REQ-AGENT-04, REQ-DATA-02, REQ-SEC-01): the ONE schema for creating
 * and updating a listing, parsed by the add/edit form (zodResolver) and by `POST`/`PATCH /api/agent/properties`, plus
 * the shapes the agent listing API answers with.
 *
 * Rules that live here so the form and the server agree:
 * - Text is sanitised by sanitise.ts (REQ-SEC-01: trimmed, no `<` `>`, no control or bidi characters); script-like
 *   content (REQ-SEC-06) is rejected. Title, address and town are one line; only the description keeps newlines.
 * - `availableFrom` is a real date from 1900 to 2100 (REQ-SEC: '0000-01-01' was a 500).
 * - Status fits the mode: sale listings may be under offer or sold (Sold STC), rentals let agreed or let.
 * - Material information Part A (National Trading Standards' guidance for property listings): a listing can only
 *   leave draft (go live, be under offer, …) with an asking price or rent above £0, a council tax band and — for
 *   sale — the tenure. Tenure is optional for rentals: Part A for lettings asks for rent, deposit and council tax,
 *   not the landlord's tenure.
 * - Part A also asks, before a listing leaves draft: for a leasehold or share of freehold sale, the lease years
 *   remaining, the ground rent (and how it is reviewed, when there is one) and the service charge; for a rental, the
 *   deposit, the holding deposit and the minimum term. £0 is an answer ('none'); blank is not.
 * - Price: a qualifier from the UK set ('Guide price', 'Offers over', …); 'poa' needs no figure and is stored at
 *   POA_SEARCH_PRICE_PENCE, which the public API never sends. A rent quoted per week (`rentFrequency` 'pw') is given
 *   weekly and stored as its pcm equivalent (× 52 ÷ 12) with the weekly figure beside it.
 * - Rent-only fields (available from, furnishing, lettings terms) are dropped for sale listings, lease terms for
 *   rentals.
 * - Flags (REQ-SEARCH-10 'Don't show'): retirement fits sale and rent; shared ownership and auction are sale-only (UK
 *   practice: both are ways of buying), so a rental carrying one is refused rather than silently changed.
 */
import { z } from 'zod';
import { PRICE_QUALIFIERS_BY_MODE, PROPERTY_SUB_TYPES_BY_TYPE } from '../../listings/listing-vocabulary.ts';
import {
  LISTING_PRICE_MAX_PENCE,
  POA_SEARCH_PRICE_PENCE,
  WEEKS_PER_MONTH,
  STATUSES_BY_MODE,
  FLAGS_BY_MODE,
} from './limits.ts';
import { LISTING_MESSAGES } from './messages.ts';
import { hasLease } from './material-information.ts';
import { ListingFieldsSchema } from './listing-fields.ts';

/**
 * The fields with the defaults of a whole listing applied: status 'draft', no features, flags, key features, rooms
 * or material information.
 */
const withDefaults = (v: z.output<typeof ListingFieldsSchema>) => ({
  ...v,
  status: v.status ?? ('draft' as const),
  features: v.features ?? [],
  flags: v.flags ?? [],
  keyFeatures: v.keyFeatures ?? [],
  rooms: v.rooms ?? [],
  materialInformation: v.materialInformation ?? {},
});
type ListingFields = ReturnType<typeof withDefaults>;

/**
 * The cross-field rules: status fits the mode, and material information before a listing leaves draft. Each issue
 * is on the field the agent must fix.
 */
function checkListingRules(v: ListingFields, ctx: z.core.$RefinementCtx<ListingFields>) {
  const problem = (path: keyof ListingFields, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (!STATUSES_BY_MODE[v.mode].includes(v.status))
    problem(
      'status',
      v.mode === 'rent' ? LISTING_MESSAGES.saleStatusForRent : LISTING_MESSAGES.rentStatusForSale,
    );
  if (v.flags.some((flag) => !FLAGS_BY_MODE[v.mode].includes(flag)))
    problem('flags', LISTING_MESSAGES.saleFlagForRent);
  if (
    v.propertySubType &&
    !(PROPERTY_SUB_TYPES_BY_TYPE[v.propertyType] as readonly string[]).includes(v.propertySubType)
  )
    problem('propertySubType', LISTING_MESSAGES.subTypeForType);
  if (v.priceQualifier && !PRICE_QUALIFIERS_BY_MODE[v.mode].includes(v.priceQualifier))
    problem('priceQualifier', LISTING_MESSAGES.qualifierForSale);
  const poa = v.priceQualifier === 'poa';
  if (!poa && v.pricePence === undefined) problem('pricePence', LISTING_MESSAGES.priceRequired);
  if (
    !poa &&
    v.mode === 'rent' &&
    v.rentFrequency === 'pw' &&
    (v.pricePence ?? 0) * WEEKS_PER_MONTH > LISTING_PRICE_MAX_PENCE
  )
    problem('pricePence', LISTING_MESSAGES.weeklyRentTooHigh);
  if (v.status === 'draft') return;
  if (!poa && v.pricePence !== undefined && v.pricePence <= 0)
    problem(
      'pricePence',
      v.mode === 'rent' ? LISTING_MESSAGES.rentRequired : LISTING_MESSAGES.askingPriceRequired,
    );
  if (v.mode === 'sale' && v.tenure === null) problem('tenure', LISTING_MESSAGES.tenureRequired);
  if (v.councilTaxBand === null) problem('councilTaxBand', LISTING_MESSAGES.councilTaxBandRequired);
  if (v.mode === 'sale' && hasLease(v.tenure)) {
    if (v.leaseYearsRemaining === null) problem('leaseYearsRemaining', LISTING_MESSAGES.leaseYearsRequired);
    if (v.groundRentPence === null) problem('groundRentPence', LISTING_MESSAGES.groundRentRequired);
    else if (v.groundRentPence > 0 && v.groundRentReview === null)
      problem('groundRentReview', LISTING_MESSAGES.groundRentReviewRequired);
    if (v.serviceChargePence === null) problem('serviceChargePence', LISTING_MESSAGES.serviceChargeRequired);
  }
  if (v.mode === 'rent') {
    if (v.depositPence === null) problem('depositPence', LISTING_MESSAGES.depositRequired);
    if (v.holdingDepositPence === null)
      problem('holdingDepositPence', LISTING_MESSAGES.holdingDepositRequired);
    if (v.minimumTermMonths === null) problem('minimumTermMonths', LISTING_MESSAGES.minimumTermRequired);
  }
}

/** The sale or rent fields dropped by mode, the price stored (pcm; POA's search price) and the weekly rent. */
function storedPrices(v: ListingFields) {
  const poa = v.priceQualifier === 'poa';
  const given = v.pricePence ?? 0;
  const weekly = v.mode === 'rent' && v.rentFrequency === 'pw' && !poa;
  const base = {
    ...v,
    pricePence: poa ? POA_SEARCH_PRICE_PENCE : weekly ? Math.round(given * WEEKS_PER_MONTH) : given,
    weeklyRentPence: weekly ? given : null,
  };
  if (v.mode === 'sale')
    return {
      ...base,
      rentFrequency: null,
      availableFrom: null,
      furnished: null,
      depositPence: null,
      holdingDepositPence: null,
      minimumTermMonths: null,
      letType: null,
      billsIncluded: null,
      petsAllowed: null,
      councilTaxIncluded: null,
      ...(hasLease(v.tenure)
        ? {}
        : {
            leaseYearsRemaining: null,
            groundRentPence: null,
            groundRentReview: null,
            serviceChargePence: null,
          }),
    };
  return {
    ...base,
    rentFrequency: v.rentFrequency ?? ('pcm' as const),
    leaseYearsRemaining: null,
    groundRentPence: null,
    groundRentReview: null,
    serviceChargePence: null,
  };
}

/**
 * `POST /api/agent/properties` body, the add/edit form, and (after merging onto the stored listing) the check of
 * every `PATCH`. Input: the fields of {@link ListingFieldsSchema} (blank strings / NaN from the form count as
 * absent). Output: sanitised text, normalised postcode ('SW19 1AA'), counts defaulting to 0, optional choices as
 * null, unique features and flags (none by default), and `availableFrom`/`furnished` null for sale listings.
 */
export const ListingInputSchema = ListingFieldsSchema.transform(withDefaults)
  .superRefine(checkListingRules)
  .transform(storedPrices);
export type ListingFormValues = z.input<typeof ListingInputSchema>;
export type ListingInput = z.output<typeof ListingInputSchema>;

/**
 * `PATCH /api/agent/properties/{id}` body: any subset of the listing's fields. The server merges it onto the stored
 * listing and checks the result with {@link ListingInputSchema}, so the cross-field rules hold for partial edits too.
 * A field left out keeps its stored value (`flags` absent: unchanged; `flags: []`: cleared).
 */
export const UpdateListingInputSchema = ListingFieldsSchema.partial();
export type UpdateListingInput = z.input<typeof UpdateListingInputSchema>;

/** Path parameter: a listing id. Not checked as a UUID here: a malformed id answers 404 like an unknown one. */
export const ListingIdParamsSchema = z.object({ id: z.string() });
