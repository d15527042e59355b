-- Issue #22: requests that are safe to repeat.
-- enquiry_idempotency_keys: POST /api/enquiries with an Idempotency-Key answers a retry with the first answer
-- (features/enquiries/idempotency.ts); rows live 24 hours, then the scheduler's purge deletes them.
-- listing_view_visitors: who was counted as a visitor of a listing on each UTC day (user or visitor cookie, and a
-- hash of the address), so a view counts once per visitor, listing and day (features/listings/record-view.ts).
CREATE TABLE "enquiry_idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"enquiry_id" uuid,
	"response_status" smallint,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enquiry_idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "listing_view_visitors" (
	"property_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	"address" text NOT NULL,
	CONSTRAINT "listing_view_visitors_property_id_day_visitor_pk" PRIMARY KEY("property_id","day","visitor")
);
--> statement-breakpoint
ALTER TABLE "enquiry_idempotency_keys" ADD CONSTRAINT "enquiry_idempotency_keys_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_view_visitors" ADD CONSTRAINT "listing_view_visitors_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enquiry_idempotency_keys_created_idx" ON "enquiry_idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "listing_view_visitors_address_idx" ON "listing_view_visitors" USING btree ("property_id","day","address");--> statement-breakpoint
CREATE INDEX "listing_view_visitors_day_idx" ON "listing_view_visitors" USING btree ("day");
