-- Indexes for the reads of the public site's pages at scale: upcoming launches in launch-week order (the home
-- page, the upcoming feed) and a category's most voted live listings (a listing page's alternatives).
CREATE INDEX listings_status_week_name_idx ON listings (status, launch_week, name, id);
CREATE INDEX listings_category_status_votes_idx ON listings (primary_category_id, status, votes_count DESC, id);
