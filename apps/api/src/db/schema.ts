/**
 * The database schema: every entity of SPEC §3, better-auth's tables, and the reference data the search needs
 * (DESIGN §3). Columns are snake_case in SQL and camelCase in TypeScript. Enumerations are CHECK constraints so the
 * same SQL runs on PGlite (PostgreSQL 18) and PostgreSQL 15. Money is integer pence.
 */
import { sql } from 'drizzle-orm';
import {
  FEATURES,
  FEATURE_LABELS,
  LET_TYPES,
  LISTING_FLAGS,
  LISTING_MEDIA_KINDS,
  LISTING_SOURCES,
  PRICE_QUALIFIERS,
  PROPERTY_SUB_TYPES,
  RENT_FREQUENCIES,
} from '@abode/shared/listings/listing-vocabulary';
import type { MaterialInformation } from '@abode/shared/listings/material-information';
import { CMP_SCHEMES, REDRESS_SCHEMES } from '@abode/shared/agency/compliance';
import { MEMBER_ROLES } from '@abode/shared/agency/permissions';
import { BUYER_POSITIONS, type ViewingPeriod } from '@abode/shared/enquiries/enquiry.schema';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** SQL list of quoted values for a CHECK … IN (…). */
const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** PostgreSQL's full-text document type (drizzle has no built-in column for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The feature tags as words for the full-text document ('new-build' → 'new build'). A CASE per tag rather than
 * array_to_string(), which PostgreSQL marks STABLE and so refuses in a generated column.
 */
const featureWords = sql.raw(
  FEATURES.map(
    (f) => `CASE WHEN features @> '{${f}}' THEN ' ${FEATURE_LABELS[f].toLowerCase()}' ELSE '' END`,
  ).join(' || '),
);

/**
 * users (SPEC §3) is also better-auth's user model: `name`, `email`, `image` and `updated_at` are better-auth's,
 * `is_verified` is its `emailVerified`. Role is client or agent; admins are those with an `admins` row (SPEC §4).
 */
export const users = pgTable(
  'users',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    image: text('image'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    role: text('role').notNull().default('client'),
    phone: text('phone'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    isSuspended: boolean('is_suspended').notNull().default(false),
    suspendedAt: timestamptz('suspended_at'),
    /** better-auth's two-factor plugin: on once an authenticator app's first code was accepted (ADR 031). */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} IN (${oneOf(['client', 'agent'])})`),
  ],
);

/** better-auth sessions, kept in the database so they can be revoked (DESIGN §2). */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    expiresAt: timestamptz('expires_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** better-auth credential accounts (password hashes live here, never in `users`). */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamptz('access_token_expires_at'),
    refreshTokenExpiresAt: timestamptz('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

/** better-auth verification tokens (e-mail confirmation, password reset). */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** admins (SPEC §3): an admins row makes a user an admin; `super_admin` may also suspend users (SPEC §6). */
export const admins = pgTable(
  'admins',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    adminRole: text('admin_role').notNull().default('admin'),
    createdAt: createdAt(),
  },
  (t) => [check('admins_admin_role_check', sql`${t.adminRole} IN (${oneOf(['admin', 'super_admin'])})`)],
);

/**
 * better-auth's two-factor plugin (ADR 031): a user's authenticator-app secret and backup codes, both encrypted with
 * AUTH_SECRET by the library; `verified` is false between enrolment's start and its first accepted code. The failure
 * count and lock are the library's per-account lockout.
 */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamptz('locked_until'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('two_factors_user_id_key').on(t.userId)],
);

/**
 * Who must use two-factor sign-in besides super admins (ADR 031): one row, set by a super admin in admin Settings.
 */
export const twoFactorPolicy = pgTable(
  'two_factor_policy',
  {
    id: smallint('id').primaryKey().default(1),
    requireForAdmins: boolean('require_for_admins').notNull().default(false),
    requireForAgencyManagers: boolean('require_for_agency_managers').notNull().default(false),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('two_factor_policy_one_row', sql`${t.id} = 1`)],
);

/** agents (SPEC §3): one per agent user; the branch that owns listings and receives enquiries. */
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
    /** Settings (issue #5): e-mail the agent about each new enquiry. */
    notifyNewEnquiries: boolean('notify_new_enquiries').notNull().default(true),
    /**
     * The branch's number in listing feeds (issue #27): RTDF's `branch.branch_id`, shown in Settings › Listing feeds.
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

export const LISTING_STATUSES = ['active', 'draft', 'under-offer', 'sold', 'let-agreed', 'let'] as const;

/**
 * properties (SPEC §3) with the UK listing fields of DESIGN §3. Public = status active, not deleted and approved
 * (DESIGN §7). `price_paid_id` is the HM Land Registry transaction a demo or imported listing came from, so
 * re-imports skip it.
 */
export const properties = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description'),
    pricePence: integer('price_pence').notNull(),
    mode: text('mode').notNull(),
    status: text('status').notNull().default('draft'),
    approvalStatus: text('approval_status').notNull().default('pending'),
    approvedAt: timestamptz('approved_at'),
    bedrooms: smallint('bedrooms').notNull().default(0),
    bathrooms: smallint('bathrooms').notNull().default(0),
    parkingSpaces: smallint('parking_spaces').notNull().default(0),
    propertyType: text('property_type').notNull(),
    addressLine1: text('address_line_1').notNull(),
    city: text('city').notNull(),
    postcode: text('postcode').notNull(),
    outcode: text('outcode').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    tenure: text('tenure'),
    councilTaxBand: text('council_tax_band'),
    epcRating: text('epc_rating'),
    floorAreaSqm: real('floor_area_sqm'),
    features: text('features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    availableFrom: date('available_from', { mode: 'string' }),
    furnished: text('furnished'),
    viewCount: integer('view_count').notNull().default(0),
    pricePaidId: text('price_paid_id').unique(),
    /**
     * Town, address line 1 and postcode, lower-cased and joined by newlines, for the location search: a partial
     * match on it equals a partial match on any of the three (SPEC §7), because a search term never contains a
     * newline, and one trigram index serves it.
     */
    locationText: text('location_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(city || chr(10) || address_line_1 || chr(10) || postcode)`),
    /**
     * Title, summary, key features, description and features as one English full-text document, for the search's `keywords` (issue #8,
     * `websearch_to_tsquery('english', …)`), with a GIN index.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('english', title || ' ' || coalesce(summary, '') || ' ' || abode_lines(key_features) || ' ' || coalesce(description, '') || ${featureWords})`,
      ),
    /**
     * Issue #24: the street of address line 1, without a house number, flat or house name (`abode_street()`,
     * migration 0011): what a street place ('Milsom Street, Bath') compares, with the town.
     */
    street: text('street')
      .notNull()
      .generatedAlwaysAs(sql`abode_street(address_line_1)`),
    /**
     * Issue #24: the GSS code of the local authority the postcode lies in (`postcodes.district_code`), set by the
     * `properties_district` trigger on every insert and postcode change, and by the postcode import; null while OS
     * data lacks the postcode. What an authority place ('Bath and North East Somerset') compares.
     */
    districtCode: text('district_code'),
    /** First published (public for the first time): 'Added to site'. Null until then. */
    publishedAt: timestamptz('published_at'),
    /** When the asking price last dropped; cleared when it rises again (the 'Reduced' mark). */
    priceReducedAt: timestamptz('price_reduced_at'),
    /**
     * The asking price before the current run of reductions (pence): set by the first drop, kept through later
     * drops, cleared with `price_reduced_at` when the price rises (issue #8: 'Most reduced', 'Reduced from £X').
     */
    originalPricePence: integer('original_price_pence'),
    /** Kinds of sale a buyer may hide (issue #8 'Don't show'): retirement, shared-ownership, auction. */
    flags: text('flags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Issue #23: the postcode is not in `postcodes`, so latitude/longitude are its outcode's centroid (`outcodes`):
     * the pin is approximate and pages say so.
     */
    locationApproximate: boolean('location_approximate').notNull().default(false),
    /**
     * Issue #23: the status the listing had when an admin rejected it (rejection sets draft, SPEC §4); approval
     * restores it. Cleared on approval and when the agent chooses a status themselves.
     */
    statusBeforeRejection: text('status_before_rejection'),
    /** Issue #23: the admin's reason of the current rejection, shown on the agent's edit page; cleared on approval. */
    rejectionReason: text('rejection_reason'),
    /**
     * Issue #23: an admin suspended the listing's agent, so the listing is withdrawn from public view (in
     * `PUBLIC_LISTING` / `VISIBLE_LISTING`). Denormalised from `users.is_suspended` by the admin's suspend and
     * reactivate, in their transaction: a flag on the row costs the search nothing, where a join to agents and users
     * would cost every search. Production's lock-down of the demo accounts (issue #22) leaves it alone on purpose.
     */
    agentSuspended: boolean('agent_suspended').notNull().default(false),
    /** The negotiator looking after the listing (ADR 029); cleared when they leave the agency. */
    negotiatorId: uuid('negotiator_id').references(() => agencyMembers.id, { onDelete: 'set null' }),
    /**
     * How the price is put ('guide-price', 'offers-over', 'poa', … listing-vocabulary.ts PRICE_QUALIFIERS); null
     * for the plain figure. A 'poa' listing's `price_pence` is POA_SEARCH_PRICE_PENCE, never shown.
     */
    priceQualifier: text('price_qualifier'),
    /** Rent: 'pcm' or 'pw' as the agent quotes it; `price_pence` is always the pcm figure. Null for sale. */
    rentFrequency: text('rent_frequency'),
    /** The weekly rent as quoted (pence) when `rent_frequency` is 'pw'. */
    weeklyRentPence: integer('weekly_rent_pence'),
    /** Up to 10 key-feature bullets, in order. */
    keyFeatures: text('key_features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    summary: text('summary'),
    /** Rooms: [{ name, lengthM, widthM, description }], metres, in order. */
    rooms: jsonb('rooms')
      .$type<{ name: string; lengthM: number | null; widthM: number | null; description: string | null }[]>()
      .notNull()
      .default([]),
    receptionRooms: smallint('reception_rooms').notNull().default(0),
    epcPotentialRating: text('epc_potential_rating'),
    /** Lease terms (material information Part A for a leasehold): years left; ground rent and service charge a year. */
    leaseYearsRemaining: smallint('lease_years_remaining'),
    groundRentPence: integer('ground_rent_pence'),
    groundRentReview: text('ground_rent_review'),
    serviceChargePence: integer('service_charge_pence'),
    /** Lettings terms (Part A for a rental: deposit, holding deposit, minimum term in months). */
    depositPence: integer('deposit_pence'),
    holdingDepositPence: integer('holding_deposit_pence'),
    minimumTermMonths: smallint('minimum_term_months'),
    letType: text('let_type'),
    billsIncluded: boolean('bills_included'),
    petsAllowed: boolean('pets_allowed'),
    councilTaxIncluded: boolean('council_tax_included'),
    /** https links; YouTube, Vimeo and Matterport ones are embedded (packages/shared/src/listings/tours.ts). */
    videoTourUrl: text('video_tour_url'),
    virtualTourUrl: text('virtual_tour_url'),
    /** Material information Parts B and C: { itemKey: { status, value, note } } (material-information.ts). */
    materialInformation: jsonb('material_information').$type<MaterialInformation>().notNull().default({}),
    /**
     * Whether the listing has a floor plan in `listing_media`, kept by the media writes in their transaction: the
     * search's 'Has floor plan' reads the row, not a join.
     */
    hasFloorPlan: boolean('has_floor_plan').notNull().default(false),
    /** The built form within `property_type` (listing-vocabulary.ts PROPERTY_SUB_TYPES_BY_TYPE), issue #27. */
    propertySubType: text('property_sub_type'),
    /**
     * The listing's number for CRM software (issue #27): RTDF answers carry a property's numeric id (Rightmove's
     * `rightmove_id`), which CRMs store as an integer.
     */
    listingNumber: integer('listing_number')
      .notNull()
      .unique()
      .generatedByDefaultAsIdentity({ startWith: 100000001 }),
    /** Where the listing was last written from: 'portal', 'rtdf' or 'blm' (issue #27). */
    source: text('source').notNull().default('portal'),
    /** The CRM's own reference (RTDF `agent_ref`, BLM `AGENT_REF`); unique within the branch. Null when typed. */
    feedRef: text('feed_ref'),
    /** When a feed last wrote the listing (the CRM's update date when it sent one, else the time of the call). */
    feedUpdatedAt: timestamptz('feed_updated_at'),
    /** SHA-256 of the listing as the feed last mapped it: a resend that changes nothing is 'unchanged'. */
    feedHash: text('feed_hash'),
    /**
     * The status a feed asked for while the listing has no photo yet (a listing goes live only with one, issue #23):
     * the listing is kept as a draft and the media job applies this status once its first photo is stored.
     */
    feedPendingStatus: text('feed_pending_status'),
    /** When a feed withdrew the listing (removeproperty, `published: false`, or absent from a full BLM file). */
    feedWithdrawnAt: timestamptz('feed_withdrawn_at'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('properties_price_check', sql`${t.pricePence} >= 0`),
    check(
      'properties_sub_type_check',
      sql`${t.propertySubType} IS NULL OR ${t.propertySubType} IN (${oneOf(PROPERTY_SUB_TYPES)})`,
    ),
    check('properties_source_check', sql`${t.source} IN (${oneOf(LISTING_SOURCES)})`),
    check(
      'properties_feed_pending_status_check',
      sql`${t.feedPendingStatus} IS NULL OR ${t.feedPendingStatus} IN (${oneOf(LISTING_STATUSES)})`,
    ),
    // A CRM reference names one listing per branch (deleted listings keep theirs but give it up).
    uniqueIndex('properties_feed_ref_key')
      .on(t.agentId, t.feedRef)
      .where(sql`${t.feedRef} IS NOT NULL AND NOT ${t.isDeleted}`),
    check(
      'properties_price_qualifier_check',
      sql`${t.priceQualifier} IS NULL OR ${t.priceQualifier} IN (${oneOf(PRICE_QUALIFIERS)})`,
    ),
    check(
      'properties_rent_frequency_check',
      sql`${t.rentFrequency} IS NULL OR ${t.rentFrequency} IN (${oneOf(RENT_FREQUENCIES)})`,
    ),
    check('properties_let_type_check', sql`${t.letType} IS NULL OR ${t.letType} IN (${oneOf(LET_TYPES)})`),
    check(
      'properties_epc_potential_check',
      sql`${t.epcPotentialRating} IS NULL OR ${t.epcPotentialRating} IN (${oneOf(['A', 'B', 'C', 'D', 'E', 'F', 'G'])})`,
    ),
    check(
      'properties_terms_check',
      sql`${t.receptionRooms} >= 0 AND coalesce(${t.weeklyRentPence}, 0) >= 0 AND coalesce(${t.leaseYearsRemaining}, 0) >= 0
        AND coalesce(${t.groundRentPence}, 0) >= 0 AND coalesce(${t.serviceChargePence}, 0) >= 0
        AND coalesce(${t.depositPence}, 0) >= 0 AND coalesce(${t.holdingDepositPence}, 0) >= 0
        AND coalesce(${t.minimumTermMonths}, 1) >= 1`,
    ),
    check(
      'properties_status_before_rejection_check',
      sql`${t.statusBeforeRejection} IS NULL OR ${t.statusBeforeRejection} IN (${oneOf(LISTING_STATUSES)})`,
    ),
    check(
      'properties_counts_check',
      sql`${t.bedrooms} >= 0 AND ${t.bathrooms} >= 0 AND ${t.parkingSpaces} >= 0`,
    ),
    check('properties_view_count_check', sql`${t.viewCount} >= 0`),
    check('properties_mode_check', sql`${t.mode} IN (${oneOf(['sale', 'rent'])})`),
    check('properties_status_check', sql`${t.status} IN (${oneOf(LISTING_STATUSES)})`),
    check(
      'properties_approval_check',
      sql`${t.approvalStatus} IN (${oneOf(['pending', 'approved', 'rejected'])})`,
    ),
    check(
      'properties_type_check',
      sql`${t.propertyType} IN (${oneOf(['house', 'flat', 'bungalow', 'maisonette', 'land'])})`,
    ),
    check(
      'properties_tenure_check',
      sql`${t.tenure} IS NULL OR ${t.tenure} IN (${oneOf(['freehold', 'leasehold', 'share_of_freehold', 'commonhold'])})`,
    ),
    check(
      'properties_council_tax_check',
      sql`${t.councilTaxBand} IS NULL OR ${t.councilTaxBand} IN (${oneOf(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'exempt'])})`,
    ),
    check(
      'properties_epc_check',
      sql`${t.epcRating} IS NULL OR ${t.epcRating} IN (${oneOf(['A', 'B', 'C', 'D', 'E', 'F', 'G'])})`,
    ),
    check(
      'properties_furnished_check',
      sql`${t.furnished} IS NULL OR ${t.furnished} IN (${oneOf(['furnished', 'part_furnished', 'unfurnished'])})`,
    ),
    check('properties_floor_area_check', sql`${t.floorAreaSqm} IS NULL OR ${t.floorAreaSqm} > 0`),
    check(
      'properties_original_price_check',
      sql`${t.originalPricePence} IS NULL OR ${t.originalPricePence} >= 0`,
    ),
    check('properties_flags_check', sql`${t.flags} <@ ARRAY[${oneOf(LISTING_FLAGS)}]::text[]`),
    // The public feed: newest first among public listings (DESIGN §3, §6: NULLS FIRST to match ORDER BY … DESC).
    // Migration 0007 re-creates it and the price index below with `id` and the filter columns INCLUDEd (Drizzle
    // cannot declare INCLUDE), and adds the place, newest, address and bigram indexes of ADR 022.
    index('properties_public_feed_idx')
      .on(t.mode, t.createdAt.desc().nullsFirst())
      .where(sql`${t.status} = 'active' AND NOT ${t.isDeleted} AND ${t.approvalStatus} = 'approved'`),
    index('properties_price_idx').on(t.pricePence),
    // Price sorts of the public search without a location: walk this instead of sorting every public listing.
    index('properties_public_price_idx')
      .on(t.mode, t.pricePence)
      .where(sql`${t.status} = 'active' AND NOT ${t.isDeleted} AND ${t.approvalStatus} = 'approved'`),
    // 'Added to site' (issue #8) and the alert job's "published since the last run" (issue #4): one range over the
    // listing date, whatever the status (under offer and let agreed may be included). Not partial, on purpose: the
    // planner uses the statistics of an expression index only when it has no predicate, and without them it guesses
    // a third of the table for any date range and scans everything.
    index('properties_listed_at_idx').on(sql`(COALESCE(${t.publishedAt}, ${t.createdAt}))`),
    // The newest-first feed when under-offer / sold STC / let-agreed listings are included (issue #8).
    index('properties_visible_feed_idx')
      .on(t.mode, t.createdAt.desc().nullsFirst())
      .where(
        sql`${t.status} IN ('active', 'under-offer', 'sold', 'let-agreed') AND NOT ${t.isDeleted} AND ${t.approvalStatus} = 'approved'`,
      ),
    // Map, drawn-area and radius searches: a latitude range, longitude checked in the index (issue #8).
    index('properties_geo_idx')
      .on(t.latitude, t.longitude)
      .where(sql`NOT ${t.isDeleted} AND ${t.approvalStatus} = 'approved'`),
    index('properties_search_vector_idx').using('gin', t.searchVector),
    // 'Most reduced' (issue #8): the share of the price before the reduction that came off, biggest first, walked
    // in order instead of sorting every public listing of the mode. The expression equals find-listings.ts's.
    index('properties_public_reduction_idx')
      .on(
        t.mode,
        sql`(CASE WHEN ${t.originalPricePence} > ${t.pricePence} THEN (${t.originalPricePence} - ${t.pricePence})::float8 / ${t.originalPricePence} END) DESC NULLS LAST`,
        t.createdAt.desc().nullsFirst(),
      )
      .where(sql`${t.status} = 'active' AND NOT ${t.isDeleted} AND ${t.approvalStatus} = 'approved'`),
    index('properties_location_trgm_idx').using('gin', sql`${t.locationText} gin_trgm_ops`),
    index('properties_agent_idx').on(t.agentId, t.createdAt.desc().nullsFirst()),
    index('properties_negotiator_idx').on(t.negotiatorId),
  ],
);

/** property_photos (SPEC §3), ordered by `order_index`; one may be the main photo. */
export const propertyPhotos = pgTable(
  'property_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    altText: text('alt_text'),
    orderIndex: smallint('order_index').notNull().default(0),
    isMain: boolean('is_main').notNull().default(false),
    width: integer('width'),
    height: integer('height'),
    /**
     * Web sizes of an uploaded photo (issue #5; DESIGN §2: 1600/800/400 px WebP), widest first, for `srcset`;
     * empty for the demo illustrations. `url` is the widest.
     */
    variants: jsonb('variants')
      .$type<{ width: number; height: number; url: string }[]>()
      .notNull()
      .default([]),
    /** Where the uploaded files live in storage (prefix of the variants), so deleting a photo removes them. */
    storageKey: text('storage_key'),
    createdAt: createdAt(),
  },
  (t) => [index('property_photos_property_idx').on(t.propertyId, t.orderIndex)],
);

/**
 * A listing's floor plans, EPC certificate and brochure (issue #25), ordered by `order_index` within each kind. An
 * image is stored as WebP sizes like a photo (`variants`); a PDF as checked bytes (`format` 'pdf', `bytes`). Demo
 * floor plans are illustrations with a static `url` and no `storage_key`.
 */
export const listingMedia = pgTable(
  'listing_media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    format: text('format').notNull(),
    url: text('url').notNull(),
    caption: text('caption'),
    orderIndex: smallint('order_index').notNull().default(0),
    width: integer('width'),
    height: integer('height'),
    variants: jsonb('variants')
      .$type<{ width: number; height: number; url: string }[]>()
      .notNull()
      .default([]),
    /** Size of a PDF in bytes. */
    bytes: integer('bytes'),
    /** Where the uploaded files live in storage (the key prefix), so deleting removes them. */
    storageKey: text('storage_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('listing_media_property_idx').on(t.propertyId, t.kind, t.orderIndex),
    check('listing_media_kind_check', sql`${t.kind} IN (${oneOf(LISTING_MEDIA_KINDS)})`),
    check('listing_media_format_check', sql`${t.format} IN ('image', 'pdf')`),
  ],
);

/** enquiries (SPEC §3): contact_info is { name, email, phone? }. They outlive a deleted listing (DESIGN §7). */
export const enquiries = pgTable(
  'enquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: uuid('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    status: text('status').notNull().default('new'),
    contactInfo: jsonb('contact_info').$type<{ name: string; email: string; phone?: string }>().notNull(),
    /** The member of the branch working this lead (ADR 029); null until someone takes it. */
    assignedMemberId: uuid('assigned_member_id').references(() => agencyMembers.id, { onDelete: 'set null' }),
    /** Times the applicant would like to view; null when they did not ask for a viewing. */
    viewingTimes: jsonb('viewing_times').$type<{ date: string; period: ViewingPeriod }[]>(),
    /** Where a buyer stands (BUYER_POSITIONS), as ticked on the form. */
    buyerPosition: text('buyer_position')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('enquiries_status_check', sql`${t.status} IN (${oneOf(['new', 'in_progress', 'closed'])})`),
    check(
      'enquiries_buyer_position_check',
      sql`${t.buyerPosition} <@ ARRAY[${oneOf(BUYER_POSITIONS)}]::text[]`,
    ),
    index('enquiries_agent_idx').on(t.agentId, t.createdAt.desc()),
    index('enquiries_property_idx').on(t.propertyId),
    index('enquiries_assigned_idx').on(t.assignedMemberId),
  ],
);

export const ENQUIRY_MESSAGE_KINDS = ['note', 'reply'] as const;

/**
 * An enquiry's thread inside the branch (ADR 029): private notes members leave for each other, and replies sent to the
 * applicant by e-mail (through the outbox, in the same transaction). The author's name is kept so the thread still
 * reads well after they leave the agency.
 */
export const enquiryMessages = pgTable(
  'enquiry_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    authorMemberId: uuid('author_member_id').references(() => agencyMembers.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('enquiry_messages_kind_check', sql`${t.kind} IN (${oneOf(ENQUIRY_MESSAGE_KINDS)})`),
    index('enquiry_messages_enquiry_idx').on(t.enquiryId, t.createdAt),
  ],
);

/**
 * Idempotency keys of `POST /api/enquiries` (issue #22): a retry carrying the same `Idempotency-Key` gets the first
 * answer again instead of a second enquiry. One row per scope (`u:<user id>` signed in, else `anonymous`) and key,
 * claimed in the transaction that creates the enquiry, with the SHA-256 of the validated request and the answer
 * given (status and JSON body). Rows live 24 hours (features/enquiries/idempotency.ts), then are purged.
 */
export const enquiryIdempotencyKeys = pgTable(
  'enquiry_idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    enquiryId: uuid('enquiry_id').references(() => enquiries.id, { onDelete: 'set null' }),
    /** Null only inside the claiming transaction, before the enquiry is made. */
    responseStatus: smallint('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('enquiry_idempotency_keys_created_idx').on(t.createdAt),
  ],
);

export const AGENT_ACTIVITY_TYPES = [
  'enquiry_received',
  'enquiry_status_changed',
  'enquiry_assigned',
  'listing_created',
  'listing_updated',
  'listing_status_changed',
  'listing_price_changed',
  'listing_deleted',
  'listing_approved',
  'listing_rejected',
  'photos_added',
] as const;

/**
 * What happened to an agent's listings and enquiries (issue #5: the dashboard's Recent Activity from real events,
 * DESIGN §7). One row per event, written in the same transaction as the change; `details` holds the event's
 * before/after facts (e.g. `{ from: 'new', to: 'closed' }`); `property_title` is kept so the line still reads well
 * after the listing is deleted.
 */
export const agentActivity = pgTable(
  'agent_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    propertyTitle: text('property_title'),
    enquiryId: uuid('enquiry_id').references(() => enquiries.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    check('agent_activity_type_check', sql`${t.type} IN (${oneOf(AGENT_ACTIVITY_TYPES)})`),
    index('agent_activity_agent_idx').on(t.agentId, t.createdAt.desc()),
  ],
);

/** favourites (SPEC §3): one row per user and listing. */
export const favourites = pgTable(
  'favourites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.propertyId] })],
);

/** saved_searches (SPEC §3): the whole filter object in `search_params`. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    searchParams: jsonb('search_params').$type<Record<string, unknown>>().notNull(),
    emailAlerts: boolean('email_alerts').notNull().default(false),
    alertFrequency: text('alert_frequency').notNull().default('instant'),
    /** Listings published after this instant are new to the alert job (set when alerts are switched on). */
    lastAlertedAt: timestamptz('last_alerted_at'),
    /** Secret of the unsubscribe link in alert e-mails: works without signing in (issue #4). */
    unsubscribeToken: text('unsubscribe_token')
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()::text`),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('saved_searches_frequency_check', sql`${t.alertFrequency} IN (${oneOf(['instant', 'daily'])})`),
    index('saved_searches_user_idx').on(t.userId, t.createdAt.desc()),
    index('saved_searches_alerts_idx')
      .on(t.lastAlertedAt)
      .where(sql`${t.emailAlerts}`),
  ],
);

/**
 * Which listings each saved search's alerts have already sent, so no listing is sent twice for one search even
 * when two alert runners overlap (the primary key decides who sends).
 */
export const savedSearchDeliveries = pgTable(
  'saved_search_deliveries',
  {
    savedSearchId: uuid('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.savedSearchId, t.propertyId] })],
);

/** Visits of a listing per calendar day (UTC), for 'Views This Month' (DESIGN §7) beside `view_count`. */
export const listingViewDays = pgTable(
  'listing_view_days',
  {
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.day] })],
);

/**
 * Who was counted as a visitor of a listing on each UTC day (issue #22), so a visit counts once per visitor, listing
 * and day: `visitor` is `u:<user id>` or `v:<abode_vid cookie>`, `address` a hash of the client address (visitors per
 * address are capped; features/listings/record-view.ts). Rows of past days are purged by the scheduler.
 */
export const listingViewVisitors = pgTable(
  'listing_view_visitors',
  {
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visitor: text('visitor').notNull(),
    address: text('address').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.day, t.visitor] }),
    index('listing_view_visitors_address_idx').on(t.propertyId, t.day, t.address),
    index('listing_view_visitors_day_idx').on(t.day),
  ],
);

/**
 * Searches per UTC day, for the admin analytics chart (issue #6). A search is a first page of public results
 * (`GET /api/properties` without `page` > 1): paging through results is not a new search. Counted in memory by each
 * API process and added here in one upsert every few seconds (features/listings/search-counter.ts), so the search
 * path never waits on this table.
 */
export const searchDays = pgTable('search_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  searches: integer('searches').notNull().default(0),
});

/**
 * HM Land Registry Price Paid sales (OGL), for 'Sold prices nearby' on a listing page (issue #4). Filled by the
 * Price Paid importer from every valid record; house numbers (PAON/SAON) are not kept, as UK portals do not
 * show them. Prices are integer pence (bigint: a few sales exceed £21m).
 */
export const pricePaidSales = pgTable(
  'price_paid_sales',
  {
    transactionId: text('transaction_id').primaryKey(),
    pricePence: bigint('price_pence', { mode: 'number' }).notNull(),
    soldOn: date('sold_on', { mode: 'string' }).notNull(),
    postcode: text('postcode').notNull(),
    outcode: text('outcode').notNull(),
    /** HMLR property type: D detached, S semi-detached, T terraced, F flat/maisonette, O other. */
    propertyType: text('property_type').notNull(),
    newBuild: boolean('new_build').notNull().default(false),
    /** F freehold, L leasehold, U unknown. */
    duration: text('duration').notNull(),
    street: text('street').notNull().default(''),
    locality: text('locality').notNull().default(''),
    town: text('town').notNull().default(''),
  },
  (t) => [
    check('price_paid_sales_price_check', sql`${t.pricePence} >= 0`),
    check('price_paid_sales_type_check', sql`${t.propertyType} IN (${oneOf(['D', 'S', 'T', 'F', 'O'])})`),
    check('price_paid_sales_duration_check', sql`${t.duration} IN (${oneOf(['F', 'L', 'U'])})`),
    index('price_paid_sales_outcode_idx').on(t.outcode, t.soldOn.desc()),
  ],
);

/** recent_views (SPEC §3): the latest view per user and listing. */
export const recentViews = pgTable(
  'recent_views',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    viewedAt: timestamptz('viewed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.propertyId] }),
    index('recent_views_user_idx').on(t.userId, t.viewedAt.desc()),
  ],
);

/**
 * audit_logs (SPEC §3): security events and admin actions. Append-only: no route updates or deletes a row.
 * `after_data` holds { severity, description, metadata, timestamp }.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    beforeData: jsonb('before_data'),
    afterData: jsonb('after_data'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_logs_created_idx').on(t.createdAt.desc()),
    index('audit_logs_action_idx').on(t.action, t.createdAt.desc()),
  ],
);

/**
 * Listing feed keys (issue #27, ADR 030): the Bearer secrets a CRM sends to the RTDF and BLM endpoints. Only the
 * SHA-256 of the secret is kept; `key_prefix` (its first characters) tells keys apart in the list. A key is made for
 * a branch and acts with its creator's membership at each call: it writes the branches its creator may manage, and
 * stops working when revoked or when its creator leaves the agency.
 */
export const feedKeys = pgTable(
  'feed_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    /** The branch the key is for: BLM rows whose branch code is not mapped yet go here. */
    branchId: uuid('branch_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    createdByUserId: text('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    keyPrefix: text('key_prefix').notNull(),
    /** Whether a BLM file withdraws the listings of its branches that it no longer holds (a full feed). */
    withdrawAbsent: boolean('withdraw_absent').notNull().default(true),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('feed_keys_agency_idx').on(t.agencyId)],
);

/** A CRM's own branch codes (BLM `BRANCH_ID`) mapped to the agency's branches (issue #27). */
export const feedBranchCodes = pgTable(
  'feed_branch_codes',
  {
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.agencyId, t.code] })],
);

/**
 * Media a feed gave by URL (issue #27), fetched in the background into the same pipeline as uploads: photos into
 * `property_photos`, floor plans, EPCs and brochures into `listing_media`. A row is the feed's wish; `state` says
 * whether its file is stored ('stored'), still to fetch ('pending', at `next_attempt_at`) or given up ('failed'). A
 * resend with the same URL and update date leaves a stored row alone.
 */
export const feedMedia = pgTable(
  'feed_media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** 'photo', or a `listing_media` kind ('floor-plan', 'epc', 'brochure'). */
    kind: text('kind').notNull(),
    url: text('url').notNull(),
    caption: text('caption'),
    orderIndex: smallint('order_index').notNull().default(0),
    /** The CRM's date for the file (RTDF `media_update_date`); a new one fetches it again. */
    sourceUpdatedAt: timestamptz('source_updated_at'),
    state: text('state').notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    /** The stored file this row made. */
    photoId: uuid('photo_id').references(() => propertyPhotos.id, { onDelete: 'set null' }),
    mediaId: uuid('media_id').references(() => listingMedia.id, { onDelete: 'set null' }),
    /** The key whose call asked for it: the fetch acts with that key's membership. */
    feedKeyId: uuid('feed_key_id').references(() => feedKeys.id, { onDelete: 'set null' }),
    /**
     * The member the write acted as (a key's creator, or who uploaded a BLM file in the portal): without a key, the
     * fetch acts with this member's membership.
     */
    requestedByUserId: text('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('feed_media_item_key').on(t.propertyId, t.kind, t.url),
    index('feed_media_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    check('feed_media_kind_check', sql`${t.kind} IN ('photo', ${oneOf(LISTING_MEDIA_KINDS)})`),
    check('feed_media_state_check', sql`${t.state} IN ('pending', 'stored', 'failed')`),
  ],
);

/**
 * BLM imports (issue #27): who sent which file, when, and its per-row report (created, updated, unchanged,
 * withdrawn, rejected with reasons, media warnings), for the Bulk upload screen's history.
 */
export const feedImports = pgTable(
  'feed_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    /** The key that sent it over the API; null for an upload in the agent portal. */
    feedKeyId: uuid('feed_key_id').references(() => feedKeys.id, { onDelete: 'set null' }),
    /** The member who uploaded it in the portal; null for a key. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    /** { created, updated, unchanged, withdrawn, rejected, mediaWarnings } row counts. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    /** The per-row report (packages/shared/src/feeds/feed-report.schema.ts). */
    report: jsonb('report').$type<unknown[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('feed_imports_agency_idx').on(t.agencyId, t.createdAt.desc())],
);

/**
 * rate_limits (SPEC §7 check_rate_limit): one row per key and action holding the current window's count, shared by
 * every API process. `blocked_until` holds auth and critical keys after they hit their limit (SPEC §9).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    action: text('action').notNull(),
    windowStart: timestamptz('window_start').notNull().defaultNow(),
    count: integer('count').notNull().default(0),
    blockedUntil: timestamptz('blocked_until'),
  },
  (t) => [primaryKey({ columns: [t.key, t.action] })],
);

/** Outgoing e-mail when no SMTP_URL is set; shown at /dev/mail outside production (issue #3). */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt.desc())],
);

/**
 * OS Code-Point Open postcode units: postcode → WGS84 coordinates (DESIGN §3), with the product's positional quality
 * (10 = within the building … 90 = no coordinates) and the GSS codes of the country, county, district (local
 * authority) and ward it lies in (issue #24; null where the product leaves them blank or the row predates them).
 */
export const postcodes = pgTable(
  'postcodes',
  {
    postcode: text('postcode').primaryKey(),
    outcode: text('outcode').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    positionalQuality: smallint('positional_quality'),
    countryCode: text('country_code'),
    countyCode: text('county_code'),
    districtCode: text('district_code'),
    wardCode: text('ward_code'),
  },
  (t) => [
    index('postcodes_outcode_idx').on(t.outcode),
    // Autocomplete by prefix, typed with or without the space ('SW19 1', 'sw191a'): LIKE 'SW191A%' (issue #8).
    index('postcodes_compact_prefix_idx').using(
      'btree',
      sql`replace(${t.postcode}, ' ', '') text_pattern_ops`,
    ),
  ],
);

/** Postcode districts (outcodes) with their centroid, from OS Code-Point Open. */
export const outcodes = pgTable(
  'outcodes',
  {
    outcode: text('outcode').primaryKey(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    postcodeCount: integer('postcode_count').notNull(),
  },
  (t) => [index('outcodes_prefix_idx').using('btree', sql`${t.outcode} text_pattern_ops`)],
);

/**
 * The code list of OS Code-Point Open (issue #24): every GSS code the product uses, with OS's name and area type
 * (CTY county, DIS district, LBO London borough, MTD metropolitan district, UTA unitary authority, and their wards
 * DIW, LBW, MTW, UTW, UTE). Replaced whole by each postcode import.
 */
export const adminAreas = pgTable('admin_areas', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  areaType: text('area_type').notNull(),
});

/**
 * The places the location box suggests and a search can be scoped to (issue #24; ids in shared search/place.ts):
 * towns and streets of the listings (Code-Point Open has no town names; HM Land Registry's town for demo and
 * imported listings), postcode districts, and local authorities from the code list. `key` is the lower-case name
 * the box matches by prefix; `label` is what it shows ('Milsom Street, Bath'); the centre is where a radius search
 * measures from; the counts are public listings of each mode. Rebuilt by `refreshPlaces()` after seeds and imports
 * and every few minutes by the scheduler; postcodes are suggested from `postcodes` instead.
 */
export const places = pgTable(
  'places',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    label: text('label').notNull(),
    key: text('key').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    saleCount: integer('sale_count').notNull().default(0),
    rentCount: integer('rent_count').notNull().default(0),
  },
  (t) => [
    check('places_kind_check', sql`${t.kind} IN ('town', 'outcode', 'authority', 'street')`),
    // The location box: each kind's names by prefix (find-locations.ts).
    index('places_prefix_idx').using('btree', t.kind, sql`${t.key} text_pattern_ops`),
    // A typed text that names a place exactly ('Milsom Street, Bath'), resolve-location.ts.
    index('places_label_idx').using('btree', sql`lower(${t.label})`),
    index('places_trgm_idx').using('gin', sql`${t.key} gin_trgm_ops`),
  ],
);

/** Key/value facts about this database (e.g. when the demo seed ran), so start-up seeds only once. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * admin_analytics (SPEC §3): a read-only view over live data with one row per metric and category, and counts for
 * all time, today and the last 7 days.
 */
export const adminAnalytics = pgView('admin_analytics', {
  metricType: text('metric_type').notNull(),
  category: text('category').notNull(),
  totalCount: integer('total_count').notNull(),
  todayCount: integer('today_count').notNull(),
  weekCount: integer('week_count').notNull(),
}).as(sql`
  SELECT 'users'::text AS metric_type, u.role AS category, count(*)::int AS total_count,
         count(*) FILTER (WHERE u.created_at >= date_trunc('day', now()))::int AS today_count,
         count(*) FILTER (WHERE u.created_at >= now() - interval '7 days')::int AS week_count
    FROM users u WHERE NOT u.is_deleted GROUP BY u.role
  UNION ALL
  SELECT 'properties', p.status, count(*)::int,
         count(*) FILTER (WHERE p.created_at >= date_trunc('day', now()))::int,
         count(*) FILTER (WHERE p.created_at >= now() - interval '7 days')::int
    FROM properties p WHERE NOT p.is_deleted GROUP BY p.status
  UNION ALL
  SELECT 'enquiries', e.status, count(*)::int,
         count(*) FILTER (WHERE e.created_at >= date_trunc('day', now()))::int,
         count(*) FILTER (WHERE e.created_at >= now() - interval '7 days')::int
    FROM enquiries e GROUP BY e.status
`);
