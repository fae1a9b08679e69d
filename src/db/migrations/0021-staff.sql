-- The site team (issue 29): staff roles on accounts, the append-only audit log of every staff action,
-- listing moderation (hidden with a reason, featured), reports about listings, and the old addresses of
-- merged or renamed categories.
ALTER TABLE accounts ADD COLUMN role text CHECK (role IN ('admin', 'editor', 'moderator'));
CREATE INDEX accounts_role_idx ON accounts (role) WHERE role IS NOT NULL;

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  occurred_at timestamptz NOT NULL,
  actor_id uuid,                              -- the staff account (no foreign key: an entry outlives its actor)
  actor text NOT NULL,                        -- the actor's e-mail at the time, or 'command line'
  action text NOT NULL,                       -- e.g. listing.hide, blog_post.create, order.refund, account.role
  target_type text NOT NULL,
  target_id text NOT NULL,
  before jsonb,
  after jsonb,
  reason text
);
CREATE INDEX audit_log_occurred_idx ON audit_log (occurred_at DESC, id DESC);
CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id, occurred_at DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor, occurred_at DESC);

-- Append-only: no entry is ever changed or removed, by the service or by a mistake in SQL.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END
$$;
CREATE TRIGGER audit_log_append_only_trg BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

ALTER TABLE listings
  ADD COLUMN hidden_reason text,
  ADD COLUMN hidden_at timestamptz,
  ADD COLUMN status_before_hidden text CHECK (status_before_hidden IN ('draft', 'awaiting_badge', 'scheduled', 'live')),
  ADD COLUMN featured_at timestamptz;
CREATE INDEX listings_featured_idx ON listings (featured_at DESC) WHERE featured_at IS NOT NULL;

CREATE TABLE reports (
  id bigserial PRIMARY KEY,
  target_type text NOT NULL CHECK (target_type IN ('listing')),
  target_id text NOT NULL,
  listing_id integer REFERENCES listings(id) ON DELETE CASCADE,
  reporter_id uuid REFERENCES accounts(id) ON DELETE SET NULL,
  reason text NOT NULL CHECK (reason IN ('spam', 'abuse', 'misleading', 'other')),
  details text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'dismissed', 'actioned')),
  created_at timestamptz NOT NULL,
  resolved_at timestamptz,
  resolved_by_id uuid REFERENCES accounts(id) ON DELETE SET NULL,
  resolution_note text
);
CREATE INDEX reports_queue_idx ON reports (status, created_at, id);
CREATE INDEX reports_listing_idx ON reports (listing_id);
-- One open report per person and thing reported: a second one from the same person adds nothing to the queue.
CREATE UNIQUE INDEX reports_open_once_idx ON reports (reporter_id, target_type, target_id) WHERE status = 'open';

CREATE TABLE category_redirects (
  old_slug text PRIMARY KEY,
  category_id integer NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX category_redirects_category_idx ON category_redirects (category_id);
