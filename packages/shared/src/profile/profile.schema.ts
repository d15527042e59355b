/**
 * The client's own profile (REQ-CLIENT-14 /profile): personal details, change password, change e-mail, download my data
 * and delete my account. The form and the API parse with these same schemas (STYLE §5.2). Names follow the sign-up
 * rules (REQ-AUTH-02), the phone the contact-data rule (REQ-ENQ-02), passwords the strength rules
 * (REQ-AUTH-04).
 */
import { z } from 'zod';
import { AUTH_MESSAGES, isValidName, normaliseName } from '../auth/auth.schema.ts';
import { checkPasswordStrength } from '../auth/password.ts';
import { MESSAGES } from '../messages.ts';
import { phoneProblem, sanitiseEmail, sanitisePhone } from '../sanitise.ts';

/** Texts of the profile page that REQ-CLIENT does not give verbatim (REQ-CLIENT). */
export const PROFILE_MESSAGES = {
  // REQ-AGENT has these two for the agent profile; the client profile uses the same words.
  updated: 'Profile updated successfully',
  updateFailed: 'Failed to update profile',
  loadFailed: 'Failed to load profile',
  firstNameRequired: 'First name is required',
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordWrong: 'Your current password is incorrect',
  passwordsDoNotMatch: 'Passwords do not match',
  samePassword: 'Your new password must be different from your current password',
  passwordChanged: 'Password changed. You have been signed out on your other devices.',
  passwordChangeFailed: 'Failed to change password',
  sameEmail: 'This is already your e-mail address',
  emailChangeSent: 'Check your new e-mail address to confirm the change',
  emailChangeFailed: 'Failed to change e-mail address',
  emailChanged: 'Your e-mail address has been changed',
  emailLinkInvalid: 'This link is invalid or has expired. Please ask for a new one.',
  passwordRequired: 'Please enter your password',
  passwordWrong: 'Incorrect password',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  deleteConfirmation: 'Please type DELETE to confirm',
  accountDeleted: 'Your account has been deleted',
  deleteFailed: 'Failed to delete account',
  /** Agents and admins are closed by support: their listings, enquiries and admin rights need a handover. */
  deleteNotAllowed:
    'Agent and administrator accounts cannot be deleted here. Please contact support to close this account.',
} as const;

/** The typed word that confirms account deletion. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

const optionalText = z
  .string()
  .max(500)
  .nullish()
  .transform((v) => v ?? '');

/**
 * The personal details form: firstName required; lastName and phone optional ('' or null clears them). Names are
 * sanitised, trimmed and cut to 50 characters like on sign-up ({@link normaliseName}; one typed with `<` or `>`, or
 * a line break, is refused by the name rule); the phone is stored cleaned (REQ-ENQ-02), 5–20 characters with at least 5 digits.
 * Output: `{ firstName, lastName: string | null, phone: string | null }`. The API's body is
 * {@link ProfileChangesSchema}, the same fields each optional.
 */
export const UpdateProfileSchema = z.object({
  firstName: z
    .string({ error: PROFILE_MESSAGES.firstNameRequired })
    .max(500)
    .transform((typed, ctx) => {
      const name = normaliseName(typed);
      if (!name && !/[<>]/.test(typed))
        ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.firstNameRequired });
      else if (!isValidName(typed))
        ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.signUpInvalidName });
      return name;
    }),
  lastName: optionalText
    .refine((typed) => normaliseName(typed) === '' || isValidName(typed), AUTH_MESSAGES.signUpInvalidName)
    .transform((typed) => normaliseName(typed) || null),
  phone: optionalText
    // A phone of only other characters ('call me') is refused, not silently cleared.
    .superRefine((v, ctx) => {
      const problem = v.trim() === '' ? null : phoneProblem(sanitisePhone(v));
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((v) => sanitisePhone(v) || null),
});
export type UpdateProfileInput = z.output<typeof UpdateProfileSchema>;
export type UpdateProfileFormInput = z.input<typeof UpdateProfileSchema>;

/**
 * `PATCH /api/me/profile` body (REQ-SEC): any non-empty subset of {@link UpdateProfileSchema}'s fields, each checked
 * by the same rule. A field left out is absent from the output and keeps its stored value; `lastName` or `phone` sent
 * as null or '' comes out null and clears it; `firstName` cannot be cleared (null or '' is 'First name is required').
 * A body with none of the fields (`{}`, or no JSON body at all) is refused rather than read as "change nothing": it
 * is a client's mistake, not an edit.
 */
export const ProfileChangesSchema = UpdateProfileSchema.partial().refine(
  (changes) => Object.keys(changes).length > 0,
  MESSAGES.validation,
);
export type ProfileChanges = z.output<typeof ProfileChangesSchema>;

/** `GET/PATCH /api/me/profile` response. `createdAt` is an ISO 8601 instant. */
export const ProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(['client', 'agent']),
  isVerified: z.boolean(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/**
 * The change-password form. The new password must pass the strength rules (sign-up's message) and differ from the
 * current one; `confirmPassword` must match. The server re-checks strength ('Password validation failed: …').
 */
export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string().default(''),
    newPassword: z.string().default(''),
    confirmPassword: z.string().default(''),
  })
  .superRefine((v, ctx) => {
    if (!v.currentPassword)
      ctx.addIssue({
        code: 'custom',
        path: ['currentPassword'],
        message: PROFILE_MESSAGES.currentPasswordRequired,
      });
    if (!checkPasswordStrength(v.newPassword).isValid)
      ctx.addIssue({
        code: 'custom',
        path: ['newPassword'],
        message: AUTH_MESSAGES.signUpPasswordRequirements,
      });
    else if (v.currentPassword && v.newPassword === v.currentPassword)
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: PROFILE_MESSAGES.samePassword });
    if (v.confirmPassword !== v.newPassword)
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: PROFILE_MESSAGES.passwordsDoNotMatch,
      });
  });
export type ChangePasswordInput = z.output<typeof ChangePasswordSchema>;

/** The change-e-mail form: the new address, trimmed and lower-cased (REQ-SEC-03). */
export const ChangeEmailSchema = z.object({
  newEmail: z
    .string()
    .default('')
    .transform(sanitiseEmail)
    .refine((v) => v !== '', AUTH_MESSAGES.signInInvalidEmail),
});
export type ChangeEmailInput = z.output<typeof ChangeEmailSchema>;

/**
 * DELETE /api/me body. Both the password (re-checked on the server) and the typed word DELETE are required: the
 * password proves it is the owner, the word that the click was meant.
 */
export const DeleteAccountSchema = z.object({
  password: z
    .string({ error: PROFILE_MESSAGES.passwordRequired })
    .max(128)
    .min(1, PROFILE_MESSAGES.passwordRequired),
  confirmation: z.literal(DELETE_CONFIRMATION_WORD, { error: PROFILE_MESSAGES.deleteConfirmation }),
});
export type DeleteAccountInput = z.output<typeof DeleteAccountSchema>;

const listingRef = { listingId: z.string(), title: z.string(), slug: z.string() };

/**
 * `GET /api/me/export` (download my data): everything stored about the user. Never password hashes, session
 * tokens or unsubscribe tokens. Instants are ISO 8601; prices are not included (they are the listing's, not the
 * user's).
 */
export const DataExportSchema = z.object({
  exportedAt: z.string(),
  profile: ProfileSchema.extend({ name: z.string(), updatedAt: z.string() }),
  favourites: z.array(z.object({ ...listingRef, savedAt: z.string() })),
  savedSearches: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      searchParams: z.record(z.string(), z.unknown()),
      emailAlerts: z.boolean(),
      alertFrequency: z.string(),
      lastAlertedAt: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  recentViews: z.array(z.object({ ...listingRef, viewedAt: z.string() })),
  enquiries: z.array(
    z.object({
      id: z.string(),
      listing: z.object(listingRef).nullable(),
      agentName: z.string().nullable(),
      message: z.string(),
      status: z.string(),
      contactInfo: z.object({ name: z.string(), email: z.string(), phone: z.string().optional() }),
      createdAt: z.string(),
    }),
  ),
  sessions: z.array(
    z.object({
      createdAt: z.string(),
      expiresAt: z.string(),
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  auditLog: z.array(
    z.object({ action: z.string(), createdAt: z.string(), ipAddress: z.string().nullable() }),
  ),
  agent: z.record(z.string(), z.unknown()).nullable(),
});
export type DataExport = z.infer<typeof DataExportSchema>;
