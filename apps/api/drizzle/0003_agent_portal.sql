CREATE TABLE "agent_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"type" text NOT NULL,
	"property_id" uuid,
	"property_title" text,
	"enquiry_id" uuid,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_activity_type_check" CHECK ("agent_activity"."type" IN ('enquiry_received', 'enquiry_status_changed', 'listing_created', 'listing_updated', 'listing_status_changed', 'listing_price_changed', 'listing_deleted', 'listing_approved', 'listing_rejected', 'photos_added'))
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "notify_new_enquiries" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "property_photos" ADD COLUMN "variants" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "property_photos" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "agent_activity" ADD CONSTRAINT "agent_activity_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_activity" ADD CONSTRAINT "agent_activity_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_activity" ADD CONSTRAINT "agent_activity_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_activity_agent_idx" ON "agent_activity" USING btree ("agent_id","created_at" DESC NULLS LAST);