import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/mail/mailer.js';
import { defineMailJob } from '../../src/jobs/mail-job.js';
import { openJobQueue, type JobQueue } from '../../src/jobs/queue.js';
import { relayJobOutbox } from '../../src/jobs/job-outbox.js';
import { launchListing } from '../../src/listings/launch.js';
import { setLaunchAlert } from '../../src/subscriptions/alerts.js';
import { sendLaunchAlerts } from '../../src/subscriptions/launch-alerts.js';
import { subscriptionUnsubscribe } from '../../src/subscriptions/subscriptions.js';
import { defineRecurringFollowUps } from '../../src/schedule/recurring-jobs.js';
import { LISTING_PUBLISHED_JOB } from '../../src/webhooks/events.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer.js';
import { insertCategory, insertListing } from '../support/fixtures.js';

/**
 * "Notify me at launch" (issue 53): the launch writes a listing_published job in its own transaction; that job mails
 * each confirmed subscriber once, with the RFC 8058 headers, and the listing's launch subscriptions are gone after it.
 */
const PUBLIC_URL = 'http://directory.test';
const WEEK = '2026-11-23';
let t: TestDatabase;
let smtp: SmtpPeer;
let queue: JobQueue;
let category: number;
const now = () => new Date(`${WEEK}T09:00:00Z`);

/** A confirmed account's subscriber (the page's signed-in person). */
async function person(email: string) {
  const accountId = randomUUID();
  await t.db.query(`INSERT INTO accounts (id, email, password_hash, email_verified_at, created_at) VALUES ($1, $2, 'x', now(), now())`, [
    accountId,
    email,
  ]);
  return { accountId, email, emailVerified: true };
}
const mailsTo = (address: string) => smtp.parsed.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === address);
const upcoming = (name: string) =>
  insertListing(t.db, { category_id: category, name, tagline: 'Plans & <notes>', status: 'scheduled', plan: 'paid', launch_week: WEEK });
const launchDeps = () => ({
  db: t.db,
  jobs: queue,
  now,
  publicUrl: PUBLIC_URL,
  readHomepage: () => Promise.reject(new Error('a paid launch reads no homepage')),
});

beforeAll(async () => {
  t = await createTestDatabase();
  smtp = await startSmtpPeer();
  category = await insertCategory(t.db);
  queue = await openJobQueue({ db: t.db, processEveryMs: 50, lockLifetimeMs: 2000, drainTimeoutMs: 2000 });
  const mailer = createMailer({ db: t.db, smtpUrl: smtp.url, from: 'Directory <no-reply@directory.test>', now: () => new Date() });
  defineMailJob(queue, mailer);
  // The service's definitions: listing_published among them.
  defineRecurringFollowUps(queue, { db: t.db, mailer, publicUrl: PUBLIC_URL, now: () => new Date() });
  await queue.start();
});
afterAll(async () => {
  await queue?.stop();
  await t?.drop();
  await smtp?.close();
});

describe('notify me at launch', () => {
  it('mails each confirmed subscriber once when the listing goes live, and the subscriptions are gone', async () => {
    const rocket = await upcoming('Rocket <Launch>');
    const other = await upcoming('Other Launch');
    const rocketSlug = (await t.db.one<{ slug: string }>('SELECT slug FROM listings WHERE id = $1', [rocket]))!.slug;
    const [ann, bob, changed] = [
      await person('ann@example.com'),
      await person('bob@example.com'),
      await person('changed-mind@example.com'),
    ];
    for (const who of [ann, bob, changed]) expect(await setLaunchAlert(t.db, who, rocketSlug, true, now())).toBe(rocket);
    await setLaunchAlert(t.db, changed, rocketSlug, false, now());
    const otherSlug = (await t.db.one<{ slug: string }>('SELECT slug FROM listings WHERE id = $1', [other]))!.slug;
    await setLaunchAlert(t.db, await person('other@example.com'), otherSlug, true, now());
    await expect(
      setLaunchAlert(t.db, { ...(await person('unconfirmed@example.com')), emailVerified: false }, rocketSlug, true, now()),
    ).rejects.toThrow(/Confirm your e-mail address first/);
    const annRow = (await t.db.one<{ id: string }>(`SELECT id::text AS id FROM mail_subscriptions WHERE email = 'ann@example.com'`))!.id;

    expect(await launchListing(launchDeps(), rocket, WEEK)).toBe('live');
    expect(await t.db.query(`SELECT data FROM job_outbox WHERE name = $1`, [LISTING_PUBLISHED_JOB])).toEqual([
      { data: { listing_id: rocket } },
    ]);
    expect(mailsTo('ann@example.com')).toHaveLength(0);
    // The launch's transaction wrote the job; the relay (or the commit's notification in the service) hands it over.
    await relayJobOutbox(t.db, queue, new Date(), 0);
    await queue.idle(20_000);
    // Handed over again (a relay that died after enqueueing), and run again by hand: nothing more is sent.
    await queue.enqueue(LISTING_PUBLISHED_JOB, { listing_id: rocket });
    await queue.idle(20_000);
    expect(await sendLaunchAlerts({ db: t.db, queue, publicUrl: PUBLIC_URL }, rocket)).toBe(0);
    await queue.idle(20_000);

    expect(mailsTo('ann@example.com')).toHaveLength(1);
    expect(mailsTo('bob@example.com')).toHaveLength(1);
    for (const nobody of ['changed-mind@example.com', 'other@example.com', 'unconfirmed@example.com'])
      expect(mailsTo(nobody), nobody).toHaveLength(0);
    const [mail] = mailsTo('ann@example.com');
    expect(mail!.subject).toBe('Rocket <Launch> is live on Launch Directory');
    const text = mail!.text ?? '';
    expect(text).toContain('Rocket <Launch> has launched on Launch Directory: Plans & <notes>');
    expect(text).toContain(`${PUBLIC_URL}/listings/${rocketSlug}`);
    const html = String(mail!.html);
    expect(html).toContain('Rocket &lt;Launch&gt;');
    expect(html).toContain('Plans &amp; &lt;notes&gt;');
    expect(html).not.toContain('<Launch>');
    const header = (name: string) => mail!.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n([ \t])/g, '$1');
    const link = (await subscriptionUnsubscribe(t.db, PUBLIC_URL, annRow)).url;
    expect(header('list-unsubscribe')).toBe(`List-Unsubscribe: <${link}>`);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(text).toContain(link);
    expect(html).toContain(link);

    // The launch's subscriptions are gone; another listing's stay.
    expect(await t.db.query(`SELECT email FROM mail_subscriptions WHERE topic = 'launch'`)).toEqual([{ email: 'other@example.com' }]);
  });

  it('refuses to start for a live listing (its second press still stops); a listing not yet live mails nobody', async () => {
    const live = await insertListing(t.db, { category_id: category, name: 'Already Live' });
    const slug = (await t.db.one<{ slug: string }>('SELECT slug FROM listings WHERE id = $1', [live]))!.slug;
    const late = await person('late@example.com');
    await expect(setLaunchAlert(t.db, late, slug, true, now())).rejects.toThrow(/live already/);
    await expect(setLaunchAlert(t.db, late, slug, false, now())).resolves.toBe(live);
    const waiting = await upcoming('Still Waiting');
    const waitingSlug = (await t.db.one<{ slug: string }>('SELECT slug FROM listings WHERE id = $1', [waiting]))!.slug;
    await setLaunchAlert(t.db, await person('early@example.com'), waitingSlug, true, now());
    expect(await sendLaunchAlerts({ db: t.db, queue, publicUrl: PUBLIC_URL }, waiting)).toBe(0);
    expect(await t.db.query(`SELECT email FROM mail_subscriptions WHERE subject_id = $1`, [waiting])).toEqual([
      { email: 'early@example.com' },
    ]);
  });
});
