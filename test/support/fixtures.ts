/**
 * Builders for the rows a test asserts on. Each inserts through plain SQL on the real database and
 * returns the new row's id; fields not given get plain, valid values.
 */
import type { Database } from '../../src/db/database.js';

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}-${Math.random().toString(36).slice(2, 7)}`;

export async function insertCategory(
  db: Database,
  fields: {
    slug?: string;
    name?: string;
    parent_id?: number | null;
    description?: string;
    faqs?: unknown[];
    attributes?: string[];
    position?: number;
    keywords?: string[];
  } = {},
): Promise<number> {
  const slug = fields.slug ?? unique('cat');
  const row = await db.one<{ id: number }>(
    `INSERT INTO categories (slug, name, parent_id, description, faqs, attributes, position, keywords)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8) RETURNING id`,
    [
      slug,
      fields.name ?? slug,
      fields.parent_id ?? null,
      fields.description ?? `About ${slug}`,
      JSON.stringify(fields.faqs ?? []),
      JSON.stringify(fields.attributes ?? []),
      fields.position ?? 0,
      fields.keywords ?? [],
    ],
  );
  return row!.id;
}

export interface ListingFields {
  slug?: string;
  name?: string;
  url?: string;
  tagline?: string;
  short_description?: string;
  description?: string;
  keywords?: string[];
  features?: string[];
  category_id: number;
  extra_category_ids?: number[];
  status?: 'draft' | 'awaiting_badge' | 'scheduled' | 'live' | 'hidden';
  plan?: 'free' | 'paid';
  launch_week?: string | null;
  launched_at?: string | null;
  unlocked_sections?: string[];
  stage?: string | null;
  pricing_model?: string | null;
  pricing_summary?: string | null;
  country?: string | null;
  socials?: Record<string, string>;
  attributes?: Record<string, unknown>;
  not_found_on_website?: string[];
  views_count?: number;
  follows_count?: number;
}

export async function insertListing(db: Database, fields: ListingFields): Promise<number> {
  const slug = fields.slug ?? unique('listing');
  const url = fields.url ?? `https://${slug}.example`;
  const status = fields.status ?? 'live';
  const row = await db.one<{ id: number }>(
    `INSERT INTO listings (slug, name, url, domain, tagline, short_description, description, keywords, features,
       primary_category_id, status, plan, launch_week, launched_at, unlocked_sections, stage, pricing_model, pricing_summary,
       country, socials, attributes, not_found_on_website, views_count, follows_count)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::text[], $9::text[], $10, $11, $12, $13::date, $14::timestamptz, $15::text[], $16, $17, $18,
       $19, $20::jsonb, $21::jsonb, $22::text[], $23, $24)
     RETURNING id`,
    [
      slug,
      fields.name ?? slug,
      url,
      new URL(url).hostname,
      fields.tagline ?? `The ${slug} tagline`,
      fields.short_description ?? '',
      fields.description ?? '',
      fields.keywords ?? [],
      fields.features ?? [],
      fields.category_id,
      status,
      fields.plan ?? 'free',
      fields.launch_week ?? null,
      fields.launched_at ?? (status === 'live' ? new Date().toISOString() : null),
      fields.unlocked_sections ?? [],
      fields.stage ?? null,
      fields.pricing_model ?? null,
      fields.pricing_summary ?? null,
      fields.country ?? null,
      JSON.stringify(fields.socials ?? {}),
      JSON.stringify(fields.attributes ?? {}),
      fields.not_found_on_website ?? [],
      fields.views_count ?? 0,
      fields.follows_count ?? 0,
    ],
  );
  const id = row!.id;
  await db.query(
    `INSERT INTO listing_categories (listing_id, category_id, is_primary)
     SELECT $1, c, c = $2 FROM unnest($3::int[]) AS c`,
    [id, fields.category_id, [fields.category_id, ...(fields.extra_category_ids ?? [])]],
  );
  return id;
}

/** Adds `count` votes from distinct people at the given times (default: now), and updates the counter. */
export async function insertVotes(
  db: Database,
  listingId: number,
  count: number,
  at: Date | ((i: number) => Date) = () => new Date(),
): Promise<void> {
  if (count <= 0) return;
  const times = Array.from({ length: count }, (_, i) => (typeof at === 'function' ? at(i) : at).toISOString());
  const keys = times.map(() => unique('voter'));
  await db.query(
    `INSERT INTO votes (listing_id, voter_key, created_at) SELECT $1, k, t FROM unnest($2::text[], $3::timestamptz[]) AS v(k, t)`,
    [listingId, keys, times],
  );
  await db.query('UPDATE listings SET votes_count = (SELECT count(*) FROM votes WHERE listing_id = $1) WHERE id = $1', [listingId]);
}

export async function insertFounder(
  db: Database,
  fields: { slug?: string; name?: string; title?: string; bio?: string; country?: string | null; socials?: Record<string, string> } = {},
): Promise<number> {
  const slug = fields.slug ?? unique('founder');
  const row = await db.one<{ id: number }>(
    `INSERT INTO founders (slug, name, title, bio, country, socials) VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING id`,
    [slug, fields.name ?? slug, fields.title ?? 'Founder', fields.bio ?? '', fields.country ?? null, JSON.stringify(fields.socials ?? {})],
  );
  return row!.id;
}

export async function linkFounder(db: Database, listingId: number, founderId: number, role = 'Founder', position = 0): Promise<void> {
  await db.query('INSERT INTO listing_founders (listing_id, founder_id, role, position) VALUES ($1, $2, $3, $4)', [
    listingId,
    founderId,
    role,
    position,
  ]);
}

/** A live listing launched in the week of `week` (a Monday), in `categoryId`: its id, slug and name. */
export async function insertLiveListing(db: Database, categoryId: number, week = '2026-11-23') {
  const id = await insertListing(db, { category_id: categoryId, status: 'live', launch_week: week, launched_at: `${week}T10:00:00Z` });
  return (await db.one<{ id: number; slug: string; name: string }>('SELECT id, slug, name FROM listings WHERE id = $1', [id]))!;
}
