import type { Database } from '../db/database.js';

/** The kinds of public page the directory has, in the order they are enumerated. */
export const PUBLIC_PAGE_KINDS = ['category', 'blog_post', 'founder', 'launch_week', 'listing'] as const;
export type PublicPageKind = (typeof PUBLIC_PAGE_KINDS)[number];

export interface PublicPage {
  kind: PublicPageKind;
  /** The slug, or the week's Monday (YYYY-MM-DD). */
  key: string;
  name: string;
  description: string;
}

/** Where an enumeration stopped: the kind it was in and how many of that kind came before. */
export interface PublicPagePosition {
  kind: number;
  offset: number;
}

const QUERIES: Record<PublicPageKind, string> = {
  category: `SELECT slug AS key, name, description FROM categories ORDER BY slug LIMIT $1 OFFSET $2`,
  blog_post: `SELECT slug AS key, title AS name, excerpt AS description FROM blog_posts
              WHERE status = 'published' AND published_at <= now() ORDER BY published_at DESC, id DESC LIMIT $1 OFFSET $2`,
  founder: `SELECT f.slug AS key, f.name, coalesce(f.title, '') AS description FROM founders f
            WHERE EXISTS (SELECT 1 FROM listing_founders lf JOIN listings l ON l.id = lf.listing_id WHERE lf.founder_id = f.id AND l.status = 'live')
            ORDER BY f.slug LIMIT $1 OFFSET $2`,
  launch_week: `SELECT w.week::text AS key, 'Launch week of ' || w.week::text AS name, count::text || ' launches' AS description
                FROM (SELECT launch_week AS week, count(*) AS count FROM listings WHERE status = 'live' AND launch_week IS NOT NULL GROUP BY launch_week) w
                ORDER BY w.week DESC LIMIT $1 OFFSET $2`,
  listing: `SELECT slug AS key, name, tagline AS description FROM listings WHERE status = 'live' ORDER BY id LIMIT $1 OFFSET $2`,
};

/**
 * The directory's public pages (categories, blog posts, founders of live listings, launch weeks, live listings),
 * `limit` at a time from `from`; answers the next position, or undefined after the last.
 */
export async function listPublicPages(
  db: Database,
  from: PublicPagePosition,
  limit: number,
): Promise<{ pages: PublicPage[]; next?: PublicPagePosition }> {
  const pages: PublicPage[] = [];
  let { kind, offset } = from;
  while (kind < PUBLIC_PAGE_KINDS.length && pages.length < limit) {
    const name = PUBLIC_PAGE_KINDS[kind]!;
    const want = limit - pages.length;
    // One more than wanted tells whether this kind goes on.
    const rows = await db.query<{ key: string; name: string; description: string }>(QUERIES[name], [want + 1, offset]);
    for (const row of rows.slice(0, want)) pages.push({ kind: name, ...row });
    if (rows.length > want) return { pages, next: { kind, offset: offset + want } };
    kind += 1;
    offset = 0;
  }
  return { pages, next: kind < PUBLIC_PAGE_KINDS.length ? { kind, offset } : undefined };
}

/** Slugs (or weeks) of a kind that start with `prefix`, for completions: at most `limit`. */
export async function completePublicKeys(db: Database, kind: PublicPageKind, prefix: string, limit = 20): Promise<string[]> {
  const like = `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db.query<{ key: string }>(
    `SELECT key FROM (${QUERIES[kind].replace(/ LIMIT \$1 OFFSET \$2$/, '')}) page WHERE key LIKE $1 LIMIT $2`,
    [like, limit],
  );
  return rows.map((row) => row.key);
}
