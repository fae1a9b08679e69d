/** What the sitemap lists: every public page of the directory, with when it last changed. */
import type { Database } from '../db/database.js';

/** A sitemap file holds at most 50,000 addresses; listings are split into files of this many. */
export const LISTINGS_PER_SITEMAP = 40_000;

export interface SitemapEntry {
  path: string;
  lastModified: string | null;
}

export async function countPublicListings(db: Database): Promise<number> {
  const row = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM listings WHERE status IN ('live', 'scheduled')`);
  return row?.n ?? 0;
}

/** One file's worth of public listings (live and upcoming), in id order. */
export async function sitemapListings(db: Database, file: number): Promise<SitemapEntry[]> {
  const rows = await db.query<{ slug: string; updated: string | null }>(
    `SELECT slug, iso_time(updated_at) AS updated FROM listings WHERE status IN ('live', 'scheduled') ORDER BY id LIMIT $1 OFFSET $2`,
    [LISTINGS_PER_SITEMAP, (file - 1) * LISTINGS_PER_SITEMAP],
  );
  return rows.map((r) => ({ path: `/listings/${r.slug}`, lastModified: r.updated }));
}

/** The other public pages: home, indexes, categories with live listings, founders of public listings, posts, weeks with launches. */
export async function sitemapPages(db: Database, now: Date): Promise<SitemapEntry[]> {
  const [categories, founders, posts, weeks] = await Promise.all([
    db.query<{ slug: string }>(
      `SELECT DISTINCT c.slug FROM categories c JOIN listing_categories lc ON lc.category_id = c.id
       JOIN listings l ON l.id = lc.listing_id AND l.status = 'live' ORDER BY c.slug`,
    ),
    db.query<{ slug: string }>(
      `SELECT DISTINCT f.slug FROM founders f JOIN listing_founders lf ON lf.founder_id = f.id
       JOIN listings l ON l.id = lf.listing_id AND l.status IN ('live', 'scheduled') ORDER BY f.slug`,
    ),
    db.query<{ slug: string; updated: string }>(
      `SELECT slug, iso_time(updated_at) AS updated FROM blog_posts WHERE status = 'published' AND published_at <= $1::timestamptz ORDER BY published_at DESC`,
      [now.toISOString()],
    ),
    db.query<{ week: string }>(
      `SELECT DISTINCT launch_week::text AS week FROM listings WHERE status = 'live' AND launch_week IS NOT NULL ORDER BY 1 DESC`,
    ),
  ]);
  const fixed = [
    '/',
    '/categories',
    '/founders',
    '/blog',
    '/awards',
    '/awards/hall-of-fame',
    '/about',
    '/leaderboards/community-weekly',
    '/leaderboards/community-all-time',
    '/leaderboards/billboard',
    '/leaderboards/domain-rating',
    '/leaderboards/revenue',
  ];
  return [
    ...fixed.map((path) => ({ path, lastModified: null })),
    ...categories.map((c) => ({ path: `/categories/${c.slug}`, lastModified: null })),
    ...founders.map((f) => ({ path: `/founders/${f.slug}`, lastModified: null })),
    ...posts.map((p) => ({ path: `/blog/${p.slug}`, lastModified: p.updated })),
    ...weeks.map((w) => ({ path: `/weeks/${w.week}`, lastModified: null })),
  ];
}
