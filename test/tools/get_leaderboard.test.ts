import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../tools/get_leaderboard.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { callTool, callToolError, testServices, refusedPaths } from '../support/services.js';
import { insertCategory, insertListing, insertVotes } from '../support/fixtures.js';
import { expectContractUnchanged } from '../support/contract.js';

interface BoardAnswer {
  board: {
    slug: string;
    paid_ranking: boolean;
    disclosure?: string;
    week?: { start: string; end: string; label: string; time_zone: string };
  };
  items: { rank: number; listing: { slug: string }; metric: Record<string, unknown> & { value: number; paid: boolean } }[];
  page: number;
  per_page: number;
  total: number;
  has_more: boolean;
}

/** Wednesday 2026-11-18, 12:00 UTC: the launch week of Monday 2026-11-16. */
const NOW = new Date('2026-11-18T12:00:00Z');

let t: TestDatabase;
let category: number;
beforeAll(async () => {
  t = await createTestDatabase();
  category = await insertCategory(t.db);
});
afterAll(() => t.drop());

const board = async (input: Record<string, unknown>) =>
  (await callTool(
    tool,
    testServices(t.db, () => NOW),
    input,
  )) as unknown as BoardAnswer;
const listing = (slug: string, status: 'live' | 'hidden' = 'live') => insertListing(t.db, { slug, category_id: category, status });
/** [rank, slug, metric value] of the items whose slug starts with the prefix. */
const rows = (answer: BoardAnswer, prefix: string) =>
  answer.items.filter((i) => i.listing.slug.startsWith(prefix)).map((i) => [i.rank, i.listing.slug, i.metric.value]);

describe('get_leaderboard', () => {
  describe('community-weekly', () => {
    beforeAll(async () => {
      const both = await listing('weekly-both');
      await insertVotes(t.db, both, 3, new Date('2026-11-17T10:00:00Z'));
      await insertVotes(t.db, both, 6, new Date('2026-11-10T10:00:00Z'));
      await insertVotes(t.db, await listing('weekly-this'), 5, new Date('2026-11-22T23:59:00Z'));
      await insertVotes(t.db, await listing('weekly-sunday-night'), 2, new Date('2026-11-15T23:30:00Z'));
      await insertVotes(t.db, await listing('weekly-hidden', 'hidden'), 9, new Date('2026-11-17T10:00:00Z'));
    });

    it('ranks live listings by the votes cast during the current week (the default)', async () => {
      const answer = await board({ board: 'community-weekly' });
      expect(answer.board).toMatchObject({
        slug: 'community-weekly',
        paid_ranking: false,
        week: { start: '2026-11-16', end: '2026-11-22', label: 'Week 47, 2026', time_zone: 'UTC' },
      });
      expect(rows(answer, 'weekly-')).toEqual([
        [1, 'weekly-this', 5],
        [2, 'weekly-both', 3],
      ]);
      expect(answer.items[0].metric).toEqual({ name: 'week_votes', value: 5, unit: 'votes', paid: false });
    });

    it('pages with continuing ranks and the total of live listings, also past the last page', async () => {
      const second = await board({ board: 'community-weekly', per_page: 1, page: 2 });
      expect(rows(second, 'weekly-')).toEqual([[2, 'weekly-both', 3]]);
      expect(second).toMatchObject({ total: 2, has_more: false });
      const past = await board({ board: 'community-weekly', per_page: 1, page: 5 });
      expect(past).toMatchObject({ items: [], total: 2, has_more: false });
    });

    it('reads last week, or the week of a date', async () => {
      const expected = [
        [1, 'weekly-both', 6],
        [2, 'weekly-sunday-night', 2],
      ];
      expect(rows(await board({ board: 'community-weekly', week: 'last' }), 'weekly-')).toEqual(expected);
      const byDate = await board({ board: 'community-weekly', week: '2026-11-12' });
      expect(byDate.board.week?.start).toBe('2026-11-09');
      expect(rows(byDate, 'weekly-')).toEqual(expected);
    });

    it('counts the week in the site time zone', async () => {
      await t.db.query(`INSERT INTO site_settings (key, value) VALUES ('time_zone', '"Pacific/Auckland"')`);
      try {
        // Monday 2026-11-16 00:00 in Auckland is 2026-11-15 11:00 UTC, so the Sunday-night UTC votes fall in this week.
        const answer = await board({ board: 'community-weekly', week: 'this' });
        expect(answer.board.week).toMatchObject({ start: '2026-11-16', time_zone: 'Pacific/Auckland' });
        expect(rows(answer, 'weekly-')).toEqual([
          [1, 'weekly-both', 3],
          [2, 'weekly-sunday-night', 2],
        ]);
      } finally {
        await t.db.query(`DELETE FROM site_settings WHERE key = 'time_zone'`);
      }
    });

    it.each(['next', '2026-02-30', 'yesterday', '2026-11-1'])('refuses week %s naming /week', async (week) => {
      const problem = await callToolError(
        tool,
        testServices(t.db, () => NOW),
        { board: 'community-weekly', week },
      );
      expect(problem.status).toBe(400);
      expect(problem.errors?.map((e) => e.path)).toEqual(['/week']);
    });
  });

  it('community-all-time: live listings with votes, most voted first, paged with continuing ranks', async () => {
    for (const [slug, votes] of [
      ['alltime-b', 4],
      ['alltime-a', 7],
      ['alltime-c', 1],
      ['alltime-none', 0],
    ] as const) {
      await insertVotes(t.db, await listing(slug), votes, new Date('2026-01-10T00:00:00Z'));
    }
    const all = await board({ board: 'community-all-time', per_page: 100 });
    expect(rows(all, 'alltime-').map(([, slug, value]) => [slug, value])).toEqual([
      ['alltime-a', 7],
      ['alltime-b', 4],
      ['alltime-c', 1],
    ]);
    expect(all.items.every((i) => i.metric.value > 0 && i.metric.name === 'votes')).toBe(true);
    expect(all.items.map((i) => i.rank)).toEqual(all.items.map((_, i) => i + 1));

    const second = await board({ board: 'community-all-time', page: 2, per_page: 2 });
    expect(second.items.map((i) => [i.rank, i.listing.slug])).toEqual(all.items.slice(2, 4).map((i) => [i.rank, i.listing.slug]));
    expect(second).toMatchObject({ page: 2, per_page: 2, total: all.total, has_more: all.total > 4 });
  });

  it('billboard: ranks by money contributed and says on the board and every item that it is paid', async () => {
    const contribute = (id: number, cents: number) =>
      t.db.query('INSERT INTO billboard_contributions (listing_id, amount_cents) VALUES ($1, $2)', [id, cents]);
    const twice = await listing('bill-twice');
    await contribute(twice, 500);
    await contribute(twice, 700);
    await contribute(await listing('bill-once'), 1000);
    await contribute(await listing('bill-hidden', 'hidden'), 5000);
    await insertVotes(t.db, await listing('bill-voted'), 50);

    const answer = await board({ board: 'billboard' });
    expect(answer.board).toMatchObject({ slug: 'billboard', paid_ranking: true, disclosure: expect.stringMatching(/paid/i) });
    expect(answer.board).toHaveProperty('title', expect.stringMatching(/paid/i));
    expect(answer.items.map((i) => [i.rank, i.listing.slug, i.metric.value])).toEqual([
      [1, 'bill-twice', 1200],
      [2, 'bill-once', 1000],
    ]);
    for (const item of answer.items)
      expect(item.metric).toEqual({ name: 'contributed', value: item.metric.value, unit: 'usd_cents', paid: true });
  });

  it('domain-rating: latest rating with its change against the rating about 30 days earlier, and the provider', async () => {
    const rate = (id: number, day: string, rating: number) =>
      t.db.query('INSERT INTO domain_ratings (listing_id, measured_on, rating) VALUES ($1, $2, $3)', [id, day, rating]);
    const trending = await listing('dr-trend');
    await rate(trending, '2026-10-01', 40);
    await rate(trending, '2026-10-15', 45);
    await rate(trending, '2026-10-20', 48);
    await rate(trending, '2026-11-15', 50);
    await rate(await listing('dr-new'), '2026-11-10', 60);
    await rate(await listing('dr-hidden', 'hidden'), '2026-11-10', 90);

    const answer = await board({ board: 'domain-rating' });
    expect(answer.board.paid_ranking).toBe(false);
    expect(answer.items.map((i) => [i.rank, i.listing.slug, i.metric])).toEqual([
      [
        1,
        'dr-new',
        {
          name: 'domain_rating',
          value: 60,
          unit: 'score_0_100',
          paid: false,
          source: 'third-party SEO data provider',
          measured_on: '2026-11-10',
          trend: null,
        },
      ],
      [
        2,
        'dr-trend',
        {
          name: 'domain_rating',
          value: 50,
          unit: 'score_0_100',
          paid: false,
          source: 'third-party SEO data provider',
          measured_on: '2026-11-15',
          trend: { change: 5, previous_value: 45, previous_measured_on: '2026-10-15' },
        },
      ],
    ]);
  });

  it('revenue: latest verified monthly revenue with its source and verification time', async () => {
    const verify = (id: number, cents: number, source: string, at: string) =>
      t.db.query('INSERT INTO verified_revenues (listing_id, mrr_cents, source, verified_at) VALUES ($1, $2, $3, $4)', [
        id,
        cents,
        source,
        at,
      ]);
    const grown = await listing('rev-grown');
    await verify(grown, 900_000, 'Stripe', '2026-09-01T08:00:00Z');
    await verify(grown, 150_000, 'Stripe', '2026-11-01T08:00:00Z');
    await verify(await listing('rev-steady'), 200_000, 'Paddle', '2026-10-05T08:00:00Z');

    const answer = await board({ board: 'revenue' });
    expect(answer.items.map((i) => [i.rank, i.listing.slug, i.metric])).toEqual([
      [
        1,
        'rev-steady',
        {
          name: 'mrr',
          value: 200_000,
          unit: 'usd_cents_per_month',
          paid: false,
          source: 'Paddle',
          verified_at: '2026-10-05T08:00:00.000Z',
        },
      ],
      [
        2,
        'rev-grown',
        {
          name: 'mrr',
          value: 150_000,
          unit: 'usd_cents_per_month',
          paid: false,
          source: 'Stripe',
          verified_at: '2026-11-01T08:00:00.000Z',
        },
      ],
    ]);
  });

  it('answers 404 for an unknown board, naming the boards there are', async () => {
    const problem = await callToolError(
      tool,
      testServices(t.db, () => NOW),
      { board: 'most-loved' },
    );
    expect(problem.status).toBe(404);
    expect(problem.code).toBe('not_found');
    expect(problem.detail).toContain('community-weekly, community-all-time, billboard, domain-rating, revenue');
  });

  it.each([
    [{ board: 'billboard', week: 'this' }, '/week'],
    [{ board: 'Community Weekly' }, '/board'],
    [{}, '/board'],
    [{ board: 'revenue', page: 0 }, '/page'],
    [{ board: 'revenue', per_page: 101 }, '/per_page'],
  ])('refuses %j naming %s', async (input, path) => {
    expect(await refusedPaths(tool, input)).toEqual([path]);
  });

  it('refuses unknown parameters', async () => {
    expect(await refusedPaths(tool, { board: 'revenue', sort: 'asc' })).toEqual(['/sort']);
  });

  it('keeps its public contract', async () => {
    await expectContractUnchanged(tool);
  });
});
