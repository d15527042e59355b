/**
 * 'Sold prices nearby' (`GET /api/properties/{slug}/sold-prices`, REQ-LISTING-09): HM Land Registry Price Paid sales in a
 * postcode district, most recent first. The table holds no house numbers (the importer drops PAON/SAON).
 */
import { sql } from 'drizzle-orm';
import {
  PPD_PROPERTY_TYPE_LABELS,
  PPD_TENURE_LABELS,
  SOLD_PRICES_PAGE_SIZE,
  type SoldPrice,
  type SoldPricesResult,
} from '@abode/shared/property/sold-prices.schema';
import type { Database } from '#src/db/client.ts';
import { queryRow, queryRows } from '#src/db/query-rows.ts';

/** A price_paid_sales row as the page reads it. */
interface SaleRow {
  sold_on: string;
  /** `bigint`: a number from PGlite, text from node-postgres. */
  price_pence: number | string;
  property_type: SoldPrice['propertyType'];
  duration: keyof typeof PPD_TENURE_LABELS;
  new_build: boolean;
  street: string;
  locality: string;
  town: string;
  postcode: string;
}

const titleCase = (s: string) =>
  s.toLowerCase().replace(/(^|[\s\-(])(\p{L})/gu, (_, p, l: string) => p + l.toUpperCase());

/**
 * Page `page` (1-based, {@link SOLD_PRICES_PAGE_SIZE} a page) of the sales in `outcode`, the total, and the median
 * price of the 12 months up to the district's latest sale (the data ends when the extract was made, not today).
 */
export async function findSoldPrices(db: Database, outcode: string, page: number): Promise<SoldPricesResult> {
  const [items, stats] = await Promise.all([
    queryRows<SaleRow>(
      db,
      sql`
      SELECT sold_on::text AS sold_on, price_pence, property_type, duration, new_build, street, locality, town, postcode
        FROM price_paid_sales
       WHERE outcode = ${outcode}
       ORDER BY sold_on DESC, transaction_id
       LIMIT ${SOLD_PRICES_PAGE_SIZE} OFFSET ${(page - 1) * SOLD_PRICES_PAGE_SIZE}`,
    ),
    // One row always: FROM a one-row aggregate and a LATERAL aggregate.
    queryRow<{ total: number; latest: string | null; median: number | null; n: number }>(
      db,
      sql`
      WITH latest AS (SELECT max(sold_on) AS d FROM price_paid_sales WHERE outcode = ${outcode})
      SELECT (SELECT count(*) FROM price_paid_sales WHERE outcode = ${outcode})::int AS total,
             latest.d::text AS latest,
             recent.median, recent.n
        FROM latest,
             LATERAL (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY s.price_pence) AS median,
                             count(*)::int AS n
                        FROM price_paid_sales s
                       WHERE s.outcode = ${outcode} AND s.sold_on > latest.d - interval '12 months') recent`,
    ),
  ]);
  const s = stats!;
  return {
    outcode,
    items: items.map(toSoldPrice),
    total: s.total,
    page,
    pageSize: SOLD_PRICES_PAGE_SIZE,
    median12MonthsPence: s.median == null ? null : Math.round(s.median),
    medianCount: s.n,
    latestSoldOn: s.latest,
  };
}

function toSoldPrice(r: SaleRow): SoldPrice {
  const type = r.property_type;
  const street = r.street || r.locality || '';
  return {
    soldOn: r.sold_on.slice(0, 10),
    pricePence: Number(r.price_pence),
    propertyType: type,
    propertyTypeLabel: PPD_PROPERTY_TYPE_LABELS[type],
    tenure: PPD_TENURE_LABELS[r.duration],
    newBuild: r.new_build === true,
    street: titleCase(street),
    town: titleCase(r.town ?? ''),
    postcode: r.postcode,
  };
}
