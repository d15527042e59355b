import type { ListingMode } from '@abode/shared/listings/listing.schema';
import { LocationsResultSchema, type LocationsResult } from '@abode/shared/search/locations.schema';
import { api } from '#src/lib/api-client.ts';

/**
 * `GET /api/locations?q=&mode=`: the places whose name or code starts with what was typed — towns, local
 * authorities, postcode districts, streets and postcodes (REQ-PLACE-02) — each with its place id and how many
 * public homes of `mode` it holds. The answer is public and cacheable for an hour, so the browser's HTTP cache
 * serves repeats too.
 */
export function getLocationSuggestions(
  q: string,
  { mode, signal }: { mode?: ListingMode | undefined; signal?: AbortSignal } = {},
): Promise<LocationsResult> {
  return api.get('/api/locations', {
    params: { q, mode },
    schema: LocationsResultSchema,
    ...(signal ? { signal } : {}),
  });
}
