-- Issue #24: search that knows UK places.
-- postcodes: the rest of an OS Code-Point Open row (positional quality, country, county, district and ward codes).
-- admin_areas: the product's code list (names of districts, boroughs, unitary authorities, counties and wards).
-- properties.street: the street of address line 1; properties.district_code: the local authority of the postcode.
-- places: towns, streets, postcode districts and local authorities the location box suggests (refreshPlaces()).
CREATE TABLE "admin_areas" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"area_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"key" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"sale_count" integer DEFAULT 0 NOT NULL,
	"rent_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "places_kind_check" CHECK ("places"."kind" IN ('town', 'outcode', 'authority', 'street'))
);
--> statement-breakpoint
CREATE INDEX "places_prefix_idx" ON "places" USING btree ("kind", "key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "places_label_idx" ON "places" USING btree (lower("label"));--> statement-breakpoint
CREATE INDEX "places_trgm_idx" ON "places" USING gin ("key" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "postcodes" ADD COLUMN "positional_quality" smallint;--> statement-breakpoint
ALTER TABLE "postcodes" ADD COLUMN "country_code" text;--> statement-breakpoint
ALTER TABLE "postcodes" ADD COLUMN "county_code" text;--> statement-breakpoint
ALTER TABLE "postcodes" ADD COLUMN "district_code" text;--> statement-breakpoint
ALTER TABLE "postcodes" ADD COLUMN "ward_code" text;--> statement-breakpoint
-- The street of an address line: the first comma-separated part that ends in a kind of way ('Road', 'Close', …),
-- else the first part that is not a flat or unit alone; a leading house number ('27', '27A', '27-29', 'Flat 3 27')
-- is dropped. 'Flat 3, 27 Bath Road' → 'Bath Road'; 'Bath Road, Twerton' → 'Bath Road'; 'Rose Cottage, Mill Lane'
-- → 'Mill Lane'. IMMUTABLE: it is a generated column's expression.
CREATE FUNCTION abode_street(address text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH parts AS (
    SELECT i, btrim(regexp_replace(part,
             '^\s*((flat|apartment|apt|unit|suite|room|studio)\s+[0-9a-z]+\s*,?\s+)?[0-9]+[a-z]?([-/][0-9]+[a-z]?)?\s+',
             '', 'i')) AS part
      FROM regexp_split_to_table(address, ',') WITH ORDINALITY AS s(part, i)
  )
  SELECT coalesce(
    (SELECT part FROM parts
      WHERE part ~* '\m(road|rd|street|st|lane|avenue|close|drive|way|crescent|gardens|place|terrace|grove|hill|court|square|walk|row|mews|park|rise|view|green|parade|vale|wharf|quay|yard|gate|end|wynd|brae|loan|hey|fold|croft|meadow|meadows|chase|approach|boulevard|broadway|causeway|circus|embankment|esplanade|promenade)$'
      ORDER BY i LIMIT 1),
    (SELECT part FROM parts
      WHERE part ~* '[a-z]' AND part !~* '^(flat|apartment|apt|unit|suite|room|studio)\s+[0-9a-z]+$'
      ORDER BY i LIMIT 1),
    '')
$$;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "street" text GENERATED ALWAYS AS (abode_street(address_line_1)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "district_code" text;--> statement-breakpoint
-- district_code follows the postcode on every write path (agent forms, imports, feeds, seeds); the postcode import
-- sets it for listings whose postcode arrives later.
CREATE FUNCTION abode_listing_district() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.district_code := (SELECT pc.district_code FROM postcodes pc WHERE pc.postcode = NEW.postcode);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER properties_district BEFORE INSERT OR UPDATE OF postcode ON properties
  FOR EACH ROW EXECUTE FUNCTION abode_listing_district();--> statement-breakpoint
-- Authority and street places walk their public listings in the search's order, as towns and districts do (ADR 022).
CREATE INDEX "properties_public_district_idx" ON "properties" USING btree ("district_code", "mode", "created_at" DESC, "id" DESC) INCLUDE ("price_pence", "bedrooms", "bathrooms", "property_type") WHERE "properties"."status" = 'active' AND NOT "properties"."is_deleted" AND "properties"."approval_status" = 'approved' AND NOT "properties"."agent_suspended";--> statement-breakpoint
CREATE INDEX "properties_public_street_idx" ON "properties" USING btree (lower("city"), lower("street"), "mode", "created_at" DESC, "id" DESC) WHERE "properties"."status" = 'active' AND NOT "properties"."is_deleted" AND "properties"."approval_status" = 'approved' AND NOT "properties"."agent_suspended";--> statement-breakpoint
DROP TABLE "towns" CASCADE;
