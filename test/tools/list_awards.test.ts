import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../tools/list_awards.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { callTool, callToolError, testServices, refusedPaths } from '../support/services.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { expectContractUnchanged } from '../support/contract.js';

interface AwardsAnswer {
  items: { week: string; rank: number; title: string; votes: number; listing: { slug: string } }[];
  page: number;
  per_page: number;
  total: number;
  has_more: boolean;
}

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  const category = await insertCategory(t.db);
  const add = (slug: string, status: 'live' | 'hidden' = 'live') => insertListing(t.db, { slug, category_id: category, status });
  const award = (week: string, rank: number, listingId: number, votes: number) =>
    t.db.query('INSERT INTO awards (week, rank, listing_id, votes) VALUES ($1, $2, $3, $4)', [week, rank, listingId, votes]);
  const [alpha, beta, gamma, hidden] = [await add('alpha'), await add('beta'), await add('gamma'), await add('hidden-one', 'hidden')];
  await award('2026-11-02', 2, beta, 30);
  await award('2026-11-02', 1, alpha, 42);
  await award('2026-11-09', 3, gamma, 12);
  await award('2026-11-09', 1, alpha, 50);
  await award('2026-11-09', 2, hidden, 20);
});
afterAll(() => t.drop());

/** A Wednesday of the week after 2026-11-09's (so "last" is that week). */
const NOW = new Date('2026-11-18T12:00:00Z');
const list = async (input: Record<string, unknown> = {}) =>
  (await callTool(
    tool,
    testServices(t.db, () => NOW),
    input,
  )) as unknown as AwardsAnswer;

describe('list_awards', () => {
  it('lists awards of live listings, newest week first, then by rank', async () => {
    const answer = await list();
    expect(answer.items.map((a) => [a.week, a.rank, a.listing.slug, a.votes])).toEqual([
      ['2026-11-09', 1, 'alpha', 50],
      ['2026-11-09', 3, 'gamma', 12],
      ['2026-11-02', 1, 'alpha', 42],
      ['2026-11-02', 2, 'beta', 30],
    ]);
    expect(answer.items.map((a) => a.title)).toEqual([
      'Launch of the Week #1',
      'Launch of the Week #3',
      'Launch of the Week #1',
      'Launch of the Week #2',
    ]);
    expect(answer).toMatchObject({ page: 1, per_page: 20, total: 4, has_more: false });
  });

  it('filters by listing', async () => {
    const answer = await list({ listing: 'alpha' });
    expect(answer.items.map((a) => [a.week, a.rank])).toEqual([
      ['2026-11-09', 1],
      ['2026-11-02', 1],
    ]);
    expect(answer.total).toBe(2);
  });

  it("filters by rank: rank 1 is the Hall of Fame, every week's #1; each award links its proof", async () => {
    const answer = (await list({ rank: 1 })) as AwardsAnswer & { items: { proof_url: string }[] };
    expect(answer.items.map((a) => [a.week, a.rank, a.listing.slug])).toEqual([
      ['2026-11-09', 1, 'alpha'],
      ['2026-11-02', 1, 'alpha'],
    ]);
    expect(answer.items[0]!.proof_url).toMatch(/\/awards\/2026-11-09\/1\.jwt$/);
    expect((await list({ rank: 2, listing: 'beta' })).items.map((a) => a.week)).toEqual(['2026-11-02']);
    expect(await refusedPaths(tool, { rank: 4 })).toEqual(['/rank']);
  });

  it('gives an empty page for a listing without awards, unknown or not public', async () => {
    for (const slug of ['no-such-listing', 'hidden-one']) {
      expect(await list({ listing: slug })).toEqual({ items: [], page: 1, per_page: 20, total: 0, has_more: false });
    }
  });

  it('pages', async () => {
    const answer = await list({ page: 2, per_page: 3 });
    expect(answer.items.map((a) => [a.week, a.listing.slug])).toEqual([['2026-11-02', 'beta']]);
    expect(answer).toMatchObject({ page: 2, per_page: 3, total: 4, has_more: false });
    expect((await list({ page: 1, per_page: 3 })).has_more).toBe(true);
  });

  it.each([
    [{ listing: 'Alpha!' }, '/listing'],
    [{ page: 0 }, '/page'],
    [{ per_page: 101 }, '/per_page'],
    [{ per_page: 'ten' }, '/per_page'],
  ])('refuses %j naming %s', async (input, path) => {
    expect(await refusedPaths(tool, input)).toEqual([path]);
  });

  it('refuses unknown parameters', async () => {
    expect(await refusedPaths(tool, { proof: true })).toEqual(['/proof']);
  });

  it('filters by week: its Monday, any date of it or last; combined with the other filters', async () => {
    const weeks = async (input: Record<string, unknown>) => (await list(input)).items.map((a) => [a.week, a.rank, a.listing.slug]);
    const week = [
      ['2026-11-09', 1, 'alpha'],
      ['2026-11-09', 3, 'gamma'],
    ];
    expect(await weeks({ week: '2026-11-09' })).toEqual(week);
    expect(await weeks({ week: '2026-11-15' })).toEqual(week); // the Sunday: the same week
    expect(await weeks({ week: 'last' })).toEqual(week);
    expect((await list({ week: '2026-11-09' })).total).toBe(2);
    expect(await weeks({ week: '2026-11-02', listing: 'beta' })).toEqual([['2026-11-02', 2, 'beta']]);
    expect(await weeks({ week: '2026-11-02', rank: 1 })).toEqual([['2026-11-02', 1, 'alpha']]);
    expect(await list({ week: 'this' })).toEqual({ items: [], page: 1, per_page: 20, total: 0, has_more: false });
    expect(await list({ week: '2026-10-26' })).toEqual({ items: [], page: 1, per_page: 20, total: 0, has_more: false });
  });

  it('gives proof_url and no proof unless include_proof is true; the proof states the award', async () => {
    const [plain] = (await list({ week: '2026-11-09', rank: 1 })).items as (AwardsAnswer['items'][number] & Record<string, unknown>)[];
    expect(plain).not.toHaveProperty('proof');
    expect(plain!.proof_url).toMatch(/\/awards\/2026-11-09\/1\.jwt$/);
    const [proved] = (await list({ week: '2026-11-09', rank: 1, include_proof: true })).items as (AwardsAnswer['items'][number] & {
      proof: string;
      proof_url: string;
    })[];
    expect(proved!.proof_url).toBe(plain!.proof_url);
    const payload = JSON.parse(Buffer.from(proved!.proof.split('.')[1]!, 'base64url').toString());
    expect(payload).toMatchObject({ award: { week: '2026-11-09', rank: 1, votes: 50 }, listing: { slug: 'alpha' } });
    expect((await list({ include_proof: false })).items.every((a) => !('proof' in a))).toBe(true);
    expect(await refusedPaths(tool, { include_proof: 'yes' })).toEqual(['/include_proof']);
  });

  it.each(['2026-11-31', '2026-02-29', '0000-01-06', '2026-1-9', '20261109', 'Last', 'tomorrow', '2026-11-090', '', 9])(
    'refuses week %j with a 400 naming /week and the accepted form',
    async (week) => {
      const problem = await callToolError(
        tool,
        testServices(t.db, () => NOW),
        { week },
      );
      expect(problem.status).toBe(400);
      expect(new Set(problem.errors?.map((e) => e.path))).toEqual(new Set(['/week']));
      if (typeof week === 'string' && week.length <= 10) {
        expect(problem.errors?.[0]?.message).toBe('Must be this, next, last or a date YYYY-MM-DD');
      }
    },
  );

  it('keeps its public contract', async () => {
    await expectContractUnchanged(tool);
  });
});
