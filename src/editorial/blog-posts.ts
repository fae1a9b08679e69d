/**
 * The blog as the site team writes it: posts of every state (draft, scheduled, published), created, edited,
 * published, unpublished and deleted by editors, each change in the audit log. A scheduled post is a published
 * post whose publication time is still to come: the public reads (src/catalogue/blog.ts) show a post only once
 * it is published and its time has come, so nothing needs to run at that time.
 */
import { z } from 'zod';
import type { Database, Statements } from '../db/database.js';
import type { Faq } from '../db/entities/json-types.js';
import { InvalidStateError, NotFoundError } from '../errors.js';
import { instantInput, isoDateTime, offsetOf, slug, someText } from '../schema.js';
import { loadSiteSettings } from '../catalogue/site-settings.js';
import { recordAudit, type Actor } from '../staff/audit-log.js';
import { slugify } from '../text/slugify.js';

const BLOG_POST_LIMITS = {
  title: 200,
  excerpt: 500,
  body: 50_000,
  author: 100,
  tags: 10,
  tag: 40,
  faqs: 10,
  question: 300,
  answer: 1500,
} as const;

const faq = z.strictObject({
  question: someText(BLOG_POST_LIMITS.question),
  answer: someText(BLOG_POST_LIMITS.answer),
});

/** The fields of a post as create_blog_post and update_blog_post take them (all optional here; create requires some). */
export const postFieldsInput = {
  title: someText(BLOG_POST_LIMITS.title).describe('The title, up to 200 characters'),
  slug: slug('post').describe('Its address: /blog/{slug}'),
  excerpt: z.string().trim().max(BLOG_POST_LIMITS.excerpt).describe('A summary for lists and feeds, up to 500 characters'),
  body_markdown: z
    .string()
    .max(BLOG_POST_LIMITS.body)
    .regex(/\S/, 'Must contain something other than spaces')
    .describe('The text in Markdown, up to 50,000 characters (the site renders it sanitised: no script, style or frames)'),
  tags: z.array(someText(BLOG_POST_LIMITS.tag)).max(BLOG_POST_LIMITS.tags).describe('Up to 10 tags of 40 characters'),
  faqs: z.array(faq).max(BLOG_POST_LIMITS.faqs).describe('Up to 10: question up to 300 characters, answer up to 1500'),
  author: someText(BLOG_POST_LIMITS.author).describe("The author's name as shown"),
  publish_at: instantInput('When it goes public; a future time schedules it (a draft keeps it as its planned time)'),
};

export const BLOG_POST_STATES = ['draft', 'scheduled', 'published'] as const;
export type BlogPostState = (typeof BLOG_POST_STATES)[number];

const stateField = z
  .enum(BLOG_POST_STATES)
  .describe('draft: not public; scheduled: published, public from published_at; published: public now');

/** A post as the site team sees it (list_all_blog_posts), whatever its state. */
const editorialPostHead = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  author: z.string(),
  tags: z.array(z.string()),
  state: stateField,
  published_at: isoDateTime.nullable().describe('When it is (or goes) public; for a draft, the planned time if one was given'),
  updated_at: isoDateTime,
  url: z.string().describe('Its public address (answers 404 until it is public)'),
});
export type EditorialPostHead = z.infer<typeof editorialPostHead>;

/** A whole post as the blog operations answer it. */
export const editorialPost = editorialPostHead.extend({
  body_markdown: z.string(),
  faqs: z.array(z.object({ question: z.string(), answer: z.string() })),
});
export type EditorialPost = z.infer<typeof editorialPost>;

/** The fields an editor writes. */
export interface PostFields {
  title?: string;
  slug?: string;
  excerpt?: string;
  body_markdown?: string;
  tags?: string[];
  faqs?: Faq[];
  author?: string;
}

export interface Publication {
  /** true publishes (at publish_at, or now), false keeps or makes a draft; undefined keeps the state. */
  publish?: boolean;
  /** When the post goes public; a future time schedules it. For a draft, remembered as its planned time. */
  publish_at?: string;
}

interface Change {
  actor: Actor;
  now: Date;
  publicUrl: string;
}

interface PostRow {
  [key: string]: unknown;
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  tags: string[];
  status: 'draft' | 'published';
  published_at: string | null;
  updated_at: string;
  body_markdown: string;
  faqs: Faq[];
}

const COLUMNS = `id, slug, title, excerpt, author_name AS author, tags, status, iso_time(published_at) AS published_at,
  iso_time(updated_at) AS updated_at, body_markdown, faqs`;

function stateOf(row: { status: string; published_at: string | null }, now: Date): BlogPostState {
  if (row.status !== 'published' || row.published_at === null) return 'draft';
  return new Date(row.published_at) > now ? 'scheduled' : 'published';
}

const postUrl = (publicUrl: string, slug: string) => `${publicUrl}/blog/${slug}`;

function headOf(row: PostRow, now: Date, publicUrl: string): EditorialPostHead {
  return {
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    author: row.author,
    tags: row.tags,
    state: stateOf(row, now),
    published_at: row.published_at,
    updated_at: row.updated_at,
    url: postUrl(publicUrl, row.slug),
  };
}

function postOf(row: PostRow, now: Date, publicUrl: string): EditorialPost {
  return {
    ...headOf(row, now, publicUrl),
    body_markdown: row.body_markdown,
    faqs: row.faqs.map(({ question, answer }) => ({ question, answer })),
  };
}

/** What the audit log keeps of a post: not the whole text. */
const auditView = (row: PostRow, now: Date) => ({
  title: row.title,
  slug: row.slug,
  status: stateOf(row, now),
  published_at: row.published_at,
});

async function lockedPost(tx: Statements, slug: string): Promise<PostRow> {
  const [row] = await tx.query<PostRow>(`SELECT ${COLUMNS} FROM blog_posts WHERE slug = $1 FOR UPDATE`, [slug]);
  if (!row) throw new NotFoundError('blog post', slug, 'list_all_blog_posts lists every post.');
  return row;
}

async function slugTaken(tx: Statements, slug: string, exceptId?: number): Promise<boolean> {
  const rows = await tx.query('SELECT 1 FROM blog_posts WHERE slug = $1 AND id IS DISTINCT FROM $2::int', [slug, exceptId ?? null]);
  return rows.length > 0;
}

/** The slug a new post gets: the one given (409 when taken), or one made from the title with -2, -3, … when taken. */
async function newPostSlug(tx: Statements, given: string | undefined, title: string): Promise<string> {
  if (given !== undefined) {
    if (await slugTaken(tx, given)) throw new InvalidStateError(`Another post has the slug "${given}"; choose another.`);
    return given;
  }
  const base = slugify(title, 'post').slice(0, 200).replace(/-+$/, '');
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(tx, candidate))) return candidate;
  }
}

/** The status and publication time a post has after `publication`, from the state it had (`before`, none for a new post). */
function publishedState(
  before: { status: 'draft' | 'published'; published_at: string | null } | undefined,
  publication: Publication,
  now: Date,
): { status: 'draft' | 'published'; published_at: string | null } {
  const status = publication.publish === undefined ? (before?.status ?? 'draft') : publication.publish ? 'published' : 'draft';
  if (publication.publish_at !== undefined) return { status, published_at: new Date(publication.publish_at).toISOString() };
  const planned = before?.published_at ?? null;
  if (status === 'published' && before?.status !== 'published') {
    // Publishing a draft: at its planned time when that is still to come, else now (never back-dated unasked).
    return { status, published_at: planned && new Date(planned) > now ? planned : now.toISOString() };
  }
  return { status, published_at: planned };
}

/** Creates a post (a draft, scheduled or published), recorded as blog_post.create. */
export async function createBlogPost(
  db: Database,
  fields: PostFields & { title: string; body_markdown: string },
  publication: Publication,
  change: Change,
): Promise<EditorialPost> {
  const author = fields.author ?? `${(await loadSiteSettings(db)).site_name} team`;
  return db.transaction(async (tx) => {
    const slug = await newPostSlug(tx, fields.slug, fields.title);
    const { status, published_at } = publishedState(undefined, publication, change.now);
    const [row] = await tx.query<PostRow>(
      `INSERT INTO blog_posts (slug, title, excerpt, body_markdown, author_name, tags, faqs, status, published_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6::text[], $7::jsonb, $8, $9::timestamptz, $10::timestamptz)
       ON CONFLICT (slug) DO NOTHING RETURNING ${COLUMNS}`,
      [
        slug,
        fields.title,
        fields.excerpt ?? '',
        fields.body_markdown,
        author,
        fields.tags ?? [],
        JSON.stringify(fields.faqs ?? []),
        status,
        published_at,
        change.now.toISOString(),
      ],
    );
    // Another post took the slug between the check above and this insert (two editors at the same instant).
    if (!row) throw new InvalidStateError(`Another post took the slug "${slug}" a moment ago; send the post again.`);
    await recordAudit(tx, {
      actor: change.actor,
      action: 'blog_post.create',
      target: { type: 'blog_post', id: row.slug },
      before: null,
      after: auditView(row, change.now),
      at: change.now,
    });
    return postOf(row, change.now, change.publicUrl);
  });
}

/**
 * Changes a post: any field, its slug (409 when another post has it), its state and publication time. Recorded as
 * blog_post.publish or .unpublish when it changes between draft and published, else blog_post.update.
 */
export async function updateBlogPost(
  db: Database,
  slug: string,
  fields: PostFields,
  publication: Publication,
  change: Change,
): Promise<EditorialPost> {
  return db.transaction(async (tx) => {
    const before = await lockedPost(tx, slug);
    if (fields.slug !== undefined && fields.slug !== before.slug && (await slugTaken(tx, fields.slug, before.id))) {
      throw new InvalidStateError(`Another post has the slug "${fields.slug}"; choose another.`);
    }
    const { status, published_at } = publishedState(before, publication, change.now);
    const [after] = await tx.query<PostRow>(
      `UPDATE blog_posts SET slug = $2, title = $3, excerpt = $4, body_markdown = $5, author_name = $6, tags = $7::text[],
         faqs = $8::jsonb, status = $9, published_at = $10::timestamptz, updated_at = $11::timestamptz
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [
        before.id,
        fields.slug ?? before.slug,
        fields.title ?? before.title,
        fields.excerpt ?? before.excerpt,
        fields.body_markdown ?? before.body_markdown,
        fields.author ?? before.author,
        fields.tags ?? before.tags,
        JSON.stringify(fields.faqs ?? before.faqs),
        status,
        published_at,
        change.now.toISOString(),
      ],
    );
    const verb = before.status === status ? 'update' : status === 'published' ? 'publish' : 'unpublish';
    await recordAudit(tx, {
      actor: change.actor,
      action: `blog_post.${verb}`,
      target: { type: 'blog_post', id: before.slug },
      before: auditView(before, change.now),
      after: auditView(after!, change.now),
      at: change.now,
    });
    return postOf(after!, change.now, change.publicUrl);
  });
}

/** Deletes a post, recorded as blog_post.delete; answers the post as it was. */
export async function deleteBlogPost(db: Database, slug: string, change: Change): Promise<EditorialPost> {
  return db.transaction(async (tx) => {
    const before = await lockedPost(tx, slug);
    await tx.query('DELETE FROM blog_posts WHERE id = $1', [before.id]);
    await recordAudit(tx, {
      actor: change.actor,
      action: 'blog_post.delete',
      target: { type: 'blog_post', id: before.slug },
      before: auditView(before, change.now),
      after: null,
      at: change.now,
    });
    return postOf(before, change.now, change.publicUrl);
  });
}

/** The condition on a post's state at $1 (now): the SQL twin of stateOf. */
const STATE_SQL: Record<BlogPostState, string> = {
  draft: `(status = 'draft' OR published_at IS NULL)`,
  scheduled: `(status = 'published' AND published_at > $1::timestamptz)`,
  published: `(status = 'published' AND published_at <= $1::timestamptz)`,
};

/** Every post of any state (or of one), the most recently changed first; `withText` adds each one's Markdown and FAQs. */
export async function listAllBlogPosts(
  db: Database,
  query: { state?: BlogPostState; withText: boolean; now: Date; publicUrl: string },
  paging: { page: number; per_page: number },
): Promise<{ items: (EditorialPostHead | EditorialPost)[]; total: number }> {
  const where = query.state ? STATE_SQL[query.state] : 'true';
  const params = [query.now.toISOString()];
  const [counted, rows] = await Promise.all([
    db.one<{ total: number }>(`SELECT count(*)::int AS total FROM blog_posts WHERE ${where} AND $1::timestamptz IS NOT NULL`, params),
    db.query<PostRow>(
      `SELECT ${COLUMNS} FROM blog_posts WHERE ${where} AND $1::timestamptz IS NOT NULL
       ORDER BY coalesce(published_at, updated_at) DESC, id DESC LIMIT $2 OFFSET $3`,
      [...params, paging.per_page, offsetOf(paging)],
    ),
  ]);
  const items = rows.map((row) => (query.withText ? postOf(row, query.now, query.publicUrl) : headOf(row, query.now, query.publicUrl)));
  return { items, total: counted?.total ?? 0 };
}

/** One post of any state (the console's edit page), or undefined. */
export async function findAnyBlogPost(db: Database, slug: string, now: Date, publicUrl: string): Promise<EditorialPost | undefined> {
  const row = await db.one<PostRow>(`SELECT ${COLUMNS} FROM blog_posts WHERE slug = $1`, [slug]);
  return row && postOf(row, now, publicUrl);
}
