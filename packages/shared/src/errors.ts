/**
 * The API's error body and codes (REQ-MSG-04). Only upper-case codes are exposed (REQ-MSG-04); `message` is always a
 * safe text from REQ-MSG-01 or a specific SPEC message.
 */
import { z } from 'zod';
import { LocationSuggestionSchema } from './listings/listing.schema.ts';

/**
 * Error codes and the HTTP status each maps to.
 * - VALIDATION_ERROR: a parameter or body failed its schema (400).
 * - INVALID_PRICE_RANGE: minPrice > maxPrice (400, REQ-SEARCH-06).
 * - UNAUTHENTICATED: no valid session (401). FORBIDDEN: signed in without the right (403).
 * - ACCOUNT_SUSPENDED: the request's session was ended by an admin suspending the account (401, REQ-LISTING-02), so the
 *   client can say why on /auth.
 * - TWO_FACTOR_SETUP_REQUIRED: signed in, but the two-factor policy requires this user to set up two-factor sign-in
 *   first (403, ADR 031); only `GET /api/me` and the setup itself answer until they do.
 * - NOT_FOUND: no such record, or not visible to the caller (404).
 * - CONFLICT: the write clashes with existing data (409). ALREADY_EXISTS: the same record exists already, e.g. a
 *   saved search with the same filters (409; the body's `existingId` names it). PAYLOAD_TOO_LARGE: an upload over its
 *   size limit (413).
 * - RATE_LIMITED: too many requests (429, with Retry-After). SEARCH_RATE_LIMITED: too many searches from one client
 *   key (429, REQ-LIMIT-03 20 per 60 s, with Retry-After and the REQ-MSG-09 message).
 * - UNKNOWN_LOCATION: a radius search around a place our postcode data does not know (400, REQ-PLACE-02); the body's
 *   `suggestions` lists nearby spellings (towns and outcodes).
 * - SERVICE_UNAVAILABLE: the database is not reachable (503). INTERNAL_ERROR: anything unexpected (500).
 */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  INVALID_PRICE_RANGE: 400,
  UNKNOWN_LOCATION: 400,
  UNAUTHENTICATED: 401,
  ACCOUNT_SUSPENDED: 401,
  FORBIDDEN: 403,
  TWO_FACTOR_SETUP_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  ALREADY_EXISTS: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  SEARCH_RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    /** UNKNOWN_LOCATION only: places the user may have meant, best first (at most 5). */
    suggestions: z.array(LocationSuggestionSchema).optional(),
    /** ALREADY_EXISTS only: the id of the record that exists, so the client can offer to open it. */
    existingId: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
