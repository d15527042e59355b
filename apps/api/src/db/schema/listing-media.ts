/**
 * A listing's photos and its other media (floor plans, EPC graphs, brochures, virtual tours).
 */
import { sql } from 'drizzle-orm';
import { LISTING_MEDIA_KINDS } from '@abode/shared/listings/listing-vocabulary';
import { boolean, check, index, integer, jsonb, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, oneOf } from './columns.ts';
import { properties } from './listings.ts';

/** property_photos (REQ-AGENT-09), ordered by `order_index`; one may be the main photo. */
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
     * Web sizes of an uploaded photo (REQ-AGENT-09; ADR 012: 1600/800/400 px WebP), widest first, for `srcset`;
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
 * A listing's floor plans, EPC certificate and brochure (REQ-LISTING-16), ordered by `order_index` within each kind. An
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
