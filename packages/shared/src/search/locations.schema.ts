/**
 * `GET /api/locations?q=&mode=`: the location box's autocomplete (REQ-PLACE-02). Up to LOCATION_SUGGESTIONS_MAX
 * places — towns, local authorities, postcode districts (outcodes), streets and full postcodes — whose name or code
 * starts with what was typed, each with its place id and how many public homes of `mode` it holds.
 */
import { z } from 'zod';
import { LOCATION_MAX_LENGTH } from '../constants.ts';
import { ListingModeSchema, LocationSuggestionSchema } from '../listings/listing.schema.ts';
import { sanitiseSingleLine } from '../sanitise.ts';

/** Most suggestions returned. */
export const LOCATION_SUGGESTIONS_MAX = 10;

export const LocationsQuerySchema = z.object({
  /** What was typed so far (sanitised as one line, at most 100 characters); blank gives no suggestions. */
  q: z.preprocess(
    (v) => (typeof v === 'string' ? sanitiseSingleLine(v, Number.POSITIVE_INFINITY) : (v ?? '')),
    z.string().max(LOCATION_MAX_LENGTH),
  ),
  /** Buy or rent: the homes each suggestion counts (both when absent or blank). */
  mode: z.preprocess((v) => (v === '' ? undefined : v), ListingModeSchema.optional()),
});
export type LocationsQuery = z.infer<typeof LocationsQuerySchema>;

export const LocationsResultSchema = z.object({ items: z.array(LocationSuggestionSchema) });
export type LocationsResult = z.infer<typeof LocationsResultSchema>;
