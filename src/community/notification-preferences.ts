/**
 * What a signed-in person hears about besides the mail they subscribed to (issue 53): replies to their comments (a
 * maker's answer among them), and, for makers, new reviews and comments on their listings. Both are on until the
 * person turns them off (/account/notifications, or the one-click link in such a mail); no row means both on.
 */
import type { Database, Statements } from '../db/database.js';
import { unsubscribeLink } from '../security/signed-links.js';

export type NotificationKind = 'replies' | 'maker_activity';
export type NotificationPreferences = Record<NotificationKind, boolean>;

/** The person's preferences (both on when never set). */
export async function notificationPreferences(db: Statements, accountId: string): Promise<NotificationPreferences> {
  const [row] = await db.query<NotificationPreferences>(
    'SELECT replies, maker_activity FROM notification_preferences WHERE account_id = $1::uuid',
    [accountId],
  );
  return row ?? { replies: true, maker_activity: true };
}

/** Sets some of the person's preferences; the others keep their value. */
export async function setNotificationPreferences(
  db: Statements,
  accountId: string,
  change: Partial<NotificationPreferences>,
  now: Date,
): Promise<NotificationPreferences> {
  const current = await notificationPreferences(db, accountId);
  const next = { ...current, ...change };
  await db.query(
    `INSERT INTO notification_preferences (account_id, replies, maker_activity, updated_at) VALUES ($1::uuid, $2, $3, $4)
     ON CONFLICT (account_id) DO UPDATE SET replies = EXCLUDED.replies, maker_activity = EXCLUDED.maker_activity, updated_at = EXCLUDED.updated_at`,
    [accountId, next.replies, next.maker_activity, now.toISOString()],
  );
  return next;
}

/** The subject a one-click link that turns `kind` off for an account carries (src/subscriptions reads it back). */
const preferenceSubject = (kind: NotificationKind, accountId: string) => `pref:${kind}:${accountId}`;

/** Reads a subject made by preferenceSubject; undefined for any other subject. */
export function parsePreferenceSubject(subject: string): { kind: NotificationKind; accountId: string } | undefined {
  const match = /^pref:(replies|maker_activity):([0-9a-f-]{36})$/.exec(subject);
  return match ? { kind: match[1] as NotificationKind, accountId: match[2]! } : undefined;
}

/** The one-click link and RFC 8058 headers of a mail of `kind` to an account: one click turns that kind off. */
export function preferenceUnsubscribe(
  db: Database,
  publicUrl: string,
  kind: NotificationKind,
  accountId: string,
): Promise<{ url: string; headers: Record<string, string> }> {
  return unsubscribeLink(db, publicUrl, preferenceSubject(kind, accountId));
}
