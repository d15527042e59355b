import type { LocationSuggestion } from '@abode/shared/listings/listing.schema';

/**
 * The client-side form of the API's error body `{ error: { code, message } }` (REQ-MSG-04). Kept apart from the
 * fetch wrapper so the query client can check errors without loading the zod schemas into the first bundle.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** Upper-case code from the server (`VALIDATION_ERROR`, `INVALID_PRICE_RANGE`, …) or `NETWORK_ERROR` /
   * `INVALID_RESPONSE` from the client itself. */
  readonly code: string;
  /** HTTP status; 0 when the request never got a response. */
  readonly status: number;
  /** Field-level problems of a 400 (`path` is the dotted field name), so a form can show each under its field. */
  readonly details: readonly { path: string; message: string }[];
  /**
   * UNKNOWN_LOCATION only: the places the server suggests instead (label to show, value for `location=`, id for
   * `place=`).
   */
  readonly suggestions: readonly LocationSuggestion[];
  /** ALREADY_EXISTS only: the id of the record that exists (e.g. the saved search with the same filters). */
  readonly existingId: string | undefined;

  constructor(
    code: string,
    status: number,
    message: string,
    details: readonly { path: string; message: string }[] = [],
    suggestions: readonly LocationSuggestion[] = [],
    existingId?: string,
  ) {
    super(message);
    this.code = code;
    this.status = status;
    this.details = details;
    this.suggestions = suggestions;
    this.existingId = existingId;
  }

  /** 4xx: the request itself is wrong (or not allowed), so retrying cannot help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
