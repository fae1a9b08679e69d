import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../tools/list_reviews.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { callTool, callToolError, refusedPaths, testServices } from '../support/services.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { makeAccount } from '../support/oauth.js';
import { expectContractUnchanged } from '../support/contract.js';
import { writeReview } from '../../src/community/reviews.js';

// Every rule of writing reviews: test/community/reviews.test.ts; the forms on the listing page: test/site/review-pages.test.ts.

interface Page {
  items: { rating: number; body: string; reviewer: string; counted: boolean; created_at: string; updated_at: string | null }[];
  total: number;
  has_more: boolean;
}

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  const category = await insertCategory(t.db);
  await insertListing(t.db, { slug: 'reviewed', category_id: category });
  await insertListing(t.db, { slug: 'draft-one', category_id: category, status: 'draft' });
  const write = async (rating: number, at: string, name?: string) => {
    const person = await makeAccount(t.db);
    if (name) await t.db.query('UPDATE accounts SET display_name = $2 WHERE id = $1', [person.id, name]);
    await writeReview(
      t.db,
      'reviewed',
      { ...person, emailVerified: true },
      { rating, body: `A ${rating}-star review, long enough to count.` },
      new Date(at),
    );
  };
  await write(3, '2026-01-01T10:00:00Z', 'Oldest Olga');
  await write(5, '2026-01-02T10:00:00Z');
  await write(4, '2026-01-03T10:00:00Z', 'Newest Nina');
}, 60_000);
afterAll(() => t.drop());

const reviews = async (input: Record<string, unknown>) => (await callTool(tool, testServices(t.db), input)) as unknown as Page;

describe('list_reviews', () => {
  it('lists the reviews newest first, with the rating, text, dates, display name and whether they count', async () => {
    const page = await reviews({ slug: 'reviewed' });
    expect(page.items.map((r) => r.rating)).toEqual([4, 5, 3]);
    expect(page.items[0]).toEqual({
      id: expect.any(Number),
      rating: 4,
      body: 'A 4-star review, long enough to count.',
      created_at: '2026-01-03T10:00:00.000Z',
      updated_at: null,
      reviewer: 'Newest Nina',
      counted: true,
    });
    expect(page.items[1].reviewer).toMatch(/^Member [0-9A-F]{6}$/);
    expect(page).toMatchObject({ total: 3, has_more: false });
  });

  it('orders by rating, and pages', async () => {
    expect((await reviews({ slug: 'reviewed', order: 'highest' })).items.map((r) => r.rating)).toEqual([5, 4, 3]);
    const first = await reviews({ slug: 'reviewed', order: 'highest', per_page: 2 });
    expect(first).toMatchObject({ total: 3, has_more: true });
    const second = await reviews({ slug: 'reviewed', order: 'highest', per_page: 2, page: 2 });
    expect(second.items.map((r) => r.reviewer)).toEqual(['Oldest Olga']);
    expect(second).toMatchObject({ total: 3, has_more: false });
  });

  it.each(['no-such-listing', 'draft-one'])('answers 404 for %s', async (slug) => {
    expect(await callToolError(tool, testServices(t.db), { slug })).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('refuses bad input, naming each bad field', async () => {
    expect(await refusedPaths(tool, { slug: 'Not_A_Slug' })).toEqual(['/slug']);
    expect(await refusedPaths(tool, { slug: 'reviewed', order: 'oldest' })).toEqual(['/order']);
    expect(await refusedPaths(tool, { slug: 'reviewed', page: 0, per_page: 101 })).toEqual(['/page', '/per_page']);
    expect(await refusedPaths(tool, { slug: 'reviewed', rating: 5 })).toEqual(['/rating']);
  });

  it('keeps its public contract', () => expectContractUnchanged(tool));
});
