/**
 * The demo-listing derivation: how an HM Land Registry Price Paid record becomes an Abode demo listing
 * (REQ-DATA-03 "Real demo data"; docs/demo-data.md lists every rule and figure). Pure and deterministic: every choice
 * that is not in the record comes from a stable hash of the transaction id, so the same record always gives the same
 * listing.
 *
 * What is real: price paid and its date, postcode, street, locality, town, property type (D/S/T/F), tenure, new-build
 * flag. What is derived by rule (and said so in the description): today's price, bedrooms, bathrooms, parking,
 * floor area, council tax band, EPC rating, features, rent, photos (illustrations).
 *
 * The house number or name (PAON) and flat (SAON) never reach a listing: the public address is street (+ locality),
 * town and postcode.
 */
import { normalisePostcode, outcodeOf } from '@abode/shared/postcode';
import type {
  CouncilTaxBand,
  EpcRating,
  Feature,
  Furnished,
  ListingFlag,
  ListingMode,
  Tenure,
} from '@abode/shared/listings/listing.schema';
import { listingDetailsFor, type ListingDetailsDraft } from '../listing-details-rules.ts';
import type { PricePaidRow } from '../parse-price-paid.ts';
import { listingIdFor } from './records.ts';
import { todaysPrice, type LondonRents, monthlyRentFor } from './prices-and-rents.ts';
import {
  type Dwelling,
  dwellingFor,
  bedroomsFor,
  bathroomsFor,
  parkingSpacesFor,
  floorAreaFor,
  tenureFor,
  councilTaxBandFor,
  epcRatingFor,
  featuresFor,
  furnishedFor,
} from './property-facts.ts';
import { cityFor, publicAddressLine, titleFor, slugFor, descriptionFor } from './words.ts';
import { type ListingPhotoDraft, photosFor } from './photos.ts';
import { listingDatesFor, originalPriceFor, listingFlagsFor, availableFromFor } from './dates-and-flags.ts';

/** Where the postcode is: the unit's own coordinates, or its outcode's centroid. */
export interface Placement {
  latitude: number;
  longitude: number;
  /** The postcode unit is unknown: this is its outcode's centroid (REQ-PLACE-06). */
  approximate?: boolean;
}

/** A listing ready to insert (status and approval are the importer's), with its photos. */
export interface ListingDraft {
  id: string;
  pricePaidId: string;
  title: string;
  slug: string;
  description: string;
  mode: ListingMode;
  pricePence: number;
  bedrooms: number;
  bathrooms: number;
  parkingSpaces: number;
  propertyType: Dwelling['propertyType'];
  addressLine1: string;
  city: string;
  postcode: string;
  outcode: string;
  latitude: number;
  longitude: number;
  /** The coordinates are the outcode's centroid, not the postcode's (REQ-PLACE-06). */
  locationApproximate: boolean;
  tenure: Tenure | null;
  councilTaxBand: CouncilTaxBand;
  epcRating: EpcRating;
  floorAreaSqm: number;
  features: Feature[];
  furnished: Furnished | null;
  availableFrom: string | null;
  createdAt: Date;
  priceReducedAt: Date | null;
  /** The asking price before the reduction (pence) when reduced, else null. */
  originalPricePence: number | null;
  flags: ListingFlag[];
  photos: ListingPhotoDraft[];
  /** REQ-LISTING-11: qualifier, key features, rooms, lease and lettings terms, material information, floor plan. */
  details: ListingDetailsDraft;
}

/** How buildListing is called: the mode, the price rank, where the postcode is, "today" and London's rents. */
export interface BuildListingOptions {
  mode: ListingMode;
  percentile: number;
  placement: Placement;
  now: Date;
  rents?: LondonRents;
}

/** Every fact of the listing derived from the record by rule, before its words, photos and placement. */
function derivedFacts(row: PricePaidRow, options: BuildListingOptions) {
  const { mode, percentile, now } = options;
  const id = row.transactionId;
  const dwelling = dwellingFor(row);
  const bedrooms = bedroomsFor(dwelling, percentile);
  const bathrooms = bathroomsFor(bedrooms, percentile);
  const parkingSpaces = parkingSpacesFor(dwelling, id);
  const floorAreaSqm = floorAreaFor(dwelling, bedrooms, id);
  const salePrice = todaysPrice(row);
  const { createdAt, priceReducedAt } = listingDatesFor(id, now);
  const features = featuresFor({ row, dwelling, mode, parkingSpaces, reduced: priceReducedAt !== null, now });
  const postcode = normalisePostcode(row.postcode);
  const outcode = outcodeOf(postcode)!;
  const addressLine1 = publicAddressLine(row)!;
  const city = cityFor(row);
  const tenure = mode === 'sale' ? tenureFor(row, dwelling) : null;
  const councilTaxBand = councilTaxBandFor(salePrice);
  const epcRating = epcRatingFor(row, dwelling, now);
  const furnished = mode === 'rent' ? furnishedFor(id) : null;
  const availableFrom = mode === 'rent' ? availableFromFor(id, createdAt) : null;
  const pricePounds = mode === 'sale' ? salePrice : monthlyRentFor(row, bedrooms, salePrice, options.rents);
  const flags = listingFlagsFor({ id, mode, propertyType: dwelling.propertyType, tenure, features });
  const details = listingDetailsFor({
    id,
    mode,
    propertyType: dwelling.propertyType,
    form: dwelling.form,
    bedrooms,
    bathrooms,
    parkingSpaces,
    floorAreaSqm,
    tenure,
    epcRating,
    councilTaxBand,
    features,
    flags,
    furnished,
    availableFrom,
    pricePence: pricePounds * 100,
    reduced: priceReducedAt !== null,
    soldOn: row.dateOfTransfer,
    soldNew: row.newBuild,
    city,
    outcode,
    now,
  });
  return {
    id,
    dwelling,
    bedrooms,
    bathrooms,
    parkingSpaces,
    floorAreaSqm,
    createdAt,
    priceReducedAt,
    features,
    postcode,
    outcode,
    addressLine1,
    city,
    tenure,
    councilTaxBand,
    epcRating,
    furnished,
    availableFrom,
    pricePounds,
    flags,
    details,
  };
}

/**
 * Builds the listing for a record that passed rowProblem. `percentile` comes from pricePercentiles over the whole
 * input; `placement` from the postcodes/outcodes tables; `rents` for London rentals.
 */
export function buildListing(row: PricePaidRow, options: BuildListingOptions): ListingDraft {
  const { mode, placement } = options;
  // Every derived fact but these three is a column of the draft under the same name.
  const { id, dwelling, pricePounds, ...facts } = derivedFacts(row, options);
  return {
    ...facts,
    id: listingIdFor(id),
    pricePaidId: id,
    title: titleFor(facts.bedrooms, dwelling, mode),
    slug: slugFor(row, facts.bedrooms, dwelling),
    description: descriptionFor({ ...facts, row, dwelling, mode }),
    mode,
    pricePence: facts.details.pricePence,
    propertyType: dwelling.propertyType,
    latitude: placement.latitude,
    longitude: placement.longitude,
    locationApproximate: placement.approximate ?? false,
    // From the rent before a weekly quote's rounding (a POA listing is never reduced), as the back-fill of databases
    // seeded before ADR 028 keeps it.
    originalPricePence: facts.priceReducedAt ? originalPriceFor(id, pricePounds * 100, mode) : null,
    photos: photosFor(id, dwelling, facts.features.includes('garden')),
  };
}
