/**
 * The demo's awards follow the weekly awards job's rule (weekWinners): each ended week's award votes are the counted
 * votes its launches got during that week, so list_awards and the community-weekly board of the same week agree.
 * The demo used to rank a week's launches by all the votes they had gathered to date: seeded on 2026-11-28,
 * coinmarlin (launched late on Sunday 2026-11-22) "won" the week of 2026-11-16 with 81 votes, 76 of them cast in
 * the following week, where the weekly board showed them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../src/seed/demo.js';
import { weekWinners } from '../../src/community/weekly-awards.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { rawToolCall, readJsonRpc } from '../support/oauth.js';

/** A Saturday: the week of 2026-11-16 has ended, coinmarlin's votes of the week after are still coming in. */
const NOW = new Date('2026-11-28T17:00:00.000Z');
const WEEK = '2026-11-16';
/** The demo's site time zone. */
const TIME_ZONE = 'UTC';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: () => NOW, prepare: (db) => seedDemo(db, { now: NOW }).then(() => undefined) });
}, 180_000);
afterAll(() => t?.close(), 60_000);

const rest = async (path: string) => {
  const response = await fetch(`${t.url}/api/v1${path}`);
  return { status: response.status, body: await response.json() };
};
/** A tools/call over MCP: the structured content, or the problem of a tool error. */
async function overMcp(name: string, args: Record<string, unknown>): Promise<{ result?: any; problem?: any }> {
  const message = await readJsonRpc(await rawToolCall(t.url, name, args));
  if (message.result?.isError) return { problem: JSON.parse(message.result.content[0].text) };
  return { result: message.result.structuredContent };
}

type AwardRow = {
  week: string;
  rank: number;
  listing_id: number;
  votes: number;
};

describe('the demo awards', () => {
  it("give each ended week's award votes as the domain's rule counts that week, and decide every ended week", async () => {
    const awards = await t.db.query<AwardRow>(
      'SELECT week::text AS week, rank::int AS rank, listing_id, votes FROM awards ORDER BY week, rank',
    );
    const weeks = await t.db.query<{ week: string; winners: number }>(`SELECT week::text AS week, winners FROM award_weeks ORDER BY week`);
    const launchWeeks = await t.db.query<{ week: string }>(
      `SELECT DISTINCT launch_week::text AS week FROM listings WHERE status = 'live' AND launch_week < '2026-11-23' ORDER BY 1`,
    );
    expect(weeks.map((w) => w.week)).toEqual(launchWeeks.map((w) => w.week));
    expect(weeks.length).toBeGreaterThanOrEqual(35);
    for (const { week, winners } of weeks) {
      const rule = await weekWinners(t.db, week, TIME_ZONE);
      const awarded = awards.filter((a) => a.week === week);
      expect({ week, awards: awarded.map(({ rank, listing_id, votes }) => ({ rank, listingId: listing_id, votes })) }).toEqual({
        week,
        awards: rule,
      });
      expect(winners).toBe(awarded.length);
    }
    expect(awards.some((a) => a.week >= '2026-11-23')).toBe(false);
  });

  it('count, for every award, exactly the counted votes cast in its week (an independent count)', async () => {
    const wrong = await t.db.query(
      `SELECT a.week::text, a.rank, a.votes, (SELECT count(*)::int FROM votes v WHERE v.listing_id = a.listing_id AND v.counted
                AND v.created_at >= a.week::timestamptz AND v.created_at < a.week::timestamptz + interval '7 days') AS in_week
       FROM awards a`,
    );
    expect(wrong.length).toBeGreaterThan(100);
    expect(wrong.filter((row) => row.votes !== row.in_week)).toEqual([]);
  });

  it("agree with the community-weekly board of the award's week, over REST and MCP: coinmarlin is credited its votes of that week", async () => {
    const awards = await rest(`/awards?week=${WEEK}`);
    expect(awards.status).toBe(200);
    expect((await overMcp('list_awards', { week: WEEK })).result).toEqual(awards.body);
    const coinmarlin = awards.body.items.find((a: { listing: { slug: string } }) => a.listing.slug === 'coinmarlin');
    expect(coinmarlin).toBeDefined();
    // Its 81 votes to date are not the week's: most came after the week ended.
    expect(coinmarlin.votes).toBeLessThan(coinmarlin.listing.votes);
    const board = await rest(`/leaderboards/community-weekly?week=${WEEK}&per_page=100`);
    expect(board.status).toBe(200);
    expect((await overMcp('get_leaderboard', { board: 'community-weekly', week: WEEK, per_page: 100 })).result).toEqual(board.body);
    const weekVotes = new Map(
      board.body.items.map((entry: { listing: { slug: string }; metric: { value: number } }) => [entry.listing.slug, entry.metric.value]),
    );
    expect(awards.body.items.length).toBe(3);
    for (const award of awards.body.items)
      expect({ slug: award.listing.slug, votes: weekVotes.get(award.listing.slug) }).toEqual({
        slug: award.listing.slug,
        votes: award.votes,
      });
  });
});
