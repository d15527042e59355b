/**
 * An agency's branches (ADR 029): SPEC's agents row is a branch, so a branch has every field of the agent profile
 * (packages/shared/src/agent/profile.schema.ts, the same rules, one definition) except the agency name, which is the
 * agency's and copied onto each branch by the server; plus the departments it runs (sales, lettings or both). The
 * agent portal's Branches screen (react-hook-form) and `POST` / `PATCH /api/agent/branches` parse with the same
 * schemas. The public branch page, `/agents/{slug}`, reads {@link PublicBranchPageSchema}.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { BUSINESS_DAYS, hoursByDay, type BusinessDay } from '../agent/business-hours.ts';
import { BLANK_PROFILE_FIELDS, storedProfileFields } from '../agent/profile-form-values.ts';
import { AgentProfileFieldsSchema, AgentProfileSchema, type AgentProfile } from '../agent/profile.schema.ts';
import { ListingModeSchema, ListingSummarySchema } from '../listings/listing.schema.ts';
import { MEMBER_ROLES } from './permissions.ts';
import { unlessFieldsFailed } from '../cross-field-rule.ts';

/** Texts of the Branches screen and the public branch page (REQ-MSG does not word them). */
export const BRANCH_MESSAGES = {
  branchNameRequired: 'Enter the branch name',
  departmentRequired: 'Choose sales, lettings or both',
  /** 404 of `GET /api/branches/{slug}`: unknown slug, or an agency that may not advertise (suspended). */
  notFound: 'This branch page does not exist.',
  created: 'Branch added',
  updated: 'Branch saved',
  loadFailed: 'Failed to load branches',
  saveFailed: 'Failed to save the branch',
} as const;

/** Each day's name as shown ('Monday'). */
export const BUSINESS_DAY_LABELS: Record<BusinessDay, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/**
 * Opening hours as a branch page shows them: consecutive days with the same hours in one line ('Monday to Friday',
 * '9:00 to 17:30'), Monday first; days without hours are left out.
 */
export function describeBusinessHours(
  hours: Record<string, string> | null | undefined,
): { days: string; hours: string }[] {
  const byDay = hoursByDay(hours);
  const lines: { from: BusinessDay; to: BusinessDay; hours: string }[] = [];
  for (const day of BUSINESS_DAYS) {
    const text = byDay[day];
    if (!text) continue;
    const last = lines.at(-1);
    const follows = last && BUSINESS_DAYS.indexOf(last.to) === BUSINESS_DAYS.indexOf(day) - 1;
    if (last && follows && last.hours === text) last.to = day;
    else lines.push({ from: day, to: day, hours: text });
  }
  return lines.map((line) => ({
    days:
      line.from === line.to
        ? BUSINESS_DAY_LABELS[line.from]
        : `${BUSINESS_DAY_LABELS[line.from]} to ${BUSINESS_DAY_LABELS[line.to]}`,
    hours: line.hours,
  }));
}

/**
 * A branch's own fields: the agent profile's (name — the person buyers and tenants ask for —, e-mail, phones, bio,
 * address, links, hours, chips, years), with the branch name required, and its departments. No agency name: it is
 * the agency's.
 */
export const BranchFieldsSchema = AgentProfileFieldsSchema.omit({ agencyName: true }).extend({
  branchName: AgentProfileFieldsSchema.shape.branchName.pipe(
    z.string({ error: BRANCH_MESSAGES.branchNameRequired }),
  ),
  handlesSales: z.boolean(),
  handlesLettings: z.boolean(),
});

type Departments = { handlesSales?: boolean | undefined; handlesLettings?: boolean | undefined };

/** At least one department, where both are known (a new branch always; a PATCH when it sends both). */
function checkDepartments(v: Departments, ctx: z.core.$RefinementCtx<Departments>) {
  if (v.handlesSales === false && v.handlesLettings === false)
    ctx.addIssue({ code: 'custom', message: BRANCH_MESSAGES.departmentRequired, path: ['handlesSales'] });
}

/** The department rule runs beside the other fields' errors, unless the departments themselves failed. */
const DEPARTMENTS_WHEN = unlessFieldsFailed('handlesSales', 'handlesLettings');

/** `POST /api/agent/branches` body and the add-branch form: every field, at least one department. */
export const CreateBranchInputSchema = BranchFieldsSchema.superRefine(checkDepartments, DEPARTMENTS_WHEN);
export type BranchFormValues = z.input<typeof CreateBranchInputSchema>;
export type CreateBranchInput = z.output<typeof CreateBranchInputSchema>;

/**
 * `PATCH /api/agent/branches/{id}` body: any non-empty subset of the fields, each by the same rule, as the profile
 * PATCH (a field left out keeps its value; null or '' clears an optional one; name, branch name, e-mail and phone
 * cannot be cleared). With one department sent, the server checks the rule on the result.
 */
export const UpdateBranchInputSchema = BranchFieldsSchema.partial()
  .superRefine(checkDepartments, DEPARTMENTS_WHEN)
  .refine((changes) => Object.keys(changes).length > 0, MESSAGES.validation);
export type UpdateBranchInput = z.output<typeof UpdateBranchInputSchema>;

/** Someone who works in a branch, for the listing form's negotiator picker: an owner works in every branch. */
export const BranchMemberSchema = z.object({
  memberId: z.string(),
  name: z.string(),
  role: z.enum(MEMBER_ROLES),
});
export type BranchMember = z.infer<typeof BranchMemberSchema>;

/**
 * One branch of `GET /api/agent/branches`: every agents field (AgentProfileSchema, `userId` the reader's), its
 * listings (non-deleted: `active`, and `total` of every status) and the members who work in it.
 */
export const AgentBranchSchema = AgentProfileSchema.extend({
  listings: z.object({ active: z.number().int().nonnegative(), total: z.number().int().nonnegative() }),
  members: z.array(BranchMemberSchema),
});
export type AgentBranch = z.infer<typeof AgentBranchSchema>;

export const AgentBranchListSchema = z.object({ items: z.array(AgentBranchSchema) });
export type AgentBranchList = z.infer<typeof AgentBranchListSchema>;

/** The add-branch form's starting values: the agency's usual departments, everything else blank. */
export const NEW_BRANCH_FORM_VALUES: BranchFormValues = {
  ...BLANK_PROFILE_FIELDS,
  businessHours: {},
  handlesSales: true,
  handlesLettings: true,
};

/** The edit form's starting values from a stored branch (nulls as '', hours per day, years as text). */
export function branchFormValues(branch: AgentProfile): BranchFormValues {
  return {
    ...storedProfileFields(branch),
    businessHours: hoursByDay(branch.businessHours),
    handlesSales: branch.handlesSales,
    handlesLettings: branch.handlesLettings,
  };
}

/** The public branch page's query: which department's listings (sale or rent) and the page, from 1. */
export const PublicBranchQuerySchema = z.object({
  mode: ListingModeSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});
export type PublicBranchQuery = z.input<typeof PublicBranchQuerySchema>;

/** A branch as the public sees it: its name, agency, contact details, hours, logo, departments and bio. */
export const PublicBranchSchema = z.object({
  slug: z.string(),
  /** The agency's name (`agency_name`), else the branch's. */
  agencyName: z.string(),
  branchName: z.string().nullable(),
  /** The person buyers and tenants ask for. */
  contactName: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  businessHours: z.record(z.string(), z.string()).nullable(),
  logoUrl: z.string().nullable(),
  bio: z.string().nullable(),
  handlesSales: z.boolean(),
  handlesLettings: z.boolean(),
});
export type PublicBranch = z.infer<typeof PublicBranchSchema>;

/**
 * `GET /api/branches/{slug}`: the branch, how many public listings it has of each kind, and a page of its public
 * listings of `mode` (the search's cards, newest first). `mode` is the one asked for, else sale when the branch has
 * listings for sale or runs sales, else rent.
 */
export const PublicBranchPageSchema = z.object({
  branch: PublicBranchSchema,
  counts: z.object({ sale: z.number().int().nonnegative(), rent: z.number().int().nonnegative() }),
  mode: ListingModeSchema,
  listings: z.object({
    items: z.array(ListingSummarySchema),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
  }),
});
export type PublicBranchPage = z.infer<typeof PublicBranchPageSchema>;

/** A branch's name as a heading: 'Harbour & Vale, Wimbledon' (the agency's alone when the names are the same). */
export function branchDisplayName(branch: { agencyName: string | null; branchName: string | null }): string {
  const agency = branch.agencyName?.trim();
  const name = branch.branchName?.trim();
  if (agency && name && agency.toLocaleLowerCase('en-GB') !== name.toLocaleLowerCase('en-GB'))
    return `${agency}, ${name}`;
  return agency || name || '';
}

/** What the branch does, as portals word it: 'Estate and letting agents', 'Estate agents' or 'Letting agents'. */
export function branchDepartmentsLabel(branch: { handlesSales: boolean; handlesLettings: boolean }): string {
  if (branch.handlesSales && branch.handlesLettings) return 'Estate and letting agents';
  return branch.handlesLettings ? 'Letting agents' : 'Estate agents';
}

/** The branch page's title (the SPA's <title> and the server's for crawlers): 'Harbour & Vale, Wimbledon: Estate agents'. */
export function branchPageTitle(
  branch: Pick<PublicBranch, 'agencyName' | 'branchName' | 'handlesSales' | 'handlesLettings'>,
) {
  return `${branchDisplayName(branch)}: ${branchDepartmentsLabel(branch)}`;
}

/**
 * The branch page's description (meta description and share text): '12 properties for sale and 3 to rent from
 * Harbour & Vale, Wimbledon. Wimbledon, London SW19. 020 7946 0101.'
 */
export function branchPageDescription(
  branch: Pick<PublicBranch, 'agencyName' | 'branchName' | 'address' | 'phone'>,
  counts: { sale: number; rent: number },
): string {
  const homes = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'property' : 'properties'}`;
  const what =
    counts.sale && counts.rent
      ? `${homes(counts.sale)} for sale and ${counts.rent.toLocaleString('en-GB')} to rent`
      : counts.rent
        ? `${homes(counts.rent)} to rent`
        : `${homes(counts.sale)} for sale`;
  return [
    `${what} from ${branchDisplayName(branch)}.`,
    branch.address && `${branch.address}.`,
    branch.phone && `${branch.phone}.`,
  ]
    .filter(Boolean)
    .join(' ');
}
