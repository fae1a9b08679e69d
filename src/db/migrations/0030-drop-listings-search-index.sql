-- Text searches match in listing_search (its own GIN index, migration 0002); nothing reads listings.search_vector
-- through an index. Yet every update that moves a listings row to a new version (a vote or a follow changes an
-- indexed count) added the row's every lexeme to this index again: a launch day's writes paid for an index no
-- read used.
DROP INDEX IF EXISTS listings_search_idx;
