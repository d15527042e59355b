CREATE TABLE "agencies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"redress_scheme" text,
	"redress_membership_number" text,
	"cmp_scheme" text,
	"cmp_membership_number" text,
	"verified_at" timestamp with time zone,
	"verified_by" text,
	"suspended_at" timestamp with time zone,
	"suspension_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agencies_redress_scheme_check" CHECK ("agencies"."redress_scheme" IS NULL OR "agencies"."redress_scheme" IN ('tpo', 'prs')),
	CONSTRAINT "agencies_cmp_scheme_check" CHECK ("agencies"."cmp_scheme" IS NULL OR "agencies"."cmp_scheme" IN ('client-money-protect', 'propertymark', 'safeagent', 'ukala', 'money-shield', 'rics'))
);
--> statement-breakpoint
CREATE TABLE "agency_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"branch_ids" uuid[] NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "agency_invitations_role_check" CHECK ("agency_invitations"."role" IN ('owner', 'branch-manager', 'negotiator'))
);
--> statement-breakpoint
CREATE TABLE "agency_member_branches" (
	"member_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	CONSTRAINT "agency_member_branches_member_id_branch_id_pk" PRIMARY KEY("member_id","branch_id")
);
--> statement-breakpoint
CREATE TABLE "agency_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"default_branch_id" uuid NOT NULL,
	"suspended_with_agency" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_members_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "agency_members_role_check" CHECK ("agency_members"."role" IN ('owner', 'branch-manager', 'negotiator'))
);
--> statement-breakpoint
CREATE TABLE "enquiry_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enquiry_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"author_member_id" uuid,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enquiry_messages_kind_check" CHECK ("enquiry_messages"."kind" IN ('note', 'reply'))
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "agency_id" uuid;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "handles_sales" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "handles_lettings" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "assigned_member_id" uuid;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "viewing_times" jsonb;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "buyer_position" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "negotiator_id" uuid;--> statement-breakpoint
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_invitations" ADD CONSTRAINT "agency_invitations_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_invitations" ADD CONSTRAINT "agency_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_member_branches" ADD CONSTRAINT "agency_member_branches_member_id_agency_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."agency_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_member_branches" ADD CONSTRAINT "agency_member_branches_branch_id_agents_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_members" ADD CONSTRAINT "agency_members_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_members" ADD CONSTRAINT "agency_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_members" ADD CONSTRAINT "agency_members_default_branch_id_agents_id_fk" FOREIGN KEY ("default_branch_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_messages" ADD CONSTRAINT "enquiry_messages_enquiry_id_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiry_messages" ADD CONSTRAINT "enquiry_messages_author_member_id_agency_members_id_fk" FOREIGN KEY ("author_member_id") REFERENCES "public"."agency_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agency_invitations_agency_idx" ON "agency_invitations" USING btree ("agency_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "agency_member_branches_branch_idx" ON "agency_member_branches" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "agency_members_agency_idx" ON "agency_members" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "enquiry_messages_enquiry_idx" ON "enquiry_messages" USING btree ("enquiry_id","created_at");--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_assigned_member_id_agency_members_id_fk" FOREIGN KEY ("assigned_member_id") REFERENCES "public"."agency_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_negotiator_id_agency_members_id_fk" FOREIGN KEY ("negotiator_id") REFERENCES "public"."agency_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agents_agency_idx" ON "agents" USING btree ("agency_id");--> statement-breakpoint
-- ADR 029: every existing agent becomes a one-branch agency (the agency takes the branch's id) with themselves as its
-- owner. Their listings are already public and approved, so the agency counts as verified from this migration; an
-- agency made afterwards starts unverified. The branch's slug is its display name and the first 8 characters of its
-- id, as features/agency/branch-slug.ts makes them.
INSERT INTO "agencies" ("id", "name", "verified_at", "created_at", "updated_at")
SELECT "id", COALESCE(NULLIF(btrim("agency_name"), ''), NULLIF(btrim("branch_name"), ''), "name"), now(), "created_at", now()
FROM "agents";--> statement-breakpoint
UPDATE "agents" SET
  "agency_id" = "id",
  "slug" = concat_ws('-',
    NULLIF(left(btrim(regexp_replace(lower(COALESCE(NULLIF(concat_ws(' ', NULLIF(btrim("agency_name"), ''), NULLIF(btrim("branch_name"), '')), ''), "name")), '[^a-z0-9]+', '-', 'g'), '-'), 60), ''),
    left("id"::text, 8));--> statement-breakpoint
INSERT INTO "agency_members" ("agency_id", "user_id", "role", "default_branch_id", "created_at", "updated_at")
SELECT "id", "user_id", 'owner', "id", "created_at", now() FROM "agents";--> statement-breakpoint
ALTER TABLE "agents" ALTER COLUMN "agency_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" DROP CONSTRAINT "agents_user_id_unique";--> statement-breakpoint
ALTER TABLE "agents" DROP CONSTRAINT "agents_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "agents" DROP COLUMN "user_id";--> statement-breakpoint
CREATE INDEX "enquiries_assigned_idx" ON "enquiries" USING btree ("assigned_member_id");--> statement-breakpoint
CREATE INDEX "properties_negotiator_idx" ON "properties" USING btree ("negotiator_id");--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_slug_unique" UNIQUE("slug");--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_buyer_position_check" CHECK ("enquiries"."buyer_position" <@ ARRAY['first-time-buyer', 'selling', 'sold-stc', 'mortgage-agreed-in-principle', 'cash-buyer']::text[]);--> statement-breakpoint
ALTER TABLE "agent_activity" DROP CONSTRAINT "agent_activity_type_check";--> statement-breakpoint
ALTER TABLE "agent_activity" ADD CONSTRAINT "agent_activity_type_check" CHECK ("agent_activity"."type" IN ('enquiry_received', 'enquiry_status_changed', 'enquiry_assigned', 'listing_created', 'listing_updated', 'listing_status_changed', 'listing_price_changed', 'listing_deleted', 'listing_approved', 'listing_rejected', 'photos_added'));