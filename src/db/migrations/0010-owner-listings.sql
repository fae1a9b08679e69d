-- The owner's half of a listing's life: edits kept as versions, the badge check of free listings,
-- founders' interview answers, and the periods the service's clock has already acted on.

-- Every change to a listing: who made it, when, with which operation, and per field before and after.
CREATE TABLE listing_versions (
  id bigserial PRIMARY KEY,
  listing_id integer NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  account_id uuid REFERENCES accounts(id) ON DELETE SET NULL,
  operation text NOT NULL,
  changes jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX listing_versions_listing_idx ON listing_versions(listing_id, created_at DESC, id DESC);

-- The latest look at a free listing's homepage for its badge.
CREATE TABLE badge_checks (
  listing_id integer PRIMARY KEY REFERENCES listings(id) ON DELETE CASCADE,
  checked_at timestamptz NOT NULL,
  found boolean NOT NULL,
  page_url text,
  found_as text CHECK (found_as IN ('link', 'image')),
  detail text NOT NULL,
  next_check_at timestamptz
);
CREATE INDEX badge_checks_next_idx ON badge_checks(next_check_at);

-- The founder profile an account speaks for (interview answers); set on its first answer.
ALTER TABLE founders ADD COLUMN account_id uuid REFERENCES accounts(id) ON DELETE SET NULL;
ALTER TABLE founders ADD CONSTRAINT founders_account_id_key UNIQUE (account_id);

CREATE TABLE interview_answers (
  founder_id integer NOT NULL REFERENCES founders(id) ON DELETE CASCADE,
  question_id integer NOT NULL REFERENCES interview_questions(id) ON DELETE CASCADE,
  answer text NOT NULL,
  answered_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (founder_id, question_id)
);

-- Periodic work (the week's launches, the daily badge checks): the last period each was started for,
-- so that of several instances only one starts it.
CREATE TABLE job_schedule (
  name text PRIMARY KEY,
  last_period text NOT NULL
);

-- The free launch queue's setting takes the name the owner operations use.
UPDATE site_settings SET key = 'free_launch_weeks'
WHERE key = 'free_queue_weeks' AND NOT EXISTS (SELECT 1 FROM site_settings WHERE key = 'free_launch_weeks');
DELETE FROM site_settings WHERE key = 'free_queue_weeks';

-- Words that name a category's kind of product, besides its name and description (the offline drafter
-- proposes categories from them).
ALTER TABLE categories ADD COLUMN keywords text[] NOT NULL DEFAULT '{}';
