-- Mail people asked for (issue 53): the digest, weekly or daily. One row per address and topic; a row without
-- confirmed_at waits for its double opt-in link. Unsubscribing deletes the row, so nothing is sent after it.
CREATE TABLE mail_subscriptions (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  account_id uuid REFERENCES accounts(id) ON DELETE CASCADE,
  topic text NOT NULL CHECK (topic IN ('digest')),
  cadence text NOT NULL CHECK (cadence IN ('weekly', 'daily')),
  created_at timestamptz NOT NULL,
  confirmed_at timestamptz
);
CREATE UNIQUE INDEX mail_subscriptions_one_per_topic ON mail_subscriptions (email, topic);
CREATE INDEX mail_subscriptions_account_idx ON mail_subscriptions (account_id) WHERE account_id IS NOT NULL;
CREATE INDEX mail_subscriptions_confirmed_idx ON mail_subscriptions (topic, cadence) WHERE confirmed_at IS NOT NULL;

-- One digest per cadence and period, however many instances run the clock: the first to insert the row queues the
-- recipients' mail in the same transaction. `launches` is the issue as sent, so every recipient reads the same one.
CREATE TABLE digest_issues (
  cadence text NOT NULL CHECK (cadence IN ('weekly', 'daily')),
  period date NOT NULL,
  created_at timestamptz NOT NULL,
  recipients integer NOT NULL,
  launches jsonb NOT NULL,
  PRIMARY KEY (cadence, period)
);

-- Mail that is more than plain text: an HTML part and headers (List-Unsubscribe and List-Unsubscribe-Post).
ALTER TABLE mail_outbox ADD COLUMN html_body text, ADD COLUMN headers jsonb;
