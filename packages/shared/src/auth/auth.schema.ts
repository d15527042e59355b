/**
 * Sign-in and sign-up inputs (REQ-AUTH-03, Sign-up form, E-mail) and the auth messages of REQ-MSG-01. The SPA
 * checks the form with these schemas and the API re-checks the same data on sign-up (REQ-AUTH).
 */
import { z } from 'zod';
import { sanitiseEmail, sanitiseText } from '../sanitise.ts';
import { checkPasswordStrength } from './password.ts';

export const AUTH_MESSAGES = {
  // REQ-AUTH-03
  signInMissingFields: 'Please enter both email and password.',
  signInInvalidEmail: 'Please enter a valid email address.',
  signInPasswordTooShort: 'Password must be at least 6 characters.',
  signInFailedTitle: 'Sign in failed',
  signInSuccess: 'You have been signed in successfully',
  // REQ-AUTH-02
  signUpMissingFields: 'Please fill in all required fields.',
  signUpPasswordRequirements: 'Please ensure your password meets all security requirements.',
  signUpInvalidName: 'Names can only contain letters, spaces, apostrophes, and hyphens.',
  signUpFailedTitle: 'Sign up failed',
  signUpSuccess: 'Check your email to confirm your account',
  // REQ-AUTH-06 server-side re-checks and Auth service
  invalidEmail: 'Please provide a valid email address',
  passwordValidationFailedPrefix: 'Password validation failed: ',
  credentialsRequired: 'You must provide either an email or phone number and a password.',
  // REQ-LIMIT-02
  tooManySignUps: 'Too many signup attempts. Please try again later.',
  tooManySignIns: 'Too many signin attempts. Please try again later.',
  // REQ-AUTH-07: confirmation resend / password reset requests (not in SPEC verbatim)
  tooManyEmailRequests: 'Too many email requests. Please try again later.',
  // REQ-SEC-11: the neutral answer to a reset request (no account enumeration)
  passwordResetSent: 'If an account exists for that e-mail, we have sent a link to reset the password.',
  // REQ-MSG-08
  unexpected: 'An unexpected error occurred',
  // REQ-AUTH (not in SPEC verbatim)
  emailNotVerified:
    'Please confirm your email address before signing in. Check your inbox or resend the link.',
  accountSuspended: 'This account has been suspended. Please contact support.',
  signInRequired: 'Authentication failed. Please check your credentials.',
  forbidden: 'You do not have permission to perform this action.',
} as const;

/** 'Password validation failed: <errors joined>' (REQ-AUTH-06). */
export function passwordValidationFailedMessage(errors: readonly string[]): string {
  return `${AUTH_MESSAGES.passwordValidationFailedPrefix}${errors.join(', ')}`;
}

export const NAME_MAX_LENGTH = 50;
export const SIGN_IN_PASSWORD_MIN_LENGTH = 6;

/** Only Unicode letters, spaces, apostrophes and hyphens (REQ-AUTH-02; REQ-AUTH-01: any Unicode letter). */
export const NAME_PATTERN = /^[\p{L}\p{M} '’-]+$/u;

/** Names are sanitised (REQ-SEC-01: NFC, no `<` `>` or control characters), trimmed and cut to 50. */
export function normaliseName(name: string): string {
  return sanitiseText(name, NAME_MAX_LENGTH);
}

/**
 * True when a typed name meets the REQ-AUTH-02 name rule once normalised. A name typed with `<` or `>` is refused rather
 * than silently changed by sanitising: the rule allows neither.
 */
export function isValidName(typed: string): boolean {
  return !/[<>]/.test(typed) && NAME_PATTERN.test(normaliseName(typed));
}

export const SignInInputSchema = z
  .object({ email: z.string().default(''), password: z.string().default('') })
  .transform((v, ctx) => {
    if (!v.email.trim() || !v.password) {
      ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.signInMissingFields });
      return z.NEVER;
    }
    const email = sanitiseEmail(v.email);
    if (!email) {
      ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.signInInvalidEmail, path: ['email'] });
      return z.NEVER;
    }
    if (v.password.length < SIGN_IN_PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.signInPasswordTooShort, path: ['password'] });
      return z.NEVER;
    }
    return { email, password: v.password };
  });
export type SignInInput = z.output<typeof SignInInputSchema>;
export type SignInFormInput = z.input<typeof SignInInputSchema>;

export const USER_ROLES = ['client', 'agent'] as const;
export type SignUpRole = (typeof USER_ROLES)[number];

/**
 * REQ-AUTH-02's password and name rules for a new account (sign-up, and joining an agency by invitation), checked in
 * order after the required fields: the password's strength (and at most `maxPasswordLength` characters), then the
 * first name, then a last name that is given (REQ-SEC: REQ-AUTH leaves it unchecked in the form, but the profile form
 * applies it, so no account stores a last name the profile would refuse). Adds the first failure's issue to `ctx`.
 * @returns whether every rule passed.
 */
export function passwordAndNamesPass(
  v: { password: string; firstName: string; lastName?: string | undefined },
  ctx: z.RefinementCtx,
  maxPasswordLength = Number.POSITIVE_INFINITY,
): boolean {
  if (!checkPasswordStrength(v.password).isValid || v.password.length > maxPasswordLength) {
    ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.signUpPasswordRequirements, path: ['password'] });
    return false;
  }
  const invalidName = (field: 'firstName' | 'lastName') => {
    ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.signUpInvalidName, path: [field] });
    return false;
  };
  if (!isValidName(v.firstName)) return invalidName('firstName');
  if (v.lastName?.trim() && !isValidName(v.lastName)) return invalidName('lastName');
  return true;
}

export const SignUpInputSchema = z
  .object({
    firstName: z.string().default(''),
    lastName: z.string().optional(),
    email: z.string().default(''),
    password: z.string().default(''),
    role: z.enum(USER_ROLES).default('client'),
  })
  .transform((v, ctx) => {
    const firstName = normaliseName(v.firstName);
    const lastName = v.lastName === undefined ? undefined : normaliseName(v.lastName);
    if (!firstName || !v.email.trim() || !v.password) {
      ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.signUpMissingFields });
      return z.NEVER;
    }
    const email = sanitiseEmail(v.email);
    if (!email) {
      ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.signInInvalidEmail, path: ['email'] });
      return z.NEVER;
    }
    if (!passwordAndNamesPass(v, ctx)) return z.NEVER;
    return { firstName, lastName: lastName || undefined, email, password: v.password, role: v.role };
  });
export type SignUpInput = z.output<typeof SignUpInputSchema>;
export type SignUpFormInput = z.input<typeof SignUpInputSchema>;

/** 'Forgot password?': the address the reset link goes to, trimmed and lower-cased (REQ-SEC-03). */
export const PasswordResetRequestSchema = z.object({
  email: z.string().transform((typed, ctx) => {
    const email = sanitiseEmail(typed);
    if (!email) ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.signInInvalidEmail });
    return email;
  }),
});
export type PasswordResetRequestInput = z.input<typeof PasswordResetRequestSchema>;

/** The new password of a reset link: the sign-up rules (REQ-AUTH-04), as the API re-checks. */
export const ResetPasswordSchema = z.object({
  newPassword: z
    .string()
    .refine((password) => checkPasswordStrength(password).isValid, AUTH_MESSAGES.signUpPasswordRequirements),
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;
