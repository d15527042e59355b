/**
 * An agency's name and compliance details as its members see them (ADR 029, "Compliance before advertising"):
 * `GET /api/agent/agency` answers {@link AgencySchema}; the owner's Settings › Agency form and
 * `PATCH /api/agent/agency` both parse with {@link UpdateAgencyInputSchema} (one schema, STYLE §5.2).
 *
 * Our reading of the rules (compliance.ts cites the Acts): every agency records a redress scheme and its membership
 * number; an agency with a branch that handles lettings also records a client money protection (CMP) scheme and
 * number. {@link complianceGaps} says what is still missing, for the form and for the admin's verify (409).
 * Membership numbers are checked only for a sane shape (3-20 letters, digits or hyphens, kept upper-case): the
 * schemes' own formats vary and change, and an admin checks the number against the scheme's register.
 */
import { z } from 'zod';
import { sanitisedText } from '../sanitise.ts';
import { unlessFieldsFailed } from '../cross-field-rule.ts';
import {
  AGENCY_STANDINGS,
  CMP_SCHEMES,
  REDRESS_SCHEMES,
  type AgencyStanding,
  type CmpScheme,
  type RedressScheme,
} from './compliance.ts';

/** Longest agency name (as a branch's agency name, agent/profile.schema.ts). */
export const AGENCY_NAME_MAX_LENGTH = 100;
/** A membership number's length range, after trimming. */
export const MEMBERSHIP_NUMBER_MIN_LENGTH = 3;
export const MEMBERSHIP_NUMBER_MAX_LENGTH = 20;
const MEMBERSHIP_NUMBER = /^[A-Z0-9-]+$/;

/** What an agency may still lack before an admin can verify it. */
export const COMPLIANCE_GAPS = ['redress', 'cmp'] as const;
export type ComplianceGap = (typeof COMPLIANCE_GAPS)[number];

/** Texts of Settings › Agency, its banner and its API that REQ-MSG does not word. */
export const AGENCY_MESSAGES = {
  nameRequired: 'Enter the agency name',
  nameTooLong: `The agency name should be at most ${AGENCY_NAME_MAX_LENGTH} characters`,
  numberInvalid: `Enter ${MEMBERSHIP_NUMBER_MIN_LENGTH} to ${MEMBERSHIP_NUMBER_MAX_LENGTH} letters, digits or hyphens`,
  redressSchemeRequired: 'Choose the redress scheme this number belongs to',
  redressNumberRequired: 'Enter your redress scheme membership number',
  cmpSchemeRequired: 'Choose the client money protection scheme this number belongs to',
  cmpNumberRequired: 'Enter your client money protection membership number',
  loadFailed: 'Failed to load your agency',
  saveFailed: 'Failed to save your agency',
  saved: 'Agency details saved',
  /** The save changed the compliance details of a verified agency. */
  savedNeedsCheck: 'Agency details saved. An admin will check the new details before you can publish again.',
  /** Under the form, for an owner of a verified agency. */
  reverifyWarning:
    'Changing the redress or client money protection details sets your agency back to unverified until an admin ' +
    'checks them. Listings already on Abode stay there, but none can be published or change status meanwhile.',
  readOnly: 'Only an owner of the agency can change these details.',
  cmpRequiredHint: 'Required, as at least one of your branches handles lettings.',
  cmpOptionalHint: 'Needed if any of your branches handles lettings.',
  /** The agent portal's banner (dashboard and properties) and the standing badge's meaning. */
  bannerUnverified:
    'Your agency is not verified yet: listings can be prepared but not published until an admin checks your ' +
    'redress scheme membership. Add it in Settings › Agency.',
  bannerSuspended:
    'Your agency is suspended: its listings are hidden from Abode and none can be published. Contact Abode ' +
    'support to find out why.',
  standingMeaning: {
    unverified:
      'An admin has not checked your redress scheme membership yet. You can prepare listings as drafts, but not ' +
      'publish them.',
    verified: 'An admin has checked your redress scheme membership. Your listings can be published.',
    suspended: 'An admin has suspended your agency. Its listings are hidden from Abode.',
  } satisfies Record<AgencyStanding, string>,
  /** What is still missing, as the form and the admin's screen list it. */
  gap: {
    redress: 'a redress scheme and membership number',
    cmp: 'a client money protection scheme and number (a branch handles lettings)',
  } satisfies Record<ComplianceGap, string>,
} as const;

/** How each standing reads on a badge. */
export const AGENCY_STANDING_LABELS: Record<AgencyStanding, string> = {
  unverified: 'Not verified',
  verified: 'Verified',
  suspended: 'Suspended',
};

/** An agency's compliance details as stored: each scheme with its number, or neither. */
export interface ComplianceDetails {
  redressScheme: RedressScheme | null;
  redressMembershipNumber: string | null;
  cmpScheme: CmpScheme | null;
  cmpMembershipNumber: string | null;
}

/**
 * What `details` still lacks before an admin may verify the agency: a redress scheme and number always; a CMP
 * scheme and number when `handlesLettings` (any of its branches does). Empty when it is complete.
 */
export function complianceGaps(details: ComplianceDetails, handlesLettings: boolean): ComplianceGap[] {
  const gaps: ComplianceGap[] = [];
  if (!details.redressScheme || !details.redressMembershipNumber) gaps.push('redress');
  if (handlesLettings && (!details.cmpScheme || !details.cmpMembershipNumber)) gaps.push('cmp');
  return gaps;
}

/** Whether `after` records other compliance details than `before` (a verified agency must then be checked again). */
export function complianceChanged(before: ComplianceDetails, after: ComplianceDetails): boolean {
  return (
    before.redressScheme !== after.redressScheme ||
    before.redressMembershipNumber !== after.redressMembershipNumber ||
    before.cmpScheme !== after.cmpScheme ||
    before.cmpMembershipNumber !== after.cmpMembershipNumber
  );
}

/** A select's value: one of `schemes`, or '' / null for none (never absent: the body is the whole record). */
const schemeOf = <T extends readonly [string, ...string[]]>(schemes: T) =>
  z
    .union([z.enum(schemes), z.literal('')])
    .nullable()
    .transform((v): T[number] | null => v || null);

/** A membership number: trimmed and upper-cased; blank is null; otherwise 3-20 letters, digits or hyphens. */
const membershipNumber = z
  .string()
  .max(200, AGENCY_MESSAGES.numberInvalid)
  .nullable()
  .transform((v, ctx) => {
    const given = (v ?? '').trim().toUpperCase();
    if (!given) return null;
    if (
      given.length < MEMBERSHIP_NUMBER_MIN_LENGTH ||
      given.length > MEMBERSHIP_NUMBER_MAX_LENGTH ||
      !MEMBERSHIP_NUMBER.test(given)
    ) {
      ctx.addIssue({ code: 'custom', message: AGENCY_MESSAGES.numberInvalid });
      return z.NEVER;
    }
    return given;
  });

/** The two scheme-and-number pairs: the fields and the messages of a missing half. */
const PAIRS = [
  {
    scheme: 'redressScheme',
    number: 'redressMembershipNumber',
    schemeMissing: AGENCY_MESSAGES.redressSchemeRequired,
    numberMissing: AGENCY_MESSAGES.redressNumberRequired,
  },
  {
    scheme: 'cmpScheme',
    number: 'cmpMembershipNumber',
    schemeMissing: AGENCY_MESSAGES.cmpSchemeRequired,
    numberMissing: AGENCY_MESSAGES.cmpNumberRequired,
  },
] as const;

type Pair = (typeof PAIRS)[number];

/**
 * A scheme and its number go together: the missing half is the error. Runs alongside the other fields' errors (so
 * the form shows them all at once), unless the pair's own fields failed or the input is not an object at all.
 */
const pairRule = (pair: Pair) =>
  [
    (v: Record<string, unknown>, ctx: z.core.$RefinementCtx<Record<string, unknown>>) => {
      const [scheme, number] = [v[pair.scheme], v[pair.number]];
      if (scheme && !number)
        ctx.addIssue({ code: 'custom', path: [pair.number], message: pair.numberMissing });
      if (number && !scheme)
        ctx.addIssue({ code: 'custom', path: [pair.scheme], message: pair.schemeMissing });
    },
    unlessFieldsFailed(pair.scheme, pair.number),
  ] as const;

/**
 * `PATCH /api/agent/agency` body and the Settings › Agency form: the agency's whole record. `name` is sanitised
 * one-line text (sanitise.ts), 1-100 characters. Every key is required, so a body that forgets one cannot clear
 * a recorded number by accident. Each scheme goes with its number: a scheme without a number, or a number without a
 * scheme, is an error on the missing one. A scheme or number is '' or null for none (a select's empty choice).
 * Output: {@link ComplianceDetails} and `name`.
 */
export const UpdateAgencyInputSchema = z
  .object({
    name: z.string({ error: AGENCY_MESSAGES.nameRequired }).pipe(
      sanitisedText(AGENCY_NAME_MAX_LENGTH, {
        required: AGENCY_MESSAGES.nameRequired,
        tooLong: AGENCY_MESSAGES.nameTooLong,
        singleLine: true,
      }),
    ),
    redressScheme: schemeOf(REDRESS_SCHEMES),
    redressMembershipNumber: membershipNumber,
    cmpScheme: schemeOf(CMP_SCHEMES),
    cmpMembershipNumber: membershipNumber,
  })
  .superRefine(...pairRule(PAIRS[0]))
  .superRefine(...pairRule(PAIRS[1]));
export type UpdateAgencyInput = z.output<typeof UpdateAgencyInputSchema>;
export type UpdateAgencyFormValues = z.input<typeof UpdateAgencyInputSchema>;

/**
 * `GET` / `PATCH /api/agent/agency`: the member's agency. `standing` is what the portals show (only a verified
 * agency publishes); `verifiedAt` is ISO 8601 or null; `handlesLettings` whether any branch does (then CMP is
 * needed); `gaps` what an admin still needs before verifying ({@link complianceGaps}); `branchCount` its branches.
 */
export const AgencySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  redressScheme: z.enum(REDRESS_SCHEMES).nullable(),
  redressMembershipNumber: z.string().nullable(),
  cmpScheme: z.enum(CMP_SCHEMES).nullable(),
  cmpMembershipNumber: z.string().nullable(),
  standing: z.enum(AGENCY_STANDINGS),
  verifiedAt: z.string().nullable(),
  handlesLettings: z.boolean(),
  branchCount: z.number().int().nonnegative(),
  gaps: z.array(z.enum(COMPLIANCE_GAPS)),
});
export type Agency = z.infer<typeof AgencySchema>;

/** The form's values for `agency` (selects and inputs hold '' for none). */
export function agencyFormValues(agency: Agency): UpdateAgencyFormValues {
  return {
    name: agency.name,
    redressScheme: agency.redressScheme ?? '',
    redressMembershipNumber: agency.redressMembershipNumber ?? '',
    cmpScheme: agency.cmpScheme ?? '',
    cmpMembershipNumber: agency.cmpMembershipNumber ?? '',
  };
}
