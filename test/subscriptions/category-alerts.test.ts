import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/mail/mailer.js';
import { defineMailJob } from '../../src/jobs/mail-job.js';
import { openJobQueue, type JobQueue } from '../../src/jobs/queue.js';
import { deferredJobQueue } from '../../src/jobs/job-outbox.js';
import { defineCategoryAlertJob, issueCategoryAlerts } from '../../src/subscriptions/category-alerts.js';
import { unsubscribeByLink } from '../../src/subscriptions/subscriptions.js';
import { CATEGORY_ALERTS_JOB, recurringJobs } from '../../src/schedule/recurring-jobs.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer.js';
import { insertCategory, insertListing } from '../support/fixtures.js';

/**
 * A category's new launches by mail (issue 53): for the day before the run, in the site's time zone, each confirmed
 * follower gets ONE mail with the day's launches of every category they follow (primary or extra category), with
 * the RFC 8058 headers and a link per category; nobody else gets anything, and a run again sends nothing twice.
 */
const PUBLIC_URL = 'http://directory.test';
const DAY = '2026-11-17';
let t: TestDatabase;
let smtp: SmtpPeer;
let queue: JobQueue;
const ids: Record<string, number> = {};

async function follow(email: string, category: number, confirmed = true): Promise<string> {
  const id = randomUUID();
  await t.db.query(
    `INSERT INTO mail_subscriptions (id, email, topic, subject_id, cadence, created_at, confirmed_at)
     VALUES ($1, $2, 'category', $3, 'daily', clock_timestamp(), $4)`,
    [id, email, category, confirmed ? new Date().toISOString() : null],
  );
  return id;
}

const mailsTo = (address: string) => smtp.parsed.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === address);
const header = (mail: (typeof smtp.parsed)[number], name: string) =>
  mail.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n([ \t])/g, '$1');
const deps = () => ({ db: t.db, queue, publicUrl: PUBLIC_URL, mailsPerMinute: 600 });

beforeAll(async () => {
  t = await createTestDatabase();
  smtp = await startSmtpPeer();
  // The site's day runs from 05:00 to 05:00 UTC: a launch at 03:00 UTC on the 18th is the 17th's.
  await t.db.query(`INSERT INTO site_settings (key, value) VALUES ('time_zone', '"America/New_York"')`);
  ids.notes = await insertCategory(t.db, { name: 'Notes & <Tools>' });
  ids.mail = await insertCategory(t.db, { name: 'Mail' });
  ids.other = await insertCategory(t.db, { name: 'Other' });
  ids.quiet = await insertCategory(t.db, { name: 'Quiet' });
  const live = (name: string, category: number, launchedAt: string, extra: number[] = []) =>
    insertListing(t.db, { category_id: category, extra_category_ids: extra, name, tagline: `${name} tagline`, launched_at: launchedAt });
  await live('Alpha <One>', ids.notes, `${DAY}T15:00:00Z`);
  await live('Late Extra', ids.other, '2026-11-18T03:00:00Z', [ids.notes]);
  await live('Yesterday Tool', ids.notes, '2026-11-16T15:00:00Z');
  await live('Tomorrow Tool', ids.notes, '2026-11-18T06:00:00Z');
  await live('Mail Bird', ids.mail, `${DAY}T12:00:00Z`);
  await live('Other Only', ids.other, `${DAY}T12:00:00Z`);
  await insertListing(t.db, { category_id: ids.notes, name: 'Upcoming Tool', status: 'scheduled', launch_week: '2026-11-23' });
  await insertListing(t.db, { category_id: ids.notes, name: 'Hidden Tool', status: 'hidden', launched_at: `${DAY}T16:00:00Z` });
  queue = await openJobQueue({ db: t.db, processEveryMs: 50, lockLifetimeMs: 2000, drainTimeoutMs: 2000 });
  const mailer = createMailer({ db: t.db, smtpUrl: smtp.url, from: 'Directory <no-reply@directory.test>', now: () => new Date() });
  defineMailJob(queue, mailer);
  defineCategoryAlertJob(queue, { db: t.db, mailer, publicUrl: PUBLIC_URL });
  await queue.start();
});
afterAll(async () => {
  await queue?.stop();
  await t?.drop();
  await smtp?.close();
});

describe('the daily category alerts', () => {
  it("one mail per follower with the day's launches of the categories they follow, sent once however often it runs", async () => {
    const notes = await follow('both@example.com', ids.notes!);
    const mail = await follow('both@example.com', ids.mail!);
    await follow('quiet@example.com', ids.quiet!);
    await follow('pending@example.com', ids.notes!, false);
    const gone = await follow('gone@example.com', ids.notes!);
    await t.db.query(
      `INSERT INTO mail_subscriptions (id, email, topic, cadence, created_at, confirmed_at) VALUES ($1, 'digest@example.com', 'digest', 'daily', now(), now())`,
      [randomUUID()],
    );
    const { subscriptionUnsubscribe } = await import('../../src/subscriptions/subscriptions.js');
    const goneLink = (await subscriptionUnsubscribe(t.db, PUBLIC_URL, gone)).url;
    expect(await unsubscribeByLink(t.db, goneLink.split('/unsubscribe/')[1]!, new Date())).toBe(true);

    expect(await issueCategoryAlerts(deps(), DAY)).toBe(`category alerts of ${DAY}: 1 recipients, sent over 1 minute(s)`);
    await queue.idle(20_000);
    // A run again (an operator's run-job) queues the same mail, which is not sent twice.
    expect(await issueCategoryAlerts(deps(), DAY)).toContain('1 recipients');
    await queue.idle(20_000);

    for (const nobody of ['quiet@example.com', 'pending@example.com', 'gone@example.com', 'digest@example.com'])
      expect(mailsTo(nobody), nobody).toHaveLength(0);
    expect(mailsTo('both@example.com')).toHaveLength(1);
    const [sent] = mailsTo('both@example.com');
    expect(sent!.subject).toBe('3 new launches in Notes & <Tools> and Mail on Launch Directory');
    const text = sent!.text ?? '';
    expect(text).toContain(`New launches of ${DAY} on Launch Directory`);
    expect(text).toContain('- Alpha <One>: Alpha <One> tagline');
    expect(text).toContain('- Late Extra: Late Extra tagline'); // its extra category, late in the site's day
    expect(text).toContain('- Mail Bird');
    expect(text.indexOf('Mail Bird')).toBeGreaterThan(text.indexOf('Late Extra')); // the categories in the order followed
    for (const absent of ['Yesterday Tool', 'Tomorrow Tool', 'Other Only', 'Upcoming Tool', 'Hidden Tool'])
      expect(text).not.toContain(absent);
    const html = String(sent!.html);
    expect(html).toContain('Alpha &lt;One&gt;');
    expect(html).toContain('Notes &amp; &lt;Tools&gt;');
    expect(html).not.toContain('<One>');
    expect(html).not.toContain('Tomorrow Tool');
    // RFC 8058 for the first category followed; a link per category in both parts.
    const link = /^List-Unsubscribe: <(http:\/\/directory\.test\/unsubscribe\/[^>]+)>$/.exec(header(sent!, 'list-unsubscribe') ?? '')?.[1];
    expect(link).toBe((await subscriptionUnsubscribe(t.db, PUBLIC_URL, notes)).url);
    expect(header(sent!, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const mailLink = (await subscriptionUnsubscribe(t.db, PUBLIC_URL, mail)).url;
    for (const part of [text, html]) {
      expect(part).toContain(link);
      expect(part).toContain(mailLink);
    }
    expect(text).toContain(`Stop mail about Mail: ${mailLink}`);
    // The header's one click stops that category only.
    expect(await unsubscribeByLink(t.db, link!.split('/unsubscribe/')[1]!, new Date())).toBe(true);
    expect(await t.db.query(`SELECT subject_id FROM mail_subscriptions WHERE email = 'both@example.com'`)).toEqual([
      { subject_id: ids.mail },
    ]);
  });

  it('sends nothing on a day without launches in a followed category', async () => {
    await follow('another@example.com', ids.notes!);
    const outbox = deferredJobQueue(t.db);
    expect(await issueCategoryAlerts({ ...deps(), queue: outbox }, '2026-11-10')).toBe(
      'no followed category had a launch on 2026-11-10: nothing sent',
    );
    expect(await t.db.query(`SELECT 1 FROM job_outbox WHERE name = 'send_category_alert'`)).toHaveLength(0);
  });

  it('is the daily recurring job category_alerts, covering the day before its run, paced by the send rate', async () => {
    await t.db.query('DELETE FROM job_outbox');
    const job = recurringJobs({ db: t.db, queue: deferredJobQueue(t.db), publicUrl: PUBLIC_URL, digestMailsPerMinute: 1 }).find(
      (j) => j.name === CATEGORY_ALERTS_JOB,
    );
    expect(job?.cadence).toBe('daily');
    // both@example.com still follows Mail; at one mail a minute the second falls due a minute later.
    expect(await job!.run('2026-11-18', new Date())).toBe(`category alerts of ${DAY}: 2 recipients, sent over 2 minute(s)`);
    const queued = await t.db.query<{ data: { day: string; email: string; __run_at: string } }>(
      `SELECT data FROM job_outbox WHERE name = 'send_category_alert' ORDER BY id`,
    );
    expect(queued.map((row) => [row.data.day, row.data.email])).toEqual([
      [DAY, 'both@example.com'],
      [DAY, 'another@example.com'],
    ]);
    expect(Date.parse(queued[1]!.data.__run_at) - Date.parse(queued[0]!.data.__run_at)).toBeGreaterThanOrEqual(59_000);
    await t.db.query('DELETE FROM job_outbox');
  });
});
