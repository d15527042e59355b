/**
 * Column helpers shared by the schema modules: UTC timestamps, CHECK … IN lists and the full-text document type.
 */
import { sql } from 'drizzle-orm';
import { customType, timestamp } from 'drizzle-orm/pg-core';

/** A `timestamp with time zone` column read as a Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** `created_at`: set by the database when the row is inserted. */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** SQL list of quoted values for a CHECK … IN (…). */
export const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** PostgreSQL's full-text document type (drizzle has no built-in column for it). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
