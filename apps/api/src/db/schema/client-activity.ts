/**
 * What clients do: favourites, saved searches and their alert deliveries, recent views, and the per-day counts of
 * listing views and searches behind the dashboards.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz, createdAt, oneOf } from './columns.ts';
import { users } from './users.ts';
import { properties } from './listings.ts';

/** favourites (REQ-CLIENT-01): one row per user and listing. */
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

/** saved_searches (REQ-CLIENT-06): the whole filter object in `search_params`. */
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
    /** Secret of the unsubscribe link in alert e-mails: works without signing in (REQ-CLIENT-10). */
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

/** Visits of a listing per calendar day (UTC), for 'Views This Month' (REQ-AGENT-03) beside `view_count`. */
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
 * Who was counted as a visitor of a listing on each UTC day (REQ-LISTING-21), so a visit counts once per visitor, listing
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
 * Searches per UTC day, for the admin analytics chart (REQ-ADMIN). A search is a first page of public results
 * (`GET /api/properties` without `page` > 1): paging through results is not a new search. Counted in memory by each
 * API process and added here in one upsert every few seconds (features/listings/search-counter.ts), so the search
 * path never waits on this table.
 */
export const searchDays = pgTable('search_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  searches: integer('searches').notNull().default(0),
});

/** recent_views (REQ-CLIENT-12): the latest view per user and listing. */
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
