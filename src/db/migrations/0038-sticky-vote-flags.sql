-- A flag belongs to the account and the listing, not to the vote row (issue 52, part 2). While the vote exists its
-- flag lives on the row (votes.flag_status); a flagged or confirmed vote taken back leaves its flag here, and the
-- account's next vote for the listing takes it back onto the new row, uncounted, until a moderator clears it.
CREATE TABLE vote_flags (
  listing_id integer NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('flagged', 'confirmed')),
  rules text[] NOT NULL DEFAULT '{}',
  evidence jsonb,
  flagged_at timestamptz,
  PRIMARY KEY (listing_id, account_id)
);
