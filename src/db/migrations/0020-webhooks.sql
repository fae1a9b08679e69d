-- Outbound webhooks (issue 19): an account's subscriptions, the events the service records as they happen,
-- one delivery per (subscription, event), and every attempt of a delivery.
CREATE TABLE webhooks (
  id text PRIMARY KEY,                       -- wh_…
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  url text NOT NULL,
  events text[] NOT NULL,
  -- The Standard Webhooks signing secret (whsec_…). Kept as it is, not hashed: every delivery is signed with it.
  secret text NOT NULL,
  status text NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled')),
  disabled_reason text,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX webhooks_account_idx ON webhooks (account_id, created_at, id);

-- Recorded in the transaction of the change itself (and announced with NOTIFY at its commit): an event
-- exists exactly when the change does. The dispatcher turns each into deliveries once (dispatched_at).
CREATE TABLE webhook_events (
  id text PRIMARY KEY,                       -- msg_…, the webhook-id header of its deliveries
  type text NOT NULL,
  account_id uuid,                           -- events of one account's objects (drafts, claims, orders)
  listing_id integer,                        -- events of a listing: its owners (and, for some, its followers)
  data jsonb NOT NULL,
  occurred_at timestamptz NOT NULL,
  dispatched_at timestamptz
);
CREATE INDEX webhook_events_waiting_idx ON webhook_events (occurred_at) WHERE dispatched_at IS NULL;
CREATE INDEX webhook_events_occurred_idx ON webhook_events (occurred_at);

CREATE TABLE webhook_deliveries (
  id text PRIMARY KEY,                       -- whd_…
  webhook_id text NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  event_id text NOT NULL REFERENCES webhook_events(id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,               -- when the queue tries again (null: no retry waiting)
  created_at timestamptz NOT NULL,
  delivered_at timestamptz,
  UNIQUE (webhook_id, event_id)
);
CREATE INDEX webhook_deliveries_webhook_idx ON webhook_deliveries (webhook_id, created_at DESC, id DESC);

CREATE TABLE webhook_attempts (
  delivery_id text NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  number integer NOT NULL,
  trigger text NOT NULL CHECK (trigger IN ('event', 'retry', 'redelivery')),
  started_at timestamptz NOT NULL,
  duration_ms integer NOT NULL,
  response_status integer,                   -- null: no answer (refused address, timeout, connection error)
  error text,
  response_excerpt text,                     -- the first 500 characters of the answer, as the receiver sent them
  PRIMARY KEY (delivery_id, number)
);
