/**
 * One typed error for the API (REQ-MSG-04, STYLE §5.5). Throw it anywhere; `app.onError` turns it into
 * `{ error: { code, message } }` with the status of its code. `message` must be safe to show to the user.
 */
import { ERROR_STATUS, type ErrorCode } from '@abode/shared/errors';
import type { LocationSuggestion } from '@abode/shared/listings/listing.schema';
import { MESSAGES } from '@abode/shared/messages';

export interface AppErrorDetail {
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: (typeof ERROR_STATUS)[ErrorCode];
  readonly details: AppErrorDetail[] | undefined;
  /** Seconds the client should wait before retrying (429), sent as Retry-After. */
  readonly retryAfterSeconds: number | undefined;
  /** Places the user may have meant (UNKNOWN_LOCATION), sent as `error.suggestions`. */
  readonly suggestions: LocationSuggestion[] | undefined;
  /** The id of the record that exists already (ALREADY_EXISTS), sent as `error.existingId`. */
  readonly existingId: string | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      details?: AppErrorDetail[];
      retryAfterSeconds?: number;
      suggestions?: LocationSuggestion[];
      existingId?: string;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.suggestions = options.suggestions;
    this.existingId = options.existingId;
  }

  /** 400 with the REQ-MSG-01. */
  static validation(details?: AppErrorDetail[]): AppError {
    return new AppError('VALIDATION_ERROR', MESSAGES.validation, details ? { details } : {});
  }

  /** 404 with a safe message; also used for records the caller may not see (never confirm they exist). */
  static notFound(message: string = MESSAGES.notFound): AppError {
    return new AppError('NOT_FOUND', message);
  }
}
