/** The benchmark database: created and filled once at benchmark scale, then sampled for the keys clients send. */
import os from 'node:os';
import pg from 'pg';
import { openDatabase } from '../src/db/database.js';
import { seedBenchScale } from '../src/seed/bench-scale.js';

export const BENCH_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/launch_bench';

export interface BenchData {
  /** Every public listing's slug, in a fixed random order. */
  slugs: string[];
  /** Words that begin product names (what people look for most). */
  nameWords: string[];
  /** The catalogue's most common words (the worst case: thousands of matches to count and rank). */
  words: string[];
  listings: number;
  votes: number;
}

export async function ensureBenchDatabase(): Promise<BenchData> {
  const name = new URL(BENCH_URL).pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(BENCH_URL), { pathname: '/postgres' }).toString() });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const db = await openDatabase({ databaseUrl: BENCH_URL, dataDir: os.tmpdir() });
  try {
    const count = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM listings');
    if (!count?.n) {
      console.log('filling the benchmark database (100,000 listings, 1,000,000 votes)...');
      const t0 = performance.now();
      await seedBenchScale(db, { now: new Date() });
      console.log(`  filled in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    // Load from one address far beyond the site's request quota: the limiter still counts every request, it refuses none.
    await db.query(
      `INSERT INTO site_settings (key, value) VALUES ('rate_limits', $1::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [JSON.stringify({ anonymous_per_minute: 1e9, signed_in_per_minute: 1e9, submit_listing_per_hour: 20 })],
    );
    const slugs = await db.query<{ slug: string }>(`SELECT slug FROM listings WHERE status IN ('live', 'scheduled') ORDER BY md5(slug)`);
    const nameWords = await db.query<{ word: string }>(
      `SELECT lower(substring(name from '^[A-Za-z]{5,}')) AS word FROM listings
       WHERE status = 'live' AND name ~ '^[A-Za-z]{5,}' ORDER BY md5(id::text) LIMIT 200`,
    );
    const words = await db.query<{ term: string }>(
      'SELECT term FROM search_terms WHERE length(term) >= 6 ORDER BY documents DESC LIMIT 200',
    );
    const listings = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM listings');
    const votes = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM votes');
    return {
      slugs: slugs.map((r) => r.slug),
      nameWords: nameWords.map((r) => r.word),
      words: words.map((r) => r.term),
      listings: listings!.n,
      votes: votes!.n,
    };
  } finally {
    await db.close();
  }
}
