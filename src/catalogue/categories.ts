/**
 * The category tree. A listing belongs to a category through its primary category or one of its extra
 * categories (listing_categories holds both), and to every ancestor of those: a category shows the live
 * listings of its whole subtree, each counted once.
 */
import type { Database, Statements } from '../db/database.js';
import { ValidationError } from '../errors.js';
import { z } from 'zod';
import { categoryRef, type ListingSummary } from '../schema.js';
import { findSummaryPage, toSummary } from './listing-summary.js';

/** A node of the category tree, as list_categories answers it (the published schema and the type in one). */
export const categoryNode = z
  .object({
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    live_count: z
      .number()
      .int()
      .describe('Live listings in this category or any subcategory (primary or extra category), each counted once'),
    url: z.string().describe('The public page of the category on this site'),
    get subcategories(): z.ZodArray<typeof categoryNode> {
      return z.array(categoryNode).describe('Child categories, ordered like their parent level');
    },
  })
  .meta({ id: 'CategoryNode' });
export type CategoryNode = z.infer<typeof categoryNode>;

/** A category as get_category describes it (its listings are paged apart). */
export const categoryDetail = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  url: z.string().describe('The public page of the category on this site'),
  faqs: z.array(z.object({ question: z.string(), answer: z.string() })),
  keywords: z.array(z.string()).describe('Other words for this kind of product ("expense tracking"); search finds its listings by them'),
  parent: categoryRef.nullable().describe('The parent category; null for a top-level category'),
  subcategories: z.array(z.object({ slug: z.string(), name: z.string(), live_count: z.number().int(), url: z.string() })),
  live_count: z.number().int().describe('Live listings in this category or any subcategory, each counted once'),
});
export type CategoryDetail = z.infer<typeof categoryDetail>;

interface CategoryRow {
  [key: string]: unknown;
  id: number;
  parent_id: number | null;
  slug: string;
  name: string;
  description: string;
  live_count: number;
}

/** The public page of a category on this site. */
const categoryUrl = (publicUrl: string, slug: string) => `${publicUrl}/categories/${slug}`;

/** The path of a category's Atom feed of its latest launches (src/site/feeds.ts). */
export const categoryFeedPath = (slug: string) => `/feeds/categories/${slug}.xml`;

/**
 * A SELECT of the ids of the category meeting `root` (a condition on `categories`, e.g. 'slug = $1') and of
 * all its subcategories at any depth. UNION ends the walk even if parent links were ever to form a loop.
 */
function subtreeIds(root: string): string {
  return `WITH RECURSIVE tree(id) AS (
       SELECT id FROM categories WHERE ${root}
       UNION
       SELECT c.id FROM categories c JOIN tree t ON c.parent_id = t.id
     )
     SELECT id FROM tree`;
}

/**
 * Condition on `categories` (unqualified or aliased by `alias`): the category whose slug is the parameter
 * `slugParam`, or, when none has it, the category an old slug of a renamed or merged category leads to.
 */
function bySlug(slugParam: string, alias = ''): string {
  const column = alias ? `${alias}.id` : 'id';
  return `${column} = coalesce((SELECT s.id FROM categories s WHERE s.slug = ${slugParam}),
    (SELECT r.category_id FROM category_redirects r WHERE r.old_slug = ${slugParam}))`;
}

/**
 * The ids of a category and of all its subcategories at any depth; null when no category has the slug. An old
 * slug (of a renamed or merged category) names the category it leads to.
 */
export async function categoryWithDescendants(db: Database, slug: string): Promise<number[] | null> {
  const row = await db.one<{ ids: number[] | null }>(`SELECT array_agg(id) AS ids FROM (${subtreeIds(bySlug('$1'))}) subtree`, [slug]);
  return row?.ids ?? null;
}

/**
 * Predicate on `l.id`: the listing is in one of the categories whose ids are the parameter `idsParam`
 * (e.g. '$1', an int[]), as its primary or an extra category.
 */
export function inCategories(idsParam: string): string {
  return `l.id IN (SELECT lc.listing_id FROM listing_categories lc WHERE lc.category_id = ANY(${idsParam}::int[]))`;
}

/** Predicate on `l.id`: the listing is in the category whose id is the parameter `idParam`, or in a subcategory. */
export function inCategorySubtree(idParam: string): string {
  return `l.id IN (SELECT lc.listing_id FROM listing_categories lc WHERE lc.category_id IN (${subtreeIds(`id = ${idParam}::int`)}))`;
}

/**
 * The categories matching `where` (a condition on `categories c`) with their live counts, ordered by
 * position then name. UNION (not UNION ALL) ends the walk even if parent links were ever to form a loop.
 */
function categoriesWithCounts(db: Database, where: string, params: readonly unknown[] = []): Promise<CategoryRow[]> {
  return db.query<CategoryRow>(
    `WITH RECURSIVE subtree(root_id, id) AS (
       SELECT c.id, c.id FROM categories c WHERE ${where}
       UNION
       SELECT s.root_id, c.id FROM subtree s JOIN categories c ON c.parent_id = s.id
     ),
     counts AS (
       SELECT s.root_id, count(DISTINCT l.id)::int AS live_count
       FROM subtree s
       JOIN listing_categories lc ON lc.category_id = s.id
       JOIN listings l ON l.id = lc.listing_id AND l.status = 'live'
       GROUP BY s.root_id
     )
     SELECT c.id, c.parent_id, c.slug, c.name, c.description, coalesce(n.live_count, 0) AS live_count
     FROM categories c LEFT JOIN counts n ON n.root_id = c.id
     WHERE ${where}
     ORDER BY c.position, c.name`,
    params,
  );
}

/** The whole tree, top-level categories first; without `includeEmpty`, nodes with no live listing are left out. */
export async function categoryTree(db: Database, publicUrl: string, includeEmpty: boolean): Promise<CategoryNode[]> {
  const rows = await categoriesWithCounts(db, 'true');
  const children = new Map<number | null, CategoryRow[]>();
  for (const row of rows) {
    if (!includeEmpty && row.live_count === 0) continue;
    children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row]);
  }
  const build = (row: CategoryRow): CategoryNode => ({
    slug: row.slug,
    name: row.name,
    description: row.description,
    live_count: row.live_count,
    url: categoryUrl(publicUrl, row.slug),
    subcategories: (children.get(row.id) ?? []).map(build),
  });
  return (children.get(null) ?? []).map(build);
}

/** How many live listings the directory has (each once, whatever its categories). */
export async function countLiveListings(db: Database): Promise<number> {
  const row = await db.one<{ total: number }>(`SELECT count(*)::int AS total FROM listings WHERE status = 'live'`);
  return row?.total ?? 0;
}

/**
 * A category with its parent and direct subcategories, or undefined for an unknown slug. An old slug (of a renamed
 * or merged category) answers the category it leads to, whose `slug` is the current one.
 */
export async function findCategory(db: Database, slug: string, publicUrl: string): Promise<(CategoryDetail & { id: number }) | undefined> {
  const category = await db.one<{
    id: number;
    slug: string;
    name: string;
    description: string;
    faqs: CategoryDetail['faqs'];
    keywords: string[];
    parent_slug: string | null;
    parent_name: string | null;
  }>(
    `SELECT c.id, c.slug, c.name, c.description, c.faqs, c.keywords, p.slug AS parent_slug, p.name AS parent_name
     FROM categories c LEFT JOIN categories p ON p.id = c.parent_id
     WHERE ${bySlug('$1', 'c')}`,
    [slug],
  );
  if (!category) return undefined;
  const counted = await categoriesWithCounts(db, 'c.id = $1 OR c.parent_id = $1', [category.id]);
  return {
    id: category.id,
    slug: category.slug,
    name: category.name,
    description: category.description,
    url: categoryUrl(publicUrl, category.slug),
    faqs: category.faqs.map(({ question, answer }) => ({ question, answer })),
    keywords: category.keywords,
    parent: category.parent_slug === null ? null : { slug: category.parent_slug, name: category.parent_name! },
    subcategories: counted
      .filter((row) => row.id !== category.id)
      .map((row) => ({ slug: row.slug, name: row.name, live_count: row.live_count, url: categoryUrl(publicUrl, row.slug) })),
    live_count: counted.find((row) => row.id === category.id)?.live_count ?? 0,
  };
}

/** Live listings of a category and its subcategories, most voted first. */
export async function categoryListings(
  db: Database,
  categoryId: number,
  paging: { page: number; per_page: number },
  publicUrl: string,
): Promise<{ items: ListingSummary[]; total: number }> {
  const { rows, total } = await findSummaryPage(
    db,
    {
      where: `l.status = 'live' AND ${inCategorySubtree('$1')}`,
      orderBy: 'l.votes_count DESC, l.launched_at DESC NULLS LAST, l.id',
      params: [categoryId],
    },
    paging,
  );
  return { items: rows.map((row) => toSummary(row, publicUrl)), total };
}

/** Each category named by its name (any case) or its slug, as the directory spells it; undefined for an unknown one. */
export async function findCategories(
  db: Statements,
  refs: readonly string[],
): Promise<({ id: number; slug: string; name: string } | undefined)[]> {
  const lowered = refs.map((ref) => ref.trim().toLowerCase());
  const rows = await db.query<{ id: number; slug: string; name: string }>(
    'SELECT id, slug, name FROM categories WHERE lower(name) = ANY($1::text[]) OR slug = ANY($1::text[])',
    [lowered],
  );
  return lowered.map((ref) => rows.find((row) => row.slug === ref) ?? rows.find((row) => row.name.toLowerCase() === ref));
}

/** Category names as the directory spells them, from names or slugs; an unknown one is a 400 naming its position. */
export async function canonicalCategoryNames(db: Statements, refs: string[]): Promise<string[]> {
  const found = await findCategories(db, refs);
  const unknown = refs.map((ref, index) => ({ ref, index })).filter(({ index }) => !found[index]);
  if (unknown.length > 0) {
    throw new ValidationError(
      unknown.map(({ ref, index }) => ({
        path: `/fields/categories/${index}`,
        message: `Unknown category "${ref}"; use a name or slug from list_categories`,
      })),
    );
  }
  return [...new Set(found.map((category) => category!.name))];
}
