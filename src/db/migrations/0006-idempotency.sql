-- Answers of operations called with an Idempotency-Key, replayed for a retry of the same request.
-- Scope: (account, operation, key). Written in the transaction of the operation's own changes.
CREATE TABLE idempotency_keys (
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  operation text NOT NULL,
  key text NOT NULL,
  fingerprint text NOT NULL,                -- SHA-256 of the canonical JSON of the request's input
  status smallint NOT NULL,                 -- the HTTP status of the stored answer
  answer jsonb NOT NULL,                    -- {kind: 'result', result} or {kind: 'problem', problem}
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, operation, key)
);
CREATE INDEX idempotency_keys_expires_idx ON idempotency_keys(expires_at);
