-- Two-factor sign-in (ADR 031): better-auth's two-factor table and user flag, and the policy of who must use it.
CREATE TABLE "two_factor_policy" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"require_for_admins" boolean DEFAULT false NOT NULL,
	"require_for_agency_managers" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "two_factor_policy_one_row" CHECK ("two_factor_policy"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "two_factors" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "two_factor_policy" ADD CONSTRAINT "two_factor_policy_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factors" ADD CONSTRAINT "two_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "two_factors_user_id_key" ON "two_factors" USING btree ("user_id");--> statement-breakpoint
-- The policy's one row: nobody besides super admins is required to use two-factor until a super admin says so.
INSERT INTO "two_factor_policy" ("id") VALUES (1) ON CONFLICT DO NOTHING;
