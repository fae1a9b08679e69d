-- People, their sessions and credentials, the OAuth server's state, service secrets, mail and
-- rate-limit counters. Secrets and tokens are stored only as SHA-256 hashes (API keys, session
-- ids, e-mail tokens) or as oidc-provider payloads (whose own token values are random and opaque).

CREATE TABLE accounts (
  id uuid PRIMARY KEY,
  email text NOT NULL UNIQUE,               -- stored trimmed and lower-cased
  password_hash text NOT NULL,              -- scrypt$N$r$p$salt$hash
  email_verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE web_sessions (
  id_hash text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX web_sessions_account_idx ON web_sessions(account_id);

-- One-time links sent by e-mail: address verification and password reset.
CREATE TABLE account_tokens (
  token_hash text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX account_tokens_account_idx ON account_tokens(account_id, purpose);

CREATE TABLE api_keys (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  prefix text NOT NULL,                     -- the first characters of the key, shown in lists
  key_hash text NOT NULL UNIQUE,
  scopes text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_keys_account_idx ON api_keys(account_id, created_at DESC);

-- oidc-provider's adapter storage: clients, grants, codes, sessions, interactions, tokens.
CREATE TABLE oauth_records (
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (model, id)
);
CREATE INDEX oauth_records_grant_idx ON oauth_records(grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oauth_records_uid_idx ON oauth_records(uid) WHERE uid IS NOT NULL;
CREATE INDEX oauth_records_expires_idx ON oauth_records(expires_at);

-- Keys the instances of the service share (cookie signing, token signing), made once.
CREATE TABLE service_secrets (
  name text PRIMARY KEY,
  value jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Every message the service sends; without SMTP_URL this is the outbox a developer reads.
CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  error text
);
CREATE INDEX mail_outbox_created_idx ON mail_outbox(created_at DESC);

-- Fixed-window counters shared by every instance (sign-in attempts now, API limits later).
CREATE TABLE rate_limit_windows (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL
);
