/**
 * The ADR 028 back-fill of the demo seed (seed-demo.ts): a database seeded before the listing details existed gets
 * them once, by the importer's own rules (listing-details-rules.ts), so its demo listings look like a fresh seed's
 * and pass the Part A rules when an agent edits them.
 */
import { eq, sql } from 'drizzle-orm';
import type {
  CouncilTaxBand,
  EpcRating,
  Furnished,
  ListingMode,
  PropertyType,
  Tenure,
} from '@abode/shared/listings/listing.schema';
import { bulkInsert } from '#src/db/bulk-insert.ts';
import type { Database } from '#src/db/client.ts';
import { queryRows } from '#src/db/query-rows.ts';
import { appMeta, listingMedia } from '#src/db/schema.ts';
import { floorPlanRow, listingDetailsColumns } from '#src/features/price-paid/listing-details-rows.ts';
import { listingDetailsFor } from '#src/features/price-paid/listing-details-rules.ts';
import { DEMO_LISTING_NOTE } from '#src/features/price-paid/demo-listing/words.ts';
import type { Dwelling } from '#src/features/price-paid/demo-listing/property-facts.ts';

/** Recorded once the demo listings carry the REQ-LISTING-11 details (qualifier, key features, rooms, terms, floor plan). */
export const LISTING_DETAILS_KEY = 'listing_details';

/** The description's closing note before ADR 028, replaced by DEMO_LISTING_NOTE when the details are back-filled. */
export const DEMO_LISTING_NOTE_BEFORE_25 =
  'This is a demo listing made from a real HM Land Registry Price Paid record: the street, town, postcode, property ' +
  'type, tenure and price history are real; the asking price, rooms, floor area, EPC rating, council tax band and ' +
  'pictures are illustrative.';

const FORMS: Record<string, Dwelling['form']> = { D: 'detached', S: 'semi-detached', T: 'terraced' };

/** An imported listing and its Price Paid sale (null columns when the sale is gone), as the back-fill reads them. */
interface ImportedListingRow {
  id: string;
  price_paid_id: string;
  mode: ListingMode;
  property_type: PropertyType;
  bedrooms: number;
  bathrooms: number;
  parking_spaces: number;
  floor_area_sqm: number | null;
  tenure: Tenure | null;
  epc_rating: EpcRating | null;
  council_tax_band: CouncilTaxBand | null;
  features: string[];
  flags: string[];
  furnished: Furnished | null;
  available_from: string | null;
  price_pence: number;
  reduced: boolean;
  city: string;
  outcode: string;
  created_at: string;
  sold_on: string | null;
  new_build: boolean | null;
  ppd_type: string | null;
}

/**
 * Gives the listings imported from Price Paid records before REQ-LISTING-11 what the importer now sets
 * (`listingDetailsFor`: price qualifier and rent frequency, key features, summary, rooms, reception rooms, EPC
 * potential, lease and lettings terms, material information, and a floor plan in `listing_media`), once per database
 * (app_meta 'listing_details'). The facts are the stored listing's (so an agent's edits count) and its sale in
 * `price_paid_sales` (date, new build, D/S/T form). Also sets the price a POA or weekly quote stores and brings the
 * description's closing note up to date. Listings that already have details (an agent filled them) are left alone.
 * Without the sale (not expected: the sales back-fill runs first), the listing's own date stands in for it.
 * Returns the number of listings changed.
 */
export async function backfillListingDetails(
  db: Database,
  now: Date,
  log: (message: string) => void = () => {},
): Promise<number> {
  const done = await db
    .select({ key: appMeta.key })
    .from(appMeta)
    .where(eq(appMeta.key, LISTING_DETAILS_KEY));
  if (done.length) return 0;
  const result = await queryRows<ImportedListingRow>(
    db,
    sql`
    SELECT p.id, p.price_paid_id, p.mode, p.property_type, p.bedrooms, p.bathrooms, p.parking_spaces,
           p.floor_area_sqm, p.tenure, p.epc_rating, p.council_tax_band, p.features, p.flags, p.furnished,
           p.available_from::text AS available_from, p.price_pence, p.price_reduced_at IS NOT NULL AS reduced,
           p.city, p.outcode, p.created_at, s.sold_on::text AS sold_on, s.new_build, s.property_type AS ppd_type
      FROM properties p LEFT JOIN price_paid_sales s ON s.transaction_id = p.price_paid_id
     WHERE p.price_paid_id IS NOT NULL AND p.price_qualifier IS NULL AND p.summary IS NULL
       AND p.key_features = '{}'::text[] AND p.rooms = '[]'::jsonb AND p.material_information = '{}'::jsonb`,
  );
  const changes: { columns: Record<string, unknown>; plan?: typeof listingMedia.$inferInsert }[] = [];
  for (const r of result) {
    const id = r.price_paid_id;
    const propertyType = r.property_type;
    const form =
      (propertyType === 'house' || propertyType === 'bungalow') && r.ppd_type !== null
        ? FORMS[r.ppd_type]
        : undefined;
    const bedrooms = r.bedrooms;
    const createdAt = new Date(r.created_at);
    const details = listingDetailsFor({
      id,
      mode: r.mode,
      propertyType,
      form,
      bedrooms,
      bathrooms: r.bathrooms,
      parkingSpaces: r.parking_spaces,
      // An agent may have cleared the floor area: rooms are then sized for 20 m² + 25 m² a bedroom.
      floorAreaSqm: r.floor_area_sqm || 20 + 25 * Math.max(1, bedrooms),
      tenure: r.tenure ?? null,
      epcRating: r.epc_rating ?? null,
      councilTaxBand: r.council_tax_band ?? null,
      features: r.features ?? [],
      flags: r.flags ?? [],
      furnished: r.furnished ?? null,
      availableFrom: r.available_from ?? null,
      pricePence: r.price_pence,
      reduced: r.reduced === true,
      soldOn: r.sold_on ?? createdAt.toISOString().slice(0, 10),
      soldNew: r.new_build === true,
      city: r.city,
      outcode: r.outcode,
      now,
    });
    const columns = listingDetailsColumns(details);
    const row = {
      id: r.id,
      price_pence: details.pricePence,
      price_qualifier: columns.priceQualifier,
      rent_frequency: columns.rentFrequency,
      weekly_rent_pence: columns.weeklyRentPence,
      key_features: columns.keyFeatures,
      summary: columns.summary,
      rooms: columns.rooms,
      reception_rooms: columns.receptionRooms,
      epc_potential_rating: columns.epcPotentialRating,
      lease_years_remaining: columns.leaseYearsRemaining,
      ground_rent_pence: columns.groundRentPence,
      ground_rent_review: columns.groundRentReview,
      service_charge_pence: columns.serviceChargePence,
      deposit_pence: columns.depositPence,
      holding_deposit_pence: columns.holdingDepositPence,
      minimum_term_months: columns.minimumTermMonths,
      let_type: columns.letType,
      bills_included: columns.billsIncluded,
      pets_allowed: columns.petsAllowed,
      council_tax_included: columns.councilTaxIncluded,
      material_information: columns.materialInformation,
      has_floor_plan: columns.hasFloorPlan,
    };
    const plan = details.floorPlan ? floorPlanRow(r.id, details.floorPlan, createdAt) : undefined;
    changes.push({ columns: row, plan });
  }
  // Every row is rewritten with its indexes: about a minute for the whole demo on PGlite, once.
  if (changes.length) log(`Demo data: giving ${changes.length} listings their listing details (once)`);
  for (let i = 0; i < changes.length; i += 5_000) {
    const chunk = changes.slice(i, i + 5_000);
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        UPDATE properties p
           SET price_pence = c.price_pence, price_qualifier = c.price_qualifier, rent_frequency = c.rent_frequency,
               weekly_rent_pence = c.weekly_rent_pence, key_features = c.key_features, summary = c.summary,
               rooms = c.rooms, reception_rooms = c.reception_rooms, epc_potential_rating = c.epc_potential_rating,
               lease_years_remaining = c.lease_years_remaining, ground_rent_pence = c.ground_rent_pence,
               ground_rent_review = c.ground_rent_review, service_charge_pence = c.service_charge_pence,
               deposit_pence = c.deposit_pence, holding_deposit_pence = c.holding_deposit_pence,
               minimum_term_months = c.minimum_term_months, let_type = c.let_type,
               bills_included = c.bills_included, pets_allowed = c.pets_allowed,
               council_tax_included = c.council_tax_included, material_information = c.material_information,
               has_floor_plan = c.has_floor_plan,
               description = replace(p.description, ${DEMO_LISTING_NOTE_BEFORE_25}, ${DEMO_LISTING_NOTE})
          FROM jsonb_populate_recordset(NULL::properties, ${JSON.stringify(chunk.map((c) => c.columns))}::jsonb) AS c
         WHERE p.id = c.id`);
      const plans = chunk.flatMap((c) => (c.plan ? [c.plan] : []));
      await bulkInsert(tx, listingMedia, plans, { onConflictDoNothing: true });
    });
  }
  await db
    .insert(appMeta)
    .values({
      key: LISTING_DETAILS_KEY,
      value: { completedAt: new Date().toISOString(), listings: changes.length },
    })
    .onConflictDoNothing();
  if (changes.length) {
    await db.execute(sql`ANALYZE properties, listing_media`);
    log(`Demo data: ${changes.length} listings given their details`);
  }
  return changes.length;
}
