import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpToolDefinition } from '../../src/mcp/tool-definition.js';
import { inputJsonSchema } from '../../src/registry/json-schema.js';
import tool from '../../tools/get_launch_week.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { callTool, callToolError, testServices, refusedPaths } from '../support/services.js';
import { insertCategory, insertListing, insertVotes } from '../support/fixtures.js';
import { expectContractUnchanged } from '../support/contract.js';

interface WeekAnswer {
  week: { start: string; end: string; label: string; time_zone: string; is_current: boolean; is_future: boolean };
  launches: { slug: string; rank: number; votes: number }[];
  scheduled: { slug: string }[];
}

/** Wednesday of Week 47, 2026 (Monday 2026-11-16). */
const WEDNESDAY = new Date('2026-11-18T12:00:00Z');

let t: TestDatabase;
let category: number;
beforeAll(async () => {
  t = await createTestDatabase();
  category = await insertCategory(t.db);
  // The directory's first launch week.
  await insertListing(t.db, { category_id: category, launch_week: '2026-01-05', launched_at: '2026-01-05T10:00:00Z' });
});
afterAll(() => t.drop());

const getWeek = async (week: string, now = WEDNESDAY) =>
  (await callTool(
    tool,
    testServices(t.db, () => now),
    { week },
  )) as unknown as WeekAnswer;

describe('get_launch_week', () => {
  it('describes the current week in the site time zone (UTC by default)', async () => {
    expect((await getWeek('this')).week).toEqual({
      start: '2026-11-16',
      end: '2026-11-22',
      label: 'Week 47, 2026',
      time_zone: 'UTC',
      is_current: true,
      is_future: false,
    });
  });

  it('ranks the live launches of the week by votes, ties to the earlier launch', async () => {
    const week = '2026-11-02';
    const add = async (slug: string, votes: number, launched_at: string, status: 'live' | 'hidden' = 'live') => {
      const id = await insertListing(t.db, { slug, category_id: category, status, launch_week: week, launched_at });
      await insertVotes(t.db, id, votes, new Date(launched_at));
    };
    await add('rank-late-tie', 5, '2026-11-04T09:00:00Z');
    await add('rank-few', 2, '2026-11-02T09:00:00Z');
    await add('rank-early-tie', 5, '2026-11-03T09:00:00Z');
    await add('rank-hidden', 9, '2026-11-03T09:00:00Z', 'hidden');
    await insertListing(t.db, { slug: 'rank-other-week', category_id: category, launch_week: '2026-11-09' });

    const answer = await getWeek(week);
    expect(answer.launches.map(({ slug, rank, votes }) => [rank, slug, votes])).toEqual([
      [1, 'rank-early-tie', 5],
      [2, 'rank-late-tie', 5],
      [3, 'rank-few', 2],
    ]);
    expect(answer.week).toMatchObject({ start: '2026-11-02', end: '2026-11-08', is_current: false, is_future: false });
    expect(answer.scheduled).toEqual([]);
  });

  it('snaps a date to the Monday of its week', async () => {
    expect((await getWeek('2026-11-11')).week).toMatchObject({ start: '2026-11-09', end: '2026-11-15', label: 'Week 46, 2026' });
    expect((await getWeek('2026-11-15')).week.start).toBe('2026-11-09');
    expect((await getWeek('2026-11-16')).week.start).toBe('2026-11-16');
  });

  it('names the weeks before and after the current one', async () => {
    expect((await getWeek('last')).week).toMatchObject({ start: '2026-11-09', is_current: false, is_future: false });
    expect((await getWeek('next')).week).toMatchObject({ start: '2026-11-23', end: '2026-11-29', is_current: false, is_future: true });
  });

  it('lists the launches scheduled for a future week, by name', async () => {
    await insertListing(t.db, { slug: 'sched-zeta', category_id: category, status: 'scheduled', launch_week: '2026-12-07' });
    await insertListing(t.db, { slug: 'sched-alpha', category_id: category, status: 'scheduled', launch_week: '2026-12-07' });
    await insertListing(t.db, { slug: 'sched-later', category_id: category, status: 'scheduled', launch_week: '2026-12-14' });
    await insertListing(t.db, { slug: 'sched-draft', category_id: category, status: 'draft', launch_week: '2026-12-07' });

    const answer = await getWeek('2026-12-10');
    expect(answer.week).toMatchObject({ start: '2026-12-07', is_future: true });
    expect(answer.scheduled.map((l) => l.slug)).toEqual(['sched-alpha', 'sched-zeta']);
    expect(answer.launches).toEqual([]);
  });

  it('shows no scheduled launches for the current week', async () => {
    await insertListing(t.db, { slug: 'sched-now', category_id: category, status: 'scheduled', launch_week: '2026-11-16' });
    expect((await getWeek('this')).scheduled).toEqual([]);
  });

  it('follows the site time zone: Sunday evening in UTC is already Monday in Auckland', async () => {
    const sundayEvening = new Date('2026-11-22T20:00:00Z');
    expect((await getWeek('this', sundayEvening)).week.start).toBe('2026-11-16');
    await t.db.query(`INSERT INTO site_settings (key, value) VALUES ('time_zone', '"Pacific/Auckland"')`);
    try {
      const answer = await getWeek('this', sundayEvening);
      expect(answer.week).toMatchObject({ start: '2026-11-23', end: '2026-11-29', time_zone: 'Pacific/Auckland', is_current: true });
      expect((await getWeek('2026-11-23', sundayEvening)).week.is_future).toBe(false);
    } finally {
      await t.db.query(`DELETE FROM site_settings WHERE key = 'time_zone'`);
    }
  });

  it('answers 404 for a week before the first launch week', async () => {
    expect((await getWeek('2026-01-07')).week.start).toBe('2026-01-05');
    const problem = await callToolError(
      tool,
      testServices(t.db, () => WEDNESDAY),
      { week: '2026-01-04' },
    );
    expect(problem.status).toBe(404);
    expect(problem.code).toBe('not_found');
  });

  it.each(['2026-02-30', '2026-13-01', '0000-01-01', 'tomorrow', '2026-1-1', '20261116', 'This', '2026-11-180'])(
    'refuses week %s naming /week',
    async (week) => {
      expect(new Set(await refusedPaths(tool, { week }))).toEqual(new Set(['/week']));
    },
  );

  it('publishes exactly the weeks it takes: the pattern refuses year 0000 and impossible dates, and takes 0001-01-01', async () => {
    // The OpenAPI document's schema (tools/list leaves a pattern this long to the server's check).
    const published = inputJsonSchema(tool.input) as { properties: { week: { pattern: string } } };
    expect(mcpToolDefinition(tool).inputSchema).toMatchObject({ properties: { week: { type: 'string' } } });
    const pattern = new RegExp(published.properties.week.pattern);
    for (const week of ['0000-02-29', '0000-01-01', '2023-02-29', '1900-02-29'])
      expect({ week, published: pattern.test(week) }).toEqual({ week, published: false });
    for (const week of ['0001-01-01', '2000-02-29', '2024-02-29', 'next'])
      expect({ week, published: pattern.test(week) }).toEqual({ week, published: true });
    const past = await callToolError(
      tool,
      testServices(t.db, () => WEDNESDAY),
      { week: '0001-01-01' },
    );
    expect(past.status).toBe(404);
  });

  it('refuses unknown parameters and a missing week', async () => {
    expect(await refusedPaths(tool, { week: 'this', page: 2 })).toEqual(['/page']);
    expect(await refusedPaths(tool, {})).toEqual(['/week']);
  });

  it('keeps its public contract', async () => {
    await expectContractUnchanged(tool);
  });
});
