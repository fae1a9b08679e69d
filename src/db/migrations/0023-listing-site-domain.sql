-- One listing per product (submit_listing answers 409 already_listed): a submitted site's listing is found by its
-- registrable domain, among the listings whose domain (the site's host without www.) is that domain or a subdomain
-- of it. The reversed domain makes "a subdomain of" a prefix match this index serves.
CREATE INDEX listings_domain_reversed_idx ON listings (reverse(lower(domain)) text_pattern_ops);
