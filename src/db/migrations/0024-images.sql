-- Images the service keeps (issue 33): logos and screenshots found by the crawler, given by owners or drawn for the
-- demo, decoded and encoded again by src/images (sharp) and served from /images/{sha256}.webp by every instance.
--
-- images: one row per encoded image, keyed by the SHA-256 of its bytes (its address never changes, so it is
-- cached for a year). An image shared by several listings, or kept again, is stored once.
CREATE TABLE images (
  sha256 text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  content_type text NOT NULL CHECK (content_type IN ('image/webp', 'image/png')),
  width integer NOT NULL,
  height integer NOT NULL,
  byte_size integer NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- listing_images: a listing's kept logo and screenshot, each in two sizes (the one shown, and a small one: a list
-- row's logo, a screenshot's thumbnail), with where it came from. A listing's logo_url is then the address of
-- its logo (listings.logo_url holds the path /images/{sha256}.webp; the API answers it under PUBLIC_URL).
CREATE TABLE listing_images (
  listing_id integer NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('logo', 'screenshot')),
  image_sha256 text NOT NULL REFERENCES images(sha256),
  small_sha256 text NOT NULL REFERENCES images(sha256),
  source text NOT NULL CHECK (source IN ('crawler', 'owner', 'demo')),
  source_url text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (listing_id, kind)
);
CREATE INDEX listing_images_image_idx ON listing_images (image_sha256);
CREATE INDEX listing_images_small_idx ON listing_images (small_sha256);
