import { afterEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { loadRegistry } from '../../src/registry/registry.js';
import { runAdminCommand } from '../../src/admin/commands.js';
import { readOutbox } from '../../src/mail/mailer.js';
import { decideWeek, mailAwardWinners } from '../../src/community/weekly-awards.js';
import { tickServiceClock } from '../../src/schedule/service-clock.js';
import { WEEKLY_AWARDS_JOB } from '../../src/schedule/recurring-jobs.js';
import { insertCategory, insertVotes } from '../support/fixtures.js';
import { freePort, type TestApp } from '../support/app.js';
import { createTestDatabase } from '../support/database.js';
import { adminDeps } from '../support/admin.js';
import { caller, ownedListing, person, startOwnerApp, type Person } from '../listings/support.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const at = (iso: string) => () => new Date(iso);

async function launch(app: TestApp, owner: Person, slug: string, week: string, launchedAt: string): Promise<number> {
  const { id } = await ownedListing(app.db, owner, { slug, status: 'live', launch_week: week, launched_at: launchedAt });
  return id;
}

async function awardsOf(app: TestApp, week: string) {
  const { body } = await caller(app)(null, 'GET', '/awards?per_page=50');
  return body.items
    .filter((award: { week: string }) => award.week === week)
    .map((award: { rank: number; votes: number; title: string; listing: { slug: string } }) => ({
      rank: award.rank,
      slug: award.listing.slug,
      votes: award.votes,
      title: award.title,
    }));
}

/** Ticks the clock at `now` and waits for what it started (and the jobs those queued) to finish. */
async function tickAt(app: TestApp, clock: { now: Date }, iso: string): Promise<string[]> {
  clock.now = new Date(iso);
  const started = await tickServiceClock(app.db, app.app.services.jobs, app.app.recurring, clock.now);
  await app.app.services.jobs.idle(20_000);
  return started;
}

describe('weekly awards', () => {
  it('award a week when it ends in Pacific/Auckland, from the votes cast in that week there, and mail the winners once', async () => {
    const clock = { now: new Date('2026-11-20T00:00:00Z') };
    t = await startOwnerApp(clock, 'Pacific/Auckland');
    const owner = await person(t.db);
    const other = await person(t.db);
    // The week of Monday 16 November 2026 in Auckland (UTC+13): 2026-11-15T11:00Z to 2026-11-22T11:00Z.
    const week = '2026-11-16';
    const alpha = await launch(t, owner, 'alpha', week, '2026-11-15T12:00:00Z');
    const beta = await launch(t, other, 'beta', week, '2026-11-15T13:00:00Z');
    const gamma = await launch(t, owner, 'gamma', week, '2026-11-15T14:00:00Z');
    const delta = await launch(t, owner, 'delta', week, '2026-11-15T15:00:00Z');
    const veteran = await launch(t, owner, 'veteran', '2026-11-09', '2026-11-09T00:00:00Z');
    await insertVotes(t.db, alpha, 5, at('2026-11-18T00:00:00Z'));
    await insertVotes(t.db, beta, 3, at('2026-11-18T00:00:00Z'));
    // Monday 01:00 in Auckland, still Sunday in UTC: in the week only in the site's time zone.
    await insertVotes(t.db, beta, 1, at('2026-11-15T12:00:00Z'));
    await insertVotes(t.db, gamma, 3, at('2026-11-19T00:00:00Z'));
    await insertVotes(t.db, delta, 1, at('2026-11-19T00:00:00Z'));
    // Monday 23 November 00:00 in Auckland: the next week's, though still the 22nd in UTC.
    await insertVotes(t.db, delta, 9, at('2026-11-22T11:00:00Z'));
    // Not launched that week: the weekly board counts it, the award does not.
    await insertVotes(t.db, veteran, 20, at('2026-11-18T00:00:00Z'));

    // Sunday 23:59 in Auckland: the week has not ended.
    expect(await tickAt(t, clock, '2026-11-22T10:59:00Z')).toContain(`${WEEKLY_AWARDS_JOB} ${week}`);
    expect(await awardsOf(t, week)).toEqual([]);

    // Monday 00:01 in Auckland: the clock starts the next week's run, which decides the week that ended.
    expect(await tickAt(t, clock, '2026-11-22T11:01:00Z')).toContain(`${WEEKLY_AWARDS_JOB} 2026-11-23`);
    expect(await awardsOf(t, week)).toEqual([
      { rank: 1, slug: 'alpha', votes: 5, title: 'Launch of the Week #1' },
      { rank: 2, slug: 'beta', votes: 4, title: 'Launch of the Week #2' },
      { rank: 3, slug: 'gamma', votes: 3, title: 'Launch of the Week #3' },
    ]);

    // Each winner's owner is mailed once; the mail job run again sends nothing more.
    // (The launch reports of the week, mailed too, are test/listings/launch-report.test.ts's.)
    const subjects = async (email: string) =>
      (await readOutbox(t!.db, { to: email, limit: 20 }))
        .map((mail) => mail.subject)
        .filter((subject) => subject.includes('Launch of the Week'))
        .sort();
    expect(await subjects(owner.email)).toEqual([
      'alpha is Launch of the Week #1 (Week 47, 2026)',
      'gamma is Launch of the Week #3 (Week 47, 2026)',
    ]);
    expect(await subjects(other.email)).toEqual(['beta is Launch of the Week #2 (Week 47, 2026)']);
    const mail = (await readOutbox(t.db, { to: other.email, limit: 20 })).find((sent) => sent.subject.includes('Launch of the Week'));
    expect(mail!.text).toContain('with 4 community votes cast that week');
    expect(mail!.text).toContain(`${t.url}/listings/beta`);
    await mailAwardWinners({ db: t.db, mailer: t.app.services.mailer, publicUrl: t.url }, week);
    expect(await subjects(owner.email)).toHaveLength(2);

    // Never awarded twice: a run by the operator, and the next tick, decide nothing.
    const rerun = await runAdminCommand(
      adminDeps(t.db, () => clock.now, t.app.recurring),
      ['run-job', WEEKLY_AWARDS_JOB],
    );
    expect(rerun.exitCode).toBe(0);
    expect(rerun.output).toContain('no ended week left to decide before 2026-11-23');
    expect(await tickAt(t, clock, '2026-11-22T11:30:00Z')).toEqual([]);
    expect(await awardsOf(t, week)).toHaveLength(3);
  });

  it('count the votes of a week across the end of daylight saving time in America/Los_Angeles, ties going to the earlier launch', async () => {
    const clock = { now: new Date('2026-10-28T00:00:00Z') };
    t = await startOwnerApp(clock, 'America/Los_Angeles');
    const owner = await person(t.db);
    // Monday 26 October 00:00 PDT (07:00Z) to Monday 2 November 00:00 PST (08:00Z): clocks went back on Sunday 1 November.
    const week = '2026-10-26';
    const early = await launch(t, owner, 'early-bird', week, '2026-10-26T08:00:00Z');
    const late = await launch(t, owner, 'late-comer', week, '2026-10-26T09:00:00Z');
    const nextWeek = await launch(t, owner, 'next-weeker', week, '2026-10-26T10:00:00Z');
    await insertVotes(t.db, late, 2, at('2026-10-28T12:00:00Z'));
    await insertVotes(t.db, early, 1, at('2026-10-27T12:00:00Z'));
    // Sunday 23:30 PST: still the week (an offset fixed at -7 hours would have ended it at 07:00Z).
    await insertVotes(t.db, early, 1, at('2026-11-02T07:30:00Z'));
    // Monday 00:00 PST: the next week.
    await insertVotes(t.db, nextWeek, 3, at('2026-11-02T08:00:00Z'));

    await tickAt(t, clock, '2026-11-02T07:59:00Z');
    expect(await awardsOf(t, week)).toEqual([]);
    await tickAt(t, clock, '2026-11-02T08:01:00Z');
    // A tie at 2 votes: the earlier launch ranks first; a launch without votes that week wins nothing.
    expect(await awardsOf(t, week)).toEqual([
      { rank: 1, slug: 'early-bird', votes: 2, title: 'Launch of the Week #1' },
      { rank: 2, slug: 'late-comer', votes: 2, title: 'Launch of the Week #2' },
    ]);
    const [decided] = await t.db.query<{ winners: number }>('SELECT winners FROM award_weeks WHERE week = $1::date', [week]);
    expect(decided!.winners).toBe(2);
  });

  it('catch up on every week missed while the service was down, and never decide one twice', async () => {
    const clock = { now: new Date('2026-10-01T00:00:00Z') };
    t = await startOwnerApp(clock);
    const owner = await person(t.db);
    const weeks = ['2026-10-05', '2026-10-12', '2026-10-19'];
    for (const [i, week] of weeks.entries()) {
      const id = await launch(t, owner, `weekly-${i}`, week, `${week}T09:00:00Z`);
      await insertVotes(t.db, id, i + 1, at(`${week}T12:00:00Z`));
    }
    // A week whose only launch got no vote: decided with no winner, and not looked at again.
    await launch(t, owner, 'unvoted', '2026-09-28', '2026-09-28T09:00:00Z');

    // The service comes back on Wednesday 28 October: one run decides the four weeks that ended meanwhile.
    await tickAt(t, clock, '2026-10-28T12:00:00Z');
    const { output } = await runAdminCommand(
      adminDeps(t.db, () => clock.now, t.app.recurring),
      ['jobs'],
    );
    expect(output).toMatch(/weekly_awards \(weekly\)[^\n]*\n {2}last run: weekly_awards 2026-10-26 \(schedule, started [^)]+\): ok /);
    expect(output).toContain('decided 2026-09-28 (0 winners), 2026-10-05 (1 winners), 2026-10-12 (1 winners), 2026-10-19 (1 winners)');
    for (const [i, week] of weeks.entries()) expect(await awardsOf(t, week)).toEqual([expect.objectContaining({ rank: 1, votes: i + 1 })]);

    // A vote arriving late for a decided week changes nothing: the week stays as it was decided.
    const late = await t.db.one<{ id: number }>(`SELECT id FROM listings WHERE slug = 'unvoted'`);
    await insertVotes(t.db, late!.id, 5, at('2026-09-30T12:00:00Z'));
    const rerun = await runAdminCommand(
      adminDeps(t.db, () => clock.now, t.app.recurring),
      ['run-job', WEEKLY_AWARDS_JOB],
    );
    expect(rerun.output).toContain('no ended week left to decide');
    expect(await awardsOf(t, '2026-09-28')).toEqual([]);
    const counted = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM awards');
    expect(counted[0]!.n).toBe(3);
  });
});

describe('two instances on one database', () => {
  const apps: App[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  it('start the week’s run once between them, and decide a week once when both try at the same moment', async () => {
    const database = await createTestDatabase();
    try {
      const registry = await loadRegistry();
      const clock = { now: new Date('2026-11-11T12:00:00Z') };
      for (let i = 0; i < 2; i++) {
        const port = await freePort();
        const config = { ...loadConfig({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }), host: '127.0.0.1' };
        const app = await createApp({
          config,
          db: database.db,
          registry,
          now: () => clock.now,
          serviceClock: false,
          jobs: { processEveryMs: 100 },
          log: adminDeps(database.db).log,
        });
        apps.push(app);
        await app.listen(port, '127.0.0.1'); // (a service that never listened would not close)
      }
      const category_id = await insertCategory(database.db);
      const owner = await person(database.db);
      const week = '2026-11-02';
      for (const [i, slug] of ['one', 'two', 'three', 'four'].entries()) {
        const { id } = await ownedListing(database.db, owner, {
          slug,
          category_id,
          status: 'live',
          launch_week: week,
          launched_at: `${week}T0${i}:00:00Z`,
        });
        await insertVotes(database.db, id, 4 - i, at('2026-11-04T12:00:00Z'));
      }

      const ticks = await Promise.all(apps.map((app) => tickServiceClock(database.db, app.services.jobs, app.recurring, clock.now)));
      expect(ticks.flat().filter((started) => started.startsWith(WEEKLY_AWARDS_JOB))).toEqual([`${WEEKLY_AWARDS_JOB} 2026-11-09`]);
      await Promise.all(apps.map((app) => app.services.jobs.idle(20_000)));
      const awards = await database.db.query<{ rank: number; votes: number }>(
        'SELECT rank::int AS rank, votes FROM awards WHERE week = $1::date ORDER BY rank',
        [week],
      );
      expect(awards).toEqual([
        { rank: 1, votes: 4 },
        { rank: 2, votes: 3 },
        { rank: 3, votes: 2 },
      ]);

      // The next week, both instances decide it at the very same moment: one does, the other finds it decided.
      const nextWeek = '2026-11-09';
      const { id } = await ownedListing(database.db, owner, {
        slug: 'five',
        category_id,
        status: 'live',
        launch_week: nextWeek,
        launched_at: `${nextWeek}T00:00:00Z`,
      });
      await insertVotes(database.db, id, 1, at('2026-11-10T12:00:00Z'));
      const decided = await Promise.all(
        apps.map((app) => decideWeek(database.db, app.services.jobs, nextWeek, 'UTC', new Date('2026-11-16T00:01:00Z'))),
      );
      expect(decided.filter(Boolean)).toHaveLength(1);
      expect(await database.db.query('SELECT 1 FROM awards WHERE week = $1::date', [nextWeek])).toHaveLength(1);
      await Promise.all(apps.map((app) => app.services.jobs.idle(20_000)));
      expect(
        (await readOutbox(database.db, { to: owner.email, limit: 20 })).filter((mail) => mail.subject.startsWith('five')),
      ).toHaveLength(1);
    } finally {
      for (const app of apps.splice(0)) await app.close();
      await database.drop();
    }
  });
});
