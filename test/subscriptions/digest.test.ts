import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/mail/mailer.js';
import { defineMailJob } from '../../src/jobs/mail-job.js';
import { openJobQueue, type JobQueue } from '../../src/jobs/queue.js';
import { deferredJobQueue, relayJobOutbox } from '../../src/jobs/job-outbox.js';
import { defineDigestMailJob, issueDigest } from '../../src/subscriptions/digest.js';
import { deleteUnconfirmedSubscriptions, unsubscribeByLink } from '../../src/subscriptions/subscriptions.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer.js';
import { insertCategory, insertListing, insertVotes } from '../support/fixtures.js';

/**
 * The digest (issue 53): issued once per period however many instances run it, to confirmed subscribers only, as HTML
 * and text with the RFC 8058 headers; paced; resumed from the job outbox after a crash; nothing to whoever unsubscribed.
 */
const PUBLIC_URL = 'http://directory.test';
const WEEK = '2026-11-16';
const LOGO = `/images/${'a'.repeat(64)}.webp`;
let t: TestDatabase;
let smtp: SmtpPeer;
const queues: JobQueue[] = [];

async function startInstance(): Promise<JobQueue> {
  const queue = await openJobQueue({ db: t.db, processEveryMs: 50, lockLifetimeMs: 2000, drainTimeoutMs: 2000 });
  const mailer = createMailer({ db: t.db, smtpUrl: smtp.url, from: 'Directory <no-reply@directory.test>', now: () => new Date() });
  defineMailJob(queue, mailer);
  defineDigestMailJob(queue, { db: t.db, mailer, publicUrl: PUBLIC_URL });
  await queue.start();
  queues.push(queue);
  return queue;
}

async function subscriber(email: string, cadence: 'weekly' | 'daily', confirmed = true): Promise<string> {
  const id = randomUUID();
  await t.db.query(
    `INSERT INTO mail_subscriptions (id, email, topic, cadence, created_at, confirmed_at) VALUES ($1, $2, 'digest', $3, now(), $4)`,
    [id, email, cadence, confirmed ? new Date().toISOString() : null],
  );
  return id;
}

const mailsTo = (address: string) => smtp.parsed.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === address);

beforeAll(async () => {
  t = await createTestDatabase();
  smtp = await startSmtpPeer();
  const category = await insertCategory(t.db);
  const at = (day: number) => () => new Date(`2026-11-${day}T12:00:00Z`);
  const rocket = await insertListing(t.db, { category_id: category, name: 'Rocket <Notes>', tagline: 'Notes & plans, fast' });
  await t.db.query('UPDATE listings SET logo_url = $2 WHERE id = $1', [rocket, LOGO]);
  await insertVotes(t.db, rocket, 5, at(17));
  const quiet = await insertListing(t.db, { category_id: category, name: 'Quiet Mail' });
  await insertVotes(t.db, quiet, 2, at(18));
  const later = await insertListing(t.db, { category_id: category, name: 'Next Week Tool' });
  await insertVotes(t.db, later, 9, at(24));
  await t.db.query(`INSERT INTO award_weeks (week, decided_at, winners) VALUES ($1, now(), 1)`, [WEEK]);
  await t.db.query(`INSERT INTO awards (week, rank, listing_id, votes) VALUES ($1, 1, $2, 5)`, [WEEK, rocket]);
});
afterAll(async () => {
  await Promise.all(queues.map((queue) => queue.stop()));
  await t?.drop();
  await smtp?.close();
});
beforeEach(async () => {
  await t.db.query('DELETE FROM mail_subscriptions');
  await t.db.query('DELETE FROM digest_issues');
});

describe('the weekly digest', () => {
  it('two instances issuing the same week at once send each confirmed weekly subscriber exactly one mail', async () => {
    const [one, two] = [await startInstance(), await startInstance()];
    await subscriber('weekly@example.com', 'weekly');
    await subscriber('daily@example.com', 'daily');
    await subscriber('pending@example.com', 'weekly', false);
    const deps = (queue: JobQueue) => ({ db: t.db, queue, publicUrl: PUBLIC_URL, mailsPerMinute: 600 });
    const summaries = await Promise.all([
      issueDigest(deps(one), 'weekly', WEEK, new Date()),
      issueDigest(deps(two), 'weekly', WEEK, new Date()),
    ]);
    expect(summaries.filter((s) => s.includes('already issued'))).toHaveLength(1);
    expect(summaries.find((s) => !s.includes('already issued'))).toContain('2 launches, 1 recipients');
    await Promise.all([one.idle(20_000), two.idle(20_000)]);
    // A third run (an operator's run-job) sends nothing more.
    expect(await issueDigest(deps(one), 'weekly', WEEK, new Date())).toContain('already issued');
    await one.idle(20_000);

    expect(mailsTo('weekly@example.com')).toHaveLength(1);
    expect(mailsTo('daily@example.com')).toHaveLength(0);
    expect(mailsTo('pending@example.com')).toHaveLength(0);
    const [mail] = mailsTo('weekly@example.com');
    expect(mail!.subject).toBe('Top launches of Week 47, 2026 on Launch Directory');
    // Both parts, in rank order, with the week's votes (not next week's) and the award.
    const text = mail!.text ?? '';
    expect(text.indexOf('1. Rocket <Notes>: Notes & plans, fast')).toBeGreaterThan(-1);
    expect(text.indexOf('2. Quiet Mail')).toBeGreaterThan(text.indexOf('1. Rocket'));
    expect(text).toContain('5 votes this week · Launch of the Week #1');
    expect(text).not.toContain('Next Week Tool');
    const html = String(mail!.html);
    expect(html).toContain('Rocket &lt;Notes&gt;');
    expect(html).not.toContain('Rocket <Notes>');
    expect(html).toContain(`<img src="${PUBLIC_URL}${LOGO}" width="40" height="40" alt=""`);
    expect(html).toContain('Launch of the Week #1');
    // RFC 8058: a one-click POST address, the same link in both parts, signed (no address or counter in it).
    const header = (name: string) => mail!.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n([ \t])/g, '$1');
    const link = /^List-Unsubscribe: <(http:\/\/directory\.test\/unsubscribe\/[^>]+)>$/.exec(header('list-unsubscribe') ?? '')?.[1];
    expect(link).toBeDefined();
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(text).toContain(link);
    expect(html).toContain(link);
    expect(link).not.toContain('weekly%40example.com');
    expect(link).not.toContain('weekly@example.com');
  });

  it('waits for the awards of a week with launches: before they are decided it fails, and nothing is issued', async () => {
    await subscriber('early@example.com', 'weekly');
    const category = await insertCategory(t.db);
    await insertListing(t.db, { category_id: category, launch_week: '2026-11-09', launched_at: '2026-11-09T10:00:00Z' });
    const deps = { db: t.db, queue: deferredJobQueue(t.db), publicUrl: PUBLIC_URL, mailsPerMinute: 600 };
    await expect(issueDigest(deps, 'weekly', '2026-11-09', new Date())).rejects.toThrow(/not decided yet/);
    expect(await t.db.query('SELECT 1 FROM digest_issues')).toHaveLength(0);
  });
});

describe('sending', () => {
  it('paces the mail by the send rate: 5 subscribers at 2 a minute fall due over 3 minutes', async () => {
    for (const n of [1, 2, 3, 4, 5]) await subscriber(`paced${n}@example.com`, 'daily');
    await t.db.query('DELETE FROM job_outbox');
    const deps = { db: t.db, queue: deferredJobQueue(t.db), publicUrl: PUBLIC_URL, mailsPerMinute: 2 };
    expect(await issueDigest(deps, 'daily', '2026-11-17', new Date())).toContain('1 launches, 5 recipients, sent over 3 minute(s)');
    const due = (
      await t.db.query<{ at: string }>(`SELECT data->>'__run_at' AS at FROM job_outbox WHERE name = 'send_digest' ORDER BY 1`)
    ).map((row) => Date.parse(row.at));
    expect(due).toHaveLength(5);
    const minutes = due.map((at) => Math.round((at - due[0]!) / 60_000));
    expect(minutes).toEqual([0, 0, 1, 1, 2]);
    await t.db.query('DELETE FROM job_outbox');
  });

  it('resumes after a crash: jobs left in the outbox are relayed and each mail goes once; whoever unsubscribed meanwhile gets nothing', async () => {
    const stays = await subscriber('stays@example.com', 'daily');
    const leaves = await subscriber('leaves@example.com', 'daily');
    expect(stays).not.toBe(leaves);
    // The issuing process dies after its commit, before handing its jobs to the queue.
    await issueDigest(
      { db: t.db, queue: deferredJobQueue(t.db), publicUrl: PUBLIC_URL, mailsPerMinute: 600 },
      'daily',
      '2026-11-18',
      new Date(),
    );
    // Before the relay, one subscriber unsubscribes through the link of an earlier digest.
    const { subscriptionUnsubscribe } = await import('../../src/subscriptions/subscriptions.js');
    const link = (await subscriptionUnsubscribe(t.db, PUBLIC_URL, leaves)).url;
    expect(await unsubscribeByLink(t.db, link.split('/unsubscribe/')[1]!, new Date())).toBe(true);
    const queue = queues[0] ?? (await startInstance());
    expect(await relayJobOutbox(t.db, queue, new Date(), 0)).toBeGreaterThanOrEqual(2);
    expect(await relayJobOutbox(t.db, queue, new Date(), 0)).toBe(0);
    await queue.idle(20_000);
    expect(mailsTo('stays@example.com')).toHaveLength(1);
    expect(mailsTo('leaves@example.com')).toHaveLength(0);
    expect(mailsTo('stays@example.com')[0]!.subject).toBe('Top launches of 2026-11-18 on Launch Directory');
  });

  it('issues nothing for a period without counted votes', async () => {
    await subscriber('nothing@example.com', 'daily');
    const deps = { db: t.db, queue: deferredJobQueue(t.db), publicUrl: PUBLIC_URL, mailsPerMinute: 600 };
    expect(await issueDigest(deps, 'daily', '2026-11-20', new Date())).toContain('nothing sent');
    expect(await t.db.query(`SELECT 1 FROM job_outbox WHERE name = 'send_digest'`)).toHaveLength(0);
  });
});

describe('addresses nobody confirmed', () => {
  it('are deleted once their confirmation link has expired (48 hours); confirmed ones stay', async () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const add = (email: string, hoursAgo: number, confirmed: boolean) =>
      t.db.query(
        `INSERT INTO mail_subscriptions (id, email, topic, cadence, created_at, confirmed_at) VALUES ($1, $2, 'digest', 'weekly', $3, $4)`,
        [randomUUID(), email, new Date(now.getTime() - hoursAgo * 3600_000).toISOString(), confirmed ? now.toISOString() : null],
      );
    await add('stale@example.com', 49, false);
    await add('fresh@example.com', 47, false);
    await add('old-friend@example.com', 500, true);
    expect(await deleteUnconfirmedSubscriptions(t.db, now)).toBe(1);
    const left = await t.db.query<{ email: string }>('SELECT email FROM mail_subscriptions ORDER BY email');
    expect(left.map((row) => row.email)).toEqual(['fresh@example.com', 'old-friend@example.com']);
  });
});
