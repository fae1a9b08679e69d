-- Summaries that answer "best" (docs/search.md): every listing summary carries its community rating (the average
-- and count of genuine reviews, the same rule as get_listing's community_rating) and its number of comments (not
-- deleted by their author, not hidden by a moderator), and search sorts by rating. They are kept on listings, and
-- the rating on listing_search for the sort, by triggers on reviews and comments: every path that writes a review
-- or a comment (writing, moderating, the vote check's genuineness, account deletion) moves them in its own statement.
ALTER TABLE listings
  ADD COLUMN rating_average numeric(2, 1),
  ADD COLUMN rating_count integer NOT NULL DEFAULT 0,
  ADD COLUMN comments_count integer NOT NULL DEFAULT 0;
ALTER TABLE listing_search
  ADD COLUMN rating_average numeric(2, 1),
  ADD COLUMN rating_count integer NOT NULL DEFAULT 0;
CREATE INDEX listings_status_rating_idx ON listings(status, rating_average DESC NULLS LAST, rating_count DESC, votes_count DESC, id);

CREATE FUNCTION refresh_listing_rating(listing integer) RETURNS void LANGUAGE sql AS $$
  UPDATE listings l SET rating_average = r.average, rating_count = r.count
  FROM (SELECT round(avg(rating), 1) AS average, count(*)::int AS count FROM reviews WHERE listing_id = listing AND genuine) r
  WHERE l.id = listing AND (l.rating_average, l.rating_count) IS DISTINCT FROM (r.average, r.count)
$$;

CREATE FUNCTION reviews_rating_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM refresh_listing_rating(OLD.listing_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.listing_id <> OLD.listing_id) THEN
    PERFORM refresh_listing_rating(NEW.listing_id);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER reviews_rating_insert_trg AFTER INSERT OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION reviews_rating_changed();
CREATE TRIGGER reviews_rating_update_trg AFTER UPDATE OF rating, genuine, listing_id ON reviews
  FOR EACH ROW WHEN ((OLD.rating, OLD.genuine, OLD.listing_id) IS DISTINCT FROM (NEW.rating, NEW.genuine, NEW.listing_id))
  EXECUTE FUNCTION reviews_rating_changed();

CREATE FUNCTION refresh_listing_comments(listing integer) RETURNS void LANGUAGE sql AS $$
  UPDATE listings l SET comments_count = c.count
  FROM (SELECT count(*)::int AS count FROM comments WHERE listing_id = listing AND deleted_at IS NULL AND hidden_at IS NULL) c
  WHERE l.id = listing AND l.comments_count <> c.count
$$;

CREATE FUNCTION comments_count_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM refresh_listing_comments(OLD.listing_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.listing_id <> OLD.listing_id) THEN
    PERFORM refresh_listing_comments(NEW.listing_id);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER comments_count_insert_trg AFTER INSERT OR DELETE ON comments
  FOR EACH ROW EXECUTE FUNCTION comments_count_changed();
CREATE TRIGGER comments_count_update_trg AFTER UPDATE OF deleted_at, hidden_at, listing_id ON comments
  FOR EACH ROW WHEN ((OLD.deleted_at IS NULL, OLD.hidden_at IS NULL, OLD.listing_id) IS DISTINCT FROM (NEW.deleted_at IS NULL, NEW.hidden_at IS NULL, NEW.listing_id))
  EXECUTE FUNCTION comments_count_changed();

-- listing_search copies the rating for the sort.
CREATE OR REPLACE FUNCTION listing_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_search (id, votes_count, views_count, follows_count, launch_week, launched_at, status, stage,
                              country, pricing_model, domain, name, search_vector, rating_average, rating_count)
  VALUES (NEW.id, NEW.votes_count, NEW.views_count, NEW.follows_count, NEW.launch_week, NEW.launched_at, NEW.status,
          NEW.stage, NEW.country, NEW.pricing_model, NEW.domain, NEW.name, NEW.search_vector, NEW.rating_average, NEW.rating_count)
  ON CONFLICT (id) DO UPDATE SET
    votes_count = EXCLUDED.votes_count, views_count = EXCLUDED.views_count, follows_count = EXCLUDED.follows_count,
    launch_week = EXCLUDED.launch_week, launched_at = EXCLUDED.launched_at, status = EXCLUDED.status,
    stage = EXCLUDED.stage, country = EXCLUDED.country, pricing_model = EXCLUDED.pricing_model,
    domain = EXCLUDED.domain, name = EXCLUDED.name, search_vector = EXCLUDED.search_vector,
    rating_average = EXCLUDED.rating_average, rating_count = EXCLUDED.rating_count;
  RETURN NULL;
END
$$;
DROP TRIGGER listing_search_update_trg ON listings;
CREATE TRIGGER listing_search_update_trg AFTER UPDATE ON listings
  FOR EACH ROW
  WHEN ((OLD.id, OLD.votes_count, OLD.views_count, OLD.follows_count, OLD.launch_week, OLD.launched_at, OLD.status,
         OLD.stage, OLD.country, OLD.pricing_model, OLD.domain, OLD.name, OLD.search_vector, OLD.rating_average, OLD.rating_count)
        IS DISTINCT FROM
        (NEW.id, NEW.votes_count, NEW.views_count, NEW.follows_count, NEW.launch_week, NEW.launched_at, NEW.status,
         NEW.stage, NEW.country, NEW.pricing_model, NEW.domain, NEW.name, NEW.search_vector, NEW.rating_average, NEW.rating_count))
  EXECUTE FUNCTION listing_search_sync();

UPDATE listings l SET rating_average = r.average, rating_count = r.count
FROM (SELECT listing_id, round(avg(rating), 1) AS average, count(*)::int AS count FROM reviews WHERE genuine GROUP BY listing_id) r
WHERE l.id = r.listing_id;
UPDATE listings l SET comments_count = c.count
FROM (SELECT listing_id, count(*)::int AS count FROM comments WHERE deleted_at IS NULL AND hidden_at IS NULL GROUP BY listing_id) c
WHERE l.id = c.listing_id;
