-- Comments and awards show on a listing's page but are not part of its profile, so they sent no listing_changed
-- notification: pages kept for visitors (src/site/page-cache.ts) could show them up to a minute late. Now every
-- statement that writes comments or awards announces the listings it touched, at its commit, like a profile change.
CREATE FUNCTION notify_listings_of_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  SELECT string_agg(DISTINCT listing_id::text, ',') INTO ids FROM changed_rows;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('listing_changed', CASE WHEN length(ids) > 7000 THEN '*' ELSE ids END);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER comments_changed_insert_trg AFTER INSERT ON comments REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_listings_of_rows_changed();
CREATE TRIGGER comments_changed_update_trg AFTER UPDATE ON comments REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_listings_of_rows_changed();
CREATE TRIGGER comments_changed_delete_trg AFTER DELETE ON comments REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_listings_of_rows_changed();
CREATE TRIGGER awards_changed_insert_trg AFTER INSERT ON awards REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_listings_of_rows_changed();
CREATE TRIGGER awards_changed_update_trg AFTER UPDATE ON awards REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_listings_of_rows_changed();
CREATE TRIGGER awards_changed_delete_trg AFTER DELETE ON awards REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_listings_of_rows_changed();
