-- A vote or a follow changes a listing's counters alone, and its notification named only the listing: every
-- instance's search index then read the listing's whole search vector again to learn its new vote count, and on a
-- launch day a search waited for those reads. An update of listings whose rows changed nothing but their counters
-- (and updated_at) now also names each listing's new vote count, as a token `=<id>:<votes>` after the ids. Listeners
-- that know only ids keep reading the ids (the tokens are not numbers: src/catalogue/listing-changes.ts).
CREATE FUNCTION notify_listings_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
  votes text;
  counters CONSTANT text[] := '{votes_count,follows_count,views_count,updated_at}';
BEGIN
  SELECT string_agg(id::text, ',' ORDER BY id) INTO ids FROM changed_rows;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  -- Only small statements are compared (a vote, a follow): a refresh of every listing's views is named by ids alone.
  IF length(ids) <= 2000 AND NOT EXISTS (
    SELECT 1 FROM changed_rows n JOIN old_rows o USING (id) WHERE (to_jsonb(n) - counters) IS DISTINCT FROM (to_jsonb(o) - counters)
  ) THEN
    SELECT string_agg('=' || id || ':' || votes_count, ',' ORDER BY id) INTO votes FROM changed_rows;
    ids := ids || ',' || votes;
  END IF;
  PERFORM pg_notify('listing_changed', CASE WHEN length(ids) > 7000 THEN '*' ELSE ids END);
  RETURN NULL;
END
$$;
DROP TRIGGER listings_changed_update_trg ON listings;
CREATE TRIGGER listings_changed_update_trg AFTER UPDATE ON listings REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_listings_updated();
