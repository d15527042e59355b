/**
 * Agencies and their branches (ADR 029): the `agents` table is a branch; members, the branches they work in, and
 * invitations to join.
 */
import { sql } from 'drizzle-orm';
import { CMP_SCHEMES, REDRESS_SCHEMES } from '@abode/shared/agency/compliance';
import { MEMBER_ROLES } from '@abode/shared/agency/permissions';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, createdAt, oneOf } from './columns.ts';
import { users } from './users.ts';

/** agents (REQ-AGENCY-01): one per agent user; the branch that owns listings and receives enquiries. */
export const agents = pgTable(
  'agents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The agency this branch belongs to (ADR 029). */
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id),
    /** The public branch page's address, `/agents/{slug}`. */
    slug: text('slug').notNull().unique(),
    /** The departments the branch runs: sales, lettings or both. */
    handlesSales: boolean('handles_sales').notNull().default(true),
    handlesLettings: boolean('handles_lettings').notNull().default(true),
    name: text('name').notNull(),
    branchName: text('branch_name'),
    agencyName: text('agency_name'),
    email: text('email'),
    phone: text('phone'),
    phoneSecondary: text('phone_secondary'),
    bio: text('bio'),
    address: text('address'),
    websiteUrl: text('website_url'),
    socialLinks: jsonb('social_links')
      .$type<{ linkedin?: string; facebook?: string }>()
      .notNull()
      .default({}),
    businessHours: jsonb('business_hours').$type<Record<string, string>>(),
    certifications: text('certifications')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    yearsExperience: integer('years_experience'),
    logoUrl: text('logo_url'),
    /** Settings (REQ-AGENT-17): e-mail the agent about each new enquiry. */
    notifyNewEnquiries: boolean('notify_new_enquiries').notNull().default(true),
    /**
     * The branch's number in listing feeds (REQ-FEED-03): RTDF's `branch.branch_id`, shown in Settings › Listing feeds.
     * Numbered from 10001 so it is never mistaken for a count.
     */
    feedBranchId: integer('feed_branch_id')
      .notNull()
      .unique()
      .generatedByDefaultAsIdentity({ startWith: 10001 }),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('agents_years_experience_check', sql`${t.yearsExperience} IS NULL OR ${t.yearsExperience} >= 0`),
    index('agents_agency_idx').on(t.agencyId),
  ],
);

/**
 * The agency a branch belongs to (ADR 029): its name (each branch's `agency_name` mirrors it), its public address
 * `/agents/{slug}` is per branch, and the compliance an admin checks before its listings may be published: the
 * government-approved redress scheme every agent must belong to (Consumers, Estate Agents and Redress Act 2007) and,
 * for lettings, a client money protection scheme (Client Money Protection Schemes for Property Agents Regulations
 * 2019). `verified_at` is set by an admin; a suspended agency's members and listings are suspended with it.
 */
export const agencies = pgTable(
  'agencies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    redressScheme: text('redress_scheme'),
    redressMembershipNumber: text('redress_membership_number'),
    cmpScheme: text('cmp_scheme'),
    cmpMembershipNumber: text('cmp_membership_number'),
    verifiedAt: timestamptz('verified_at'),
    verifiedBy: text('verified_by').references(() => users.id, { onDelete: 'set null' }),
    suspendedAt: timestamptz('suspended_at'),
    suspensionReason: text('suspension_reason'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'agencies_redress_scheme_check',
      sql`${t.redressScheme} IS NULL OR ${t.redressScheme} IN (${oneOf(REDRESS_SCHEMES)})`,
    ),
    check(
      'agencies_cmp_scheme_check',
      sql`${t.cmpScheme} IS NULL OR ${t.cmpScheme} IN (${oneOf(CMP_SCHEMES)})`,
    ),
  ],
);

/**
 * A user's place in an agency (ADR 029): one agency per user, one role. An owner works in every branch of the agency;
 * a branch manager or negotiator in the branches of `agency_member_branches`. `default_branch_id` is the branch
 * SPEC's one-agent screens (profile, new listing) address when the member does not pick one.
 */
export const agencyMembers = pgTable(
  'agency_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    defaultBranchId: uuid('default_branch_id')
      .notNull()
      .references(() => agents.id),
    /**
     * The member's account was suspended by their agency's suspension (not by an admin on its own), so reactivating
     * the agency reactivates it.
     */
    suspendedWithAgency: boolean('suspended_with_agency').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('agency_members_role_check', sql`${t.role} IN (${oneOf(MEMBER_ROLES)})`),
    index('agency_members_agency_idx').on(t.agencyId),
  ],
);

/** The branches a branch manager or negotiator works in (an owner works in all; ADR 029). */
export const agencyMemberBranches = pgTable(
  'agency_member_branches',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => agencyMembers.id, { onDelete: 'cascade' }),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.branchId] }),
    index('agency_member_branches_branch_idx').on(t.branchId),
  ],
);

/**
 * An owner's invitation to join the agency (ADR 029): the link e-mailed carries a secret whose SHA-256 is kept here,
 * never the secret. Accepting signs the invitee up or adds their existing account; it is single-use and expires.
 */
export const agencyInvitations = pgTable(
  'agency_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    branchIds: uuid('branch_ids').array().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('agency_invitations_role_check', sql`${t.role} IN (${oneOf(MEMBER_ROLES)})`),
    index('agency_invitations_agency_idx').on(t.agencyId, t.createdAt.desc()),
  ],
);
