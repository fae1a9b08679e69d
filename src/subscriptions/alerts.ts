/**
 * Mail a signed-in person asks for from a page (issue 53): a category's new launches, once a day ("Get new launches by
 * mail" on its page), and an upcoming listing's launch, once ("Notify me at launch" on its page). Only a confirmed
 * address of the person's own subscribes (it is confirmed already: no double opt-in); anyone stops theirs. A second
 * press stops it: the row is deleted, as unsubscribing by link deletes it.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import { InvalidStateError, NotFoundError, ProblemError } from '../errors.js';
import { normalizeEmail } from '../text/email.js';
import type { Subscriber } from './subscriptions.js';

/** The page subscriptions: a category's daily launches, and one listing's launch. */
export type AlertTopic = 'category' | 'launch';

/** An unconfirmed address asking for mail: 403, saying what to do. */
class AlertRefusedError extends ProblemError {
  constructor() {
    super({
      status: 403,
      code: 'alert_refused',
      title: 'Mail is not allowed yet',
      detail: 'Confirm your e-mail address first: mail goes only to confirmed addresses.',
    });
  }
}

/** Whether the person's address gets `topic` for `subjectId` (a category's or listing's id). */
export async function hasAlert(db: Database, email: string, topic: AlertTopic, subjectId: number): Promise<boolean> {
  const row = await db.one(
    `SELECT 1 FROM mail_subscriptions WHERE email = $1 AND topic = $2 AND subject_id = $3 AND confirmed_at IS NOT NULL`,
    [normalizeEmail(email), topic, subjectId],
  );
  return row !== undefined;
}

/** Starts (confirmed at once) or stops one page subscription of the person's own address. */
async function setAlert(db: Database, subscriber: Subscriber, topic: AlertTopic, subjectId: number, on: boolean, now: Date): Promise<void> {
  const email = normalizeEmail(subscriber.email);
  if (!on) {
    await db.query('DELETE FROM mail_subscriptions WHERE email = $1 AND topic = $2 AND subject_id = $3', [email, topic, subjectId]);
    return;
  }
  if (!subscriber.emailVerified) throw new AlertRefusedError();
  await db.query(
    `INSERT INTO mail_subscriptions (id, email, account_id, topic, subject_id, cadence, created_at, confirmed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
     ON CONFLICT (email, topic, subject_id) DO UPDATE SET account_id = EXCLUDED.account_id,
       confirmed_at = coalesce(mail_subscriptions.confirmed_at, EXCLUDED.confirmed_at)`,
    [randomUUID(), email, subscriber.accountId, topic, subjectId, topic === 'category' ? 'daily' : 'once', now.toISOString()],
  );
}

/** "Get new launches by mail" on a category's page (on) and its second press (off). */
export function setCategoryAlert(db: Database, subscriber: Subscriber, categoryId: number, on: boolean, now: Date): Promise<void> {
  return setAlert(db, subscriber, 'category', categoryId, on, now);
}

/**
 * "Notify me at launch" on the page of a listing that is public and not live yet (on), and its second press (off):
 * answers the listing's id. A live listing is refused (409): it has launched.
 */
export async function setLaunchAlert(db: Database, subscriber: Subscriber, slug: string, on: boolean, now: Date): Promise<number> {
  const listing = await db.one<{ id: number; status: string }>(
    `SELECT id, status FROM listings WHERE slug = $1 AND status IN ('scheduled', 'live')`,
    [slug],
  );
  if (!listing) throw new NotFoundError('listing', slug);
  if (on && listing.status === 'live')
    throw new InvalidStateError('This listing is live already: there is no launch left to tell you about.');
  await setAlert(db, subscriber, 'launch', listing.id, on, now);
  return listing.id;
}

/** The categories and upcoming launches an address follows by mail, for its settings page: name and page path. */
export function ownAlerts(db: Database, email: string): Promise<{ topic: AlertTopic; name: string; path: string }[]> {
  return db.query(
    `SELECT m.topic, coalesce(c.name, l.name) AS name,
            CASE WHEN m.topic = 'category' THEN '/categories/' || c.slug ELSE '/listings/' || l.slug END AS path
     FROM mail_subscriptions m
     LEFT JOIN categories c ON m.topic = 'category' AND c.id = m.subject_id
     LEFT JOIN listings l ON m.topic = 'launch' AND l.id = m.subject_id
     WHERE m.email = $1 AND m.topic IN ('category', 'launch') AND m.confirmed_at IS NOT NULL AND coalesce(c.id, l.id) IS NOT NULL
     ORDER BY m.topic, 2`,
    [normalizeEmail(email)],
  );
}
