-- Fast text search (src/catalogue/search.ts).
--
-- listing_search: a narrow copy of what a text search reads of each listing (the filter and sort columns,
-- the name and search_vector), kept in step with listings by the triggers below. A common word matches
-- thousands of listings, and the exact total and the most voted matches need every one of them: read from
-- listings (about 1.8 kB a row, more than the server's shared buffers hold) that cost a heap page per
-- match. Here rows are a few hundred bytes: fixed-width columns first, and search vectors of rows over the
-- toast threshold are moved out of line (toast_tuple_target) rather than compressed in place.
CREATE TABLE listing_search (
  id integer PRIMARY KEY REFERENCES listings(id) ON DELETE CASCADE ON UPDATE CASCADE,
  votes_count integer NOT NULL,
  views_count integer NOT NULL,
  follows_count integer NOT NULL,
  launch_week date,
  launched_at timestamptz,
  status text NOT NULL,
  stage text,
  country char(2),
  pricing_model text,
  domain text NOT NULL,
  name text NOT NULL,
  search_vector tsvector NOT NULL
) WITH (toast_tuple_target = 128);

INSERT INTO listing_search (id, votes_count, views_count, follows_count, launch_week, launched_at, status, stage,
                            country, pricing_model, domain, name, search_vector)
SELECT id, votes_count, views_count, follows_count, launch_week, launched_at, status, stage,
       country, pricing_model, domain, name, search_vector
FROM listings;

-- fastupdate off: until a vacuum merges it, a GIN pending list is read in full by every search.
CREATE INDEX listing_search_vector_idx ON listing_search USING gin(search_vector) WITH (fastupdate = off);
ANALYZE listing_search;

CREATE FUNCTION listing_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_search (id, votes_count, views_count, follows_count, launch_week, launched_at, status, stage,
                              country, pricing_model, domain, name, search_vector)
  VALUES (NEW.id, NEW.votes_count, NEW.views_count, NEW.follows_count, NEW.launch_week, NEW.launched_at, NEW.status,
          NEW.stage, NEW.country, NEW.pricing_model, NEW.domain, NEW.name, NEW.search_vector)
  ON CONFLICT (id) DO UPDATE SET
    votes_count = EXCLUDED.votes_count, views_count = EXCLUDED.views_count, follows_count = EXCLUDED.follows_count,
    launch_week = EXCLUDED.launch_week, launched_at = EXCLUDED.launched_at, status = EXCLUDED.status,
    stage = EXCLUDED.stage, country = EXCLUDED.country, pricing_model = EXCLUDED.pricing_model,
    domain = EXCLUDED.domain, name = EXCLUDED.name, search_vector = EXCLUDED.search_vector;
  RETURN NULL;
END
$$;
-- AFTER triggers, so that NEW.search_vector is the one listings_search_vector_trg computed.
CREATE TRIGGER listing_search_insert_trg AFTER INSERT ON listings
  FOR EACH ROW EXECUTE FUNCTION listing_search_sync();
CREATE TRIGGER listing_search_update_trg AFTER UPDATE ON listings
  FOR EACH ROW
  WHEN ((OLD.id, OLD.votes_count, OLD.views_count, OLD.follows_count, OLD.launch_week, OLD.launched_at, OLD.status,
         OLD.stage, OLD.country, OLD.pricing_model, OLD.domain, OLD.name, OLD.search_vector)
        IS DISTINCT FROM
        (NEW.id, NEW.votes_count, NEW.views_count, NEW.follows_count, NEW.launch_week, NEW.launched_at, NEW.status,
         NEW.stage, NEW.country, NEW.pricing_model, NEW.domain, NEW.name, NEW.search_vector))
  EXECUTE FUNCTION listing_search_sync();

-- The typo dictionary is rewritten in bulk. Its trigram index had every term in the GIN pending list (nothing
-- had vacuumed it), so each correction lookup read the whole list, and the planner preferred computing the
-- similarity of every term; without a pending list a lookup reads a few index pages.
ALTER INDEX search_terms_trgm_idx SET (fastupdate = off);
SELECT gin_clean_pending_list('search_terms_trgm_idx'::regclass);
