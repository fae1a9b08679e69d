import type { Database } from '../db/database.js';
import { computeAwards } from './awards.js';
import { insertRows, syncSequences, type Queryable } from './bulk.js';
import { insertCategories } from './categories.js';
import { refreshListingCounters } from './counters.js';
import { buildDemo } from './demo-data.js';
import { refreshSearchTerms } from './search-terms.js';

/** Row counts per table after seeding. */
export interface SeedSummary {
  now: string;
  durationMs: number;
  tables: Record<string, number>;
}

/** Thrown when the database already holds a directory (seeding never mixes with existing data). */
export class DatabaseNotEmptyError extends Error {
  constructor(detail: string) {
    super(`The database already contains data (${detail}); seed only an empty database.`);
    this.name = 'DatabaseNotEmptyError';
  }
}

const SEEDED_TABLES = [
  'site_settings',
  'categories',
  'listings',
  'listing_categories',
  'founders',
  'listing_founders',
  'listing_faqs',
  'listing_updates',
  'milestones',
  'stories',
  'listing_media',
  'alternatives',
  'votes',
  'listing_views',
  'follows',
  'reviews',
  'domain_ratings',
  'verified_revenues',
  'billboard_contributions',
  'awards',
  'blog_posts',
  'interview_questions',
  'products',
  'vat_rates',
  'search_terms',
] as const;

/** Throws DatabaseNotEmptyError unless listings, categories and founders are all empty. */
async function assertEmpty(db: Queryable): Promise<void> {
  const [row] = await db.query<{ listings: number; categories: number; founders: number }>(
    `SELECT (SELECT count(*) FROM listings)::int AS listings, (SELECT count(*) FROM categories)::int AS categories,
            (SELECT count(*) FROM founders)::int AS founders`,
  );
  const filled = Object.entries(row)
    .filter(([, n]) => n > 0)
    .map(([t, n]) => `${n} ${t}`);
  if (filled.length > 0) throw new DatabaseNotEmptyError(filled.join(', '));
}

export async function countRows(db: Queryable): Promise<Record<string, number>> {
  const [row] = await db.query<Record<string, number>>(
    `SELECT ${SEEDED_TABLES.map((t) => `(SELECT count(*) FROM ${t})::int AS ${t}`).join(', ')}`,
  );
  return row;
}

/** Runs fn inside one transaction on one connection. */
export function inTransaction<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.session(async (tx) => {
    await tx.script('BEGIN');
    try {
      const result = await fn(tx);
      await tx.script('COMMIT');
      return result;
    } catch (error) {
      await tx.script('ROLLBACK');
      throw error;
    }
  });
}

/**
 * Loads the deterministic demo directory (same `now`, same data) into an empty database, in one
 * transaction: categories, ~320 listings over the last 40 launch weeks plus scheduled/draft ones,
 * founders, votes, views, follows, reviews, metrics, awards, blog, products, VAT rates and settings.
 * Throws DatabaseNotEmptyError when listings, categories or founders already have rows.
 */
export async function seedDemo(db: Database, options: { now: Date }): Promise<SeedSummary> {
  const started = Date.now();
  const now = new Date(options.now.getTime());
  await assertEmpty(db);
  const data = buildDemo(now);
  await inTransaction(db, async (tx) => {
    await assertEmpty(tx);
    await loadDemo(tx, data, now);
  });
  return { now: now.toISOString(), durationMs: Date.now() - started, tables: await countRows(db) };
}

async function loadDemo(tx: Queryable, d: ReturnType<typeof buildDemo>, now: Date): Promise<void> {
  // settings, products and VAT rates may already exist (set by an admin): those rows are kept
  await insertRows(
    tx,
    'site_settings',
    [
      ['key', 'text'],
      ['value', 'jsonb'],
    ],
    d.siteSettings,
    'ON CONFLICT (key) DO NOTHING',
  );
  await insertCategories(tx);
  await insertRows(
    tx,
    'listings',
    [
      ['id', 'int'],
      ['slug', 'text'],
      ['name', 'text'],
      ['url', 'text'],
      ['domain', 'text'],
      ['tagline', 'text'],
      ['short_description', 'text'],
      ['description', 'text'],
      ['logo_url', 'text'],
      ['stage', 'text'],
      ['pricing_model', 'text'],
      ['pricing_summary', 'text'],
      ['country', 'text'],
      ['city', 'text'],
      ['founded_year', 'int'],
      ['contact_email', 'text'],
      ['demo_video_url', 'text'],
      ['features', 'text[]'],
      ['usps', 'text[]'],
      ['keywords', 'text[]'],
      ['tags', 'text[]'],
      ['headline', 'text'],
      ['summary', 'text'],
      ['seo_title', 'text'],
      ['seo_description', 'text'],
      ['socials', 'jsonb'],
      ['attributes', 'jsonb'],
      ['not_found_on_website', 'text[]'],
      ['status', 'text'],
      ['plan', 'text'],
      ['launch_week', 'date'],
      ['launched_at', 'timestamptz'],
      ['unlocked_sections', 'text[]'],
      ['primary_category_id', 'int'],
      ['created_at', 'timestamptz'],
      ['updated_at', 'timestamptz'],
    ],
    d.listings,
  );
  await insertRows(
    tx,
    'listing_categories',
    [
      ['listing_id', 'int'],
      ['category_id', 'int'],
      ['is_primary', 'boolean'],
    ],
    d.listingCategories,
  );
  await insertRows(
    tx,
    'founders',
    [
      ['id', 'int'],
      ['slug', 'text'],
      ['name', 'text'],
      ['title', 'text'],
      ['bio', 'text'],
      ['country', 'text'],
      ['avatar_url', 'text'],
      ['socials', 'jsonb'],
      ['created_at', 'timestamptz'],
    ],
    d.founders,
  );
  await insertRows(
    tx,
    'listing_founders',
    [
      ['listing_id', 'int'],
      ['founder_id', 'int'],
      ['role', 'text'],
      ['position', 'int'],
    ],
    d.listingFounders,
  );
  await insertRows(
    tx,
    'listing_faqs',
    [
      ['listing_id', 'int'],
      ['question', 'text'],
      ['answer', 'text'],
      ['position', 'int'],
    ],
    d.listingFaqs,
  );
  await insertRows(
    tx,
    'listing_updates',
    [
      ['listing_id', 'int'],
      ['title', 'text'],
      ['body', 'text'],
      ['published_at', 'timestamptz'],
    ],
    d.listingUpdates,
  );
  await insertRows(
    tx,
    'milestones',
    [
      ['listing_id', 'int'],
      ['date', 'date'],
      ['title', 'text'],
      ['description', 'text'],
      ['url', 'text'],
      ['created_at', 'timestamptz'],
    ],
    d.milestones,
  );
  await insertRows(
    tx,
    'stories',
    [
      ['listing_id', 'int'],
      ['founder_id', 'int'],
      ['title', 'text'],
      ['story', 'text'],
      ['why_started', 'text'],
      ['problem', 'text'],
      ['journey', 'text'],
      ['challenges', 'text'],
      ['achievements', 'text'],
      ['lessons', 'text'],
      ['whats_next', 'text'],
      ['published_at', 'timestamptz'],
    ],
    d.stories,
  );
  await insertRows(
    tx,
    'listing_media',
    [
      ['listing_id', 'int'],
      ['kind', 'text'],
      ['url', 'text'],
      ['caption', 'text'],
      ['position', 'int'],
    ],
    d.listingMedia,
  );
  await insertRows(
    tx,
    'alternatives',
    [
      ['listing_id', 'int'],
      ['alternative_id', 'int'],
      ['approved', 'boolean'],
    ],
    d.alternatives,
  );
  await insertRows(
    tx,
    'votes',
    [
      ['listing_id', 'int'],
      ['voter_key', 'text'],
      ['created_at', 'timestamptz'],
    ],
    d.votes,
  );
  await insertRows(
    tx,
    'listing_views',
    [
      ['listing_id', 'int'],
      ['day', 'date'],
      ['views', 'int'],
    ],
    d.listingViews,
  );
  await insertRows(
    tx,
    'follows',
    [
      ['listing_id', 'int'],
      ['follower_email', 'text'],
      ['created_at', 'timestamptz'],
    ],
    d.follows,
  );
  await insertRows(
    tx,
    'reviews',
    [
      ['listing_id', 'int'],
      ['reviewer_key', 'text'],
      ['reviewer_name', 'text'],
      ['rating', 'smallint'],
      ['body', 'text'],
      ['genuine', 'boolean'],
      ['created_at', 'timestamptz'],
      ['hidden_at', 'timestamptz'],
      ['hidden_reason', 'text'],
    ],
    d.reviews,
  );
  await insertRows(
    tx,
    'domain_ratings',
    [
      ['listing_id', 'int'],
      ['measured_on', 'date'],
      ['rating', 'smallint'],
    ],
    d.domainRatings,
  );
  await insertRows(
    tx,
    'verified_revenues',
    [
      ['listing_id', 'int'],
      ['mrr_cents', 'bigint'],
      ['source', 'text'],
      ['verified_at', 'timestamptz'],
    ],
    d.verifiedRevenues,
  );
  await insertRows(
    tx,
    'billboard_contributions',
    [
      ['listing_id', 'int'],
      ['amount_cents', 'bigint'],
      ['order_number', 'text'],
      ['created_at', 'timestamptz'],
    ],
    d.billboardContributions,
  );
  await insertRows(
    tx,
    'blog_posts',
    [
      ['slug', 'text'],
      ['title', 'text'],
      ['excerpt', 'text'],
      ['body_markdown', 'text'],
      ['author_name', 'text'],
      ['tags', 'text[]'],
      ['faqs', 'jsonb'],
      ['status', 'text'],
      ['published_at', 'timestamptz'],
      ['updated_at', 'timestamptz'],
    ],
    d.blogPosts,
  );
  await insertRows(
    tx,
    'interview_questions',
    [
      ['text', 'text'],
      ['hint', 'text'],
      ['position', 'int'],
      ['active', 'boolean'],
    ],
    d.interviewQuestions,
  );
  await insertRows(
    tx,
    'products',
    [
      ['id', 'text'],
      ['name', 'text'],
      ['description', 'text'],
      ['price_cents', 'int'],
      ['needs_listing', 'boolean'],
      ['active', 'boolean'],
      ['position', 'int'],
      ['updated_at', 'timestamptz'],
    ],
    d.products,
    'ON CONFLICT (id) DO NOTHING',
  );
  await insertRows(
    tx,
    'vat_rates',
    [
      ['country', 'text'],
      ['rate_basis_points', 'int'],
      ['eu', 'boolean'],
    ],
    d.vatRates,
    'ON CONFLICT (country) DO NOTHING',
  );
  await syncSequences(tx, ['listings', 'founders']);
  await refreshListingCounters(tx);
  await computeAwards(tx, now);
  await refreshSearchTerms(tx);
}
