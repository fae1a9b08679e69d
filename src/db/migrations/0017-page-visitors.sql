-- Page views of listings, counted once per visitor per day: each instance batches the visitors it saw (a hash,
-- never an address) and inserts them here; only the new ones add to listing_views and listings.views_count.
-- Rows older than yesterday are deleted as batches are written.
CREATE TABLE listing_visitors (
  day date NOT NULL,
  listing_id integer NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  visitor text NOT NULL,
  PRIMARY KEY (day, listing_id, visitor)
);
