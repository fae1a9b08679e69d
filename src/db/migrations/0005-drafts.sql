-- Submissions: drafts made from a product's website, the pages read for them, co-founder invites,
-- and who owns which listing.

CREATE TABLE listing_owners (
  listing_id integer NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (listing_id, account_id)
);
CREATE INDEX listing_owners_account_idx ON listing_owners(account_id);

CREATE TABLE drafts (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  url text NOT NULL,
  status text NOT NULL CHECK (status IN ('crawling', 'drafting', 'ready', 'failed', 'submitted')),
  failure_reason text,
  drafter text CHECK (drafter IN ('claude', 'extractive')),
  -- profile field → {value, state, evidence, ai: {value, evidence} | null}
  fields jsonb NOT NULL DEFAULT '{}'::jsonb,
  faqs jsonb NOT NULL DEFAULT '[]'::jsonb,
  founders jsonb NOT NULL DEFAULT '[]'::jsonb,
  company_socials jsonb NOT NULL DEFAULT '{}'::jsonb,
  founder_socials jsonb NOT NULL DEFAULT '{}'::jsonb,
  story jsonb NOT NULL DEFAULT '{}'::jsonb,
  milestones jsonb NOT NULL DEFAULT '[]'::jsonb,
  competitor_url text,
  seo jsonb NOT NULL DEFAULT '{}'::jsonb,
  regenerating text[] NOT NULL DEFAULT '{}',
  listing_id integer REFERENCES listings(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX drafts_account_idx ON drafts(account_id, created_at DESC, id);

-- The pages read from the site: the evidence every drafted value must quote.
CREATE TABLE draft_pages (
  draft_id uuid NOT NULL REFERENCES drafts(id) ON DELETE CASCADE,
  position integer NOT NULL,
  url text NOT NULL,
  title text NOT NULL DEFAULT '',
  text_content text NOT NULL,
  markup jsonb NOT NULL DEFAULT '[]'::jsonb,
  html text NOT NULL DEFAULT '',
  fetched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (draft_id, position)
);

CREATE TABLE draft_invites (
  id uuid PRIMARY KEY,
  draft_id uuid NOT NULL REFERENCES drafts(id) ON DELETE CASCADE,
  email text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  invited_by uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  accepted_at timestamptz,
  accepted_by uuid REFERENCES accounts(id) ON DELETE SET NULL,
  UNIQUE (draft_id, email)
);

-- Accounts who co-own a draft through an accepted invite (the creator owns it through drafts.account_id).
CREATE TABLE draft_owners (
  draft_id uuid NOT NULL REFERENCES drafts(id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (draft_id, account_id)
);
CREATE INDEX draft_owners_account_idx ON draft_owners(account_id);
