/**
 * The discussion of a listing: people with a confirmed e-mail address comment on a public listing and reply one
 * level deep (a reply to a reply joins its top comment's thread). Comments by the listing's owners carry the Maker
 * mark; owners also answer through their assistant (replyAsMaker). Authors delete their own comments, which then
 * show as deleted only where replies hang on them. A comment by someone who is not an owner reaches the owners as
 * the webhook event comment.created and, batched, by mail (comment-mail.ts), both in the comment's transaction.
 */
import type { Database, Statements } from '../db/database.js';
import { InvalidStateError, NotFoundError, ProblemError, ValidationError } from '../errors.js';
import type { JobQueue } from '../jobs/queue.js';
import { withJobOutbox } from '../jobs/job-outbox.js';
import { countOrRefuse } from '../rate-limit/count-or-refuse.js';
import type { RatePolicy } from '../rate-limit/counter.js';
import { stripInvisible } from '../text/invisible-characters.js';
import { PUBLIC_STATUSES } from '../catalogue/listing-summary.js';
import { emitWebhookEvent } from '../webhooks/events.js';
import { publicNameSql } from './public-name.js';
import { scheduleCommentMail } from './comment-mail.js';
import { queueReplyMail } from './activity-mail.js';

export const COMMENT_BODY_MAX = 5000;

/** Comments per person: plenty for a conversation, a wall for a script. */
const COMMENT_LIMIT: RatePolicy = { name: 'site_comments', limit: 30, windowSeconds: 3600 };

type CommentState = 'visible' | 'deleted' | 'hidden';

/** A comment as the public reads it; a deleted or hidden one has no body (and a deleted one no author). */
export type PublicComment = {
  id: number;
  parent_id: number | null;
  body: string | null;
  author: string | null;
  /** Written by an owner of the listing. */
  maker: boolean;
  created_at: string;
  state: CommentState;
};

/** A top-level comment with its replies, oldest first. */
interface ThreadComment extends PublicComment {
  replies: PublicComment[];
}

/** A comment just written, with the listing it is on. */
export interface PostedComment extends PublicComment {
  slug: string;
}

/** A person the rules do not let comment (unconfirmed address): 403, saying what to do. */
class CommentRefusedError extends ProblemError {
  constructor(detail: string) {
    super({ status: 403, code: 'comment_refused', title: 'This comment is not allowed', detail });
  }
}

class NotOwnerError extends ProblemError {
  constructor(detail: string) {
    super({ status: 403, code: 'not_owner', title: 'Not an owner of the listing', detail });
  }
}

class NotAuthorError extends ProblemError {
  constructor() {
    super({ status: 403, code: 'not_author', title: 'Not your comment', detail: 'Only its author deletes a comment.' });
  }
}

/** The text, cleaned (invisible characters stripped, trimmed) and checked: 400 naming /body. */
function checkedCommentBody(body: unknown): string {
  if (typeof body !== 'string') throw new ValidationError([{ path: '/body', message: 'Write the comment as text.' }]);
  const text = stripInvisible(body).trim();
  if (text.includes('\u0000')) throw new ValidationError([{ path: '/body', message: 'The text holds a NUL character.' }]);
  const length = [...text].length;
  if (length < 1 || length > COMMENT_BODY_MAX)
    throw new ValidationError([{ path: '/body', message: `Write 1 to ${COMMENT_BODY_MAX} characters (this has ${length}).` }]);
  return text;
}

/** A comment id from a form or a call: a positive whole number; 400 naming `path` otherwise. */
export function commentId(value: unknown, path: string): number {
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1)
    throw new ValidationError([{ path, message: 'Give the id of a comment (a positive whole number).' }]);
  return id;
}

export interface NewComment {
  slug: string;
  body: unknown;
  /** The comment answered, for a reply (a form's empty field counts as none). */
  parentId?: unknown;
}

/** Writes the person's comment (or reply) on a public listing; see the module comment for the rules. */
export async function postComment(db: Database, jobs: JobQueue, accountId: string, comment: NewComment, now: Date): Promise<PostedComment> {
  return writeComment(db, jobs, accountId, comment, now, false);
}

/**
 * An owner's answer to a comment, as their assistant writes it (reply_to_comment): 404 when the comment is unknown or
 * its listing not public, 403 not_owner unless the caller owns the listing; otherwise as postComment, Maker mark on.
 */
export async function replyAsMaker(db: Database, jobs: JobQueue, accountId: string, parentId: number, body: unknown, now: Date) {
  const [found] = await db.query<{ slug: string }>(
    'SELECT l.slug FROM comments c JOIN listings l ON l.id = c.listing_id WHERE c.id = $1 AND l.status = ANY($2::text[])',
    [parentId, PUBLIC_STATUSES],
  );
  if (!found) throw new NotFoundError('comment', parentId);
  return writeComment(db, jobs, accountId, { slug: found.slug, body, parentId }, now, true);
}

async function writeComment(
  db: Database,
  jobs: JobQueue,
  accountId: string,
  comment: NewComment,
  now: Date,
  ownersOnly: boolean,
): Promise<PostedComment> {
  const author = await db.one<{ verified: boolean; name: string }>(
    `SELECT a.email_verified_at IS NOT NULL AS verified, ${publicNameSql('a')} AS name FROM accounts a WHERE a.id = $1::uuid`,
    [accountId],
  );
  if (!author?.verified)
    throw new CommentRefusedError('Confirm your e-mail address first: comments come from people with a confirmed address.');
  const body = checkedCommentBody(comment.body);
  const parentId =
    comment.parentId === undefined || comment.parentId === null || comment.parentId === ''
      ? null
      : commentId(comment.parentId, '/parent_id');
  await countOrRefuse(db, `comment:${accountId}`, COMMENT_LIMIT, now, `At most ${COMMENT_LIMIT.limit} comments an hour.`);
  return withJobOutbox(db, jobs, (txDb, outbox) =>
    txDb.transaction(async (tx) => {
      const listing = await publicListing(tx, comment.slug);
      const maker = await ownsListing(tx, listing.id, accountId);
      if (ownersOnly && !maker) throw new NotOwnerError(`Only the owners of ${listing.name} answer as its maker.`);
      const parent = parentId === null ? null : await threadOf(tx, listing.id, parentId);
      if (!maker) await scheduleCommentMail(tx, outbox, listing.id, now);
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO comments (listing_id, parent_id, account_id, body, by_maker, created_at) VALUES ($1, $2, $3::uuid, $4, $5, $6)
         RETURNING id::int AS id`,
        [listing.id, parent, accountId, body, maker, now.toISOString()],
      );
      if (parentId !== null) await queueReplyMail(outbox, row!.id, parentId);
      const posted: PostedComment = {
        id: row!.id,
        parent_id: parent,
        body,
        author: author.name,
        maker,
        created_at: now.toISOString(),
        state: 'visible',
        slug: listing.slug,
      };
      // Makers are not told of their own comments.
      if (!maker) await emitCommentCreated(tx, listing.id, posted);
      return posted;
    }),
  );
}

async function publicListing(tx: Statements, slug: string): Promise<{ id: number; slug: string; name: string }> {
  const [listing] = await tx.query<{ id: number; slug: string; name: string }>(
    'SELECT id, slug, name FROM listings WHERE slug = $1 AND status = ANY($2::text[])',
    [slug, PUBLIC_STATUSES],
  );
  if (!listing) throw new NotFoundError('listing', slug);
  return listing;
}

async function ownsListing(tx: Statements, listingId: number, accountId: string): Promise<boolean> {
  const rows = await tx.query('SELECT 1 FROM listing_owners WHERE listing_id = $1 AND account_id = $2::uuid', [listingId, accountId]);
  return rows.length > 0;
}

/**
 * The top comment of the thread a reply joins: the parent itself, or the parent's own parent when it is a reply.
 * 404 for an unknown comment, 400 for one on another listing, 409 for one deleted or hidden.
 */
async function threadOf(tx: Statements, listingId: number, parentId: number): Promise<number> {
  const [parent] = await tx.query<{ listing_id: number; top: number; gone: boolean }>(
    `SELECT c.listing_id, coalesce(c.parent_id, c.id)::int AS top, (c.deleted_at IS NOT NULL OR c.hidden_at IS NOT NULL) AS gone
     FROM comments c WHERE c.id = $1`,
    [parentId],
  );
  if (!parent) throw new NotFoundError('comment', parentId);
  if (parent.listing_id !== listingId)
    throw new ValidationError([{ path: '/parent_id', message: `Comment ${parentId} is on another listing: answer it there.` }]);
  if (parent.gone) throw new InvalidStateError(`Comment ${parentId} was deleted or hidden: it takes no replies.`);
  return parent.top;
}

function emitCommentCreated(tx: Statements, listingId: number, comment: PostedComment): Promise<void> {
  return emitWebhookEvent(tx, {
    type: 'comment.created',
    listingId,
    data: {
      listing_id: listingId,
      slug: comment.slug,
      comment_id: comment.id,
      parent_id: comment.parent_id,
      body: comment.body,
      author: comment.author,
      maker: comment.maker,
      created_at: comment.created_at,
    },
    at: new Date(comment.created_at),
  });
}

/**
 * Deletes the person's own comment: its body is emptied and it shows as deleted where replies hang on it. 404 for an
 * unknown comment (or one not on the listing `slug`, when given), 403 for someone else's. Deleting twice changes nothing.
 */
export async function deleteComment(db: Database, accountId: string, id: number, now: Date, slug?: string): Promise<{ slug: string }> {
  return db.transaction(async (tx) => {
    const [comment] = await tx.query<{ account_id: string | null; slug: string }>(
      `SELECT c.account_id::text AS account_id, l.slug FROM comments c JOIN listings l ON l.id = c.listing_id WHERE c.id = $1 FOR UPDATE OF c`,
      [id],
    );
    if (!comment || (slug !== undefined && comment.slug !== slug)) throw new NotFoundError('comment', id);
    if (comment.account_id !== accountId) throw new NotAuthorError();
    await tx.query(`UPDATE comments SET deleted_at = $2, body = '' WHERE id = $1 AND deleted_at IS NULL`, [id, now.toISOString()]);
    return { slug: comment.slug };
  });
}

type CommentRow = PublicComment & {
  total: number;
  mine: boolean;
};

const SHOWN = 'c.deleted_at IS NULL AND c.hidden_at IS NULL';

const COMMENT_COLUMNS = `c.id::int AS id, c.parent_id::int AS parent_id,
  CASE WHEN ${SHOWN} THEN c.body END AS body,
  CASE WHEN c.deleted_at IS NULL THEN ${publicNameSql('a')} END AS author,
  c.by_maker AS maker, iso_time(c.created_at) AS created_at,
  CASE WHEN c.deleted_at IS NOT NULL THEN 'deleted' WHEN c.hidden_at IS NOT NULL THEN 'hidden' ELSE 'visible' END AS state,
  (c.account_id IS NOT DISTINCT FROM $2::uuid) AS mine`;

export interface CommentPage {
  items: ThreadComment[];
  /** Top-level comments shown in all. */
  total: number;
  /** The ids of the comments (on this page) written by `viewer`. */
  mine: Set<number>;
}

/**
 * A public listing's thread, paged over its top-level comments (oldest first, each with its replies oldest first);
 * undefined for an unknown or unpublished listing. A deleted or hidden comment is left out unless replies hang on it.
 */
export async function listComments(
  db: Database,
  slug: string,
  paging: { limit: number; offset: number },
  viewer?: string,
): Promise<CommentPage | undefined> {
  // One statement: the listing, the page's top-level comments (each row carrying their total) and their replies.
  const rows = await db.query<CommentRow & { listing_id: number; reply: boolean | null }>(
    `WITH subject AS (SELECT id FROM listings WHERE slug = $1 AND status = ANY($5::text[])),
     tops AS (
       SELECT ${COMMENT_COLUMNS}, count(*) OVER ()::int AS total, c.created_at AS at
       FROM comments c LEFT JOIN accounts a ON a.id = c.account_id
       WHERE c.listing_id = (SELECT id FROM subject) AND c.parent_id IS NULL
         AND (${SHOWN} OR EXISTS (SELECT 1 FROM comments r WHERE r.parent_id = c.id AND r.deleted_at IS NULL AND r.hidden_at IS NULL))
       ORDER BY c.created_at, c.id LIMIT $3 OFFSET $4
     ),
     replies AS (
       SELECT ${COMMENT_COLUMNS}, NULL::int AS total, c.created_at AS at
       FROM comments c LEFT JOIN accounts a ON a.id = c.account_id
       WHERE c.parent_id IN (SELECT id FROM tops) AND ${SHOWN}
     )
     SELECT s.id::int AS listing_id, t.*
     FROM subject s
     LEFT JOIN (SELECT *, false AS reply FROM tops UNION ALL SELECT *, true FROM replies) t ON true
     ORDER BY t.reply, t.at, t.id`,
    [slug, viewer ?? null, paging.limit, paging.offset, PUBLIC_STATUSES],
    { prepare: 'listing_comments' },
  );
  if (rows.length === 0) return undefined;
  const tops = rows.filter((row) => row.reply === false);
  const replies = rows.filter((row) => row.reply === true);
  const mine = new Set([...tops, ...replies].filter((row) => row.mine).map((row) => row.id));
  const items = tops.map((top) => ({ ...publicComment(top), replies: replies.filter((r) => r.parent_id === top.id).map(publicComment) }));
  const total = tops[0]?.total ?? (paging.offset > 0 ? await countShownTops(db, rows[0].listing_id) : 0);
  return { items, total, mine };
}

function publicComment({ id, parent_id, body, author, maker, created_at, state }: CommentRow): PublicComment {
  return { id, parent_id, body, author, maker, created_at, state };
}

/** The top-level comments shown (for a page past the end, which has no row to carry the count). */
async function countShownTops(db: Database, listingId: number): Promise<number> {
  const row = await db.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM comments c WHERE c.listing_id = $1 AND c.parent_id IS NULL
       AND (${SHOWN} OR EXISTS (SELECT 1 FROM comments r WHERE r.parent_id = c.id AND r.deleted_at IS NULL AND r.hidden_at IS NULL))`,
    [listingId],
  );
  return row?.n ?? 0;
}
