import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../tools/list_categories.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { callTool, testServices, TEST_PUBLIC_URL, refusedPaths } from '../support/services.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { expectContractUnchanged } from '../support/contract.js';

interface Node {
  slug: string;
  name: string;
  live_count: number;
  url: string;
  subcategories: Node[];
}

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

const list = async (input: Record<string, unknown> = {}) =>
  (await callTool(tool, testServices(t.db), input)) as { items: Node[]; total_live_listings: number };

function find(nodes: Node[], slug: string): Node | undefined {
  for (const node of nodes) {
    if (node.slug === slug) return node;
    const inner = find(node.subcategories, slug);
    if (inner) return inner;
  }
  return undefined;
}

describe('list_categories', () => {
  it('nests subcategories under their parent and orders each level by position, then name', async () => {
    const root = await insertCategory(t.db, { slug: 'tree-root', position: -10 });
    await insertCategory(t.db, { slug: 'tree-b', name: 'Tree B', parent_id: root, position: 1 });
    await insertCategory(t.db, { slug: 'tree-c', name: 'Tree C', parent_id: root, position: 0 });
    const a = await insertCategory(t.db, { slug: 'tree-a', name: 'Tree A', parent_id: root, position: 1 });
    await insertCategory(t.db, { slug: 'tree-a-deep', parent_id: a });

    const { items } = await list();
    expect(items[0].slug).toBe('tree-root');
    expect(items[0].subcategories.map((c) => c.slug)).toEqual(['tree-c', 'tree-a', 'tree-b']);
    expect(items[0].subcategories[1].subcategories.map((c) => c.slug)).toEqual(['tree-a-deep']);
    expect(items[0].url).toBe(`${TEST_PUBLIC_URL}/categories/tree-root`);
    expect(items.some((c) => c.slug === 'tree-a')).toBe(false);
  });

  it('counts live listings of the whole subtree through primary and extra categories, each once', async () => {
    const parent = await insertCategory(t.db, { slug: 'count-parent' });
    const left = await insertCategory(t.db, { slug: 'count-left', parent_id: parent });
    const right = await insertCategory(t.db, { slug: 'count-right', parent_id: parent });
    await insertListing(t.db, { category_id: left, extra_category_ids: [right, parent], plan: 'paid' });
    await insertListing(t.db, { category_id: right });
    await insertListing(t.db, { category_id: left, status: 'scheduled', launch_week: '2099-01-05' });
    await insertListing(t.db, { category_id: right, status: 'hidden' });
    const other = await insertCategory(t.db, { slug: 'count-other' });
    await insertListing(t.db, { category_id: other, extra_category_ids: [left], plan: 'paid' });

    const { items } = await list();
    expect(find(items, 'count-parent')?.live_count).toBe(3);
    expect(find(items, 'count-left')?.live_count).toBe(2);
    expect(find(items, 'count-right')?.live_count).toBe(2);
    expect(find(items, 'count-other')?.live_count).toBe(1);
  });

  it('leaves out categories without live listings, with their subtrees, when include_empty is false', async () => {
    const full = await insertCategory(t.db, { slug: 'empty-test-full' });
    const fullChild = await insertCategory(t.db, { slug: 'empty-test-full-child', parent_id: full });
    await insertCategory(t.db, { slug: 'empty-test-full-empty-child', parent_id: full });
    const empty = await insertCategory(t.db, { slug: 'empty-test-empty' });
    await insertCategory(t.db, { slug: 'empty-test-empty-child', parent_id: empty });
    await insertListing(t.db, { category_id: fullChild });
    await insertListing(t.db, { category_id: empty, status: 'scheduled', launch_week: '2099-01-05' });

    const all = await list();
    expect(find(all.items, 'empty-test-empty-child')).toBeDefined();
    const nonEmpty = await list({ include_empty: false });
    expect(find(nonEmpty.items, 'empty-test-full')?.subcategories.map((c) => c.slug)).toEqual(['empty-test-full-child']);
    expect(find(nonEmpty.items, 'empty-test-empty')).toBeUndefined();
    expect(find(nonEmpty.items, 'empty-test-empty-child')).toBeUndefined();
    const stack = [...nonEmpty.items];
    for (let node = stack.pop(); node; node = stack.pop()) {
      expect(node.live_count).toBeGreaterThan(0);
      stack.push(...node.subcategories);
    }
  });

  it('counts the live listings of the directory once each', async () => {
    const before = await list();
    const a = await insertCategory(t.db);
    const b = await insertCategory(t.db);
    await insertListing(t.db, { category_id: a, extra_category_ids: [b], plan: 'paid' });
    await insertListing(t.db, { category_id: b, status: 'hidden' });
    const after = await list();
    expect(after.total_live_listings - before.total_live_listings).toBe(1);
  });

  it('refuses a non-boolean include_empty and unknown parameters', async () => {
    expect(await refusedPaths(tool, { include_empty: 'yes' })).toEqual(['/include_empty']);
    expect(await refusedPaths(tool, { depth: 2 })).toEqual(['/depth']);
  });

  it('keeps its public contract', async () => {
    await expectContractUnchanged(tool);
  });
});
