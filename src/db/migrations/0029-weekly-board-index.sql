-- The weekly board counts a week's counted votes per listing (src/catalogue/leaderboards.ts). votes_created_idx finds
-- the week's votes but not whether each is counted, so every one cost a heap page (about 4,000 pages for a launch
-- week at bench scale). With `counted` as the index's condition the week is read from the index alone.
CREATE INDEX votes_counted_created_idx ON votes (created_at, listing_id) WHERE counted;
