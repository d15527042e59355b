-- Issue #9, ADR 023: every API process keeps the searchable facts of all visible listings in memory (the search
-- engine, features/listings/search-engine) and must learn which listings changed, whichever process or tool wrote.
-- listing_changes logs the id of each listing whose row, photos or agent changed (NULL: every listing, a TRUNCATE);
-- the engine reads the rows past the last it saw when notified (migration 0006's NOTIFY) and reloads just those
-- listings. Statement-level triggers with transition tables keep a bulk write to one INSERT … SELECT.
CREATE TABLE "listing_changes" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"property_id" uuid,
	"changed_at" timestamptz NOT NULL DEFAULT clock_timestamp()
);--> statement-breakpoint
CREATE INDEX "listing_changes_changed_at_idx" ON "listing_changes" USING btree ("changed_at");--> statement-breakpoint
CREATE FUNCTION abode_log_listing_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO listing_changes (property_id) VALUES (NULL);
  ELSIF TG_TABLE_NAME = 'properties' AND TG_OP = 'INSERT' THEN
    INSERT INTO listing_changes (property_id) SELECT id FROM new_rows;
  ELSIF TG_TABLE_NAME = 'properties' AND TG_OP = 'DELETE' THEN
    INSERT INTO listing_changes (property_id) SELECT id FROM old_rows;
  ELSIF TG_TABLE_NAME = 'properties' THEN
    -- A visit counted on the property page (view_count) changes nothing a search shows.
    INSERT INTO listing_changes (property_id)
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (to_jsonb(o) - 'view_count' - 'updated_at') IS DISTINCT FROM (to_jsonb(n) - 'view_count' - 'updated_at');
  ELSIF TG_TABLE_NAME = 'property_photos' AND TG_OP = 'DELETE' THEN
    INSERT INTO listing_changes (property_id) SELECT DISTINCT property_id FROM old_rows;
  ELSIF TG_TABLE_NAME = 'property_photos' THEN
    INSERT INTO listing_changes (property_id) SELECT DISTINCT property_id FROM new_rows;
  ELSIF TG_TABLE_NAME = 'agents' THEN
    -- The agent's name, agency and phone are on every card of their listings.
    INSERT INTO listing_changes (property_id)
      SELECT p.id FROM properties p JOIN new_rows n ON n.id = p.agent_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER properties_log_insert AFTER INSERT ON properties REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION abode_log_listing_changes();--> statement-breakpoint
CREATE TRIGGER properties_log_update AFTER UPDATE ON properties REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION abode_log_listing_changes();--> statement-breakpoint
CREATE TRIGGER properties_log_delete AFTER DELETE ON properties REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION abode_log_listing_changes();--> statement-breakpoint
CREATE TRIGGER properties_log_truncate AFTER TRUNCATE ON properties
  FOR EACH STATEMENT EXECUTE FUNCTION abode_log_listing_changes();--> statement-breakpoint
CREATE TRIGGER property_photos_log_insert AFTER INSERT ON property_photos REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION abode_log_listing_changes();--> statement-breakpoint
CREATE TRIGGER property_photos_log_update AFTER UPDATE ON property_photos REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION abode_log_listing_changes();--> statement-breakpoint
CREATE TRIGGER property_photos_log_delete AFTER DELETE ON property_photos REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION abode_log_listing_changes();--> statement-breakpoint
CREATE TRIGGER agents_log_update AFTER UPDATE ON agents REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION abode_log_listing_changes();
