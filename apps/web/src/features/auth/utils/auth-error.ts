/**
 * The sign-in and sign-up forms' checks (SPEC §5 Sign-in form / Sign-up form, §8 texts), from the same shared schemas
 * the API re-checks with. The form shows the first problem as a toast.
 */
import {
  AUTH_MESSAGES as SHARED,
  NAME_MAX_LENGTH,
  SignInInputSchema,
  SignUpInputSchema,
} from '@abode/shared/auth/auth.schema';
import { sanitiseEmail } from '@abode/shared/sanitise';

export const AUTH_MESSAGES = {
  signInMissing: SHARED.signInMissingFields,
  invalidEmail: SHARED.signInInvalidEmail,
  signInPasswordShort: SHARED.signInPasswordTooShort,
  signInFailed: SHARED.signInFailedTitle,
  signedIn: SHARED.signInSuccess,
  signUpMissing: SHARED.signUpMissingFields,
  passwordRules: SHARED.signUpPasswordRequirements,
  namePattern: SHARED.signUpInvalidName,
  signUpFailed: SHARED.signUpFailedTitle,
  checkEmail: SHARED.signUpSuccess,
  unexpected: SHARED.unexpected,
  resetSent: 'If an account exists for that e-mail, we have sent a link to reset the password.',
} as const;

export const NAME_MAX = NAME_MAX_LENGTH;

/** Trimmed and lower-cased (SPEC §5 E-mail); '' when it is not a valid address. */
export function normaliseEmail(email: string): string {
  return sanitiseEmail(email);
}

export function isValidEmail(email: string): boolean {
  return sanitiseEmail(email) !== '';
}

/** The first problem with a sign-in attempt, or null. */
export function signInError(email: string, password: string): string | null {
  const result = SignInInputSchema.safeParse({ email, password });
  return result.success ? null : (result.error.issues[0]?.message ?? AUTH_MESSAGES.unexpected);
}

export interface SignUpFields {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  role: 'client' | 'agent';
}

/** The checked, normalised sign-up input, or the first problem. */
export function parseSignUp(fields: SignUpFields) {
  const result = SignUpInputSchema.safeParse(fields);
  if (result.success) return { data: result.data, error: null };
  return { data: null, error: result.error.issues[0]?.message ?? AUTH_MESSAGES.unexpected };
}

/** The text of a better-auth client error (`{ status, code, message }`), else a safe fallback. */
export function authErrorMessage(
  error: { message?: string | null; statusText?: string } | null | undefined,
): string {
  return error?.message || error?.statusText || AUTH_MESSAGES.unexpected;
}
