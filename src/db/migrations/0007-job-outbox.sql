-- Jobs enqueued by an operation that runs in a transaction (an idempotent call): written here in
-- that transaction, handed to the job queue after the commit, and deleted once handed over. Rows
-- left by a process that died in between are handed over by any instance's relay.
CREATE TABLE job_outbox (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
