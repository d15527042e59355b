/**
 * Listing feeds (ADR 030): a CRM's keys, its branch codes, the media it sent and each import's outcome.
 */
import { sql } from 'drizzle-orm';
import { LISTING_MEDIA_KINDS } from '@abode/shared/listings/listing-vocabulary';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz, createdAt, oneOf } from './columns.ts';
import { users } from './users.ts';
import { agents, agencies } from './agencies.ts';
import { properties } from './listings.ts';
import { propertyPhotos, listingMedia } from './listing-media.ts';

/**
 * Listing feed keys (REQ-FEED-01, ADR 030): the Bearer secrets a CRM sends to the RTDF and BLM endpoints. Only the
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

/** A CRM's own branch codes (BLM `BRANCH_ID`) mapped to the agency's branches (REQ-FEED-07). */
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
 * Media a feed gave by URL (REQ-FEED-06), fetched in the background into the same pipeline as uploads: photos into
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
 * BLM imports (REQ-FEED-07): who sent which file, when, and its per-row report (created, updated, unchanged,
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
