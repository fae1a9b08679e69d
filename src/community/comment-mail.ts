/**
 * New comments reach a listing's owners by mail in batches, at most one mail an hour per listing. A comment by
 * someone who is not an owner makes sure, in its own transaction, that one job `mail_new_comments` is pending for
 * the listing, due an hour after the last mail (or at once). The job mails each owner one message with every
 * comment written since the last mail; each message's id is fixed by the batch and the address, so a run that is
 * repeated sends nothing twice.
 *
 * The invariant that keeps one job per listing: a job is pending exactly while comments by non-owners newer than
 * `mailed_through` exist (the job that mails them advances it under the same row lock a new comment takes). A job
 * that gave up would leave them unmailed forever; a comment finding unmailed ones older than JOB_LOST_AFTER_MS
 * schedules a new job (a second run sends nothing twice).
 */
import type { Database, Statements } from '../db/database.js';
import type { JobQueue } from '../jobs/queue.js';
import { RUN_AT_KEY } from '../jobs/queue.js';
import { withJobOutbox } from '../jobs/job-outbox.js';
import { queueMail } from '../jobs/mail-job.js';
import { stableMailId } from '../mail/mail-id.js';
import { publicNameSql } from './public-name.js';
import { loadSiteName } from '../catalogue/site-settings.js';
import { preferenceUnsubscribe } from './notification-preferences.js';

export const MAIL_NEW_COMMENTS_JOB = 'mail_new_comments';

/** At most one mail per listing in this time. */
const COMMENT_MAIL_EVERY_MS = 60 * 60 * 1000;
/** A pending job runs at most an hour after the oldest comment it mails; unmailed comments older than this lost theirs. */
const JOB_LOST_AFTER_MS = 2 * COMMENT_MAIL_EVERY_MS;
/** The most of one comment a mail quotes. */
const EXCERPT_MAX = 300;

export interface CommentMailDeps {
  db: Database;
  /** Where the job's mail goes (send_mail jobs, written in its transaction). */
  jobs: JobQueue;
  publicUrl: string;
  now: () => Date;
}

/**
 * In the transaction of a comment by a non-owner, before the comment is written: takes the listing's mail-state
 * lock (so comment ids grow in the order the job sees them) and, unless a job is already pending, enqueues one due
 * at max(now, last mail + 1 hour).
 */
export async function scheduleCommentMail(tx: Statements, outbox: JobQueue, listingId: number, now: Date): Promise<void> {
  await tx.query('INSERT INTO comment_mail_state (listing_id) VALUES ($1) ON CONFLICT DO NOTHING', [listingId]);
  const [state] = await tx.query<{ last_mailed_at: Date | string | null }>(
    'SELECT last_mailed_at FROM comment_mail_state WHERE listing_id = $1 FOR UPDATE',
    [listingId],
  );
  // A statement of its own, after the lock: it sees what the job that held the lock last committed.
  const [pending] = await tx.query(
    `SELECT 1 FROM comments c JOIN comment_mail_state s ON s.listing_id = c.listing_id
     WHERE c.listing_id = $1 AND c.id > s.mailed_through AND NOT c.by_maker AND c.created_at > $2 LIMIT 1`,
    [listingId, new Date(now.getTime() - JOB_LOST_AFTER_MS).toISOString()],
  );
  if (pending) return;
  await enqueueMailJob(outbox, listingId, dueAt(state?.last_mailed_at ?? null, now), now);
}

/** When the next mail may go (service clock): an hour after the last one, or now. */
function dueAt(lastMailedAt: Date | string | null, now: Date): Date {
  const next = lastMailedAt === null ? 0 : new Date(lastMailedAt).getTime() + COMMENT_MAIL_EVERY_MS;
  return new Date(Math.max(now.getTime(), next));
}

/**
 * Enqueues the listing's mail job, due at `due` on the service clock (kept in the job as `due`). The queue runs on
 * the real clock, so the job waits there for what is left of the wait on the service clock: the same instant in
 * production, and never a job that runs again at once, finds itself early and schedules itself anew, when a test
 * pins the service clock.
 */
function enqueueMailJob(outbox: JobQueue, listingId: number, due: Date, now: Date): Promise<void> {
  const wait = Math.max(0, due.getTime() - now.getTime());
  return outbox.enqueue(MAIL_NEW_COMMENTS_JOB, {
    listing_id: listingId,
    due: due.toISOString(),
    [RUN_AT_KEY]: new Date(Date.now() + wait).toISOString(),
  });
}

/** Registers the job (with the other follow-ups of the service: src/schedule/recurring-jobs.ts). */
export function defineCommentMailJob(queue: JobQueue, deps: Omit<CommentMailDeps, 'jobs'>): void {
  queue.define<{ listing_id: number }>(
    MAIL_NEW_COMMENTS_JOB,
    async ({ listing_id }) => void (await mailNewComments({ ...deps, jobs: queue }, listing_id)),
    { maxAttempts: 5 },
  );
}

type NewComment = {
  id: number;
  body: string;
  visible: boolean;
  author: string | null;
};

/**
 * The job: under the listing's mail-state lock, mails each owner one message with the visible comments by non-owners
 * newer than `mailed_through`, then advances it (past deleted and hidden ones too) and notes the time. Too early (an
 * hour has not passed since the last mail) it schedules itself for then. Answers the mails queued.
 */
export async function mailNewComments(deps: CommentMailDeps, listingId: number): Promise<number> {
  const now = deps.now();
  return withJobOutbox(deps.db, deps.jobs, (txDb, outbox) =>
    txDb.transaction(async (tx) => {
      const [state] = await tx.query<{ mailed_through: string; last_mailed_at: Date | string | null; slug: string; name: string }>(
        `SELECT s.mailed_through::text AS mailed_through, s.last_mailed_at, l.slug, l.name
         FROM comment_mail_state s JOIN listings l ON l.id = s.listing_id WHERE s.listing_id = $1 FOR UPDATE OF s`,
        [listingId],
      );
      if (!state) return 0;
      const comments = await newComments(tx, listingId, state.mailed_through);
      if (comments.length === 0) return 0;
      const due = dueAt(state.last_mailed_at, now);
      if (due > now) {
        await enqueueMailJob(outbox, listingId, due, now);
        return 0;
      }
      const through = comments[comments.length - 1]!.id;
      const shown = comments.filter((comment) => comment.visible);
      let sent = 0;
      if (shown.length > 0) {
        const site = { publicUrl: deps.publicUrl, siteName: await loadSiteName(tx) };
        for (const owner of await ownersToTell(tx, listingId)) {
          const batch = `comments:${listingId}:${state.mailed_through}:${through}:${owner.email}`;
          const stop = await preferenceUnsubscribe(txDb, deps.publicUrl, 'maker_activity', owner.account_id);
          const mail = commentMail(site, state, shown, stop.url);
          await queueMail(outbox, { id: stableMailId(batch), to: owner.email, ...mail, headers: stop.headers });
          sent += 1;
        }
      }
      await tx.query(
        `UPDATE comment_mail_state SET mailed_through = $2, last_mailed_at = CASE WHEN $3::boolean THEN $4::timestamptz ELSE last_mailed_at END
         WHERE listing_id = $1`,
        [listingId, through, shown.length > 0, now.toISOString()],
      );
      return sent;
    }),
  );
}

/** The listing's owners who want mail about its activity (notification-preferences.ts: on unless turned off). */
function ownersToTell(tx: Statements, listingId: number): Promise<{ account_id: string; email: string }[]> {
  return tx.query(
    `SELECT a.id::text AS account_id, a.email FROM listing_owners o JOIN accounts a ON a.id = o.account_id
     LEFT JOIN notification_preferences np ON np.account_id = a.id
     WHERE o.listing_id = $1 AND coalesce(np.maker_activity, true) ORDER BY a.email`,
    [listingId],
  );
}

/** Comments by non-owners newer than `after`, oldest first, with whether they are still to be shown. */
function newComments(tx: Statements, listingId: number, after: string): Promise<NewComment[]> {
  return tx.query<NewComment>(
    `SELECT c.id::int AS id, c.body, (c.deleted_at IS NULL AND c.hidden_at IS NULL) AS visible, ${publicNameSql('a')} AS author
     FROM comments c LEFT JOIN accounts a ON a.id = c.account_id
     WHERE c.listing_id = $1 AND c.id > $2::bigint AND NOT c.by_maker ORDER BY c.id`,
    [listingId, after],
  );
}

/** One owner's mail: each comment's author, an excerpt and its link. */
function commentMail(
  site: { publicUrl: string; siteName: string },
  listing: { slug: string; name: string },
  comments: NewComment[],
  stopUrl: string,
): { subject: string; text: string } {
  const page = `${site.publicUrl}/listings/${listing.slug}`;
  const count = comments.length === 1 ? 'A new comment' : `${comments.length} new comments`;
  const items = comments.map(
    (comment) => `${comment.author ?? 'A former member'} wrote:\n${quoted(excerpt(comment.body))}\n${page}#comment-${comment.id}`,
  );
  return {
    subject: `${count} on ${listing.name}`,
    text:
      `${count} on ${listing.name} (${page}#discussion):\n\n${items.join('\n\n')}\n\n` +
      `Answer on the page, or through your assistant (reply_to_comment): your answer carries the Maker mark.\n` +
      `You get this because you own ${listing.name} on ${site.siteName}; new comments are mailed at most once an hour.\n` +
      `Stop mail about reviews and comments: ${stopUrl}`,
  };
}

/** A comment or review as a mail quotes it: one line, at most EXCERPT_MAX characters. */
export function excerpt(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length > EXCERPT_MAX ? `${chars.slice(0, EXCERPT_MAX).join('')}…` : flat;
}

const quoted = (text: string) => `> ${text}`;
