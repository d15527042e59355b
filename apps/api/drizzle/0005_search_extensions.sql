CREATE TABLE "towns" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"listing_count" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "properties_public_published_idx";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', title || ' ' || coalesce(description, '') || CASE WHEN features @> '{garden}' THEN ' garden' ELSE '' END || CASE WHEN features @> '{parking}' THEN ' parking' ELSE '' END || CASE WHEN features @> '{new-build}' THEN ' new build' ELSE '' END || CASE WHEN features @> '{chain-free}' THEN ' chain free' ELSE '' END || CASE WHEN features @> '{reduced}' THEN ' reduced' ELSE '' END || CASE WHEN features @> '{virtual-tour}' THEN ' virtual tour' ELSE '' END)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "original_price_pence" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "flags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "towns_prefix_idx" ON "towns" USING btree ("key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "towns_trgm_idx" ON "towns" USING gin ("key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "outcodes_prefix_idx" ON "outcodes" USING btree ("outcode" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "postcodes_compact_prefix_idx" ON "postcodes" USING btree (replace("postcode", ' ', '') text_pattern_ops);--> statement-breakpoint
CREATE INDEX "properties_listed_at_idx" ON "properties" USING btree ((COALESCE("published_at", "created_at")));--> statement-breakpoint
CREATE INDEX "properties_visible_feed_idx" ON "properties" USING btree ("mode","created_at" DESC NULLS FIRST) WHERE "properties"."status" IN ('active', 'under-offer', 'sold', 'let-agreed') AND NOT "properties"."is_deleted" AND "properties"."approval_status" = 'approved';--> statement-breakpoint
CREATE INDEX "properties_geo_idx" ON "properties" USING btree ("latitude","longitude") WHERE NOT "properties"."is_deleted" AND "properties"."approval_status" = 'approved';--> statement-breakpoint
CREATE INDEX "properties_search_vector_idx" ON "properties" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "properties_public_reduction_idx" ON "properties" USING btree ("mode",(CASE WHEN "original_price_pence" > "price_pence" THEN ("original_price_pence" - "price_pence")::float8 / "original_price_pence" END) DESC NULLS LAST,"created_at" DESC NULLS FIRST) WHERE "properties"."status" = 'active' AND NOT "properties"."is_deleted" AND "properties"."approval_status" = 'approved';--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_original_price_check" CHECK ("properties"."original_price_pence" IS NULL OR "properties"."original_price_pence" >= 0);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_flags_check" CHECK ("properties"."flags" <@ ARRAY['retirement', 'shared-ownership', 'auction']::text[]);--> statement-breakpoint
-- Hand-written (issue #8): the towns of the listings already in this database, as refreshTowns() builds them
-- (apps/api/src/features/locations/refresh-towns.ts): centre = mean of the OS centroids of the town's postcode
-- districts, each counted once, within the postcode area that holds most of its listings.
INSERT INTO "towns" ("key", "name", "latitude", "longitude", "listing_count")
WITH per_district AS (
  SELECT lower(p.city) AS key, p.city AS name, p.outcode, substring(p.outcode FROM '^[A-Z]+') AS area,
         count(*)::int AS n, avg(p.latitude) AS lat, avg(p.longitude) AS lng
    FROM properties p
   WHERE NOT p.is_deleted AND p.latitude IS NOT NULL AND p.longitude IS NOT NULL AND p.city <> ''
   GROUP BY lower(p.city), p.city, p.outcode
), main_area AS (
  SELECT DISTINCT ON (key) key, area
    FROM (SELECT key, area, sum(n) AS n FROM per_district GROUP BY key, area) a
   ORDER BY key, n DESC, area
), districts AS (
  SELECT d.key, d.outcode, sum(d.n)::int AS n, avg(d.lat) AS lat, avg(d.lng) AS lng
    FROM per_district d JOIN main_area m ON m.key = d.key AND m.area = d.area
   GROUP BY d.key, d.outcode
)
SELECT d.key,
       (SELECT pd.name FROM per_district pd WHERE pd.key = d.key GROUP BY pd.name ORDER BY sum(pd.n) DESC, pd.name LIMIT 1),
       avg(COALESCE(o.latitude, d.lat)), avg(COALESCE(o.longitude, d.lng)),
       (SELECT sum(pd.n)::int FROM per_district pd WHERE pd.key = d.key)
  FROM districts d LEFT JOIN outcodes o ON o.outcode = d.outcode
 GROUP BY d.key
ON CONFLICT ("key") DO NOTHING;
