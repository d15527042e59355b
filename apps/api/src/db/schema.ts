/**
 * The database schema: every entity of REQ-DATA-02, better-auth's tables, and the reference data the search needs
 * (ADR 003), one module per area under `db/schema/`. Columns are snake_case in SQL and camelCase in TypeScript.
 * Enumerations are CHECK constraints so the same SQL runs on PGlite (PostgreSQL 18) and PostgreSQL 15. Money is
 * integer pence. drizzle-kit reads this file (drizzle.config.ts), so every table must be exported from here.
 */
export * from './schema/users.ts';
export * from './schema/agencies.ts';
export * from './schema/listings.ts';
export * from './schema/listing-media.ts';
export * from './schema/enquiries.ts';
export * from './schema/client-activity.ts';
export * from './schema/reference-data.ts';
export * from './schema/feeds.ts';
export * from './schema/operations.ts';
