import { LocationsResultSchema, type LocationsResult } from '@abode/shared/search/locations.schema';
import { api } from '#src/lib/api-client.ts';

/**
 * `GET /api/locations?q=`: towns, postcode districts and postcodes starting with what was typed (issue #8). The
 * answer is public and cacheable for an hour, so the browser's HTTP cache serves repeats too.
 */
export function getLocationSuggestions(
  q: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<LocationsResult> {
  return api.get('/api/locations', {
    params: { q },
    schema: LocationsResultSchema,
    ...(signal ? { signal } : {}),
  });
}
