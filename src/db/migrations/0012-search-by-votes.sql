-- A text search whose words are common (thousands of matches) ranks only its most voted matches: with this
-- index they are found by walking listings in order of votes and stopping at the pool's size, instead of
-- reading every match. The planner still takes the text index for rare words.
CREATE INDEX listing_search_votes_idx ON listing_search (status, votes_count DESC, id);
