import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../tools/list_founders.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { callTool, testServices, TEST_PUBLIC_URL, refusedPaths } from '../support/services.js';
import { insertCategory, insertFounder, insertListing, insertVotes, linkFounder } from '../support/fixtures.js';
import { expectContractUnchanged } from '../support/contract.js';

interface Item {
  slug: string;
  name: string;
  country: string | null;
  companies: { slug: string; name: string }[];
  profile_url: string;
}
interface Page {
  items: Item[];
  total: number;
  has_more: boolean;
  page: number;
  per_page: number;
}

let t: TestDatabase;
let category: number;
beforeAll(async () => {
  t = await createTestDatabase();
  category = await insertCategory(t.db);
});
afterAll(() => t.drop());

const list = async (input: Record<string, unknown>) => (await callTool(tool, testServices(t.db), input)) as unknown as Page;

/** A listing with the given status and votes, founded by the given founders. */
async function company(
  founders: number[],
  options: { status?: 'live' | 'scheduled' | 'hidden' | 'draft'; votes?: number; name?: string } = {},
) {
  const status = options.status ?? 'live';
  const id = await insertListing(t.db, {
    category_id: category,
    status,
    name: options.name,
    launch_week: status === 'scheduled' ? '2099-01-05' : null,
  });
  await insertVotes(t.db, id, options.votes ?? 0);
  for (const founder of founders) await linkFounder(t.db, id, founder);
  const row = await t.db.one<{ slug: string; name: string }>('SELECT slug, name FROM listings WHERE id = $1', [id]);
  return row!;
}

describe('list_founders', () => {
  it('lists only founders of live listings, each with their live companies only', async () => {
    const both = await insertFounder(t.db, { name: 'Ada Live', country: 'QA' });
    const upcomingOnly = await insertFounder(t.db, { name: 'Bo Upcoming', country: 'QA' });
    const hiddenOnly = await insertFounder(t.db, { name: 'Cy Hidden', country: 'QA' });
    await insertFounder(t.db, { name: 'Di Nothing', country: 'QA' });
    const live = await company([both], { votes: 2 });
    await company([both, upcomingOnly], { status: 'scheduled' });
    await company([both, hiddenOnly], { status: 'hidden' });

    const page = await list({ country: 'QA' });
    expect(page.items.map((f) => f.name)).toEqual(['Ada Live']);
    expect(page.items[0].companies).toEqual([{ slug: live.slug, name: live.name }]);
    expect(page.items[0].profile_url).toBe(`${TEST_PUBLIC_URL}/founders/${page.items[0].slug}`);
    expect(page.total).toBe(1);
  });

  it('puts founders of the most-voted company first, then by name, and lists companies most-voted first', async () => {
    const zed = await insertFounder(t.db, { name: 'Zed Top', country: 'QB' });
    const amy = await insertFounder(t.db, { name: 'Amy Mid', country: 'QB' });
    const bea = await insertFounder(t.db, { name: 'Bea Mid', country: 'QB' });
    const small = await company([zed], { votes: 1 });
    const big = await company([zed], { votes: 5 });
    await company([bea, amy], { votes: 3 });

    const page = await list({ country: 'QB' });
    expect(page.items.map((f) => f.name)).toEqual(['Zed Top', 'Amy Mid', 'Bea Mid']);
    expect(page.items[0].companies.map((c) => c.slug)).toEqual([big.slug, small.slug]);
  });

  it('finds founders by a case-insensitive part of the name or a misspelled name, closest first', async () => {
    const exact = await insertFounder(t.db, { name: 'Quentin Marlowe', country: 'QC' });
    const typo = await insertFounder(t.db, { name: 'Quentin Marlow-Hughes', country: 'QC' });
    const other = await insertFounder(t.db, { name: 'Someone Else', country: 'QC' });
    await company([exact, typo, other], { votes: 1 });

    expect((await list({ q: 'MARLOWE', country: 'QC' })).items.map((f) => f.name)).toEqual(['Quentin Marlowe', 'Quentin Marlow-Hughes']);
    expect((await list({ q: 'entin marl', country: 'QC' })).total).toBe(2);
    expect((await list({ q: 'Marlowee', country: 'QC' })).items[0]?.name).toBe('Quentin Marlowe');
    expect((await list({ q: 'Nobody Here', country: 'QC' })).items).toEqual([]);
  });

  it('treats LIKE wildcards in the query as plain characters', async () => {
    const founder = await insertFounder(t.db, { name: 'Percy 100% Real', country: 'QD' });
    const plain = await insertFounder(t.db, { name: 'Plain Person', country: 'QD' });
    await company([founder, plain]);
    expect((await list({ q: '%', country: 'QD' })).items.map((f) => f.name)).toEqual(['Percy 100% Real']);
    expect((await list({ q: '_', country: 'QD' })).items).toEqual([]);
  });

  it('filters by country, given in either case', async () => {
    const here = await insertFounder(t.db, { name: 'Here Founder', country: 'QE' });
    const there = await insertFounder(t.db, { name: 'There Founder', country: 'QF' });
    await company([here, there]);
    expect((await list({ country: 'qe' })).items.map((f) => [f.name, f.country])).toEqual([['Here Founder', 'QE']]);
  });

  it('pages through the founders', async () => {
    const founders = await Promise.all([1, 2, 3].map((n) => insertFounder(t.db, { name: `Pager ${n}`, country: 'QG' })));
    await company(founders);
    const first = await list({ country: 'QG', per_page: 2 });
    const second = await list({ country: 'QG', per_page: 2, page: 2 });
    expect(first).toMatchObject({ total: 3, has_more: true, page: 1, per_page: 2 });
    expect(second).toMatchObject({ total: 3, has_more: false, page: 2 });
    expect([...first.items, ...second.items].map((f) => f.name)).toEqual(['Pager 1', 'Pager 2', 'Pager 3']);
    expect(await list({ country: 'QG', page: 9 })).toMatchObject({ items: [], total: 3, has_more: false });
  });

  it.each([
    [{ page: 0 }, '/page'],
    [{ per_page: 101 }, '/per_page'],
    [{ q: 'x'.repeat(121) }, '/q'],
    [{ country: 'DEU' }, '/country'],
    [{ name: 'Ada' }, '/name'],
  ])('refuses %j', async (input, path) => {
    expect(await refusedPaths(tool, input)).toEqual([path]);
  });

  it('keeps its public contract', async () => {
    await expectContractUnchanged(tool);
  });
});
