/**
 * Where a postcode is, from the project's OS Code-Point Open data (the `postcodes` table; DESIGN §3). Listings take
 * their latitude, longitude and outcode from here, never from the agent.
 */
import { eq } from 'drizzle-orm';
import { LISTING_MESSAGES, type PostcodeLocation } from '@abode/shared/agent/listing-input.schema';
import { isUkPostcode, normalisePostcode, outcodeOf } from '@abode/shared/postcode';
import type { Database } from '#src/db/client.ts';
import { postcodes } from '#src/db/schema.ts';

type Reader = Pick<Database, 'select'>;

/** The location of a full UK postcode (any case or spacing), or undefined when it is not one or not in our data. */
export async function locatePostcode(db: Reader, input: string): Promise<PostcodeLocation | undefined> {
  if (!isUkPostcode(input)) return undefined;
  const postcode = normalisePostcode(input);
  const [row] = await (db as Database)
    .select({ latitude: postcodes.latitude, longitude: postcodes.longitude, outcode: postcodes.outcode })
    .from(postcodes)
    .where(eq(postcodes.postcode, postcode));
  if (!row) return undefined;
  return {
    postcode,
    outcode: row.outcode || outcodeOf(postcode)!,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

/** The field message for a postcode that is valid-looking but not in our data (400 on the postcode field). */
export const UNKNOWN_POSTCODE_DETAIL = {
  path: 'postcode',
  message: LISTING_MESSAGES.postcodeUnknown,
} as const;
