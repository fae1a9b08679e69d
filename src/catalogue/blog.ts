import type { Database } from '../db/database.js';
import { z } from 'zod';
import { isoDateTime, offsetOf } from '../schema.js';
import { containsPattern } from './query-escapes.js';

/** A post is public once it is published and its publication time has come. */
const PUBLISHED = `p.status = 'published' AND p.published_at <= $1::timestamptz`;

/** The post's searchable text, weighted title > excerpt and tags > body. */
const DOCUMENT = `
  setweight(to_tsvector('english', p.title), 'A') ||
  setweight(to_tsvector('english', p.excerpt || ' ' || array_to_string(p.tags, ' ')), 'B') ||
  setweight(to_tsvector('english', p.body_markdown), 'C')`;

const LIST_COLUMNS = `p.slug, p.title, p.excerpt, p.author_name AS author, p.tags, iso_time(p.published_at) AS published_at`;

const postHead = {
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  author: z.string(),
  tags: z.array(z.string()),
  published_at: isoDateTime,
};
const postUrl = z.string().describe('The post on this site');

/** A post as list_blog_posts answers it (the published schema and the type in one). */
export const blogPostListItem = z.object({ ...postHead, url: postUrl });
export type BlogPostListItem = z.infer<typeof blogPostListItem>;

/**
 * Published posts, newest first; with a query, the posts whose words match it (English stemming, web-search
 * syntax: quoted phrases, `or`, `-word`) or whose title contains it, the most relevant first.
 */
export async function listBlogPosts(
  db: Database,
  query: { q?: string; now: Date },
  paging: { page: number; per_page: number },
  publicUrl: string,
): Promise<{ items: BlogPostListItem[]; total: number }> {
  const q = query.q?.trim() || null;
  const params = [query.now.toISOString(), q, q && containsPattern(q)];
  const matches = `${PUBLISHED} AND ($2::text IS NULL OR (${DOCUMENT}) @@ websearch_to_tsquery('english', $2::text) OR p.title ILIKE $3::text)`;
  const relevance = `CASE WHEN $2::text IS NULL THEN 0 ELSE ts_rank(${DOCUMENT}, websearch_to_tsquery('english', $2::text)) END`;
  const [counted, rows] = await Promise.all([
    db.one<{ total: number }>(`SELECT count(*)::int AS total FROM blog_posts p WHERE ${matches}`, params),
    db.query<Omit<BlogPostListItem, 'url'>>(
      `SELECT ${LIST_COLUMNS} FROM blog_posts p WHERE ${matches}
       ORDER BY ${relevance} DESC, p.published_at DESC, p.id DESC
       LIMIT $4 OFFSET $5`,
      [...params, paging.per_page, offsetOf(paging)],
    ),
  ]);
  return { items: rows.map((row) => ({ ...row, url: blogPostUrl(publicUrl, row.slug) })), total: counted?.total ?? 0 };
}

/** A whole post as get_blog_post answers it. */
export const blogPost = z.object({
  ...postHead,
  updated_at: isoDateTime,
  body_markdown: z.string().describe('The text of the post, in Markdown, as written'),
  faqs: z.array(z.object({ question: z.string(), answer: z.string() })),
  url: postUrl,
});
export type BlogPost = z.infer<typeof blogPost>;

/** A published post, or undefined when the slug is unknown or the post is not (yet) published. */
export async function findBlogPost(db: Database, slug: string, now: Date, publicUrl: string): Promise<BlogPost | undefined> {
  const row = await db.one<Omit<BlogPost, 'url'>>(
    `SELECT ${LIST_COLUMNS}, iso_time(p.updated_at) AS updated_at, p.body_markdown, p.faqs
     FROM blog_posts p WHERE ${PUBLISHED} AND p.slug = $2`,
    [now.toISOString(), slug],
  );
  return row && { ...row, url: blogPostUrl(publicUrl, row.slug) };
}

const blogPostUrl = (publicUrl: string, slug: string) => `${publicUrl}/blog/${slug}`;
