/**
 * The demo seeder on a fresh database: in-memory PGlite, or with DATABASE_URL set, scratch databases
 * created on that server (and dropped afterwards).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { createTestDatabase } from '../support/database.js';
import { refreshListingCounters } from '../../src/seed/counters.js';
import { loadSiteSettings } from '../../src/catalogue/site-settings.js';
import { DatabaseNotEmptyError, seedDemo, type SeedSummary } from '../../src/seed/demo.js';
import { refreshSearchTerms } from '../../src/seed/search-terms.js';

/** A Wednesday afternoon, so the current week has launches both before today and today. */
const NOW = new Date('2026-11-18T15:45:30.000Z');
const THIS_MONDAY = '2026-11-16';
const TODAY = '2026-11-18';

interface Fresh {
  db: Database;
  dispose(): Promise<void>;
}

async function freshDatabase(): Promise<Fresh> {
  const { db, drop } = await createTestDatabase();
  return { db, dispose: drop };
}

/** A digest of a query's rows, the same on both engines for the same data. */
async function digest(db: Database, sql: string): Promise<string> {
  const row = await db.one<{ d: string }>(`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS d FROM (${sql}) t`);
  return row!.d;
}

const FINGERPRINTS: Record<string, string> = {
  listings: `SELECT id, slug, name, status, plan, launch_week::text, iso_time(launched_at), votes_count, views_count, follows_count,
                    primary_category_id, description, attributes::text, socials::text FROM listings`,
  votes: 'SELECT listing_id, voter_key, iso_time(created_at) FROM votes',
  founders: 'SELECT id, slug, name, bio FROM founders',
  listing_founders: 'SELECT listing_id, founder_id, role, position FROM listing_founders',
  awards: 'SELECT week::text, rank, listing_id, votes FROM awards',
  domain_ratings: 'SELECT listing_id, measured_on::text, rating FROM domain_ratings',
  blog_posts: 'SELECT slug, body_markdown, iso_time(published_at) FROM blog_posts',
  listing_media: 'SELECT listing_id, kind, url, caption, position FROM listing_media',
  images: 'SELECT sha256, width, height, byte_size FROM images',
};

describe('seedDemo', () => {
  let a: Fresh;
  let b: Fresh;
  let summaryA: SeedSummary;
  let summaryB: SeedSummary;

  beforeAll(async () => {
    a = await freshDatabase();
    summaryA = await seedDemo(a.db, { now: NOW });
    b = await freshDatabase();
    summaryB = await seedDemo(b.db, { now: NOW });
  }, 180_000);

  afterAll(async () => {
    await a?.dispose();
    await b?.dispose();
  }, 60_000);

  it('loads a directory of believable size', () => {
    const t = summaryA.tables;
    expect(t.categories).toBeGreaterThanOrEqual(40);
    expect(t.listings).toBeGreaterThanOrEqual(300);
    expect(t.listings).toBeLessThanOrEqual(360);
    expect(t.founders).toBeGreaterThanOrEqual(300);
    expect(t.votes).toBeGreaterThan(14_000);
    expect(t.votes).toBeLessThan(16_000);
    expect(t.verified_revenues).toBeGreaterThanOrEqual(40);
    expect(t.billboard_contributions).toBe(60);
    expect(t.vat_rates).toBe(31);
    expect(t.products).toBeGreaterThanOrEqual(2);
    expect(t.interview_questions).toBe(12);
    expect(t.search_terms).toBeGreaterThan(500);
    for (const table of [
      'listing_faqs',
      'listing_updates',
      'milestones',
      'stories',
      'listing_media',
      'alternatives',
      'listing_views',
      'follows',
      'reviews',
      'domain_ratings',
      'awards',
      'blog_posts',
    ]) {
      expect(t[table], table).toBeGreaterThan(0);
    }
  });

  it('is deterministic: the same now gives the same data', async () => {
    expect(summaryB.tables).toEqual(summaryA.tables);
    const slugsA = await a.db.query<{ slug: string; votes_count: number }>('SELECT slug, votes_count FROM listings ORDER BY id');
    const slugsB = await b.db.query<{ slug: string; votes_count: number }>('SELECT slug, votes_count FROM listings ORDER BY id');
    expect(slugsB).toEqual(slugsA);
    for (const [table, sql] of Object.entries(FINGERPRINTS)) {
      expect(await digest(b.db, sql), table).toBe(await digest(a.db, sql));
    }
  });

  it('keeps listing counters equal to the raw tables', async () => {
    const wrong = await a.db.query(
      `SELECT l.id FROM listings l
       WHERE l.votes_count <> (SELECT count(*) FROM votes v WHERE v.listing_id = l.id)
          OR l.views_count <> (SELECT coalesce(sum(visitors), 0) FROM listing_views w WHERE w.listing_id = l.id)
          OR l.follows_count <> (SELECT count(*) FROM follows f WHERE f.listing_id = l.id)`,
    );
    expect(wrong).toEqual([]);
    expect(await refreshListingCounters(a.db)).toBe(0);
  });

  it('gives awards to the three launches of every past week with the most votes cast that week', async () => {
    // The weekly awards job's rule (weekWinners; test/seed/demo-awards.test.ts holds the demo to it): counted votes cast
    // from the launch week's Monday to its Sunday (UTC, the demo's time zone), launches with at least one.
    const weeks = await a.db.query<{ week: string; ids: number[]; votes: number[] }>(
      `WITH w AS (SELECT l.launch_week, l.id, l.launched_at, count(*)::int AS n FROM listings l
                    JOIN votes v ON v.listing_id = l.id AND v.counted AND v.created_at >= l.launch_week::timestamptz
                     AND v.created_at < l.launch_week::timestamptz + interval '7 days'
                   WHERE l.status = 'live' AND l.launch_week < $1::date GROUP BY l.id)
       SELECT launch_week::text AS week, array_agg(id ORDER BY n DESC, launched_at, id) AS ids,
              array_agg(n ORDER BY n DESC, launched_at, id) AS votes
       FROM w GROUP BY launch_week ORDER BY launch_week`,
      [THIS_MONDAY],
    );
    const awards = await a.db.query<{ week: string; rank: number; listing_id: number; votes: number; actual: number }>(
      `SELECT a.week::text AS week, a.rank, a.listing_id, a.votes,
              (SELECT count(*)::int FROM votes v WHERE v.listing_id = a.listing_id AND v.counted AND v.created_at >= a.week::timestamptz
                  AND v.created_at < a.week::timestamptz + interval '7 days') AS actual
       FROM awards a ORDER BY a.week, a.rank`,
    );
    expect(weeks.length).toBeGreaterThanOrEqual(35);
    const expected = weeks.flatMap((w) =>
      w.ids.slice(0, 3).map((id, i) => ({ week: w.week, rank: i + 1, listing_id: id, votes: w.votes[i] })),
    );
    expect(awards.map(({ actual: _actual, ...rest }) => rest)).toEqual(expected);
    for (const award of awards) expect(award.votes).toBe(award.actual);
    const byWeek = new Map<string, typeof awards>();
    for (const award of awards) byWeek.set(award.week, [...(byWeek.get(award.week) ?? []), award]);
    for (const list of byWeek.values()) {
      for (let i = 1; i < list.length; i++) expect(list[i].votes).toBeLessThanOrEqual(list[i - 1].votes);
    }
    expect(awards.some((x) => x.week >= THIS_MONDAY)).toBe(false);
  });

  it('files every listing under exactly one primary category, and paid ones under at most three more', async () => {
    const missing = await a.db.query(
      `SELECT l.id FROM listings l
       WHERE NOT EXISTS (SELECT 1 FROM listing_categories c WHERE c.listing_id = l.id AND c.is_primary AND c.category_id = l.primary_category_id)`,
    );
    expect(missing).toEqual([]);
    const counts = await a.db.query<{ plan: string; primaries: number; total: number }>(
      `SELECT l.plan, count(*) FILTER (WHERE c.is_primary)::int AS primaries, count(*)::int AS total
       FROM listings l JOIN listing_categories c ON c.listing_id = l.id GROUP BY l.id, l.plan`,
    );
    for (const c of counts) {
      expect(c.primaries).toBe(1);
      expect(c.total).toBeLessThanOrEqual(c.plan === 'paid' ? 4 : 1);
    }
    const paid = await a.db.one<{ n: number; share: number }>(
      `SELECT count(*)::int AS n, round(100.0 * count(*) / (SELECT count(*) FROM listings))::int AS share
       FROM listings WHERE plan = 'paid' AND unlocked_sections @> ARRAY['story', 'milestones', 'media']`,
    );
    expect(paid!.share).toBeGreaterThanOrEqual(20);
    expect(paid!.share).toBeLessThanOrEqual(40);
  });

  it('dates launches in Monday weeks, never in the future', async () => {
    const row = await a.db.one<Record<string, number>>(
      `SELECT
         count(*) FILTER (WHERE launch_week IS NOT NULL AND extract(isodow FROM launch_week) <> 1)::int AS not_monday,
         count(*) FILTER (WHERE status IN ('live', 'hidden') AND (launched_at IS NULL OR launched_at > $1::timestamptz
                          OR launched_at < launch_week::timestamptz OR launched_at >= launch_week::timestamptz + interval '7 days'))::int AS bad_live,
         count(*) FILTER (WHERE status = 'scheduled' AND launched_at IS NULL AND launch_week > $2::date AND launch_week <= $2::date + 56)::int AS scheduled,
         count(*) FILTER (WHERE status = 'scheduled')::int AS all_scheduled,
         count(*) FILTER (WHERE status IN ('draft', 'awaiting_badge', 'hidden'))::int AS others,
         count(*) FILTER (WHERE status = 'live' AND launch_week = $2::date)::int AS this_week,
         count(*) FILTER (WHERE status = 'live' AND launched_at >= $3::date)::int AS today
       FROM listings`,
      [NOW.toISOString(), THIS_MONDAY, TODAY],
    );
    expect(row).toMatchObject({ not_monday: 0, bad_live: 0 });
    expect(row!.scheduled).toBe(row!.all_scheduled);
    expect(row!.scheduled).toBeGreaterThanOrEqual(12);
    expect(row!.others).toBeGreaterThanOrEqual(5);
    expect(row!.this_week).toBeGreaterThan(0);
    expect(row!.today).toBeGreaterThan(0);
  });

  it('puts votes after each launch and none in the future, with plenty this week', async () => {
    const row = await a.db.one<Record<string, number>>(
      `SELECT
         count(*) FILTER (WHERE v.created_at > $1::timestamptz)::int AS future,
         count(*) FILTER (WHERE v.created_at < l.launched_at OR l.launched_at IS NULL)::int AS before_launch,
         count(*) FILTER (WHERE l.status NOT IN ('live', 'hidden'))::int AS unpublished,
         count(*) FILTER (WHERE v.created_at >= $2::date)::int AS this_week,
         count(*) FILTER (WHERE v.created_at >= $1::timestamptz - interval '7 days')::int AS last_7_days
       FROM votes v JOIN listings l ON l.id = v.listing_id`,
      [NOW.toISOString(), THIS_MONDAY],
    );
    expect(row).toMatchObject({ future: 0, before_launch: 0, unpublished: 0 });
    expect(row!.this_week).toBeGreaterThan(200);
    expect(row!.last_7_days).toBeGreaterThan(300);
    const future = await a.db.one<{ n: number }>(
      `SELECT ((SELECT count(*) FROM follows WHERE created_at > $1::timestamptz) + (SELECT count(*) FROM reviews WHERE created_at > $1::timestamptz)
              + (SELECT count(*) FROM listing_views WHERE day > $1::date) + (SELECT count(*) FROM domain_ratings WHERE measured_on > $1::date)
              + (SELECT count(*) FROM stories WHERE published_at > $1::timestamptz)
              + (SELECT count(*) FROM blog_posts WHERE published_at > $1::timestamptz))::int AS n`,
      [NOW.toISOString()],
    );
    expect(future!.n).toBe(0);
  });

  it('leaves the settings at their defaults, and seeds products and VAT rates', async () => {
    expect(await a.db.query('SELECT key FROM site_settings')).toEqual([]);
    const settings = await loadSiteSettings(a.db);
    expect(settings).toMatchObject({
      site_name: 'Launch Directory',
      time_zone: 'UTC',
      free_launch_weeks: { min: 6, max: 8 },
      rate_limits: { anonymous_per_minute: 120, signed_in_per_minute: 600, submit_listing_per_hour: 20 },
      billboard_minimum_cents: 1000,
    });
    const vat = await a.db.one<{ eu: number; others: number }>(
      'SELECT count(*) FILTER (WHERE eu)::int AS eu, count(*) FILTER (WHERE NOT eu)::int AS others FROM vat_rates',
    );
    expect(vat).toEqual({ eu: 27, others: 4 });
    const products = await a.db.query<{ id: string; needs_listing: boolean }>('SELECT id, needs_listing FROM products ORDER BY position');
    expect(products).toEqual(
      expect.arrayContaining([
        { id: 'launch', needs_listing: true },
        { id: 'billboard', needs_listing: true },
      ]),
    );
  });

  it('builds the search dictionary from live and scheduled listings', async () => {
    const short = await a.db.one<{ n: number }>('SELECT count(*)::int AS n FROM search_terms WHERE length(term) < 2');
    expect(short!.n).toBe(0);
    const listing = await a.db.one<{ name: string }>(`SELECT name FROM listings WHERE status = 'live' ORDER BY votes_count DESC LIMIT 1`);
    const word = listing!.name.split(' ')[0].toLowerCase();
    const term = await a.db.one<{ documents: number }>('SELECT documents FROM search_terms WHERE term = $1', [word]);
    expect(term?.documents).toBeGreaterThanOrEqual(1);
    const before = summaryA.tables.search_terms;
    expect(await refreshSearchTerms(a.db)).toBe(before);
  });

  it('refuses to seed a database that already has listings', async () => {
    await expect(seedDemo(a.db, { now: NOW })).rejects.toBeInstanceOf(DatabaseNotEmptyError);
    const count = await a.db.one<{ n: number }>('SELECT count(*)::int AS n FROM listings');
    expect(count!.n).toBe(summaryA.tables.listings);
  });

  it('refreshListingCounters repairs drifted counters', async () => {
    const top = await b.db.one<{ id: number; votes_count: number }>(
      `SELECT id, votes_count FROM listings ORDER BY votes_count DESC, id LIMIT 1`,
    );
    await b.db.query(`DELETE FROM votes WHERE id IN (SELECT id FROM votes WHERE listing_id = $1 ORDER BY id LIMIT 5)`, [top!.id]);
    expect(await refreshListingCounters(b.db, [top!.id])).toBe(1);
    const after = await b.db.one<{ votes_count: number }>('SELECT votes_count FROM listings WHERE id = $1', [top!.id]);
    expect(after!.votes_count).toBe(top!.votes_count - 5);
    expect(await refreshListingCounters(b.db)).toBe(0);
  });
});
