/**
 * Two-factor sign-in (ADR 031): authenticator-app codes (TOTP, RFC 6238: 6 digits every 30 s) and single-use backup
 * codes, through better-auth's two-factor plugin. Who must use it, the code and policy schemas shared by the forms and
 * the server, and the texts people see.
 */
import { z } from 'zod';
import type { MemberRole } from '../agency/permissions.ts';

/** How long 'Trust this device' spares a browser the code: 30 days, in seconds (better-auth's trustDeviceMaxAge). */
export const TRUSTED_DEVICE_DAYS = 30;
/** Backup codes issued at enrolment and on each regeneration; each works once. */
export const BACKUP_CODE_COUNT = 10;
/** Code attempts per account in an hour before the REQ-LIMIT-01 (15 minutes). */
export const TWO_FACTOR_ATTEMPTS_PER_HOUR = 5;

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  backupCodeRequired: 'Enter one of your backup codes.',
  invalidCode: 'That code is not right. Check your authenticator app and try again.',
  tooManyAttempts: 'Too many codes tried. Please try again later.',
  setupRequired: 'Set up two-factor sign-in to continue: your account must use it.',
  demoAccount:
    'Demo accounts sign in with a password only: their passwords are public, so two-factor sign-in cannot be turned on for them.',
  challengeExpired: 'Your sign-in has expired. Enter your e-mail and password again.',
  disableNeedsCode:
    'Enter a code from your authenticator app, or a backup code, to turn two-factor sign-in off.',
} as const;

/** A code from the authenticator app: 6 digits (spaces people type between groups are ignored). */
export const TotpCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: TWO_FACTOR_MESSAGES.codeRequired }));

/** A backup code as better-auth issues it: ten letters and digits, shown as 'abcde-12345'. */
export const BackupCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.backupCodeRequired })
  .transform((value) => value.trim())
  .pipe(
    z.string().regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, { error: TWO_FACTOR_MESSAGES.backupCodeRequired }),
  )
  .transform((value) => (value.includes('-') ? value : `${value.slice(0, 5)}-${value.slice(5)}`));

/** The second step of a sign-in, and the code that confirms an enrolment. */
export const TwoFactorChallengeSchema = z.object({
  code: TotpCodeSchema,
  trustDevice: z.boolean().optional(),
});
export type TwoFactorChallengeInput = z.input<typeof TwoFactorChallengeSchema>;

/** The second step of a sign-in with a backup code instead of the app. */
export const BackupCodeChallengeSchema = z.object({
  code: BackupCodeSchema,
  trustDevice: z.boolean().optional(),
});

/** The password that starts an enrolment or makes new backup codes. */
export const TwoFactorPasswordSchema = z.object({
  password: z.string().min(1, { error: 'Enter your password.' }),
});

/** Turning two-factor off: the password and a current code (authenticator or backup). */
export const DisableTwoFactorSchema = TwoFactorPasswordSchema.extend({
  code: z.union([TotpCodeSchema, BackupCodeSchema], { error: TWO_FACTOR_MESSAGES.disableNeedsCode }),
});
export type DisableTwoFactorInput = z.input<typeof DisableTwoFactorSchema>;

/** `PUT /api/admin/two-factor-policy`: who must use two-factor sign-in besides super admins (always). */
export const TwoFactorPolicySchema = z.object({
  requireForAdmins: z.boolean(),
  requireForAgencyManagers: z.boolean(),
});
export type TwoFactorPolicy = z.infer<typeof TwoFactorPolicySchema>;

/** The signed-in user's two-factor state, in `GET /api/me`. */
export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** The policy asks this user to use it (whether or not they have yet). */
  required: z.boolean(),
  /** A demo account: password-only outside production, never required, cannot enrol. */
  demo: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/**
 * Whether a user must use two-factor sign-in: super admins always; admins and agency owners and branch managers
 * when the policy says so; never a demo account (their passwords are public and they exist only outside production).
 * Negotiators and clients may turn it on but are never required to.
 */
export function twoFactorRequired(user: {
  adminRole: string | null;
  agencyRole: MemberRole | null;
  policy: TwoFactorPolicy;
  demo: boolean;
}): boolean {
  if (user.demo) return false;
  if (user.adminRole === 'super_admin') return true;
  if (user.adminRole && user.policy.requireForAdmins) return true;
  return (
    user.policy.requireForAgencyManagers &&
    (user.agencyRole === 'owner' || user.agencyRole === 'branch-manager')
  );
}
