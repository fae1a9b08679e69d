/**
 * Moderation of what people write on listing pages: a moderator hides a review or a comment with a reason, or
 * restores it. A hidden review leaves the community rating at once (the reviews trigger of migration 0036 judges it
 * in the same statement, and the listing's profile is rebuilt by the reviews trigger). Every decision is audited
 * (review.hide, review.restore, comment.hide, comment.restore).
 */
import { z } from 'zod';
import type { Database, Statements } from '../db/database.js';
import { InvalidStateError, NotFoundError } from '../errors.js';
import { isoDateTime } from '../schema.js';
import { recordAudit, type Actor } from '../staff/audit-log.js';

const CONTENT_KINDS = ['review', 'comment'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export const CONTENT_ACTIONS = ['hide', 'restore'] as const;
type ContentAction = (typeof CONTENT_ACTIONS)[number];

/** The most of a review's or comment's text a moderator is shown in a list. */
export const EXCERPT_MAX = 300;

/** A review or comment as moderate_review and moderate_comment answer it (the published schema and the type in one). */
export const moderatedContent = z.object({
  id: z.number().int(),
  listing: z.string().describe("The listing's slug"),
  hidden: z.boolean(),
  hidden_reason: z.string().nullable().describe('Why a moderator hid it; null unless hidden'),
  hidden_at: isoDateTime.nullable(),
  excerpt: z.string().describe(`Its text (at most ${EXCERPT_MAX} characters)`),
});
export type ModeratedContent = z.infer<typeof moderatedContent>;

export interface ContentModeration {
  actor: Actor;
  id: number;
  action: ContentAction;
  reason: string;
  now: Date;
}

const TABLES: Record<ContentKind, string> = { review: 'reviews', comment: 'comments' };

interface ContentRow {
  [key: string]: unknown;
  id: number;
  listing: string;
  hidden: boolean;
  hidden_reason: string | null;
  hidden_at: string | null;
  excerpt: string;
}

const RETURNED = `t.id::int AS id, (SELECT l.slug FROM listings l WHERE l.id = t.listing_id) AS listing, t.hidden_at IS NOT NULL AS hidden,
  t.hidden_reason, iso_time(t.hidden_at) AS hidden_at, left(t.body, ${EXCERPT_MAX}) AS excerpt`;

/** Hides or restores a review, in a transaction of its own (joined when `db` is already one). */
export function moderateReview(db: Database, change: ContentModeration): Promise<ModeratedContent> {
  return db.transaction((tx) => applyContentModeration(tx, 'review', change));
}

/** Hides or restores a comment, in a transaction of its own (joined when `db` is already one). */
export function moderateComment(db: Database, change: ContentModeration): Promise<ModeratedContent> {
  return db.transaction((tx) => applyContentModeration(tx, 'comment', change));
}

/**
 * Hides or restores the review or comment `change.id` in the caller's transaction `tx`: 404 for an unknown id, 409
 * when hiding what is hidden or restoring what is not. A hide keeps the reason (shown to nobody but the site team);
 * a restore clears it. Audited as `<kind>.<action>`.
 */
export async function applyContentModeration(tx: Statements, kind: ContentKind, change: ContentModeration): Promise<ModeratedContent> {
  const table = TABLES[kind];
  const [current] = await tx.query<{ hidden: boolean }>(`SELECT hidden_at IS NOT NULL AS hidden FROM ${table} WHERE id = $1 FOR UPDATE`, [
    change.id,
  ]);
  if (!current) throw new NotFoundError(kind, change.id);
  const hide = change.action === 'hide';
  if (hide && current.hidden) throw new InvalidStateError(`${capitalised(kind)} ${change.id} is already hidden.`);
  if (!hide && !current.hidden) throw new InvalidStateError(`${capitalised(kind)} ${change.id} is not hidden.`);
  const [row] = await tx.query<ContentRow>(
    `UPDATE ${table} t SET hidden_at = $2, hidden_reason = $3 WHERE t.id = $1 RETURNING ${RETURNED}`,
    [change.id, hide ? change.now.toISOString() : null, hide ? change.reason : null],
  );
  await recordAudit(tx, {
    actor: change.actor,
    action: `${kind}.${change.action}`,
    target: { type: kind, id: change.id },
    before: { hidden: current.hidden },
    after: { hidden: hide },
    reason: change.reason,
    at: change.now,
  });
  return row!;
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
