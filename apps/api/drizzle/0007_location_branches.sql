-- Issue #9, ADR 022: a location search for a town or postcode district becomes one ordered index walk per matching
-- town and district instead of a trigram scan of every listing there, with SPEC §7's partial match kept.
-- listing_places: every town (lower case) and postcode district any listing has had, kept by a trigger; a search finds
-- the places its text is part of here (a few thousand rows) and walks their listings in the indexes below.
CREATE TABLE "listing_places" (
	"kind" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "listing_places_pkey" PRIMARY KEY ("kind", "value")
);--> statement-breakpoint
INSERT INTO listing_places (kind, value)
  SELECT DISTINCT 'city', lower(city) FROM properties
  UNION SELECT DISTINCT 'outcode', outcode FROM properties;--> statement-breakpoint
CREATE FUNCTION abode_record_listing_place() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_places (kind, value) VALUES ('city', lower(NEW.city)), ('outcode', NEW.outcode)
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER properties_place AFTER INSERT OR UPDATE OF city, outcode ON properties
  FOR EACH ROW EXECUTE FUNCTION abode_record_listing_place();--> statement-breakpoint
-- `city` is included so the count can be an index-only scan (PostgreSQL needs the column itself, not only lower()).
CREATE INDEX "properties_public_city_idx" ON "properties" USING btree (lower("city"), "mode", "created_at" DESC, "id" DESC) INCLUDE ("city", "price_pence", "bedrooms", "bathrooms", "property_type") WHERE "properties"."status" = 'active' AND NOT "properties"."is_deleted" AND "properties"."approval_status" = 'approved';--> statement-breakpoint
CREATE INDEX "properties_public_city_price_idx" ON "properties" USING btree (lower("city"), "mode", "price_pence") INCLUDE ("city", "bedrooms", "bathrooms", "property_type") WHERE "properties"."status" = 'active' AND NOT "properties"."is_deleted" AND "properties"."approval_status" = 'approved';--> statement-breakpoint
CREATE INDEX "properties_public_outcode_idx" ON "properties" USING btree ("outcode", "mode", "created_at" DESC, "id" DESC) INCLUDE ("price_pence", "bedrooms", "bathrooms", "property_type") WHERE "properties"."status" = 'active' AND NOT "properties"."is_deleted" AND "properties"."approval_status" = 'approved';--> statement-breakpoint
CREATE INDEX "properties_public_outcode_price_idx" ON "properties" USING btree ("outcode", "mode", "price_pence") INCLUDE ("bedrooms", "bathrooms", "property_type") WHERE "properties"."status" = 'active' AND NOT "properties"."is_deleted" AND "properties"."approval_status" = 'approved';--> statement-breakpoint
CREATE INDEX "properties_address_trgm_idx" ON "properties" USING gin (lower("address_line_1") gin_trgm_ops);
--> statement-breakpoint
-- Newest first across every mode: a dense map box or radius (a third of the listings around Reading) walks this,
-- testing the box and filters in the index, and stops at the page instead of sorting every listing in the box;
-- sparse ones keep the geo index.
CREATE INDEX "properties_public_newest_idx" ON "properties" USING btree ("created_at" DESC, "id" DESC) INCLUDE ("mode", "price_pence", "bedrooms", "bathrooms", "property_type", "latitude", "longitude") WHERE "properties"."status" = 'active' AND NOT "properties"."is_deleted" AND "properties"."approval_status" = 'approved';
--> statement-breakpoint
-- Two-character texts (a district such as 'M7') cannot use trigrams: their address branch matches the address's
-- character pairs instead (`abode_bigrams(lower(address_line_1)) @> '{m7}'` is `LIKE '%m7%'`).
CREATE FUNCTION abode_bigrams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(t, i, 2)), '{}') FROM generate_series(1, length(t) - 1) AS i
$$;--> statement-breakpoint
CREATE INDEX "properties_address_bigram_idx" ON "properties" USING gin (abode_bigrams(lower("address_line_1")));
--> statement-breakpoint
-- The feed and price walks of searches without a place (and of dense map boxes) test the filters in the index itself
-- (index-only scans of the page's ids), instead of reading every listing they pass.
DROP INDEX "properties_public_feed_idx";--> statement-breakpoint
CREATE INDEX "properties_public_feed_idx" ON "properties" USING btree ("mode", "created_at" DESC, "id" DESC) INCLUDE ("price_pence", "bedrooms", "bathrooms", "property_type", "latitude", "longitude") WHERE "properties"."status" = 'active' AND NOT "properties"."is_deleted" AND "properties"."approval_status" = 'approved';--> statement-breakpoint
DROP INDEX "properties_public_price_idx";--> statement-breakpoint
CREATE INDEX "properties_public_price_idx" ON "properties" USING btree ("mode", "price_pence") INCLUDE ("created_at", "id", "bedrooms", "bathrooms", "property_type", "latitude", "longitude") WHERE "properties"."status" = 'active' AND NOT "properties"."is_deleted" AND "properties"."approval_status" = 'approved';
--> statement-breakpoint
-- Keyword searches: with the default statistics the planner guessed a hundredth of the listings for 'garden' (which
-- four in five have) and sorted them all instead of walking the newest first.
ALTER TABLE "properties" ALTER COLUMN "search_vector" SET STATISTICS 1000;
