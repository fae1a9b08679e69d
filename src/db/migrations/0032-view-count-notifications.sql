-- Page views: every few seconds each instance adds its new visitors to listings.views_count
-- (src/community/page-views.ts), in one statement naming every listing viewed since its last batch. On a busy site
-- that is thousands of listings: the statement's notification was '*' (too many to name), and every instance then
-- forgot every answer and page it kept and read its whole search index again; with a few hundred, each instance
-- read those listings' search vectors again (0031 compares rows only for small statements: a comparison costs about
-- 0.17 ms a row). The page views' statement now says what it changes: it sets `launch.views_only` for its
-- transaction, and the update trigger, seeing it, names the listings with their vote counts (the form of migration
-- 0031: nothing else of them changed, so nothing is read again), in notifications of at most 200 listings each (a
-- notification holds under 8,000 bytes). The trigger clears the setting, so it covers that one statement.
-- (A column list, AFTER UPDATE OF, cannot go with the transition tables the trigger reads.)
CREATE OR REPLACE FUNCTION notify_listings_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
  votes text;
  part record;
  counters CONSTANT text[] := '{votes_count,follows_count,views_count,updated_at}';
BEGIN
  IF current_setting('launch.views_only', true) = 'on' THEN
    PERFORM set_config('launch.views_only', '', true);
    FOR part IN
      SELECT string_agg(id::text, ',' ORDER BY id) || ',' || string_agg('=' || id || ':' || votes_count, ',' ORDER BY id) AS payload
      FROM (SELECT id, votes_count, (row_number() OVER (ORDER BY id) - 1) / 200 AS n FROM changed_rows) r
      GROUP BY n ORDER BY n
    LOOP
      PERFORM pg_notify('listing_changed', part.payload);
    END LOOP;
    RETURN NULL;
  END IF;
  SELECT string_agg(id::text, ',' ORDER BY id) INTO ids FROM changed_rows;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  -- Only small statements are compared (a vote, a follow): a larger one is named by ids alone.
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
