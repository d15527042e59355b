/**
 * Where a postcode is, from the project's OS Code-Point Open data (REQ-DATA-02, ADR 026 "Places"): the postcode unit from
 * the `postcodes` table, else — for a valid postcode our table does not hold yet (REQ-PLACE-06: no valid GB postcode may
 * be refused) — its outcode's centroid from the `outcodes` table (all 2,880 GB districts), flagged approximate.
 * Listings take their latitude, longitude and outcode from here, never from the agent.
 */
import { sql } from 'drizzle-orm';
import { LISTING_MESSAGES, type PostcodeLocation } from '@abode/shared/agent/listing-input.schema';
import { isUkPostcode, normalisePostcode, outcodeOf } from '@abode/shared/postcode';
import type { Database } from '#src/db/client.ts';
import { queryRow } from '#src/db/query-rows.ts';

type Reader = Pick<Database, 'execute'>;

/**
 * The location of a full UK postcode (any case or spacing): exact from its unit, else approximate at its outcode's
 * centroid; undefined when it is not a postcode or its outcode does not exist (e.g. 'W15 1AA').
 */
export async function locatePostcode(db: Reader, input: string): Promise<PostcodeLocation | undefined> {
  if (!isUkPostcode(input)) return undefined;
  const postcode = normalisePostcode(input);
  const outcode = outcodeOf(postcode)!;
  const row = await queryRow<{ approximate: boolean; latitude: number; longitude: number }>(
    db,
    sql`
    SELECT false AS approximate, latitude, longitude FROM postcodes WHERE postcode = ${postcode}
    UNION ALL
    SELECT true, latitude, longitude FROM outcodes WHERE outcode = ${outcode}
    ORDER BY approximate LIMIT 1`,
  );
  if (!row) return undefined;
  return {
    postcode,
    outcode,
    latitude: row.latitude,
    longitude: row.longitude,
    approximate: row.approximate,
  };
}

/** The field message for a valid-looking postcode whose outcode does not exist (400 on the postcode field). */
export const UNKNOWN_POSTCODE_DETAIL = {
  path: 'postcode',
  message: LISTING_MESSAGES.postcodeUnknown,
} as const;
