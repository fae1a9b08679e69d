import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../tools/get_category.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { callTool, callToolError, testServices, TEST_PUBLIC_URL, refusedPaths } from '../support/services.js';
import { insertCategory, insertListing, insertVotes } from '../support/fixtures.js';
import { expectContractUnchanged } from '../support/contract.js';

interface CategoryAnswer {
  slug: string;
  faqs: { question: string; answer: string }[];
  parent: { slug: string; name: string } | null;
  subcategories: { slug: string; live_count: number }[];
  live_count: number;
  url: string;
  listings: { items: { slug: string; votes: number }[]; page: number; per_page: number; total: number; has_more: boolean };
}

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

const get = async (input: Record<string, unknown>) => (await callTool(tool, testServices(t.db), input)) as unknown as CategoryAnswer;

describe('get_category', () => {
  it('returns the category with its FAQs, parent and subcategories with live counts', async () => {
    const parent = await insertCategory(t.db, { slug: 'detail-parent', name: 'Detail Parent' });
    const faqs = [{ question: 'What is it?', answer: 'A category.' }];
    const category = await insertCategory(t.db, { slug: 'detail', parent_id: parent, faqs, description: 'All about details' });
    const second = await insertCategory(t.db, { slug: 'detail-second', parent_id: category, position: 2 });
    const first = await insertCategory(t.db, { slug: 'detail-first', parent_id: category, position: 1 });
    await insertListing(t.db, { category_id: first });
    await insertListing(t.db, { category_id: first, extra_category_ids: [second], plan: 'paid' });
    await insertListing(t.db, { category_id: category, status: 'hidden' });

    const answer = await get({ slug: 'detail' });
    expect(answer).toMatchObject({
      slug: 'detail',
      description: 'All about details',
      url: `${TEST_PUBLIC_URL}/categories/detail`,
      faqs,
      parent: { slug: 'detail-parent', name: 'Detail Parent' },
      live_count: 2,
    });
    expect(answer.subcategories.map(({ slug, live_count }) => ({ slug, live_count }))).toEqual([
      { slug: 'detail-first', live_count: 2 },
      { slug: 'detail-second', live_count: 1 },
    ]);
    expect((await get({ slug: 'detail-parent' })).parent).toBeNull();
  });

  it('lists the live listings of the category and its subcategories, most voted first, each once', async () => {
    const category = await insertCategory(t.db, { slug: 'voted' });
    const child = await insertCategory(t.db, { slug: 'voted-child', parent_id: category });
    const elsewhere = await insertCategory(t.db, { slug: 'voted-elsewhere' });
    const few = await insertListing(t.db, { slug: 'voted-few', category_id: category });
    const many = await insertListing(t.db, { slug: 'voted-many', category_id: child, extra_category_ids: [category], plan: 'paid' });
    const extra = await insertListing(t.db, { slug: 'voted-extra', category_id: elsewhere, extra_category_ids: [child], plan: 'paid' });
    await insertListing(t.db, { slug: 'voted-upcoming', category_id: category, status: 'scheduled', launch_week: '2099-01-05' });
    await insertListing(t.db, { slug: 'voted-outside', category_id: elsewhere });
    await insertVotes(t.db, few, 1);
    await insertVotes(t.db, many, 5);
    await insertVotes(t.db, extra, 3);

    const { listings } = await get({ slug: 'voted' });
    expect(listings.items.map((l) => [l.slug, l.votes])).toEqual([
      ['voted-many', 5],
      ['voted-extra', 3],
      ['voted-few', 1],
    ]);
    expect(listings).toMatchObject({ page: 1, per_page: 20, total: 3, has_more: false });
  });

  it('pages the listings', async () => {
    const category = await insertCategory(t.db, { slug: 'paged' });
    for (let votes = 0; votes < 5; votes++) {
      await insertVotes(t.db, await insertListing(t.db, { slug: `paged-${votes}`, category_id: category }), votes);
    }
    const { listings } = await get({ slug: 'paged', page: 2, per_page: 2 });
    expect(listings.items.map((l) => l.slug)).toEqual(['paged-2', 'paged-1']);
    expect(listings).toMatchObject({ page: 2, per_page: 2, total: 5, has_more: true });
    const beyond = await get({ slug: 'paged', page: 4, per_page: 2 });
    expect(beyond.listings).toMatchObject({ items: [], total: 5, has_more: false });
  });

  it('answers 404 for an unknown category', async () => {
    const problem = await callToolError(tool, testServices(t.db), { slug: 'no-such-category' });
    expect(problem.status).toBe(404);
    expect(problem.code).toBe('not_found');
  });

  it.each([
    [{ slug: 'Not A Slug' }, '/slug'],
    [{ slug: 'voted', page: 0 }, '/page'],
    [{ slug: 'voted', page: 1001 }, '/page'],
    [{ slug: 'voted', per_page: 101 }, '/per_page'],
    [{ slug: 'voted', per_page: 1.5 }, '/per_page'],
    [{}, '/slug'],
  ])('refuses %j naming %s', async (input, path) => {
    expect(await refusedPaths(tool, input)).toEqual([path]);
  });

  it('refuses unknown parameters', async () => {
    expect(await refusedPaths(tool, { slug: 'voted', sort: 'new' })).toEqual(['/sort']);
  });

  it('keeps its public contract', async () => {
    await expectContractUnchanged(tool);
  });
});
