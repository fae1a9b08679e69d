import { afterEach, describe, expect, it } from 'vitest';
import { tickServiceClock } from '../../src/schedule/service-clock.js';
import { DAILY_REFRESH_JOB } from '../../src/schedule/recurring-jobs.js';
import { insertVotes } from '../support/fixtures.js';
import type { TestApp } from '../support/app.js';
import { caller, ownedListing, person, startOwnerApp, type Person } from './support.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const at = (iso: string) => () => new Date(iso);
// The launch week of Monday 16 November 2026 in New York (UTC-5): 2026-11-16T05:00Z to 2026-11-23T05:00Z.
const WEEK = '2026-11-16';

async function launch(app: TestApp, owner: Person, slug: string, week: string, launchedAt: string): Promise<number> {
  const { id } = await ownedListing(app.db, owner, { slug, status: 'live', launch_week: week, launched_at: launchedAt });
  return id;
}

async function tickAt(app: TestApp, clock: { now: Date }, iso: string): Promise<void> {
  clock.now = new Date(iso);
  await tickServiceClock(app.db, app.app.services.jobs, app.app.recurring, clock.now);
  await app.app.services.jobs.idle(20_000);
}

/** The week's board as get_leaderboard answers it now: [listing id, rank, week votes]. */
async function board(app: TestApp): Promise<[number, number, number][]> {
  const { status, body } = await caller(app)(null, 'GET', `/leaderboards/community-weekly?week=${WEEK}&per_page=50`);
  expect(status).toBe(200);
  return body.items.map((item: { rank: number; listing: { id: number }; metric: { value: number } }) => [
    item.listing.id,
    item.rank,
    item.metric.value,
  ]);
}

/** The ranks recorded for `day`: [listing id, rank, votes], by rank. */
async function ranksOn(app: TestApp, day: string): Promise<[number, number, number][]> {
  const rows = await app.db.query<{ listing_id: number; rank: number; votes: number }>(
    'SELECT listing_id, rank, votes FROM listing_daily_ranks WHERE day = $1::date ORDER BY rank',
    [day],
  );
  return rows.map((row) => [row.listing_id, row.rank, row.votes]);
}

describe('rank on the weekly board per day', () => {
  it('records each day of the launch week as the board stood at its end (site time zone), catching up on missed days', async () => {
    const clock = { now: new Date('2026-11-16T12:00:00Z') };
    t = await startOwnerApp(clock, 'America/New_York');
    const owner = await person(t.db);
    const alpha = await launch(t, owner, 'alpha', WEEK, '2026-11-16T06:00:00Z');
    const beta = await launch(t, owner, 'beta', WEEK, '2026-11-16T07:00:00Z');
    const gamma = await launch(t, owner, 'gamma', WEEK, '2026-11-16T08:00:00Z');
    const veteran = await launch(t, owner, 'veteran', '2026-10-05', '2026-10-05T08:00:00Z');
    await tickAt(t, clock, '2026-11-16T12:00:00Z');

    // Monday: alpha 2, beta 2 (one at 23:30 in New York, Tuesday in UTC); a tie goes to the earlier launch.
    await insertVotes(t.db, alpha, 2, at('2026-11-16T15:00:00Z'));
    await insertVotes(t.db, beta, 1, at('2026-11-16T16:00:00Z'));
    await insertVotes(t.db, beta, 1, at('2026-11-17T04:30:00Z'));
    await tickAt(t, clock, '2026-11-17T05:01:00Z');
    const monday: [number, number, number][] = [
      [alpha, 1, 2],
      [beta, 2, 2],
    ];
    expect(await ranksOn(t, '2026-11-16')).toEqual(monday);
    expect(await ranksOn(t, '2026-11-16')).toEqual(await board(t));

    // Tuesday: the veteran's votes of this week count on this week's board; gamma gets on it.
    await insertVotes(t.db, veteran, 5, at('2026-11-17T12:00:00Z'));
    await insertVotes(t.db, gamma, 1, at('2026-11-17T13:00:00Z'));
    await insertVotes(t.db, beta, 2, at('2026-11-17T14:00:00Z'));
    await tickAt(t, clock, '2026-11-18T05:01:00Z');
    expect(await ranksOn(t, '2026-11-17')).toEqual([
      [veteran, 1, 5],
      [beta, 2, 4],
      [alpha, 3, 2],
      [gamma, 4, 1],
    ]);
    expect(await ranksOn(t, '2026-11-17')).toEqual(await board(t));
    // Monday's record stays as Monday ended.
    expect(await ranksOn(t, '2026-11-16')).toEqual(monday);

    // Wednesday alpha takes the lead; the service is down from then until the next Monday.
    await insertVotes(t.db, alpha, 10, at('2026-11-18T12:00:00Z'));
    await insertVotes(t.db, gamma, 1, at('2026-11-22T12:00:00Z')); // Sunday
    await insertVotes(t.db, gamma, 9, at('2026-11-23T05:00:30Z')); // the next week's
    await tickAt(t, clock, '2026-11-23T05:01:00Z');
    const days = await t.db.query<{ day: string }>('SELECT DISTINCT day::text AS day FROM listing_daily_ranks ORDER BY 1');
    expect(days.map((row) => row.day)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(await ranksOn(t, '2026-11-18')).toEqual([
      [alpha, 1, 12],
      [veteran, 2, 5],
      [beta, 3, 4],
      [gamma, 4, 1],
    ]);
    // Sunday's record is the week's final board, the one get_leaderboard shows for the week now it has ended.
    const sunday = await ranksOn(t, '2026-11-22');
    expect(sunday).toEqual([
      [alpha, 1, 12],
      [veteran, 2, 5],
      [beta, 3, 4],
      [gamma, 4, 2],
    ]);
    expect(sunday).toEqual(await board(t));
    const [run] = await t.db.query<{ summary: string }>(`SELECT summary FROM job_runs WHERE name = $1 AND period = '2026-11-23'`, [
      DAILY_REFRESH_JOB,
    ]);
    expect(run!.summary).toContain(
      'weekly board ranks: 4 listings ranked at the end of 2026-11-22, week of 2026-11-16 (and 4 missed days of its week)',
    );
  });
});
