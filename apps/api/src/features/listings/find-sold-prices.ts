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

const titleCase = (s: string) =>
  s.toLowerCase().replace(/(^|[\s\-(])(\p{L})/gu, (_, p, l: string) => p + l.toUpperCase());

/**
 * Page `page` (1-based, {@link SOLD_PRICES_PAGE_SIZE} a page) of the sales in `outcode`, the total, and the median
 * price of the 12 months up to the district's latest sale (the data ends when the extract was made, not today).
 */
export async function findSoldPrices(db: Database, outcode: string, page: number): Promise<SoldPricesResult> {
  const [items, stats] = await Promise.all([
    db.execute(sql`
      SELECT sold_on::text AS sold_on, price_pence, property_type, duration, new_build, street, locality, town, postcode
        FROM price_paid_sales
       WHERE outcode = ${outcode}
       ORDER BY sold_on DESC, transaction_id
       LIMIT ${SOLD_PRICES_PAGE_SIZE} OFFSET ${(page - 1) * SOLD_PRICES_PAGE_SIZE}`),
    db.execute(sql`
      WITH latest AS (SELECT max(sold_on) AS d FROM price_paid_sales WHERE outcode = ${outcode})
      SELECT (SELECT count(*) FROM price_paid_sales WHERE outcode = ${outcode})::int AS total,
             latest.d::text AS latest,
             recent.median, recent.n
        FROM latest,
             LATERAL (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY s.price_pence) AS median,
                             count(*)::int AS n
                        FROM price_paid_sales s
                       WHERE s.outcode = ${outcode} AND s.sold_on > latest.d - interval '12 months') recent`),
  ]);
  const s = stats.rows[0] as { total: number; latest: string | null; median: number | null; n: number };
  return {
    outcode,
    items: (items.rows as Record<string, unknown>[]).map(toSoldPrice),
    total: Number(s.total),
    page,
    pageSize: SOLD_PRICES_PAGE_SIZE,
    median12MonthsPence: s.median == null ? null : Math.round(Number(s.median)),
    medianCount: Number(s.n),
    latestSoldOn: s.latest,
  };
}

function toSoldPrice(r: Record<string, unknown>): SoldPrice {
  const type = r.property_type as SoldPrice['propertyType'];
  const street = String(r.street || r.locality || '');
  return {
    soldOn: String(r.sold_on).slice(0, 10),
    pricePence: Number(r.price_pence),
    propertyType: type,
    propertyTypeLabel: PPD_PROPERTY_TYPE_LABELS[type],
    tenure: PPD_TENURE_LABELS[r.duration as keyof typeof PPD_TENURE_LABELS],
    newBuild: r.new_build === true,
    street: titleCase(street),
    town: titleCase(String(r.town ?? '')),
    postcode: String(r.postcode),
  };
}
