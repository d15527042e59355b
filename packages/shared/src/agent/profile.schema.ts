/**
 * The agent's own profile (REQ-AGENT-12, REQ-AGENT-13 "Update agents by user_id").
 * The profile form (react-hook-form + zodResolver) parses with {@link UpdateAgentProfileSchema}, and
 * `PATCH /api/agent/profile` with {@link AgentProfileChangesSchema}: the same field rules (STYLE §5.2), so a rule
 * changed here changes in both places.
 *
 * Our reading of REQ-AGENT-13: the fields SPEC labels required (name, agency or branch name, e-mail, primary phone)
 * are enforced; e-mail and phones follow the contact-data rules (REQ-SEC-01); text is sanitised as REQ-SEC-01 says (strip
 * `<` `>`, control and bidi characters, trim; apostrophes and ampersands stay; one line except the bio); web links
 * must be http(s) so a `javascript:` link can never be stored and rendered as a clickable profile link.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { unlessFieldsFailed } from '../cross-field-rule.ts';
import { BUSINESS_DAYS, BUSINESS_HOURS_MAX_LENGTH } from './business-hours.ts';
import { isOnDomain, normaliseHttpUrl, parseYearsExperience } from './profile-values.ts';
import {
  phoneProblem,
  sanitisedText,
  sanitiseEmail,
  sanitisePhone,
  sanitiseSingleLine,
} from '../sanitise.ts';

/** Longest name, agency name and branch name we store. */
export const AGENT_NAME_MAX_LENGTH = 100;
/** Longest bio (REQ-AGENT-12). */
export const BIO_MAX_LENGTH = 2000;
/** Longest office address and web address. */
export const ADDRESS_MAX_LENGTH = 500;
export const URL_MAX_LENGTH = 500;
/** Certifications and languages: each chip at most this long, at most this many of each. */
export const CHIP_MAX_LENGTH = 50;
export const CHIPS_MAX_COUNT = 20;
/** Years of experience range. */
export const YEARS_EXPERIENCE_MAX = 70;

/** Texts of the profile page that REQ-MSG does not word (SPEC's own ones are in MESSAGES). */
export const AGENT_PROFILE_MESSAGES = {
  nameRequired: 'Name is required',
  agencyOrBranchRequired: 'Enter an agency name or a branch name',
  emailRequired: 'Email is required',
  phoneRequired: 'Primary phone is required',
  textTooLong: (max: number) => `Should be at most ${max} characters`,
  bioTooLong: `Bio should be at most ${BIO_MAX_LENGTH} characters`,
  invalidUrl: 'Enter a web address starting with http:// or https://',
  invalidLinkedin: 'Enter a LinkedIn address (linkedin.com)',
  invalidFacebook: 'Enter a Facebook address (facebook.com)',
  chipTooLong: `Each entry should be at most ${CHIP_MAX_LENGTH} characters`,
  tooManyChips: `Add at most ${CHIPS_MAX_COUNT}`,
  chipDuplicate: 'Already added',
  yearsRange: `Years of experience should be between 0 and ${YEARS_EXPERIENCE_MAX}`,
  /** REQ-AGENT-02: an agent user without an agents row ('Profile not found', REQ-AGENT-02) is offered to create one. */
  missingProfileText:
    'Your agent account has no agent profile yet. Create it to list properties and receive enquiries.',
  createProfile: 'Create Profile',
  creatingProfile: 'Creating...',
  profileCreated: 'Profile created',
  /** 409 of POST /api/agent/profile. */
  profileExists: 'You already have an agent profile',
} as const;

/**
 * REQ-SEC-01 sanitising ({@link sanitiseSingleLine}: strip `<` `>`, control and bidi characters, NFC, trim,
 * line breaks folded into one space) of a chip or a day's hours, without a length cut: the schema reports over-long
 * text instead.
 */
function sanitiseProfileText(value: string): string {
  return sanitiseSingleLine(value, Number.POSITIVE_INFINITY);
}

/**
 * Certifications or languages as stored: each trimmed and sanitised, blanks dropped, duplicates (ignoring case)
 * dropped keeping the first. Length and count limits are checked by the schema, not silently applied.
 */
export function normaliseChips(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const value = sanitiseProfileText(raw);
    const key = value.toLocaleLowerCase('en-GB');
    if (!value || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

/**
 * Adds a chip typed in the form (Enter or Add, REQ-AGENT-12): trimmed; blank is ignored. Returns the new list, or an
 * error text (too long, duplicate, too many) and the list unchanged.
 */
export function addChip(list: readonly string[], input: string): { list: string[]; error?: string } {
  const value = sanitiseProfileText(input);
  if (!value) return { list: [...list] };
  if (value.length > CHIP_MAX_LENGTH) return { list: [...list], error: AGENT_PROFILE_MESSAGES.chipTooLong };
  const key = value.toLocaleLowerCase('en-GB');
  if (list.some((v) => v.toLocaleLowerCase('en-GB') === key))
    return { list: [...list], error: AGENT_PROFILE_MESSAGES.chipDuplicate };
  if (list.length >= CHIPS_MAX_COUNT) return { list: [...list], error: AGENT_PROFILE_MESSAGES.tooManyChips };
  return { list: [...list, value] };
}

const optionalString = z.string().nullish();

/** Required one-line text: sanitised (sanitise.ts), not blank, at most `max` characters. */
const requiredText = (required: string, max: number) =>
  z
    .string({ error: required })
    .nullish()
    .transform((v) => v ?? '')
    .pipe(
      sanitisedText(max, { required, tooLong: AGENT_PROFILE_MESSAGES.textTooLong(max), singleLine: true }),
    );

/**
 * Optional text: sanitised (sanitise.ts), at most `max` characters; blank becomes null. One line unless `multiLine`
 * (only the bio keeps its line breaks).
 */
const optionalText = (
  max: number,
  { tooLong = AGENT_PROFILE_MESSAGES.textTooLong(max), multiLine = false } = {},
) =>
  optionalString
    .transform((v) => v ?? '')
    .pipe(sanitisedText(max, { tooLong, singleLine: !multiLine }))
    .transform((v) => v || null);

/** A phone cleaned as REQ-ENQ-02 says, 5–20 characters with at least 5 digits; '' → null when optional. */
const phone = (required: string | null) =>
  optionalString.transform((v, ctx) => {
    const given = (v ?? '').trim();
    if (!given) {
      if (required) ctx.addIssue({ code: 'custom', message: required });
      return null;
    }
    const cleaned = sanitisePhone(given);
    const problem = phoneProblem(cleaned);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return cleaned;
  });

/** An http(s) link, optionally required to be on `domain`; '' → null. */
const link = (invalid: string, domain?: string) =>
  optionalString.transform((v, ctx) => {
    const given = (v ?? '').trim();
    if (!given) return null;
    const href = given.length <= URL_MAX_LENGTH ? normaliseHttpUrl(given) : null;
    if (!href || (domain && !isOnDomain(href, domain))) {
      ctx.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    return href;
  });

const chips = z
  .array(z.string().max(1000))
  .max(200)
  .nullish()
  .transform((v) => normaliseChips(v ?? []))
  .pipe(
    z
      .array(z.string().max(CHIP_MAX_LENGTH, AGENT_PROFILE_MESSAGES.chipTooLong))
      // A refinement, not .max(): a failed array length check would stop the agency/branch rule from running.
      .refine((list) => list.length <= CHIPS_MAX_COUNT, AGENT_PROFILE_MESSAGES.tooManyChips),
  );

const BusinessHoursInputSchema = z
  .partialRecord(z.enum(BUSINESS_DAYS), z.string().nullish())
  .nullish()
  .transform((v, ctx) => {
    const out: Partial<Record<(typeof BUSINESS_DAYS)[number], string>> = {};
    for (const day of BUSINESS_DAYS) {
      const text = sanitiseProfileText(v?.[day] ?? '');
      if (!text) continue;
      if (text.length > BUSINESS_HOURS_MAX_LENGTH)
        ctx.addIssue({
          code: 'custom',
          message: AGENT_PROFILE_MESSAGES.textTooLong(BUSINESS_HOURS_MAX_LENGTH),
          path: [day],
        });
      out[day] = text;
    }
    return Object.keys(out).length ? out : null;
  });

/**
 * Each field of the agent's profile checked on its own (used whole by {@link UpdateAgentProfileSchema} and partially
 * by {@link AgentProfileChangesSchema}). Output (what is stored): `{ name, agencyName, branchName, email, phone,
 * phoneSecondary, bio, address, websiteUrl, socialLinks: { linkedin?, facebook? }, businessHours, certifications[],
 * languages[], yearsExperience }` — blank optional text is null, e-mail lower-cased, phones cleaned, links normalised
 * to absolute http(s) URLs, chips normalised by {@link normaliseChips}, years parsed by {@link parseYearsExperience}.
 * Text is one line, except the bio.
 *
 * Errors, each on its field's path: the AGENT_PROFILE_MESSAGES texts, 'Invalid email format' and the phone rule's
 * messages ({@link phoneProblem}: REQ-ENQ-02).
 */
export const AgentProfileFieldsSchema = z.object({
  name: requiredText(AGENT_PROFILE_MESSAGES.nameRequired, AGENT_NAME_MAX_LENGTH),
  agencyName: optionalText(AGENT_NAME_MAX_LENGTH),
  branchName: optionalText(AGENT_NAME_MAX_LENGTH),
  email: optionalString.transform((v, ctx) => {
    const given = (v ?? '').trim();
    if (!given) {
      ctx.addIssue({ code: 'custom', message: AGENT_PROFILE_MESSAGES.emailRequired });
      return z.NEVER;
    }
    const email = sanitiseEmail(given);
    if (!email) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.contactInvalidEmail });
      return z.NEVER;
    }
    return email;
  }),
  phone: phone(AGENT_PROFILE_MESSAGES.phoneRequired),
  phoneSecondary: phone(null),
  bio: optionalText(BIO_MAX_LENGTH, { tooLong: AGENT_PROFILE_MESSAGES.bioTooLong, multiLine: true }),
  address: optionalText(ADDRESS_MAX_LENGTH),
  websiteUrl: link(AGENT_PROFILE_MESSAGES.invalidUrl),
  socialLinks: z
    .object({
      linkedin: link(AGENT_PROFILE_MESSAGES.invalidLinkedin, 'linkedin.com'),
      facebook: link(AGENT_PROFILE_MESSAGES.invalidFacebook, 'facebook.com'),
    })
    .nullish()
    .transform((v) => ({
      ...(v?.linkedin ? { linkedin: v.linkedin } : {}),
      ...(v?.facebook ? { facebook: v.facebook } : {}),
    })),
  businessHours: BusinessHoursInputSchema,
  certifications: chips,
  languages: chips,
  yearsExperience: z
    .union([z.string().max(20), z.number()])
    .nullish()
    .transform(parseYearsExperience)
    .pipe(
      z
        .number()
        .int()
        .min(0, AGENT_PROFILE_MESSAGES.yearsRange)
        .max(YEARS_EXPERIENCE_MAX, AGENT_PROFILE_MESSAGES.yearsRange),
    ),
});

/** REQ-AGENT-13: an agency name or a branch name (REQ-AGENT: the profile edits both; one is enough). */
export function hasAgencyOrBranch(v: {
  agencyName?: string | null | undefined;
  branchName?: string | null | undefined;
}): boolean {
  return Boolean(v.agencyName || v.branchName);
}

type AgencyAndBranch = { agencyName?: string | null; branchName?: string | null };

/**
 * The agency/branch rule where both names are known (a whole profile always; a PATCH only when it sends both),
 * reported on `agencyName`.
 */
function checkAgencyOrBranch(v: AgencyAndBranch, ctx: z.core.$RefinementCtx<AgencyAndBranch>) {
  if (v.agencyName !== undefined && v.branchName !== undefined && !hasAgencyOrBranch(v))
    ctx.addIssue({
      code: 'custom',
      message: AGENT_PROFILE_MESSAGES.agencyOrBranchRequired,
      path: ['agencyName'],
    });
}

/** {@link checkAgencyOrBranch} runs unless one of the two names failed. */
const AGENCY_OR_BRANCH_WHEN = unlessFieldsFailed('agencyName', 'branchName');

/** The profile form, and the check of a whole profile: {@link AgentProfileFieldsSchema} plus the agency/branch rule. */
export const UpdateAgentProfileSchema = AgentProfileFieldsSchema.superRefine(
  checkAgencyOrBranch,
  AGENCY_OR_BRANCH_WHEN,
);
/** What the form holds (strings as typed, years as text). */
export type UpdateAgentProfileFormInput = z.input<typeof UpdateAgentProfileSchema>;
/** What is stored. */
export type UpdateAgentProfile = z.output<typeof UpdateAgentProfileSchema>;

/**
 * `PATCH /api/agent/profile` body (REQ-SEC): any non-empty subset of {@link AgentProfileFieldsSchema}'s fields, each
 * checked by the same rule. A field left out is absent from the output and keeps its stored value; an optional field
 * sent as null or '' is cleared (null, or [] and {} for chips and links); name, email and phone cannot be cleared
 * (their 'is required' message). `socialLinks` and `businessHours` are replaced whole when sent. The agency/branch
 * rule is checked here when both names are sent; with one, it needs the stored profile, so the server checks it on
 * the result ({@link hasAgencyOrBranch}). A body with none of the fields (`{}`, or no JSON body) is refused.
 */
export const AgentProfileChangesSchema = AgentProfileFieldsSchema.partial()
  .superRefine(checkAgencyOrBranch, AGENCY_OR_BRANCH_WHEN)
  .refine((changes) => Object.keys(changes).length > 0, MESSAGES.validation);
export type AgentProfileChanges = z.output<typeof AgentProfileChangesSchema>;

/**
 * The agent's profile as the API returns it: every agents column in camelCase (REQ-AGENT-12 plus the
 * notify-new-enquiries setting). Instants are ISO 8601. The agents row is a branch (ADR 029): `userId` is the
 * signed-in member's user id, `agencyId` the branch's agency and `slug` its public page, `/agents/{slug}`.
 */
export const AgentProfileSchema = z.object({
  id: z.string(),
  userId: z.string(),
  agencyId: z.string(),
  slug: z.string(),
  handlesSales: z.boolean(),
  handlesLettings: z.boolean(),
  name: z.string(),
  branchName: z.string().nullable(),
  agencyName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  phoneSecondary: z.string().nullable(),
  bio: z.string().nullable(),
  address: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  socialLinks: z.object({ linkedin: z.string().optional(), facebook: z.string().optional() }),
  businessHours: z.record(z.string(), z.string()).nullable(),
  certifications: z.array(z.string()),
  languages: z.array(z.string()),
  yearsExperience: z.number().int().nullable(),
  logoUrl: z.string().nullable(),
  notifyNewEnquiries: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AgentProfile = z.infer<typeof AgentProfileSchema>;

/**
 * Quick stats of the profile's side panel (REQ-AGENT-12): non-deleted listings that are active, all
 * non-deleted listings, every enquiry the agent received, and when the agent joined (ISO 8601).
 */
export const AgentProfileStatsSchema = z.object({
  activeListings: z.number().int().nonnegative(),
  totalListings: z.number().int().nonnegative(),
  totalEnquiries: z.number().int().nonnegative(),
  memberSince: z.string(),
});
export type AgentProfileStats = z.infer<typeof AgentProfileStatsSchema>;

/** `GET` and `PATCH /api/agent/profile` response. */
export const AgentProfileResponseSchema = z.object({
  agent: AgentProfileSchema,
  stats: AgentProfileStatsSchema,
});
export type AgentProfileResponse = z.infer<typeof AgentProfileResponseSchema>;
