-- Claims: an account proves control of a listing's domain (a DNS TXT record, a meta tag on the homepage, a
-- file under /.well-known/, or a link mailed to an address at the domain) and becomes an owner of the listing.
-- `token` is what the claimant publishes (public by design); the mailed link's token is stored hashed.
CREATE TABLE claims (
  id serial PRIMARY KEY,
  listing_id integer NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  method text NOT NULL CHECK (method IN ('dns', 'meta', 'file', 'email')),
  domain text NOT NULL,
  token text NOT NULL,
  email text,
  email_token_hash text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'verified', 'failed', 'expired')),
  finding text,
  checked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  verified_at timestamptz
);
CREATE INDEX claims_account_idx ON claims (account_id, created_at DESC, id DESC);
-- One pending claim per account and listing: claiming again answers (or switches the method of) that one.
CREATE UNIQUE INDEX claims_pending_idx ON claims (listing_id, account_id) WHERE status = 'pending';
CREATE UNIQUE INDEX claims_email_token_idx ON claims (email_token_hash);
CREATE INDEX claims_expiry_idx ON claims (expires_at) WHERE status = 'pending';
