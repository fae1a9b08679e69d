/**
 * Who asked for the digest (issue 53), with consent: a signed-in account whose address is confirmed subscribes at
 * once; any other address gets a confirmation link (double opt-in) that expires, and nothing is sent to it before the
 * link is used. Every digest carries a link that unsubscribes without signing in; unsubscribing deletes the row.
 * The answers never tell whether an address was subscribed before (the same page, and a mail only to that address).
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import type { JobQueue } from '../jobs/queue.js';
import { withJobOutbox } from '../jobs/job-outbox.js';
import { queueMail } from '../jobs/mail-job.js';
import { isPlausibleEmail } from '../accounts/accounts.js';
import { isThrowawayEmail } from '../accounts/disposable-email.js';
import { loadSiteSettings } from '../catalogue/site-settings.js';
import { countOrRefuse } from '../rate-limit/count-or-refuse.js';
import { checkLink, signLink, unsubscribeLink } from '../security/signed-links.js';
import { normalizeEmail } from '../text/email.js';
import { parsePreferenceSubject, setNotificationPreferences } from '../community/notification-preferences.js';

const CADENCES = ['weekly', 'daily'] as const;
export type Cadence = (typeof CADENCES)[number];
export const isCadence = (value: unknown): value is Cadence => (CADENCES as readonly unknown[]).includes(value);

/** How long a confirmation link works. */
export const CONFIRMATION_HOURS = 48;

export interface SubscriptionDeps {
  db: Database;
  /** Where the confirmation mail goes (a send_mail job written with the subscription). */
  jobs: JobQueue;
  publicUrl: string;
  now: () => Date;
}

/** The signed-in person subscribing, if any: only a confirmed address of their own skips the confirmation link. */
export type Subscriber = { accountId: string; email: string; emailVerified: boolean };

/** What a subscription form did: subscribed at once, or a confirmation link was sent (or would have been). */
export type SubscribeOutcome = 'subscribed' | 'check-inbox';

/** Why an address is refused, in words for the field; undefined when it may subscribe. */
export async function subscriptionAddressProblem(db: Database, typed: string): Promise<string | undefined> {
  const email = normalizeEmail(typed);
  if (!isPlausibleEmail(email)) return 'Enter your e-mail address, such as name@example.com.';
  const { email_domains } = await loadSiteSettings(db);
  if (isThrowawayEmail(email, email_domains)) return 'Addresses of throwaway mail services cannot subscribe: use an address you keep.';
  return undefined;
}

/**
 * Subscribes `typed` to the digest at `cadence`. Counted per network (the site setting network_limits.signups_per_hour,
 * as sign-ups are): beyond it a RateLimitedError. The address must pass subscriptionAddressProblem first.
 */
export async function subscribeToDigest(
  deps: SubscriptionDeps,
  request: { email: string; cadence: Cadence; subscriber?: Subscriber; network: string },
): Promise<SubscribeOutcome> {
  const email = normalizeEmail(request.email);
  const now = deps.now();
  const { network_limits } = await loadSiteSettings(deps.db);
  await countOrRefuse(
    deps.db,
    `subscribe:net:${request.network}`,
    { name: 'subscriptions-per-network', limit: network_limits.signups_per_hour, windowSeconds: 3600 },
    now,
    'Too many subscriptions from your network this hour.',
  );
  const own = request.subscriber;
  if (own?.emailVerified && normalizeEmail(own.email) === email) {
    await setOwnDigest(deps.db, own, request.cadence, now);
    return 'subscribed';
  }
  await withJobOutbox(deps.db, deps.jobs, async (db, jobs) => {
    const [row] = await db.query<{ id: string; confirmed: boolean }>(
      `INSERT INTO mail_subscriptions (id, email, topic, cadence, created_at) VALUES ($1, $2, 'digest', $3, $4)
       ON CONFLICT (email, topic, subject_id) DO UPDATE SET
         cadence = CASE WHEN mail_subscriptions.confirmed_at IS NULL THEN EXCLUDED.cadence ELSE mail_subscriptions.cadence END,
         created_at = CASE WHEN mail_subscriptions.confirmed_at IS NULL THEN EXCLUDED.created_at ELSE mail_subscriptions.created_at END
       RETURNING id::text AS id, confirmed_at IS NOT NULL AS confirmed`,
      [randomUUID(), email, request.cadence, now.toISOString()],
    );
    // A confirmed address is not changed by someone who only typed it: its owner is told, and can manage it there.
    // Made with the transaction's db: the embedded engine has one connection, which the transaction holds.
    const inTx = { ...deps, db };
    const mail = row!.confirmed ? await alreadySubscribedMail(inTx, row!.id) : await confirmationMail(inTx, row!.id, request.cadence, now);
    await queueMail(jobs, { to: email, ...mail });
  });
  return 'check-inbox';
}

async function confirmationMail(deps: SubscriptionDeps, id: string, cadence: Cadence, now: Date) {
  const expires = new Date(now.getTime() + CONFIRMATION_HOURS * 3600_000);
  const link = `${deps.publicUrl}/subscribe/confirm/${await signLink(deps.db, 'confirm-subscription', id, expires)}`;
  const siteName = (await loadSiteSettings(deps.db)).site_name;
  return {
    subject: `Confirm your ${cadence} digest from ${siteName}`,
    text:
      `Someone, probably you, asked for the ${cadence} digest of ${siteName}'s top launches at this address.\n\n` +
      `Confirm it here (the link works for ${CONFIRMATION_HOURS} hours):\n${link}\n\n` +
      'Nothing is sent until you do. If it was not you, ignore this message: the address stays off the list.',
  };
}

async function alreadySubscribedMail(deps: SubscriptionDeps, id: string) {
  const siteName = (await loadSiteSettings(deps.db)).site_name;
  return {
    subject: `You already get the digest from ${siteName}`,
    text:
      `Someone, probably you, asked again for ${siteName}'s digest at this address, which already gets it.\n\n` +
      `To stop it: ${(await subscriptionUnsubscribe(deps.db, deps.publicUrl, id)).url}\n` +
      `To change how often it comes, sign in and open ${deps.publicUrl}/account/notifications.`,
  };
}

/** What a confirmation link did. */
export type ConfirmOutcome = 'confirmed' | 'already-confirmed' | 'expired' | 'invalid';

/** Uses a confirmation link: the subscription starts; a link used before, expired, forged or for a deleted one says so. */
export async function confirmSubscription(db: Database, token: string, now: Date): Promise<ConfirmOutcome> {
  const check = await checkLink(db, token, 'confirm-subscription', now);
  if (!check.ok) return check.reason;
  const [row] = await db.query<{ newly: boolean }>(
    `WITH confirmed AS (UPDATE mail_subscriptions SET confirmed_at = $2 WHERE id = $1::uuid AND confirmed_at IS NULL RETURNING 1)
     SELECT EXISTS (SELECT 1 FROM confirmed) AS newly FROM mail_subscriptions WHERE id = $1::uuid`,
    [check.subject, now.toISOString()],
  );
  if (!row) return 'invalid';
  return row.newly ? 'confirmed' : 'already-confirmed';
}

/** The link that unsubscribes subscription `id` without signing in, and the RFC 8058 headers of a mail sent to it. */
export function subscriptionUnsubscribe(
  db: Database,
  publicUrl: string,
  id: string,
): Promise<{ url: string; headers: Record<string, string> }> {
  return unsubscribeLink(db, publicUrl, id);
}

/** Whether an unsubscribe token is good (to show its page); it stays good after use, and unsubscribing again is harmless. */
export async function unsubscribeTokenIsGood(db: Database, token: string, now: Date): Promise<boolean> {
  return (await checkLink(db, token, 'unsubscribe', now)).ok;
}

/**
 * Unsubscribes by link: true when the token is good (whether or not the subscription was still there). A link from a
 * reply or maker-activity mail turns that kind of mail off for its account instead.
 */
export async function unsubscribeByLink(db: Database, token: string, now: Date): Promise<boolean> {
  const check = await checkLink(db, token, 'unsubscribe', now);
  if (!check.ok) return false;
  const preference = parsePreferenceSubject(check.subject);
  if (preference) {
    const exists = await db.one('SELECT 1 FROM accounts WHERE id = $1::uuid', [preference.accountId]);
    if (exists) await setNotificationPreferences(db, preference.accountId, { [preference.kind]: false }, now);
    return true;
  }
  if (!/^[0-9a-f-]{36}$/.test(check.subject)) return false;
  await db.query('DELETE FROM mail_subscriptions WHERE id = $1::uuid', [check.subject]);
  return true;
}

/** A signed-in person's digest: its cadence, or 'none'; a subscription still waiting for its link counts as none. */
export async function ownDigest(db: Database, email: string): Promise<{ cadence: Cadence | 'none'; pending: boolean }> {
  const row = await db.one<{ cadence: Cadence; confirmed: boolean }>(
    `SELECT cadence, confirmed_at IS NOT NULL AS confirmed FROM mail_subscriptions WHERE email = $1 AND topic = 'digest'`,
    [normalizeEmail(email)],
  );
  return row?.confirmed ? { cadence: row.cadence, pending: false } : { cadence: 'none', pending: row !== undefined };
}

/** Sets a confirmed account's own digest ('none' stops it). An account whose address is unconfirmed is refused. */
export async function setOwnDigest(db: Database, subscriber: Subscriber, cadence: Cadence | 'none', now: Date): Promise<void> {
  const email = normalizeEmail(subscriber.email);
  if (cadence === 'none') {
    await db.query(`DELETE FROM mail_subscriptions WHERE email = $1 AND topic = 'digest'`, [email]);
    return;
  }
  if (!subscriber.emailVerified) throw new Error('setOwnDigest: the address is not confirmed');
  await db.query(
    `INSERT INTO mail_subscriptions (id, email, account_id, topic, cadence, created_at, confirmed_at) VALUES ($1, $2, $3, 'digest', $4, $5, $5)
     ON CONFLICT (email, topic, subject_id) DO UPDATE SET cadence = EXCLUDED.cadence, account_id = EXCLUDED.account_id,
       confirmed_at = coalesce(mail_subscriptions.confirmed_at, EXCLUDED.confirmed_at)`,
    [randomUUID(), email, subscriber.accountId, cadence, now.toISOString()],
  );
}

/** What a confirmation link would do, without using it (its page shows the button only while it can confirm). */
export async function confirmationState(db: Database, token: string, now: Date): Promise<'pending' | Exclude<ConfirmOutcome, 'confirmed'>> {
  const check = await checkLink(db, token, 'confirm-subscription', now);
  if (!check.ok) return check.reason;
  const row = await db.one<{ confirmed: boolean }>(
    'SELECT confirmed_at IS NOT NULL AS confirmed FROM mail_subscriptions WHERE id = $1::uuid',
    [check.subject],
  );
  if (!row) return 'invalid';
  return row.confirmed ? 'already-confirmed' : 'pending';
}

/**
 * Deletes subscriptions whose confirmation link has expired unused (the daily refresh): an address someone typed and
 * nobody confirmed is not kept. A new request for the address renews its row's time, with its new link.
 */
export async function deleteUnconfirmedSubscriptions(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - CONFIRMATION_HOURS * 3600_000).toISOString();
  const rows = await db.query('DELETE FROM mail_subscriptions WHERE confirmed_at IS NULL AND created_at < $1 RETURNING 1', [before]);
  return rows.length;
}
