/**
 * The category tree as editors change it: new categories, renames (a new slug leaves the old one redirecting),
 * moves under another parent (never under itself or its own subcategories), and merges (listings, links and
 * subcategories move to the target; the merged slug then redirects there). Each change in the audit log.
 * Listings' cached profiles follow by themselves: the triggers of migration 0011 rebuild a profile when its
 * primary category, its listing_categories links, or a shown category's slug or name change.
 */
import { z } from 'zod';
import type { Database, Statements } from '../db/database.js';
import type { Faq } from '../db/entities/json-types.js';
import { NotFoundError, ProblemError } from '../errors.js';
import { categoryDetail, findCategory, type CategoryDetail } from '../catalogue/categories.js';
import { slug, someText } from '../schema.js';
import { recordAudit, type Actor } from '../staff/audit-log.js';
import { slugify } from '../text/slugify.js';

const CATEGORY_LIMITS = { name: 80, description: 1000, faqs: 10, question: 300, answer: 1500, keywords: 30, keyword: 60 } as const;

/** The fields of a category as create_category and update_category take them. */
export const categoryFieldsInput = {
  name: someText(CATEGORY_LIMITS.name).describe('The name shown, up to 80 characters; unique'),
  slug: slug('category').describe('Its address: /categories/{slug}; unique'),
  description: z.string().trim().max(CATEGORY_LIMITS.description).describe('Up to 1000 characters'),
  parent: slug('parent category').nullable().describe("The parent category's slug; null for a top-level category"),
  faqs: z
    .array(z.strictObject({ question: someText(CATEGORY_LIMITS.question), answer: someText(CATEGORY_LIMITS.answer) }))
    .max(CATEGORY_LIMITS.faqs)
    .describe('Up to 10 questions (300 characters) and answers (1500); replaces the set'),
  keywords: z
    .array(someText(CATEGORY_LIMITS.keyword))
    .max(CATEGORY_LIMITS.keywords)
    .describe(
      'Up to 30 words or phrases (60 characters) people use for this kind of product besides its name ("expense tracking"); search finds its listings by them; replaces the set',
    ),
};

/** A category as the editorial operations answer it: what get_category shows, without the listings. */
export const editedCategory = categoryDetail;
export type EditedCategory = CategoryDetail;

export const mergedCategory = z.object({
  merged: z.string().describe('The slug of the category merged away; it now redirects to `into`'),
  listings_moved: z.number().int().describe('Listings that were in the merged category'),
  subcategories_moved: z.number().int(),
  into: categoryDetail,
});
export type MergedCategory = z.infer<typeof mergedCategory>;

interface Change {
  actor: Actor;
  now: Date;
  publicUrl: string;
}

interface CategoryRow {
  [key: string]: unknown;
  id: number;
  slug: string;
  name: string;
  description: string;
  parent_id: number | null;
  parent_slug: string | null;
  keywords: string[];
}

async function lockedCategory(tx: Statements, slug: string, path?: string): Promise<CategoryRow> {
  const [row] = await tx.query<CategoryRow>(
    `SELECT c.id, c.slug, c.name, c.description, c.parent_id, p.slug AS parent_slug, c.keywords
     FROM categories c LEFT JOIN categories p ON p.id = c.parent_id WHERE c.slug = $1 FOR UPDATE OF c`,
    [slug],
  );
  if (!row) throw new NotFoundError(path ? `category (${path})` : 'category', slug, 'list_categories names them all.');
  return row;
}

/** 409 naming the field whose value the tree's present state refuses. */
function conflict(path: string, message: string): ProblemError {
  return new ProblemError({
    status: 409,
    code: 'invalid_state',
    title: 'Not allowed in the current state',
    detail: message,
    errors: [{ path, message }],
  });
}

async function refuseTaken(tx: Statements, fields: { name?: string; slug?: string }, exceptId: number | null): Promise<void> {
  if (fields.name !== undefined) {
    const [other] = await tx.query<{ name: string }>(
      'SELECT name FROM categories WHERE lower(name) = lower($1) AND id IS DISTINCT FROM $2::int',
      [fields.name, exceptId],
    );
    if (other) throw conflict('/name', `Another category is named "${other.name}"; names are unique (whatever their case).`);
  }
  if (fields.slug !== undefined) {
    const [other] = await tx.query('SELECT 1 FROM categories WHERE slug = $1 AND id IS DISTINCT FROM $2::int', [fields.slug, exceptId]);
    if (other) throw conflict('/slug', `Another category has the slug "${fields.slug}".`);
  }
}

/** The id of the parent named by `parent` (a slug), refusing a category's own subtree (a cycle). */
async function parentId(tx: Statements, parent: string, movingId: number | null): Promise<number> {
  const [row] = await tx.query<{ id: number; in_subtree: boolean }>(
    `WITH RECURSIVE subtree(id) AS (SELECT $2::int WHERE $2::int IS NOT NULL UNION SELECT c.id FROM categories c JOIN subtree s ON c.parent_id = s.id)
     SELECT id, id IN (SELECT id FROM subtree) AS in_subtree FROM categories WHERE slug = $1`,
    [parent, movingId],
  );
  if (!row) throw new NotFoundError('parent category', parent, 'list_categories names them all.');
  if (row.in_subtree) throw conflict('/parent', `A category cannot move under itself or one of its own subcategories ("${parent}").`);
  return row.id;
}

/** The old address now leads to `categoryId`; a slug taken (back) by a category no longer redirects. */
async function redirect(tx: Statements, oldSlug: string, categoryId: number, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO category_redirects (old_slug, category_id, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (old_slug) DO UPDATE SET category_id = EXCLUDED.category_id, created_at = EXCLUDED.created_at`,
    [oldSlug, categoryId, now.toISOString()],
  );
}
const dropRedirect = (tx: Statements, slug: string) => tx.query('DELETE FROM category_redirects WHERE old_slug = $1', [slug]);

const auditView = (row: { name: string; slug: string; description: string; parent_slug: string | null; keywords: string[] }) => ({
  name: row.name,
  slug: row.slug,
  description: row.description,
  parent: row.parent_slug,
  keywords: row.keywords,
});

/** Keywords as kept: trimmed, each once (whatever its case; as first written), in the order given. */
function keptKeywords(keywords: string[]): string[] {
  const seen = new Set<string>();
  return keywords.map((k) => k.trim()).filter((k) => !seen.has(k.toLowerCase()) && Boolean(seen.add(k.toLowerCase())));
}

async function answer(db: Database, slug: string, publicUrl: string): Promise<EditedCategory> {
  const { id: _id, ...detail } = (await findCategory(db, slug, publicUrl))!;
  return detail;
}

export interface CategoryFields {
  name?: string;
  slug?: string;
  description?: string;
  parent?: string | null;
  faqs?: Faq[];
  keywords?: string[];
}

/** A new category (slug from the name unless given), last among its siblings; recorded as category.create. */
export async function createCategory(db: Database, fields: CategoryFields & { name: string }, change: Change): Promise<EditedCategory> {
  const slug = await db.transaction(async (tx) => {
    const slug = fields.slug ?? slugify(fields.name, 'category');
    await refuseTaken(tx, { name: fields.name, slug }, null);
    const parent = fields.parent ? await parentId(tx, fields.parent, null) : null;
    await tx.query(
      `INSERT INTO categories (slug, name, description, parent_id, faqs, keywords, position)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6::text[],
               (SELECT coalesce(max(position) + 1, 0) FROM categories WHERE parent_id IS NOT DISTINCT FROM $4::int))`,
      [slug, fields.name, fields.description ?? '', parent, JSON.stringify(fields.faqs ?? []), keptKeywords(fields.keywords ?? [])],
    );
    await dropRedirect(tx, slug);
    await recordAudit(tx, {
      actor: change.actor,
      action: 'category.create',
      target: { type: 'category', id: slug },
      before: null,
      after: auditView({
        name: fields.name,
        slug,
        description: fields.description ?? '',
        parent_slug: fields.parent ?? null,
        keywords: keptKeywords(fields.keywords ?? []),
      }),
      at: change.now,
    });
    return slug;
  });
  return answer(db, slug, change.publicUrl);
}

/**
 * Renames, re-slugs (the old slug then redirects here), describes or moves a category; recorded as category.update.
 * 404 for an unknown category or parent, 409 for a taken name or slug or a move into its own subtree.
 */
export async function updateCategory(db: Database, slug: string, fields: CategoryFields, change: Change): Promise<EditedCategory> {
  const newSlug = await db.transaction(async (tx) => {
    const before = await lockedCategory(tx, slug);
    await refuseTaken(tx, { name: fields.name, slug: fields.slug }, before.id);
    const parent =
      fields.parent === undefined ? before.parent_id : fields.parent === null ? null : await parentId(tx, fields.parent, before.id);
    const after = {
      name: fields.name ?? before.name,
      slug: fields.slug ?? before.slug,
      description: fields.description ?? before.description,
      parent_slug: fields.parent === undefined ? before.parent_slug : fields.parent,
      keywords: fields.keywords === undefined ? before.keywords : keptKeywords(fields.keywords),
    };
    await tx.query(
      `UPDATE categories SET name = $2, slug = $3, description = $4, parent_id = $5, faqs = coalesce($6::jsonb, faqs), keywords = $7::text[]
       WHERE id = $1`,
      [
        before.id,
        after.name,
        after.slug,
        after.description,
        parent,
        fields.faqs === undefined ? null : JSON.stringify(fields.faqs),
        after.keywords,
      ],
    );
    if (after.slug !== before.slug) {
      await dropRedirect(tx, after.slug);
      await redirect(tx, before.slug, before.id, change.now);
    }
    await recordAudit(tx, {
      actor: change.actor,
      action: 'category.update',
      target: { type: 'category', id: before.slug },
      before: auditView(before),
      after: auditView(after),
      at: change.now,
    });
    return after.slug;
  });
  return answer(db, newSlug, change.publicUrl);
}

/**
 * Merges the category `slug` into `into`: its listings (primary category and extra links, without duplicates) and
 * subcategories move to the target, addresses that led to it lead to the target, and it is deleted; its slug then
 * redirects to the target. Recorded as category.merge. 404 for unknown slugs, 409 for merging into itself or into
 * one of its own subcategories.
 */
export async function mergeCategory(db: Database, slug: string, into: string, change: Change): Promise<MergedCategory> {
  const moved = await db.transaction(async (tx) => {
    if (slug === into) throw conflict('/into', 'A category cannot be merged into itself.');
    const merged = await lockedCategory(tx, slug);
    const target = await lockedCategory(tx, into, '/into');
    const [inside] = await tx.query(
      `WITH RECURSIVE subtree(id) AS (SELECT $1::int UNION SELECT c.id FROM categories c JOIN subtree s ON c.parent_id = s.id)
       SELECT 1 FROM subtree WHERE id = $2`,
      [merged.id, target.id],
    );
    if (inside) throw conflict('/into', `"${into}" is a subcategory of "${slug}": move it out first, or merge the other way.`);
    const [listings] = await tx.query<{ n: number }>(
      `SELECT count(DISTINCT id)::int AS n FROM (SELECT id FROM listings WHERE primary_category_id = $1
         UNION SELECT listing_id FROM listing_categories WHERE category_id = $1) moved`,
      [merged.id],
    );
    await tx.query('UPDATE listings SET primary_category_id = $2 WHERE primary_category_id = $1', [merged.id, target.id]);
    await tx.query(
      `INSERT INTO listing_categories (listing_id, category_id, is_primary)
       SELECT listing_id, $2, is_primary FROM listing_categories WHERE category_id = $1
       ON CONFLICT (listing_id, category_id) DO UPDATE SET is_primary = listing_categories.is_primary OR EXCLUDED.is_primary`,
      [merged.id, target.id],
    );
    await tx.query('DELETE FROM listing_categories WHERE category_id = $1', [merged.id]);
    const children = await tx.query('UPDATE categories SET parent_id = $2 WHERE parent_id = $1 RETURNING id', [merged.id, target.id]);
    await tx.query(
      `UPDATE categories SET keywords = ARRAY(SELECT DISTINCT k FROM unnest(keywords || (SELECT keywords FROM categories WHERE id = $1)) k)
       WHERE id = $2`,
      [merged.id, target.id],
    );
    await tx.query('UPDATE category_redirects SET category_id = $2 WHERE category_id = $1', [merged.id, target.id]);
    await tx.query('DELETE FROM categories WHERE id = $1', [merged.id]);
    await redirect(tx, merged.slug, target.id, change.now);
    await recordAudit(tx, {
      actor: change.actor,
      action: 'category.merge',
      target: { type: 'category', id: merged.slug },
      before: { ...auditView(merged), listings: listings!.n, subcategories: children.length },
      after: { into: target.slug },
      at: change.now,
    });
    return { listings: listings!.n, subcategories: children.length };
  });
  return {
    merged: slug,
    listings_moved: moved.listings,
    subcategories_moved: moved.subcategories,
    into: await answer(db, into, change.publicUrl),
  };
}

/** Every category, in tree order (a parent before its children), for the console's forms. */
export async function categoryChoices(db: Database): Promise<{ slug: string; name: string; depth: number; parent: string | null }[]> {
  return db.query(
    `WITH RECURSIVE tree(id, slug, name, parent, depth, path) AS (
       SELECT id, slug, name, NULL::text, 0, ARRAY[lpad(position::text, 9, '0') || '/' || name] FROM categories WHERE parent_id IS NULL
       UNION ALL
       SELECT c.id, c.slug, c.name, t.slug, t.depth + 1, t.path || (lpad(c.position::text, 9, '0') || '/' || c.name)
       FROM categories c JOIN tree t ON c.parent_id = t.id WHERE t.depth < 20
     )
     SELECT slug, name, depth, parent FROM tree ORDER BY path`,
  );
}

/** The old addresses that lead to each category (renamed or merged away). */
export async function categoryRedirects(db: Database): Promise<{ old_slug: string; slug: string }[]> {
  return db.query(
    `SELECT r.old_slug, c.slug FROM category_redirects r JOIN categories c ON c.id = r.category_id ORDER BY c.slug, r.old_slug`,
  );
}
