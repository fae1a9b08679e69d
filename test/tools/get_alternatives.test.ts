import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../tools/get_alternatives.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { callTool, callToolError, testServices, refusedPaths } from '../support/services.js';
import { insertCategory, insertListing, insertVotes } from '../support/fixtures.js';
import { expectContractUnchanged } from '../support/contract.js';

interface Page {
  items: { slug: string; approved: boolean }[];
  total: number;
  has_more: boolean;
}

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  const category = await insertCategory(t.db);
  const elsewhere = await insertCategory(t.db);
  const subject = await insertListing(t.db, { slug: 'subject', category_id: category });
  const listing = async (slug: string, category_id: number, votes: number, status: 'live' | 'hidden' = 'live') => {
    const id = await insertListing(t.db, { slug, category_id, status });
    await insertVotes(t.db, id, votes);
    return id;
  };
  const approvedElsewhere = await listing('approved-elsewhere', elsewhere, 1);
  const approvedSameCategory = await listing('approved-same-category', category, 5);
  const suggestedElsewhere = await listing('suggested-elsewhere', elsewhere, 50);
  const approvedHidden = await listing('approved-hidden', elsewhere, 9, 'hidden');
  await listing('popular-peer', category, 10);
  await listing('quiet-peer', category, 3);
  await listing('hidden-peer', category, 99, 'hidden');
  await t.db.query(
    `INSERT INTO alternatives (listing_id, alternative_id, approved)
     VALUES ($1, $2, true), ($1, $3, true), ($1, $4, false), ($1, $5, true)`,
    [subject, approvedElsewhere, approvedSameCategory, suggestedElsewhere, approvedHidden],
  );
  await insertListing(t.db, { slug: 'draft-subject', category_id: category, status: 'draft' });
});
afterAll(() => t.drop());

const alternatives = async (input: Record<string, unknown>) => (await callTool(tool, testServices(t.db), input)) as unknown as Page;

describe('get_alternatives', () => {
  it('lists approved alternatives first, then live listings of the same primary category, each most voted first', async () => {
    const page = await alternatives({ slug: 'subject' });
    expect(page.items.map((i) => [i.slug, i.approved])).toEqual([
      ['approved-same-category', true],
      ['approved-elsewhere', true],
      ['popular-peer', false],
      ['quiet-peer', false],
    ]);
    expect(page).toMatchObject({ total: 4, has_more: false });
  });

  it('pages through the alternatives', async () => {
    expect(await alternatives({ slug: 'subject', per_page: 3 })).toMatchObject({ total: 4, has_more: true });
    const second = await alternatives({ slug: 'subject', per_page: 3, page: 2 });
    expect(second.items.map((i) => i.slug)).toEqual(['quiet-peer']);
    expect(await alternatives({ slug: 'subject', per_page: 3, page: 3 })).toMatchObject({ items: [], total: 4, has_more: false });
  });

  it.each(['no-such-listing', 'draft-subject'])('answers 404 for %s', async (slug) => {
    const problem = await callToolError(tool, testServices(t.db), { slug });
    expect(problem).toMatchObject({ status: 404, code: 'not_found' });
  });

  it.each([
    [{ slug: 'Not_A_Slug' }, '/slug'],
    [{ slug: 'subject', per_page: 101 }, '/per_page'],
    [{ slug: 'subject', page: 0 }, '/page'],
    [{ slug: 'subject', category: 'x' }, '/category'],
  ])('answers 400 for %j', async (input, path) => {
    expect(await refusedPaths(tool, input)).toEqual([path]);
  });

  it('keeps its public contract', () => expectContractUnchanged(tool));
});
