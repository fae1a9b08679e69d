import type { Database, Statements } from '../db/database.js';
import { computeAwards } from './awards.js';
import { insertRows, syncSequences } from './bulk.js';
import { insertCategories } from './categories.js';
import { refreshListingCounters } from './counters.js';
import { buildDemo } from './demo-data.js';
import { DEMO_TABLES, type DemoTable } from './demo/tables.js';
import type { DemoData } from './demo/types.js';
import { refreshSearchTerms } from './search-terms.js';
import { drawDemoLogos, insertDemoImages, insertDemoLogos, type DemoLogo } from './demo/logos.js';
import { drawDemoScreenshots } from './demo/screenshots.js';
import type { EncodedImage } from '../images/process.js';

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
  'listing_images',
  'images',
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
async function assertEmpty(db: Statements): Promise<void> {
  const [row] = await db.query<{ listings: number; categories: number; founders: number }>(
    `SELECT (SELECT count(*) FROM listings)::int AS listings, (SELECT count(*) FROM categories)::int AS categories,
            (SELECT count(*) FROM founders)::int AS founders`,
  );
  const filled = Object.entries(row)
    .filter(([, n]) => n > 0)
    .map(([t, n]) => `${n} ${t}`);
  if (filled.length > 0) throw new DatabaseNotEmptyError(filled.join(', '));
}

export async function countRows(db: Statements): Promise<Record<string, number>> {
  const [row] = await db.query<Record<string, number>>(
    `SELECT ${SEEDED_TABLES.map((t) => `(SELECT count(*) FROM ${t})::int AS ${t}`).join(', ')}`,
  );
  return row;
}

/** Runs fn inside one transaction on one connection. */
export function inTransaction<T>(db: Database, fn: (tx: Statements) => Promise<T>): Promise<T> {
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
  // The slow part, drawing the logos and the screenshots the media point at, is done before the transaction.
  const [logos, screenshots] = await Promise.all([drawDemoLogos(data.listings), drawDemoScreenshots(data.listingMedia, data.listings)]);
  await inTransaction(db, async (tx) => {
    await assertEmpty(tx);
    await loadDemo(tx, data, { logos, screenshots }, now);
  });
  return { now: now.toISOString(), durationMs: Date.now() - started, tables: await countRows(db) };
}

/** Inserts the rows of one demo table. */
function insertTable(tx: Statements, t: DemoTable, d: DemoData): Promise<number> {
  return insertRows(tx, t.table, t.columns, d[t.key], t.onConflict);
}

/** The images drawn for the demo: a logo per listing, and the screenshots of the paid listings' media. */
interface DemoImages {
  logos: readonly DemoLogo[];
  screenshots: readonly EncodedImage[];
}

async function loadDemo(tx: Statements, d: DemoData, { logos, screenshots }: DemoImages, now: Date): Promise<void> {
  await insertCategories(tx);
  for (const t of DEMO_TABLES) await insertTable(tx, t, d);
  await insertDemoLogos(tx, logos, now);
  await insertDemoImages(tx, screenshots);
  await syncSequences(tx, ['listings', 'founders']);
  await refreshListingCounters(tx);
  await computeAwards(tx, now);
  await refreshSearchTerms(tx);
}
