-- What a listing's launch did (issue 34): daily aggregates only, never an address. Raw per-visitor keys stay in
-- listing_visitors (a keyed hash, deleted after a day); what is kept for good is counts per listing and day.
--
-- listing_views: until now `views` counted visitors (each once a day). It becomes every page view by a person
-- (bots excluded), `visitors` the unique visitors, and `clicks` the visits to the product's website from the
-- listing page (the link's ping, once per visitor and day). Existing rows carry their visitors over.
ALTER TABLE listing_views ADD COLUMN visitors integer NOT NULL DEFAULT 0;
ALTER TABLE listing_views ADD COLUMN clicks integer NOT NULL DEFAULT 0;
UPDATE listing_views SET visitors = views;

-- Clickers of the day, like listing_visitors: a visitor's click counts once a day across instances.
CREATE TABLE listing_clickers (
  day date NOT NULL,
  listing_id integer NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  visitor text NOT NULL,
  PRIMARY KEY (day, listing_id, visitor)
);

-- Badge images served per listing, day and referring site (the Referer's host only; '' when there was none).
CREATE TABLE badge_impressions (
  listing_id integer NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  day date NOT NULL,
  referrer_host text NOT NULL CHECK (length(referrer_host) <= 253),
  impressions integer NOT NULL DEFAULT 0,
  PRIMARY KEY (listing_id, day, referrer_host)
);

-- A listing's rank on the weekly board, recorded each day of its launch week (and at its end).
CREATE TABLE listing_daily_ranks (
  listing_id integer NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  day date NOT NULL,
  rank integer NOT NULL CHECK (rank > 0),
  votes integer NOT NULL,
  PRIMARY KEY (listing_id, day)
);

-- One launch report per listing and week: the row is taken before the mail and the webhook event go out, so a
-- second instance (or a second run) finds it and sends nothing.
CREATE TABLE launch_reports (
  listing_id integer NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  launch_week date NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (listing_id, launch_week)
);
