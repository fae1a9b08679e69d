-- The community (issue 30): reviews written by people on the site, comments with one level of replies, reports
-- about reviews and comments, the signals a vote keeps for the vote check, and votes the check holds out of the count.

-- A person's public name (reviews, comments), and the keyed hash of the network they signed up from.
ALTER TABLE accounts
  ADD COLUMN display_name text,
  ADD COLUMN signup_network text;

-- Reviews: `genuine` stays the one column the community rating reads; the community code keeps it true to the
-- rule (confirmed address, not an owner, not hidden, no flagged vote). Seeded reviews have no account and keep a
-- reviewer_name instead.
ALTER TABLE reviews
  ADD COLUMN account_id uuid REFERENCES accounts(id) ON DELETE CASCADE,
  ADD COLUMN reviewer_name text,
  ADD COLUMN updated_at timestamptz,
  ADD COLUMN hidden_at timestamptz,
  ADD COLUMN hidden_reason text;
CREATE INDEX reviews_listing_created_idx ON reviews (listing_id, created_at DESC, id DESC);
CREATE INDEX reviews_account_idx ON reviews (account_id) WHERE account_id IS NOT NULL;

CREATE TABLE comments (
  id bigserial PRIMARY KEY,
  listing_id integer NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  parent_id bigint REFERENCES comments(id) ON DELETE CASCADE,  -- a reply (one level deep), or null
  account_id uuid REFERENCES accounts(id) ON DELETE SET NULL,
  body text NOT NULL,
  by_maker boolean NOT NULL DEFAULT false,                     -- written by an owner of the listing
  created_at timestamptz NOT NULL,
  deleted_at timestamptz,                                      -- deleted by its author (the body is emptied)
  hidden_at timestamptz,                                       -- hidden by a moderator
  hidden_reason text
);
CREATE INDEX comments_listing_idx ON comments (listing_id, created_at, id);
CREATE INDEX comments_parent_idx ON comments (parent_id) WHERE parent_id IS NOT NULL;
CREATE INDEX comments_account_idx ON comments (account_id) WHERE account_id IS NOT NULL;

-- New comments are mailed to a listing's owners at most once an hour: what was mailed last, and when.
CREATE TABLE comment_mail_state (
  listing_id integer PRIMARY KEY REFERENCES listings(id) ON DELETE CASCADE,
  mailed_through bigint NOT NULL DEFAULT 0,                    -- the newest comment id already mailed
  last_mailed_at timestamptz
);

-- Reviews and comments join listings as things one reports.
ALTER TABLE reports DROP CONSTRAINT reports_target_type_check;
ALTER TABLE reports ADD CONSTRAINT reports_target_type_check CHECK (target_type IN ('listing', 'review', 'comment'));

-- Votes keep the signals a ring leaves (never an address: a keyed hash of the network), and the vote check's
-- verdict. A flagged vote counts nowhere until a moderator clears it; a confirmed one never counts.
ALTER TABLE votes
  ADD COLUMN account_id uuid REFERENCES accounts(id) ON DELETE SET NULL,
  ADD COLUMN network text,
  ADD COLUMN flag_status text CHECK (flag_status IN ('flagged', 'confirmed', 'cleared')),
  ADD COLUMN counted boolean NOT NULL DEFAULT true,
  ADD COLUMN flag_rules text[] NOT NULL DEFAULT '{}',
  ADD COLUMN flag_evidence jsonb,
  ADD COLUMN flagged_at timestamptz,
  ADD CONSTRAINT votes_counted_check CHECK ((flag_status IS NULL OR flag_status = 'cleared') = counted);
CREATE INDEX votes_flagged_idx ON votes (flagged_at, id) WHERE flag_status = 'flagged';
CREATE INDEX votes_account_idx ON votes (account_id, created_at) WHERE account_id IS NOT NULL;
