-- Mail people asked for (issue 53): the digest (weekly or daily), a category's new launches (daily) and an upcoming
-- listing's launch (once). One row per address, topic and subject (the category's or listing's id; 0 for the digest);
-- a row without confirmed_at waits for its double opt-in link. Unsubscribing deletes the row: nothing is sent after it.
CREATE TABLE mail_subscriptions (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  account_id uuid REFERENCES accounts(id) ON DELETE CASCADE,
  topic text NOT NULL CHECK (topic IN ('digest', 'category', 'launch')),
  subject_id integer NOT NULL DEFAULT 0,
  cadence text NOT NULL CHECK (cadence IN ('weekly', 'daily', 'once')),
  created_at timestamptz NOT NULL,
  confirmed_at timestamptz
);
CREATE UNIQUE INDEX mail_subscriptions_one_per_subject ON mail_subscriptions (email, topic, subject_id);
CREATE INDEX mail_subscriptions_subject_idx ON mail_subscriptions (topic, subject_id) WHERE confirmed_at IS NOT NULL;
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

-- What a signed-in person hears about besides what they subscribed to: replies to their comments (and a maker's
-- answer), and, for makers, new reviews and comments on their listings. No row: both on.
CREATE TABLE notification_preferences (
  account_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  replies boolean NOT NULL DEFAULT true,
  maker_activity boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL
);
