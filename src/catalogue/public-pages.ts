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

/**
 * Each kind's pages (key, name, description) and the order they are listed in. A select that shows only what is
 * public by now (blog posts) compares with `$3`, the service's clock (`usesNow`), as every other public reader does.
 */
const PAGES: Record<PublicPageKind, { select: string; order: string; usesNow?: true }> = {
  category: { select: `SELECT slug AS key, name, description FROM categories`, order: 'key' },
  blog_post: {
    select: `SELECT slug AS key, title AS name, excerpt AS description, published_at, id FROM blog_posts
             WHERE status = 'published' AND published_at <= $3::timestamptz`,
    order: 'published_at DESC, id DESC',
    usesNow: true,
  },
  founder: {
    select: `SELECT f.slug AS key, f.name, coalesce(f.title, '') AS description FROM founders f
             WHERE EXISTS (SELECT 1 FROM listing_founders lf JOIN listings l ON l.id = lf.listing_id WHERE lf.founder_id = f.id AND l.status = 'live')`,
    order: 'key',
  },
  launch_week: {
    select: `SELECT launch_week::text AS key, 'Launch week of ' || launch_week::text AS name, count(*)::text || ' launches' AS description
             FROM listings WHERE status = 'live' AND launch_week IS NOT NULL GROUP BY launch_week`,
    order: 'key DESC',
  },
  listing: { select: `SELECT slug AS key, name, tagline AS description, id FROM listings WHERE status = 'live'`, order: 'id' },
};

/**
 * The directory's public pages (categories, blog posts, founders of live listings, launch weeks, live listings),
 * `limit` at a time from `from`; answers the next position, or undefined after the last.
 */
export async function listPublicPages(
  db: Database,
  from: PublicPagePosition,
  limit: number,
  now: Date,
): Promise<{ pages: PublicPage[]; next?: PublicPagePosition }> {
  const pages: PublicPage[] = [];
  let { kind, offset } = from;
  while (kind < PUBLIC_PAGE_KINDS.length && pages.length < limit) {
    const name = PUBLIC_PAGE_KINDS[kind]!;
    const want = limit - pages.length;
    // One more than wanted tells whether this kind goes on.
    const rows = await db.query<{ key: string; name: string; description: string }>(
      `SELECT key, name, description FROM (${PAGES[name].select}) page ORDER BY ${PAGES[name].order} LIMIT $1 OFFSET $2`,
      [want + 1, offset, ...(PAGES[name].usesNow ? [now.toISOString()] : [])],
    );
    for (const { key, name: title, description } of rows.slice(0, want)) pages.push({ kind: name, key, name: title, description });
    if (rows.length > want) return { pages, next: { kind, offset: offset + want } };
    kind += 1;
    offset = 0;
  }
  return { pages, next: kind < PUBLIC_PAGE_KINDS.length ? { kind, offset } : undefined };
}

/** Slugs (or weeks) of a kind that start with `prefix`, for completions: at most `limit`. */
export async function completePublicKeys(db: Database, kind: PublicPageKind, prefix: string, now: Date, limit = 20): Promise<string[]> {
  const like = `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db.query<{ key: string }>(
    `SELECT key FROM (${PAGES[kind].select}) page WHERE key LIKE $1 ORDER BY ${PAGES[kind].order} LIMIT $2`,
    [like, limit, ...(PAGES[kind].usesNow ? [now.toISOString()] : [])],
  );
  return rows.map((row) => row.key);
}
