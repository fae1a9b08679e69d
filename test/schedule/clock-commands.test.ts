/** The operator's side of the clock: verify-revenue, jobs, run-job, and what the daily refresh does. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../src/admin/commands.js';
import { tickServiceClock } from '../../src/schedule/service-clock.js';
import { DAILY_REFRESH_JOB } from '../../src/schedule/recurring-jobs.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { insertCategory, insertListing, insertVotes } from '../support/fixtures.js';
import { adminDeps } from '../support/admin.js';
import { caller, person } from '../listings/support.js';

const clock = { now: new Date('2026-11-26T09:30:00Z') };
let t: TestApp;
const admin = (...argv: string[]) =>
  runAdminCommand(
    adminDeps(t.db, () => clock.now, t.app.recurring),
    argv,
  );

beforeAll(async () => {
  t = await startTestApp({ now: () => clock.now, jobs: { processEveryMs: 100 } });
});
afterAll(async () => {
  await t?.close();
});

describe('verify-revenue', () => {
  it('records a figure with its source and date; the revenue board shows the latest verified figure of each live listing', async () => {
    const category_id = await insertCategory(t.db);
    await insertListing(t.db, { slug: 'payroll-pal', name: 'Payroll Pal', category_id, status: 'live' });
    await insertListing(t.db, { slug: 'ledger-lark', name: 'Ledger Lark', category_id, status: 'live' });
    await insertListing(t.db, { slug: 'soon-saas', name: 'Soon SaaS', category_id, status: 'scheduled', launch_week: '2026-12-07' });

    const first = await admin('verify-revenue', 'payroll-pal', '1250000', '--source', 'Stripe read-only key', '--date', '2026-10-31');
    expect(first).toEqual({
      exitCode: 0,
      output: 'Payroll Pal: $12500.00 a month verified from Stripe read-only key as of 2026-10-31; the revenue board shows it',
    });
    expect((await admin('verify-revenue', 'payroll-pal', '1400000', '--source', 'Stripe read-only key')).exitCode).toBe(0);
    expect((await admin('verify-revenue', 'ledger-lark', '300000', '--source', 'Paddle export')).exitCode).toBe(0);
    const upcoming = await admin('verify-revenue', 'soon-saas', '5000', '--source', 'bank statement');
    expect(upcoming.output).toContain('the revenue board shows it once the listing is live (it is scheduled)');

    const { body } = await caller(t)(null, 'GET', '/leaderboards/revenue');
    expect(body.items.map((item: { listing: { slug: string }; metric: object }) => [item.listing.slug, item.metric])).toEqual([
      [
        'payroll-pal',
        {
          name: 'mrr',
          value: 1400000,
          unit: 'usd_cents_per_month',
          paid: false,
          source: 'Stripe read-only key',
          verified_at: clock.now.toISOString(),
        },
      ],
      [
        'ledger-lark',
        {
          name: 'mrr',
          value: 300000,
          unit: 'usd_cents_per_month',
          paid: false,
          source: 'Paddle export',
          verified_at: clock.now.toISOString(),
        },
      ],
    ]);
  });

  it('refuses an unknown listing (exit 1) and bad input (exit 2, with usage), recording nothing', async () => {
    const count = async () => (await t.db.query('SELECT 1 FROM verified_revenues')).length;
    const before = await count();
    expect(await admin('verify-revenue', 'no-such-listing', '100', '--source', 'Stripe')).toEqual({
      exitCode: 1,
      output: 'admin: no listing has the slug no-such-listing',
    });
    for (const [args, message] of [
      [['payroll-pal', '12.50', '--source', 'Stripe'], '"12.50" is not an amount in cents'],
      [['payroll-pal', '-5', '--source', 'Stripe'], "Unknown option '-5'"],
      [['payroll-pal', '100'], '--source must name where the figure was verified'],
      [['payroll-pal', '100', '--source', '  '], '--source must name where the figure was verified'],
      [['payroll-pal', '100', '--source', 'x'.repeat(101)], '--source must name where the figure was verified (1 to 100 characters)'],
      [['payroll-pal', '100', '--source', 'Stripe', '--date', '2026-02-30'], '--date must be a calendar date YYYY-MM-DD, got "2026-02-30"'],
      [['payroll-pal', '100', '--source', 'Stripe', '--date', '2026-12-01'], '--date 2026-12-01 is in the future'],
      [['Not A Slug', '100', '--source', 'Stripe'], '"Not A Slug" is not a listing slug'],
      [['payroll-pal'], 'verify-revenue takes <slug> <mrr-cents> --source <name>'],
    ] as const) {
      const result = await admin('verify-revenue', ...args);
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.output).toContain(message);
      expect(result.output).toContain('usage: npm run admin');
    }
    expect(await count()).toBe(before);
  });
});

describe('jobs and run-job', () => {
  it('jobs lists every recurring job with its last run, outcome and next run; run-job runs one now', async () => {
    const listed = await admin('jobs');
    expect(listed.exitCode).toBe(0);
    for (const name of [
      'weekly_awards',
      'daily_refresh',
      'measure_domain_ratings',
      'start_launch_week',
      'check_waiting_badges',
      'expire_claims',
      'weekly_digest',
      'daily_digest',
    ])
      expect(listed.output).toContain(`${name} (`);
    // Nothing has run: every job is due now.
    expect(listed.output).toContain(
      `daily_refresh (daily): Rebuilds the search dictionary and the live counts, and deletes expired state.\n  last run: never\n  next run: ${clock.now.toISOString()}`,
    );

    // The clock starts today's runs; the next daily run is at the next midnight, the next weekly one on Monday.
    await tickServiceClock(t.db, t.app.services.jobs, t.app.recurring, clock.now);
    await t.app.services.jobs.idle(20_000);
    const after = await admin('jobs');
    expect(after.output).toMatch(
      /daily_refresh \(daily\)[^\n]*\n {2}last run: daily_refresh 2026-11-26 \(schedule, started [^)]+\): ok [^\n]+\n {4}search dictionary: /,
    );
    expect(after.output).toContain('next run: 2026-11-27T00:00:00.000Z');
    const weekly = after.output.split('\n\n').find((block) => block.startsWith('weekly_awards'));
    expect(weekly).toContain('no ended week left to decide before 2026-11-23\n  next run: 2026-11-30T00:00:00.000Z');

    const run = await admin('run-job', DAILY_REFRESH_JOB);
    expect(run.exitCode).toBe(0);
    expect(run.output).toMatch(/^daily_refresh 2026-11-26 \(operator, started [^)]+\): ok /);
  });

  it('run-job names the jobs when given an unknown one (exit 2), and says when the job is already running (exit 1)', async () => {
    const unknown = await admin('run-job', 'make_coffee');
    expect(unknown.exitCode).toBe(2);
    expect(unknown.output).toContain('no recurring job "make_coffee"; the jobs are weekly_awards, daily_refresh, measure_domain_ratings');
    expect((await admin('run-job')).output).toContain('missing <name>');
    await t.db.query(
      `INSERT INTO job_runs (name, period, trigger, started_at, heartbeat_at) VALUES ('daily_refresh', '2026-11-26', 'schedule', now(), now())`,
    );
    try {
      const busy = await admin('run-job', DAILY_REFRESH_JOB);
      expect(busy.exitCode).toBe(1);
      expect(busy.output).toMatch(
        /daily_refresh is already running \(schedule run for 2026-11-26, started [^)]+\); try again when it has finished/,
      );
    } finally {
      await t.db.query(`UPDATE job_runs SET finished_at = now(), outcome = 'ok' WHERE finished_at IS NULL`);
    }
  });
});

describe('the daily refresh', () => {
  it('sets the counters and the search dictionary right from their sources, and deletes what expired, timing each step', async () => {
    const category_id = await insertCategory(t.db);
    const id = await insertListing(t.db, {
      slug: 'quokka-notes',
      name: 'Quokka Notes',
      tagline: 'Zygomorphic note taking',
      category_id,
      status: 'live',
    });
    await insertVotes(t.db, id, 3);
    // Counters gone wrong, and a dictionary missing the listing's words.
    await t.db.query('UPDATE listings SET votes_count = 99, views_count = 7 WHERE id = $1', [id]);
    await t.db.query(`DELETE FROM search_terms WHERE term IN ('quokka', 'zygomorphic')`);
    // Expired state, and a day-old idempotency record that is still valid.
    const owner = await person(t.db);
    await t.db.query(
      `INSERT INTO idempotency_keys (account_id, operation, key, fingerprint, status, answer, created_at, expires_at)
       SELECT $1::uuid, 'submit_listing', k, 'f', 202, '{}'::jsonb, $2::timestamptz, e
       FROM (VALUES ('gone', $2::timestamptz - interval '1 hour'), ('kept', $2::timestamptz + interval '1 hour')) AS v(k, e)`,
      [owner.id, clock.now.toISOString()],
    );
    // Pages of a failed draft untouched for 100 days go; those of a draft changed yesterday stay.
    const drafts = await t.db.query<{ id: string }>(
      `INSERT INTO drafts (id, account_id, url, status, created_at, updated_at)
       VALUES (gen_random_uuid(), $1::uuid, 'https://old.example', 'failed', now() - interval '100 days', now() - interval '100 days'),
              (gen_random_uuid(), $1::uuid, 'https://new.example', 'submitted', now() - interval '1 day', now() - interval '1 day')
       RETURNING id::text AS id`,
      [owner.id],
    );
    for (const draft of drafts)
      await t.db.query(
        `INSERT INTO draft_pages (draft_id, position, url, text_content) VALUES ($1::uuid, 0, 'https://x.example/', 'text')`,
        [draft.id],
      );

    const run = await admin('run-job', DAILY_REFRESH_JOB);
    expect(run.exitCode).toBe(0);
    for (const step of [
      /search dictionary: \d+ words \(\d+ ms\)/,
      /live counts: 1 listings corrected \(\d+ ms\)/,
      /expired sessions, links, tokens, idempotency records and rate-limit windows: [1-9]\d* deleted \(\d+ ms\)/,
      /draft pages past their keep period: pages of 1 drafts deleted \(\d+ ms\)/,
      /page visitors of earlier days: \d+ deleted \(\d+ ms\)/,
      /old job runs: \d+ deleted \(\d+ ms\)/,
    ])
      expect(run.output).toMatch(step);

    expect(await t.db.one('SELECT votes_count, views_count FROM listings WHERE id = $1', [id])).toEqual({ votes_count: 3, views_count: 0 });
    const terms = await t.db.query<{ term: string }>(`SELECT term FROM search_terms WHERE term IN ('quokka', 'zygomorphic') ORDER BY term`);
    expect(terms.map((row) => row.term)).toEqual(['quokka', 'zygomorphic']);
    const keys = await t.db.query<{ key: string }>('SELECT key FROM idempotency_keys WHERE account_id = $1::uuid', [owner.id]);
    expect(keys.map((row) => row.key)).toEqual(['kept']);
    const pages = await t.db.query<{ url: string }>(
      'SELECT d.url FROM draft_pages p JOIN drafts d ON d.id = p.draft_id WHERE d.account_id = $1::uuid',
      [owner.id],
    );
    expect(pages.map((row) => row.url)).toEqual(['https://new.example']);

    // The draft whose pages went can no longer be redrafted from the site: 409 with what to do instead.
    const old = drafts[0]!.id;
    const answer = await caller(t)(owner, 'PATCH', `/drafts/${old}`, { regenerate: ['tagline'] });
    expect(answer.status).toBe(409);
    expect(answer.body.detail).toContain('No pages of the site are kept for this draft');
    expect(answer.body.detail).toContain('start again with submit_listing');
  });
});
