import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../tools/list_blog_posts.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { callTool, testServices, TEST_PUBLIC_URL, refusedPaths } from '../support/services.js';
import { expectContractUnchanged } from '../support/contract.js';

interface Item {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  tags: string[];
  published_at: string;
  url: string;
}
interface Page {
  items: Item[];
  total: number;
  has_more: boolean;
}

const NOW = new Date('2026-05-01T12:00:00Z');

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

const list = async (input: Record<string, unknown>) =>
  (await callTool(
    tool,
    testServices(t.db, () => NOW),
    input,
  )) as unknown as Page;

async function insertPost(fields: {
  slug: string;
  title?: string;
  excerpt?: string;
  body?: string;
  tags?: string[];
  status?: 'draft' | 'published';
  published_at: string | null;
}) {
  await t.db.query(
    `INSERT INTO blog_posts (slug, title, excerpt, body_markdown, author_name, tags, status, published_at)
     VALUES ($1, $2, $3, $4, 'Test Author', $5::text[], $6, $7::timestamptz)`,
    [
      fields.slug,
      fields.title ?? fields.slug,
      fields.excerpt ?? '',
      fields.body ?? 'Plain text.',
      fields.tags ?? [],
      fields.status ?? 'published',
      fields.published_at,
    ],
  );
}

describe('list_blog_posts', () => {
  it('lists published posts newest first, leaving out drafts and posts scheduled for later', async () => {
    await insertPost({
      slug: 'news-old',
      title: 'Old news',
      excerpt: 'From before.',
      tags: ['news'],
      published_at: '2026-01-10T08:00:00Z',
    });
    await insertPost({ slug: 'news-new', published_at: '2026-04-30T08:00:00Z' });
    await insertPost({ slug: 'news-now', published_at: NOW.toISOString() });
    await insertPost({ slug: 'news-draft', status: 'draft', published_at: '2026-02-01T08:00:00Z' });
    await insertPost({ slug: 'news-undated', published_at: null });
    await insertPost({ slug: 'news-tomorrow', published_at: '2026-05-02T08:00:00Z' });

    const page = await list({ per_page: 100 });
    const news = page.items.filter((p) => p.slug.startsWith('news-'));
    expect(news.map((p) => p.slug)).toEqual(['news-now', 'news-new', 'news-old']);
    expect(news[2]).toEqual({
      slug: 'news-old',
      title: 'Old news',
      excerpt: 'From before.',
      author: 'Test Author',
      tags: ['news'],
      published_at: '2026-01-10T08:00:00.000Z',
      url: `${TEST_PUBLIC_URL}/blog/news-old`,
    });
    expect(page.items.map((p) => p.slug)).not.toContain('news-draft');
  });

  it('finds posts by the words of their title, excerpt, tags or text, the best match first', async () => {
    await insertPost({
      slug: 'kayak-body',
      title: 'Bay notes',
      body: 'Some notes on paddling a kayak across the bay.',
      published_at: '2026-04-01T00:00:00Z',
    });
    await insertPost({ slug: 'kayak-title', title: 'Kayaks for founders', published_at: '2026-03-01T00:00:00Z' });
    await insertPost({ slug: 'kayak-tag', title: 'Weekend plans', tags: ['kayaking'], published_at: '2026-02-01T00:00:00Z' });
    await insertPost({ slug: 'kayak-draft', title: 'Kayak draft', status: 'draft', published_at: '2026-02-01T00:00:00Z' });
    await insertPost({ slug: 'canoe-only', body: 'Canoes are different.', published_at: '2026-04-02T00:00:00Z' });

    const found = await list({ q: 'kayak' });
    expect(found.items[0].slug).toBe('kayak-title');
    expect(found.items.map((p) => p.slug).sort()).toEqual(['kayak-body', 'kayak-tag', 'kayak-title']);
    expect(found.total).toBe(3);
    expect((await list({ q: '"paddling a kayak"' })).items.map((p) => p.slug)).toEqual(['kayak-body']);
    expect((await list({ q: 'kayak -paddling' })).items.map((p) => p.slug).sort()).toEqual(['kayak-tag', 'kayak-title']);
  });

  it('also finds a post whose title contains the query as typed, with LIKE wildcards taken literally', async () => {
    await insertPost({ slug: 'percent-post', title: 'Growing 100% in Q3', published_at: '2026-04-01T00:00:00Z' });
    expect((await list({ q: '100%' })).items.map((p) => p.slug)).toEqual(['percent-post']);
    expect((await list({ q: 'Growi' })).items.map((p) => p.slug)).toEqual(['percent-post']);
    expect((await list({ q: '_' })).items).toEqual([]);
  });

  it('pages through the posts', async () => {
    for (const n of [1, 2, 3]) await insertPost({ slug: `zebra-${n}`, title: `Zebra ${n}`, published_at: `2026-03-0${n}T00:00:00Z` });
    const first = await list({ q: 'zebra', per_page: 2 });
    const second = await list({ q: 'zebra', per_page: 2, page: 2 });
    expect(first).toMatchObject({ total: 3, has_more: true });
    expect(second).toMatchObject({ total: 3, has_more: false });
    expect(new Set([...first.items, ...second.items].map((p) => p.slug))).toEqual(new Set(['zebra-1', 'zebra-2', 'zebra-3']));
  });

  it.each([
    [{ page: 0 }, '/page'],
    [{ per_page: 101 }, '/per_page'],
    [{ q: 'x'.repeat(201) }, '/q'],
    [{ q: 7 }, '/q'],
    [{ tag: 'news' }, '/tag'],
  ])('refuses %j', async (input, path) => {
    expect(await refusedPaths(tool, input)).toEqual([path]);
  });

  it('keeps its public contract', async () => {
    await expectContractUnchanged(tool);
  });
});
