/**
 * Mail about what happened to something of yours (issue 53): a reply to your comment (or a maker's answer to your
 * question), and, for makers, a new review of their listing (new comments reach them in hourly batches:
 * comment-mail.ts). Each goes only to a confirmed address whose preference allows it (notification-preferences.ts),
 * never about one's own writing, carries a one-click link that turns that kind of mail off, and is sent once (its mail
 * id is fixed by what it is about). The jobs are written in the transaction of the reply or review.
 */
import type { Database, Statements } from '../db/database.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Mailer } from '../mail/mailer.js';
import { stableMailId } from '../mail/mail-id.js';
import { enqueueAfterCommit } from '../jobs/job-outbox.js';
import { loadSiteName } from '../catalogue/site-settings.js';
import { publicNameSql } from './public-name.js';
import { preferenceUnsubscribe } from './notification-preferences.js';
import { excerpt } from './comment-mail.js';

const MAIL_REPLY_JOB = 'mail_reply';
const MAIL_NEW_REVIEW_JOB = 'mail_new_review';

export interface ActivityMailDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}

/** In the reply's transaction: the mail to the author of the comment it answers goes once the reply is committed. */
export function queueReplyMail(outbox: JobQueue, replyId: number, repliedToId: number): Promise<void> {
  return outbox.enqueue(MAIL_REPLY_JOB, { comment_id: replyId, replied_to: repliedToId });
}

/** In the review's transaction (a new review, not an edit): the owners' mail goes once it is committed. */
export function queueNewReviewMail(tx: Statements, reviewId: number): Promise<void> {
  return enqueueAfterCommit(tx, MAIL_NEW_REVIEW_JOB, { review_id: reviewId });
}

export function defineActivityMailJobs(queue: JobQueue, deps: ActivityMailDeps): void {
  queue.define<{ comment_id: number; replied_to: number }>(MAIL_REPLY_JOB, async (job) => void (await mailReply(deps, job)), {
    maxAttempts: 5,
  });
  queue.define<{ review_id: number }>(MAIL_NEW_REVIEW_JOB, async ({ review_id }) => void (await mailNewReview(deps, review_id)), {
    maxAttempts: 5,
  });
}

/**
 * Mails the author of the answered comment about the reply, unless they wrote it, their address is unconfirmed, they
 * turned replies off, or either comment is no longer shown. Answers whether a mail went.
 */
async function mailReply(deps: ActivityMailDeps, job: { comment_id: number; replied_to: number }): Promise<boolean> {
  const [row] = await deps.db.query<{
    author_id: string;
    email: string;
    replier: string | null;
    body: string;
    by_maker: boolean;
    slug: string;
    name: string;
  }>(
    `SELECT p.account_id::text AS author_id, pa.email, ${publicNameSql('ra')} AS replier, r.body, r.by_maker, l.slug, l.name
     FROM comments r JOIN comments p ON p.id = $2 JOIN listings l ON l.id = r.listing_id
     JOIN accounts pa ON pa.id = p.account_id LEFT JOIN accounts ra ON ra.id = r.account_id
     LEFT JOIN notification_preferences np ON np.account_id = pa.id
     WHERE r.id = $1 AND r.deleted_at IS NULL AND r.hidden_at IS NULL AND p.deleted_at IS NULL AND p.hidden_at IS NULL
       AND p.listing_id = r.listing_id AND r.account_id IS DISTINCT FROM p.account_id
       AND pa.email_verified_at IS NOT NULL AND coalesce(np.replies, true)`,
    [job.comment_id, job.replied_to],
  );
  if (!row) return false;
  const siteName = await loadSiteName(deps.db);
  const link = `${deps.publicUrl}/listings/${row.slug}#comment-${job.comment_id}`;
  const stop = await preferenceUnsubscribe(deps.db, deps.publicUrl, 'replies', row.author_id);
  const who = row.by_maker ? `The maker of ${row.name}` : (row.replier ?? 'Someone');
  await deps.mailer.send({
    id: stableMailId(`reply:${job.comment_id}:${row.email}`),
    to: row.email,
    subject: row.by_maker ? `The maker of ${row.name} answered you` : `${who} replied to your comment on ${row.name}`,
    text:
      `${who} ${row.by_maker ? 'answered' : 'replied to'} your comment on ${row.name}:\n\n> ${excerpt(row.body)}\n\n${link}\n\n` +
      `You get this because you commented on ${siteName}. Stop mail about replies: ${stop.url}\n` +
      `All your mail settings: ${deps.publicUrl}/account/notifications`,
    headers: stop.headers,
  });
  return true;
}

/** Mails each owner (confirmed, maker activity on) of the reviewed listing about a new review; answers the mails sent. */
async function mailNewReview(deps: ActivityMailDeps, reviewId: number): Promise<number> {
  const owners = await deps.db.query<{
    account_id: string;
    email: string;
    reviewer: string | null;
    rating: number;
    body: string;
    slug: string;
    name: string;
  }>(
    `SELECT a.id::text AS account_id, a.email, ${publicNameSql('ra')} AS reviewer, r.rating::int AS rating, r.body, l.slug, l.name
     FROM reviews r JOIN listings l ON l.id = r.listing_id JOIN listing_owners o ON o.listing_id = l.id
     JOIN accounts a ON a.id = o.account_id LEFT JOIN accounts ra ON ra.id = r.account_id
     LEFT JOIN notification_preferences np ON np.account_id = a.id
     WHERE r.id = $1 AND r.hidden_at IS NULL AND a.email_verified_at IS NOT NULL AND coalesce(np.maker_activity, true)
       AND r.account_id IS DISTINCT FROM a.id
     ORDER BY a.email`,
    [reviewId],
  );
  const siteName = await loadSiteName(deps.db);
  for (const owner of owners) {
    const stop = await preferenceUnsubscribe(deps.db, deps.publicUrl, 'maker_activity', owner.account_id);
    const stars = `${owner.rating} of 5`;
    await deps.mailer.send({
      id: stableMailId(`review:${reviewId}:${owner.email}`),
      to: owner.email,
      subject: `A new review of ${owner.name} (${stars})`,
      text:
        `${owner.reviewer ?? 'Someone'} reviewed ${owner.name}, ${stars}:\n\n> ${excerpt(owner.body)}\n\n` +
        `${deps.publicUrl}/listings/${owner.slug}#reviews\n\n` +
        `You get this because you own ${owner.name} on ${siteName}. Stop mail about reviews and comments: ${stop.url}\n` +
        `All your mail settings: ${deps.publicUrl}/account/notifications`,
      headers: stop.headers,
    });
  }
  return owners.length;
}
