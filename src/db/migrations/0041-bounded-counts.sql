-- Counts people can trust (issue 52). A visitor is now a keyed hash of the day and the network (an IPv4 /24, an IPv6
-- /48), whatever its browser says; a listing counts at most one page view per visitor per half hour, so
-- listing_visitors remembers when it last counted one (NULL for the rows of before: their next view counts).
ALTER TABLE listing_visitors ADD COLUMN viewed_at timestamptz;

-- Badge impressions count once per visitor, listing, referring site and day, like clicks: the pairs of the day are
-- kept here (a keyed hash, never an address) and deleted after a day with the other visitor keys.
CREATE TABLE badge_viewers (
  day date NOT NULL,
  listing_id integer NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  referrer_host text NOT NULL CHECK (length(referrer_host) <= 253),
  visitor text NOT NULL,
  PRIMARY KEY (day, listing_id, referrer_host, visitor)
);
