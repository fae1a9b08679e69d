-- The catalogue: everything the public operations read.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE site_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL
);

CREATE TABLE categories (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL UNIQUE,
  description text NOT NULL DEFAULT '',
  parent_id integer REFERENCES categories(id) ON DELETE RESTRICT,
  position integer NOT NULL DEFAULT 0,
  faqs jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- every attribute key listings of this category are compared on (compare_listings)
  attributes jsonb NOT NULL DEFAULT '[]'::jsonb
);
CREATE INDEX categories_parent_idx ON categories(parent_id);

CREATE TABLE listings (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  url text NOT NULL,
  domain text NOT NULL,
  tagline text NOT NULL DEFAULT '',
  short_description text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  logo_url text,
  stage text,
  pricing_model text,
  pricing_summary text,
  country char(2),
  city text,
  founded_year integer,
  contact_email text,
  demo_video_url text,
  features text[] NOT NULL DEFAULT '{}',
  usps text[] NOT NULL DEFAULT '{}',
  keywords text[] NOT NULL DEFAULT '{}',
  tags text[] NOT NULL DEFAULT '{}',
  headline text,
  summary text,
  seo_title text,
  seo_description text,
  socials jsonb NOT NULL DEFAULT '{}'::jsonb,
  attributes jsonb NOT NULL DEFAULT '{}'::jsonb,
  not_found_on_website text[] NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'draft'
    CHECK (status IN ('draft', 'awaiting_badge', 'scheduled', 'live', 'hidden')),
  plan text NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'paid')),
  launch_week date,
  launched_at timestamptz,
  unlocked_sections text[] NOT NULL DEFAULT '{}',
  primary_category_id integer NOT NULL REFERENCES categories(id),
  votes_count integer NOT NULL DEFAULT 0,
  views_count integer NOT NULL DEFAULT 0,
  follows_count integer NOT NULL DEFAULT 0,
  search_vector tsvector NOT NULL DEFAULT ''::tsvector,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX listings_status_votes_idx ON listings(status, votes_count DESC, id);
CREATE INDEX listings_status_launched_idx ON listings(status, launched_at DESC, id);
CREATE INDEX listings_status_views_idx ON listings(status, views_count DESC, id);
CREATE INDEX listings_status_follows_idx ON listings(status, follows_count DESC, id);
CREATE INDEX listings_launch_week_idx ON listings(launch_week);
CREATE INDEX listings_primary_category_idx ON listings(primary_category_id);
CREATE INDEX listings_domain_idx ON listings(domain);
CREATE INDEX listings_search_idx ON listings USING gin(search_vector);

CREATE FUNCTION listings_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('simple'::regconfig, coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('simple'::regconfig, coalesce(NEW.tagline, '')), 'B') ||
    setweight(to_tsvector('simple'::regconfig, array_to_string(NEW.keywords, ' ')), 'B') ||
    setweight(to_tsvector('simple'::regconfig, coalesce(NEW.short_description, '')), 'C') ||
    setweight(to_tsvector('simple'::regconfig, coalesce(NEW.description, '')), 'D');
  RETURN NEW;
END
$$;
CREATE TRIGGER listings_search_vector_trg BEFORE INSERT OR UPDATE OF name, tagline, keywords, short_description, description
  ON listings FOR EACH ROW EXECUTE FUNCTION listings_search_vector();

-- The words of every listing's searchable text, for typo-tolerant search: a misspelled query word
-- is corrected to the nearest words of this dictionary before the full-text match.
CREATE TABLE search_terms (
  term text PRIMARY KEY,
  documents integer NOT NULL
);
CREATE INDEX search_terms_trgm_idx ON search_terms USING gin(term gin_trgm_ops);

CREATE TABLE listing_categories (
  listing_id integer NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  category_id integer NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
  is_primary boolean NOT NULL DEFAULT false,
  PRIMARY KEY (listing_id, category_id)
);
CREATE INDEX listing_categories_category_idx ON listing_categories(category_id, listing_id);

CREATE TABLE founders (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  title text,
  bio text NOT NULL DEFAULT '',
  country char(2),
  avatar_url text,
  socials jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX founders_name_trgm_idx ON founders USING gin(name gin_trgm_ops);

CREATE TABLE listing_founders (
  listing_id integer NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  founder_id integer NOT NULL REFERENCES founders(id) ON DELETE CASCADE,
  role text,
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (listing_id, founder_id)
);
CREATE INDEX listing_founders_founder_idx ON listing_founders(founder_id);

CREATE TABLE listing_faqs (
  id serial PRIMARY KEY,
  listing_id integer NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  question text NOT NULL,
  answer text NOT NULL,
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX listing_faqs_listing_idx ON listing_faqs(listing_id, position);

CREATE TABLE listing_updates (
  id serial PRIMARY KEY,
  listing_id integer NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  title text NOT NULL,
  body text NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX listing_updates_listing_idx ON listing_updates(listing_id, published_at DESC);

CREATE TABLE milestones (
  id serial PRIMARY KEY,
  listing_id integer NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  date date NOT NULL,
  title text NOT NULL,
  description text,
  url text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX milestones_listing_idx ON milestones(listing_id, date DESC);

CREATE TABLE stories (
  id serial PRIMARY KEY,
  listing_id integer NOT NULL UNIQUE REFERENCES listings(id) ON DELETE CASCADE,
  founder_id integer REFERENCES founders(id) ON DELETE SET NULL,
  title text,
  story text,
  why_started text,
  problem text,
  journey text,
  challenges text,
  achievements text,
  lessons text,
  whats_next text,
  published_at timestamptz
);
CREATE INDEX stories_founder_idx ON stories(founder_id);

CREATE TABLE listing_media (
  id serial PRIMARY KEY,
  listing_id integer NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('image', 'video')),
  url text NOT NULL,
  caption text,
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX listing_media_listing_idx ON listing_media(listing_id, position);

CREATE TABLE alternatives (
  listing_id integer NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  alternative_id integer NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  approved boolean NOT NULL DEFAULT false,
  PRIMARY KEY (listing_id, alternative_id),
  CHECK (listing_id <> alternative_id)
);

-- Votes come only from people on the site; voter_key identifies one person (account or device).
CREATE TABLE votes (
  id bigserial PRIMARY KEY,
  listing_id integer NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  voter_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (listing_id, voter_key)
);
CREATE INDEX votes_created_idx ON votes(created_at, listing_id);

CREATE TABLE listing_views (
  listing_id integer NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  day date NOT NULL,
  views integer NOT NULL DEFAULT 0,
  PRIMARY KEY (listing_id, day)
);

CREATE TABLE follows (
  listing_id integer NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  follower_email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (listing_id, follower_email)
);

CREATE TABLE reviews (
  id serial PRIMARY KEY,
  listing_id integer NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  reviewer_key text NOT NULL,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  body text NOT NULL DEFAULT '',
  genuine boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (listing_id, reviewer_key)
);

CREATE TABLE domain_ratings (
  listing_id integer NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  measured_on date NOT NULL,
  rating smallint NOT NULL CHECK (rating BETWEEN 0 AND 100),
  PRIMARY KEY (listing_id, measured_on)
);
CREATE INDEX domain_ratings_day_idx ON domain_ratings(measured_on, rating DESC);

CREATE TABLE verified_revenues (
  id serial PRIMARY KEY,
  listing_id integer NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  mrr_cents bigint NOT NULL CHECK (mrr_cents >= 0),
  source text NOT NULL,
  verified_at timestamptz NOT NULL
);
CREATE INDEX verified_revenues_listing_idx ON verified_revenues(listing_id, verified_at DESC);

CREATE TABLE billboard_contributions (
  id serial PRIMARY KEY,
  listing_id integer NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  order_number text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX billboard_contributions_listing_idx ON billboard_contributions(listing_id);

CREATE TABLE awards (
  id serial PRIMARY KEY,
  week date NOT NULL,
  rank smallint NOT NULL CHECK (rank BETWEEN 1 AND 3),
  listing_id integer NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  votes integer NOT NULL,
  UNIQUE (week, rank)
);
CREATE INDEX awards_listing_idx ON awards(listing_id);

CREATE TABLE blog_posts (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  title text NOT NULL,
  excerpt text NOT NULL DEFAULT '',
  body_markdown text NOT NULL,
  author_name text NOT NULL,
  tags text[] NOT NULL DEFAULT '{}',
  faqs jsonb NOT NULL DEFAULT '[]'::jsonb,
  status text NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published')),
  published_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX blog_posts_published_idx ON blog_posts(status, published_at DESC);

CREATE TABLE interview_questions (
  id serial PRIMARY KEY,
  text text NOT NULL,
  hint text,
  position integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true
);

CREATE TABLE products (
  id text PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL,
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  needs_listing boolean NOT NULL,
  active boolean NOT NULL DEFAULT true,
  position integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE vat_rates (
  country char(2) PRIMARY KEY,
  rate_basis_points integer NOT NULL CHECK (rate_basis_points BETWEEN 0 AND 10000),
  eu boolean NOT NULL DEFAULT true
);

-- Both engines (the Debian server and PGlite) answer with the same text for these.
CREATE FUNCTION iso_time(t timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS
$$ SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;
