-- Until the vote check has looked at them, a network's votes count on the public counts and boards at most up to the
-- network limit (issue 52, item 2; src/community/unchecked-votes.ts). A vote cast on the site starts unchecked; beyond
-- the limit it is held out of the counts (counted false, no flag) until the check flags it or lets it count. The votes
-- of before, and votes not cast on the site, are checked.
ALTER TABLE votes ADD COLUMN unchecked boolean NOT NULL DEFAULT false;
ALTER TABLE votes DROP CONSTRAINT votes_counted_check;
ALTER TABLE votes ADD CONSTRAINT votes_counted_check
  CHECK (CASE WHEN flag_status IS NULL THEN counted OR unchecked ELSE counted = (flag_status = 'cleared') END);
-- The network's unchecked votes (what a new vote's limit counts, what the check releases): a day's votes at most.
CREATE INDEX votes_unchecked_idx ON votes (network) WHERE unchecked;
