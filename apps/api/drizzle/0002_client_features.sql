CREATE TABLE "listing_view_days" (
	"property_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_view_days_property_id_day_pk" PRIMARY KEY("property_id","day")
);
--> statement-breakpoint
CREATE TABLE "price_paid_sales" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"price_pence" bigint NOT NULL,
	"sold_on" date NOT NULL,
	"postcode" text NOT NULL,
	"outcode" text NOT NULL,
	"property_type" text NOT NULL,
	"new_build" boolean DEFAULT false NOT NULL,
	"duration" text NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"locality" text DEFAULT '' NOT NULL,
	"town" text DEFAULT '' NOT NULL,
	CONSTRAINT "price_paid_sales_price_check" CHECK ("price_paid_sales"."price_pence" >= 0),
	CONSTRAINT "price_paid_sales_type_check" CHECK ("price_paid_sales"."property_type" IN ('D', 'S', 'T', 'F', 'O')),
	CONSTRAINT "price_paid_sales_duration_check" CHECK ("price_paid_sales"."duration" IN ('F', 'L', 'U'))
);
--> statement-breakpoint
CREATE TABLE "saved_search_deliveries" (
	"saved_search_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_search_deliveries_saved_search_id_property_id_pk" PRIMARY KEY("saved_search_id","property_id")
);
--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "unsubscribe_token" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_view_days" ADD CONSTRAINT "listing_view_days_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_deliveries" ADD CONSTRAINT "saved_search_deliveries_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_deliveries" ADD CONSTRAINT "saved_search_deliveries_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_paid_sales_outcode_idx" ON "price_paid_sales" USING btree ("outcode","sold_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "properties_public_published_idx" ON "properties" USING btree ("published_at") WHERE "properties"."status" = 'active' AND NOT "properties"."is_deleted" AND "properties"."approval_status" = 'approved';--> statement-breakpoint
CREATE INDEX "saved_searches_alerts_idx" ON "saved_searches" USING btree ("last_alerted_at") WHERE "saved_searches"."email_alerts";--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_unsubscribe_token_unique" UNIQUE("unsubscribe_token");