import { afterEach, describe, expect, it } from 'vitest';
import { readOutbox } from '../../src/mail/mailer.js';
import { runAdminCommand } from '../../src/admin/commands.js';
import { tickServiceClock } from '../../src/schedule/service-clock.js';
import { WEEKLY_AWARDS_JOB } from '../../src/schedule/recurring-jobs.js';
import { decideWeek } from '../../src/community/weekly-awards.js';
import { sendLaunchReports } from '../../src/listings/launch-report.js';
import { launchReportMail } from '../../src/listings/launch-report-mail.js';
import type { Database } from '../../src/db/database.js';
import { insertVotes } from '../support/fixtures.js';
import { adminDeps } from '../support/admin.js';
import type { TestApp } from '../support/app.js';
import { ownedListing, person, startOwnerApp, type Person } from './support.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const at = (iso: string) => () => new Date(iso);
const WEEK = '2026-11-16';

async function launch(app: TestApp, owner: Person, slug: string, week: string): Promise<number> {
  const { id } = await ownedListing(app.db, owner, { slug, status: 'live', launch_week: week, launched_at: `${week}T09:00:00Z` });
  return id;
}

async function addOwner(db: Database, listingId: number, owner: Person): Promise<void> {
  await db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2::uuid)', [listingId, owner.id]);
}

async function views(db: Database, listingId: number, day: string, counts: { views: number; visitors: number; clicks: number }) {
  await db.query('INSERT INTO listing_views (listing_id, day, views, visitors, clicks) VALUES ($1, $2::date, $3, $4, $5)', [
    listingId,
    day,
    counts.views,
    counts.visitors,
    counts.clicks,
  ]);
}

async function subscribe(db: Database, id: string, owner: Person): Promise<void> {
  await db.query(
    `INSERT INTO webhooks (id, account_id, url, events, secret, status, created_at)
     VALUES ($1, $2::uuid, 'https://example.com/hook', '{listing.launch_report}', 'whsec_x', 'enabled', now())`,
    [id, owner.id],
  );
}

/** The launch-report mails in the outbox to `email`. */
async function reportMails(app: TestApp, email: string) {
  await app.app.services.jobs.idle(20_000);
  return (await readOutbox(app.db, { to: email, limit: 50 })).filter((mail) => mail.subject.includes('your launch week in numbers'));
}

async function reportEvents(db: Database) {
  return db.query<{ listing_id: number; data: Record<string, unknown> }>(
    `SELECT listing_id, data FROM webhook_events WHERE type = 'listing.launch_report' ORDER BY listing_id`,
  );
}

async function tickAt(app: TestApp, clock: { now: Date }, iso: string): Promise<string[]> {
  clock.now = new Date(iso);
  const started = await tickServiceClock(app.db, app.app.services.jobs, app.app.recurring, clock.now);
  await app.app.services.jobs.idle(20_000);
  return started;
}

describe('the launch report', () => {
  it("mails each owner the week's numbers once when the week ends, records one event, and nothing for other weeks", async () => {
    const clock = { now: new Date('2026-11-18T12:00:00Z') };
    t = await startOwnerApp(clock);
    const [maker, partner, other] = [await person(t.db), await person(t.db), await person(t.db)];
    const alpha = await launch(t, maker, 'alpha', WEEK);
    await addOwner(t.db, alpha, partner);
    const beta = await launch(t, other, 'beta', WEEK);
    const quiet = await launch(t, other, 'quiet', WEEK);
    // Launched earlier: ranked on the week's board by its votes that week, but no launch of this week.
    const veteran = await launch(t, other, 'veteran', '2026-10-05');
    // The next week's launch, and one of a week that ended too long ago to be reported now.
    const upcoming = await launch(t, maker, 'upcoming', '2026-11-23');
    const ancient = await launch(t, maker, 'ancient', '2026-10-26');
    // The week before ended while the service was down: its launch is reported late, at the next run.
    const late = await person(t.db);
    const missed = await launch(t, late, 'missed', '2026-11-09');
    await subscribe(t.db, 'wh_maker', maker);

    await views(t.db, alpha, '2026-11-16', { views: 10, visitors: 7, clicks: 2 });
    await views(t.db, alpha, '2026-11-22', { views: 5, visitors: 4, clicks: 1 });
    await views(t.db, alpha, '2026-11-15', { views: 50, visitors: 40, clicks: 30 }); // before the week
    await views(t.db, alpha, '2026-11-23', { views: 100, visitors: 90, clicks: 80 }); // after it
    await views(t.db, beta, '2026-11-17', { views: 3, visitors: 3, clicks: 0 });
    await insertVotes(t.db, veteran, 6, at('2026-11-17T12:00:00Z'));
    await insertVotes(t.db, alpha, 4, at('2026-11-18T12:00:00Z'));
    await insertVotes(t.db, beta, 2, at('2026-11-22T23:59:00Z'));
    await insertVotes(t.db, alpha, 3, at('2026-11-23T00:00:10Z')); // the next week's
    await insertVotes(t.db, upcoming, 1, at('2026-11-23T00:00:20Z'));

    // Sunday evening: the week has not ended, nothing is sent for it; the missed week's launch gets its report.
    await tickAt(t, clock, '2026-11-22T20:00:00Z');
    expect(await reportMails(t, maker.email)).toEqual([]);
    expect((await reportMails(t, late.email)).map((mail) => mail.subject)).toEqual(['missed: your launch week in numbers (Week 46, 2026)']);
    expect(await reportEvents(t.db)).toEqual([
      { listing_id: missed, data: expect.objectContaining({ week: '2026-11-09', final_rank: null }) },
    ]);

    // Monday 00:01: the awards job decides the week, then sends its reports.
    expect(await tickAt(t, clock, '2026-11-23T00:01:00Z')).toContain(`${WEEKLY_AWARDS_JOB} 2026-11-23`);
    const [weekly] = await t.db.query<{ summary: string }>(`SELECT summary FROM job_runs WHERE name = $1 AND period = '2026-11-23'`, [
      WEEKLY_AWARDS_JOB,
    ]);
    expect(weekly!.summary).toMatch(/decided 2026-11-16 \(2 winners\); launch reports: 2026-11-16 \(3 sent\)$/);
    const expected = {
      listing_id: alpha,
      slug: 'alpha',
      name: expect.any(String),
      week: WEEK,
      views: 15,
      visitors: 11,
      clicks: 3,
      votes: 4,
      final_rank: 2,
      ranked_listings: 3,
      award: { rank: 1, title: 'Launch of the Week #1' },
    };
    const events = (await reportEvents(t.db)).filter((event) => event.data.week === WEEK);
    expect(events.map((event) => event.listing_id)).toEqual([alpha, beta, quiet]);
    expect(events.find((event) => event.listing_id === alpha)!.data).toEqual(expected);
    expect(events.find((event) => event.listing_id === beta)!.data).toMatchObject({
      views: 3,
      votes: 2,
      final_rank: 3,
      award: { rank: 2, title: 'Launch of the Week #2' },
    });
    expect(events.find((event) => event.listing_id === quiet)!.data).toMatchObject({
      views: 0,
      visitors: 0,
      clicks: 0,
      votes: 0,
      final_rank: null,
      award: null,
    });

    // Each owner of alpha gets one mail with its numbers and the link to the stats page.
    for (const owner of [maker, partner]) {
      const mails = await reportMails(t, owner.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(
        `${events.find((e) => e.listing_id === alpha)!.data.name}: your launch week in numbers (Week 47, 2026)`,
      );
      for (const line of [
        'Page views: 15',
        'Unique visitors: 11',
        'Visits to your website: 3',
        'Votes that week: 4',
        'Final rank on the weekly board: #2 of 3 listings',
        'Award: Launch of the Week #1',
        `${t.url}/account/listings/${alpha}/stats`,
      ])
        expect(mails[0]!.text).toContain(line);
    }
    const otherMails = await reportMails(t, other.email);
    expect(otherMails.map((mail) => mail.text.match(/Final rank on the weekly board: (.*)/)![1]).sort()).toEqual([
      '#3 of 3 listings',
      'not ranked (no counted vote that week)',
    ]);

    // The final board is recorded as the week's Sunday.
    const sunday = await t.db.query<{ listing_id: number; rank: number; votes: number }>(
      `SELECT listing_id, rank, votes FROM listing_daily_ranks WHERE day = '2026-11-22' ORDER BY rank`,
    );
    expect(sunday).toEqual([
      { listing_id: veteran, rank: 1, votes: 6 },
      { listing_id: alpha, rank: 2, votes: 4 },
      { listing_id: beta, rank: 3, votes: 2 },
    ]);

    // Run again by the operator, and ticked again: nothing more.
    const rerun = await runAdminCommand(
      adminDeps(t.db, () => clock.now, t.app.recurring),
      ['run-job', WEEKLY_AWARDS_JOB],
    );
    expect(rerun.exitCode).toBe(0);
    expect(rerun.output).toContain('no ended week left to decide before 2026-11-23');
    expect(rerun.output).not.toContain('launch reports:');
    await tickAt(t, clock, '2026-11-23T06:00:00Z');
    expect(await reportMails(t, maker.email)).toHaveLength(1);
    expect(await reportMails(t, partner.email)).toHaveLength(1);
    expect(await reportEvents(t.db)).toHaveLength(4);
    const reports = await t.db.query<{ listing_id: number }>('SELECT listing_id FROM launch_reports ORDER BY listing_id');
    expect(reports.map((row) => row.listing_id)).toEqual([alpha, beta, quiet, missed].sort((a, b) => a - b));
    expect(await reportMails(t, late.email)).toHaveLength(1);
    // Listings of other weeks got nothing: not the next week's, not one whose week ended four weeks ago, not the veteran.
    for (const id of [upcoming, ancient, veteran]) expect(reports.map((row) => row.listing_id)).not.toContain(id);
  });

  it('sends a report once when two runs write the reports of a week at the same moment', async () => {
    const clock = { now: new Date('2026-11-23T00:05:00Z') };
    t = await startOwnerApp(clock);
    const [maker, partner] = [await person(t.db), await person(t.db)];
    const ids: number[] = [];
    for (const slug of ['one', 'two', 'three', 'four', 'five']) {
      const id = await launch(t, maker, slug, WEEK);
      await addOwner(t.db, id, partner);
      await insertVotes(t.db, id, ids.length + 1, at('2026-11-18T12:00:00Z'));
      ids.push(id);
    }
    await subscribe(t.db, 'wh_maker', maker);
    await decideWeek(t.db, t.app.services.jobs, WEEK, 'UTC', clock.now);

    const runs = await Promise.all([0, 1, 2].map(() => sendLaunchReports(t!.db, t!.app.services.jobs, '2026-11-23', 'UTC', clock.now)));
    expect(runs.flat().reduce((sum, run) => sum + run.sent, 0)).toBe(5);
    // And once more afterwards: the week has nothing left to report.
    expect(await sendLaunchReports(t.db, t.app.services.jobs, '2026-11-23', 'UTC', clock.now)).toEqual([]);
    expect(await reportMails(t, maker.email)).toHaveLength(5);
    expect(await reportMails(t, partner.email)).toHaveLength(5);
    const events = await reportEvents(t.db);
    expect(events.map((event) => event.listing_id)).toEqual(ids);
    // The most voted ranks first: five votes for the last listing.
    expect(events.map((event) => event.data.final_rank)).toEqual([5, 4, 3, 2, 1]);
  });

  it('words a report without votes, views or award plainly', () => {
    const { subject, text } = launchReportMail(
      { publicUrl: 'https://directory.test', siteName: 'Launch Directory' },
      {
        listing_id: 7,
        slug: 'solo',
        name: 'Solo',
        week: WEEK,
        views: 1,
        visitors: 1,
        clicks: 0,
        votes: 0,
        final_rank: null,
        ranked_listings: 1,
        award: null,
      },
    );
    expect(subject).toBe('Solo: your launch week in numbers (Week 47, 2026)');
    expect(text).toContain('Final rank on the weekly board: not ranked (no counted vote that week)');
    expect(text).toContain('Award: none');
    expect(text).toContain('https://directory.test/account/listings/7/stats');
    expect(text).toContain('https://directory.test/listings/solo');
    expect(text).toContain('because you own Solo on Launch Directory.');
  });
});
