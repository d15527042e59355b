/**
 * Accounts: users (also better-auth's user model), better-auth's sessions, credential accounts and verification
 * tokens, admins, and two-factor sign-in (ADR 031).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz, createdAt, oneOf } from './columns.ts';

/**
 * users (REQ-AUTH-07) is also better-auth's user model: `name`, `email`, `image` and `updated_at` are better-auth's,
 * `is_verified` is its `emailVerified`. Role is client or agent; admins are those with an `admins` row (REQ-AUTH-12).
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

/** better-auth sessions, kept in the database so they can be revoked (REQ-AUTH-13). */
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

/** admins (REQ-AUTH-12): an admins row makes a user an admin; `super_admin` may also suspend users (REQ-AUTH-14). */
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
