-- Issue #25 (ADR 028): what a UK listing carries.
-- properties: price qualifier, rent frequency and the weekly rent as quoted, key features, summary, rooms, reception
-- rooms, EPC potential, lease terms, lettings terms, tour links, material information Parts B and C, has_floor_plan.
-- listing_media: floor plans, EPC certificates and brochures (images as WebP sizes, checked PDFs).
-- search_vector is rebuilt to also hold the summary and key features (a table rewrite).
-- array_to_string() is STABLE (its element output functions could depend on settings), so a generated column may not
-- call it; for text[] the result cannot change, and this wrapper says so.
CREATE FUNCTION abode_lines(lines text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_to_string(lines, ' '), '')
$$;
--> statement-breakpoint
CREATE TABLE "listing_media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"url" text NOT NULL,
	"caption" text,
	"order_index" smallint DEFAULT 0 NOT NULL,
	"width" integer,
	"height" integer,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bytes" integer,
	"storage_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_media_kind_check" CHECK ("listing_media"."kind" IN ('floor-plan', 'epc', 'brochure')),
	CONSTRAINT "listing_media_format_check" CHECK ("listing_media"."format" IN ('image', 'pdf'))
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "price_qualifier" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "rent_frequency" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "weekly_rent_pence" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "key_features" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "summary" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "rooms" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "reception_rooms" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "epc_potential_rating" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "lease_years_remaining" smallint;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "ground_rent_pence" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "ground_rent_review" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "service_charge_pence" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "deposit_pence" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "holding_deposit_pence" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "minimum_term_months" smallint;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "let_type" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "bills_included" boolean;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "pets_allowed" boolean;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "council_tax_included" boolean;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "video_tour_url" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "virtual_tour_url" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "material_information" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "has_floor_plan" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_media" ADD CONSTRAINT "listing_media_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_media_property_idx" ON "listing_media" USING btree ("property_id","kind","order_index");--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_price_qualifier_check" CHECK ("properties"."price_qualifier" IS NULL OR "properties"."price_qualifier" IN ('guide-price', 'offers-over', 'offers-in-excess-of', 'offers-in-region-of', 'fixed-price', 'from', 'poa', 'sale-by-tender', 'shared-ownership', 'part-buy-part-rent', 'shared-equity'));--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_rent_frequency_check" CHECK ("properties"."rent_frequency" IS NULL OR "properties"."rent_frequency" IN ('pcm', 'pw'));--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_let_type_check" CHECK ("properties"."let_type" IS NULL OR "properties"."let_type" IN ('long-term', 'short-term', 'student', 'commercial'));--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_epc_potential_check" CHECK ("properties"."epc_potential_rating" IS NULL OR "properties"."epc_potential_rating" IN ('A', 'B', 'C', 'D', 'E', 'F', 'G'));--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_terms_check" CHECK ("properties"."reception_rooms" >= 0 AND coalesce("properties"."weekly_rent_pence", 0) >= 0 AND coalesce("properties"."lease_years_remaining", 0) >= 0
        AND coalesce("properties"."ground_rent_pence", 0) >= 0 AND coalesce("properties"."service_charge_pence", 0) >= 0
        AND coalesce("properties"."deposit_pence", 0) >= 0 AND coalesce("properties"."holding_deposit_pence", 0) >= 0
        AND coalesce("properties"."minimum_term_months", 1) >= 1);--> statement-breakpoint
ALTER TABLE "properties" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', title || ' ' || coalesce(summary, '') || ' ' || abode_lines(key_features) || ' ' || coalesce(description, '') || CASE WHEN features @> '{garden}' THEN ' garden' ELSE '' END || CASE WHEN features @> '{parking}' THEN ' parking' ELSE '' END || CASE WHEN features @> '{new-build}' THEN ' new build' ELSE '' END || CASE WHEN features @> '{chain-free}' THEN ' chain free' ELSE '' END || CASE WHEN features @> '{reduced}' THEN ' reduced' ELSE '' END || CASE WHEN features @> '{virtual-tour}' THEN ' virtual tour' ELSE '' END)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "properties_search_vector_idx" ON "properties" USING gin ("search_vector");
