-- Issue #9, ADR 021: every API process keeps finished search answers in memory and clears them when a listing, its
-- photos or its agent change, whichever process or tool wrote. PostgreSQL sends equal notifications of one transaction once,
-- so a bulk write costs one.
CREATE FUNCTION abode_notify_listings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('abode_listings_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER properties_added_or_removed AFTER INSERT OR DELETE OR TRUNCATE ON properties
  FOR EACH STATEMENT EXECUTE FUNCTION abode_notify_listings_changed();--> statement-breakpoint
-- A visit counted on the property page (view_count) changes no search answer: only other columns notify, so the
-- cache survives the page views that follow searches.
CREATE TRIGGER properties_changed AFTER UPDATE ON properties FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'view_count' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'view_count' - 'updated_at'))
  EXECUTE FUNCTION abode_notify_listings_changed();--> statement-breakpoint
CREATE TRIGGER property_photos_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON property_photos
  FOR EACH STATEMENT EXECUTE FUNCTION abode_notify_listings_changed();--> statement-breakpoint
CREATE TRIGGER agents_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON agents
  FOR EACH STATEMENT EXECUTE FUNCTION abode_notify_listings_changed();
