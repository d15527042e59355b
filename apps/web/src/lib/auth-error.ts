import { AUTH_MESSAGES } from '@abode/shared/auth/auth.schema';

/** The text of a better-auth client error (`{ status, code, message }`), else a safe fallback (REQ-MSG-08). */
export function authErrorMessage(
  error: { message?: string | null; statusText?: string } | null | undefined,
): string {
  return error?.message || error?.statusText || AUTH_MESSAGES.unexpected;
}
