-- Issue #23: listing rules.
-- location_approximate: a valid GB postcode missing from `postcodes` is placed at its outcode's centroid and flagged.
-- status_before_rejection, rejection_reason: rejection sets draft (SPEC §4); approval restores the earlier status, and
-- the agent's edit page shows the reason.
-- agent_suspended: an admin's suspension of the agent withdraws their listings (PUBLIC_LISTING / VISIBLE_LISTING).
ALTER TABLE "properties" ADD COLUMN "location_approximate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "status_before_rejection" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "agent_suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_status_before_rejection_check" CHECK ("properties"."status_before_rejection" IS NULL OR "properties"."status_before_rejection" IN ('active', 'draft', 'under-offer', 'sold', 'let-agreed', 'let'));--> statement-breakpoint
-- Listings already placed at an outcode centroid (the Price Paid importer's fallback) are approximate too.
UPDATE "properties" p SET "location_approximate" = true
 WHERE NOT EXISTS (SELECT 1 FROM "postcodes" pc WHERE pc."postcode" = p."postcode");--> statement-breakpoint
-- Rejected listings waiting for a decision: their status and reason from the latest 'reject_listing' audit row.
UPDATE "properties" p SET "status_before_rejection" = r.status, "rejection_reason" = r.reason
  FROM (SELECT DISTINCT ON (l."entity_id") l."entity_id", l."before_data"->>'status' AS status,
               NULLIF(l."after_data"->>'reason', '') AS reason
          FROM "audit_logs" l WHERE l."action" = 'reject_listing'
         ORDER BY l."entity_id", l."created_at" DESC) r
 WHERE p."id"::text = r."entity_id" AND p."approval_status" = 'rejected' AND p."status" = 'draft'
   AND r.status IN ('active', 'draft', 'under-offer', 'sold', 'let-agreed', 'let');--> statement-breakpoint
-- Agents an admin suspended (a 'suspend_user' audit row; production's demo lock-down writes none and keeps its
-- listings public on purpose).
UPDATE "properties" p SET "agent_suspended" = true
  FROM "agents" a JOIN "users" u ON u."id" = a."user_id"
 WHERE p."agent_id" = a."id" AND u."is_suspended"
   AND EXISTS (SELECT 1 FROM "audit_logs" l WHERE l."action" = 'suspend_user' AND l."entity_id" = u."id");
