import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import type { Services } from '../../src/services.js';
import { createTestDatabase } from '../support/database.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { makeAccount } from '../support/oauth.js';
import { testServices } from '../support/services.js';
import { deleteComment, listComments, postComment, replyAsMaker } from '../../src/community/comments.js';
import { MAIL_NEW_COMMENTS_JOB, mailNewComments } from '../../src/community/comment-mail.js';
import { dispatchWebhookEvents } from '../../src/webhooks/dispatch.js';
import { deferredJobQueue } from '../../src/jobs/job-outbox.js';
import { readOutbox } from '../../src/mail/mailer.js';
import { ProblemError } from '../../src/errors.js';

/** Each rule of the discussion, on the real database: comments, replies, deletion, the Maker mark, webhooks, mail. */
let db: Database;
let drop: () => Promise<void>;
let services: Services;
let category: number;
const T0 = new Date('2031-03-03T12:00:00Z').getTime();
const clock = { now: new Date(T0) };
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  services = testServices(db, () => clock.now);
  await services.jobs.start();
  category = await insertCategory(db);
}, 60_000);
afterAll(async () => {
  await services?.jobs.stop();
  await drop?.();
});

const listing = async (status: 'live' | 'scheduled' | 'draft' | 'hidden' = 'live') => {
  const id = await insertListing(db, { category_id: category, status, launch_week: '2031-03-03' });
  return (await db.one<{ id: number; slug: string }>('SELECT id, slug FROM listings WHERE id = $1', [id]))!;
};
const person = async (verified = true) => (await makeAccount(db, { verified })).id;
const owner = async (listingId: number) => {
  const id = await person();
  await db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2::uuid)', [listingId, id]);
  return id;
};
const post = (accountId: string, slug: string, body: unknown, parentId?: unknown, now = clock.now) =>
  postComment(db, services.jobs, accountId, { slug, body, parentId }, now);
const thread = async (slug: string, paging = { limit: 50, offset: 0 }) => (await listComments(db, slug, paging))!;
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) =>
      error instanceof ProblemError ? { status: error.status, code: error.code, paths: (error.errors ?? []).map((e) => e.path) } : error,
  );

describe('comments', () => {
  it('a confirmed person comments on a public listing; the thread shows it with their public name', async () => {
    const target = await listing('scheduled');
    const author = await person();
    const posted = await post(author, target.slug, '  Does it work offline?\u200b  ');
    expect(posted).toMatchObject({ parent_id: null, body: 'Does it work offline?', maker: false, state: 'visible', slug: target.slug });
    expect(posted.author).toMatch(/^Member [0-9A-F]{6}$/);
    const page = await thread(target.slug);
    expect(page.total).toBe(1);
    expect(page.items).toEqual([
      {
        id: posted.id,
        parent_id: null,
        body: 'Does it work offline?',
        author: posted.author,
        maker: false,
        created_at: clock.now.toISOString(),
        state: 'visible',
        replies: [],
      },
    ]);
  });

  it('refuses an unconfirmed address (403 comment_refused, saying to confirm) and unpublished or unknown listings (404)', async () => {
    const live = await listing();
    const error = await post(await person(false), live.slug, 'Hello').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, code: 'comment_refused' });
    expect((error as ProblemError).detail).toContain('Confirm your e-mail address');
    const author = await person();
    for (const status of ['draft', 'hidden'] as const)
      expect(await refusal(post(author, (await listing(status)).slug, 'Hello'))).toMatchObject({ status: 404, code: 'not_found' });
    expect(await refusal(post(author, 'no-such-listing', 'Hello'))).toMatchObject({ status: 404 });
    expect((await thread(live.slug)).total).toBe(0);
  });

  it('refuses bodies that are empty, invisible, too long, not text or hold NUL (400 naming /body); 5,000 characters pass', async () => {
    const target = await listing();
    const author = await person();
    for (const body of ['', '   \n ', '\u200b\u202e\u2066', 'x'.repeat(5001), 42, undefined, 'a\u0000b'])
      expect(await refusal(post(author, target.slug, body))).toEqual({ status: 400, code: 'validation_failed', paths: ['/body'] });
    const longest = await post(author, target.slug, `${'é'.repeat(4999)}\u202e!`);
    expect([...(longest.body ?? '')].length).toBe(5000);
    expect((await thread(target.slug)).total).toBe(1);
  });

  it('replies go one level deep: a reply to a reply joins the thread of its top comment', async () => {
    const target = await listing();
    const [a, b] = [await person(), await person()];
    const top = await post(a, target.slug, 'Top');
    const reply = await post(b, target.slug, 'Reply', String(top.id));
    const replyToReply = await post(a, target.slug, 'Reply to the reply', reply.id);
    expect(reply.parent_id).toBe(top.id);
    expect(replyToReply.parent_id).toBe(top.id);
    const page = await thread(target.slug);
    expect(page.total).toBe(1);
    expect(page.items[0]!.replies.map((r) => [r.body, r.parent_id])).toEqual([
      ['Reply', top.id],
      ['Reply to the reply', top.id],
    ]);
  });

  it('refuses a bad parent: unknown 404, of another listing or not an id 400 /parent_id, deleted or hidden 409', async () => {
    const target = await listing();
    const other = await listing();
    const author = await person();
    const elsewhere = await post(author, other.slug, 'Elsewhere');
    expect(await refusal(post(author, target.slug, 'Hi', 99_999_999))).toMatchObject({ status: 404, code: 'not_found' });
    expect(await refusal(post(author, target.slug, 'Hi', elsewhere.id))).toEqual({
      status: 400,
      code: 'validation_failed',
      paths: ['/parent_id'],
    });
    for (const bad of ['abc', -1, 0, 1.5, '1e3'])
      expect(await refusal(post(author, target.slug, 'Hi', bad))).toEqual({
        status: 400,
        code: 'validation_failed',
        paths: ['/parent_id'],
      });
    const deleted = await post(author, target.slug, 'To delete');
    await deleteComment(db, author, deleted.id, clock.now);
    expect(await refusal(post(author, target.slug, 'Hi', deleted.id))).toMatchObject({ status: 409, code: 'invalid_state' });
    const hidden = await post(author, target.slug, 'To hide');
    await db.query(`UPDATE comments SET hidden_at = now(), hidden_reason = 'spam' WHERE id = $1`, [hidden.id]);
    expect(await refusal(post(author, target.slug, 'Hi', hidden.id))).toMatchObject({ status: 409, code: 'invalid_state' });
    expect((await thread(target.slug)).total).toBe(0);
  });

  it("carries the Maker mark on comments by the listing's owners at the time of writing", async () => {
    const target = await listing();
    const maker = await owner(target.id);
    const question = await post(await person(), target.slug, 'Question');
    const answer = await post(maker, target.slug, 'Answer', question.id);
    expect(answer.maker).toBe(true);
    expect((await thread(target.slug)).items[0]!.replies[0]).toMatchObject({ body: 'Answer', maker: true });
    expect(await db.one('SELECT by_maker FROM comments WHERE id = $1', [question.id])).toEqual({ by_maker: false });
  });

  it('only its author deletes a comment (403; unknown 404); the body is emptied', async () => {
    const target = await listing();
    const author = await person();
    const comment = await post(author, target.slug, 'Mine');
    expect(await refusal(deleteComment(db, await person(), comment.id, clock.now))).toMatchObject({ status: 403, code: 'not_author' });
    expect(await refusal(deleteComment(db, author, 99_999_999, clock.now))).toMatchObject({ status: 404 });
    expect(await refusal(deleteComment(db, author, comment.id, clock.now, 'another-listing'))).toMatchObject({ status: 404 });
    expect(await deleteComment(db, author, comment.id, clock.now)).toEqual({ slug: target.slug });
    expect(await deleteComment(db, author, comment.id, clock.now)).toEqual({ slug: target.slug });
    expect(await db.one('SELECT body, deleted_at IS NOT NULL AS deleted FROM comments WHERE id = $1', [comment.id])).toEqual({
      body: '',
      deleted: true,
    });
  });

  it('shows a deleted or hidden comment (without body) only where replies hang on it', async () => {
    const target = await listing();
    const [a, b] = [await person(), await person()];
    const withReply = await post(a, target.slug, 'Answered');
    const reply = await post(b, target.slug, 'An answer', withReply.id);
    const alone = await post(a, target.slug, 'Alone');
    const hiddenWithReply = await post(a, target.slug, 'Rude');
    await post(b, target.slug, 'Calm down', hiddenWithReply.id);
    const deletedReply = await post(b, target.slug, 'Oops', withReply.id);
    for (const id of [withReply.id, alone.id]) await deleteComment(db, a, id, clock.now);
    await deleteComment(db, b, deletedReply.id, clock.now);
    await db.query(`UPDATE comments SET hidden_at = now(), hidden_reason = 'abuse' WHERE id = $1`, [hiddenWithReply.id]);
    const page = await thread(target.slug);
    expect(page.total).toBe(2);
    expect(page.items.map((i) => [i.id, i.state, i.body, i.author === null, i.replies.map((r) => r.body)])).toEqual([
      [withReply.id, 'deleted', null, true, ['An answer']],
      [hiddenWithReply.id, 'hidden', null, false, ['Calm down']],
    ]);
    // Once its last reply goes, the deleted comment goes too.
    await deleteComment(db, b, reply.id, clock.now);
    expect((await thread(target.slug)).items.map((i) => i.id)).toEqual([hiddenWithReply.id]);
  });

  it('pages over top-level comments, oldest first, each with all its replies', async () => {
    const target = await listing();
    const author = await person();
    const tops = [];
    for (let i = 1; i <= 3; i++) tops.push(await post(author, target.slug, `Top ${i}`, undefined, at(i)));
    await post(author, target.slug, 'Reply to 1', tops[0]!.id, at(10));
    const first = await thread(target.slug, { limit: 2, offset: 0 });
    expect(first.total).toBe(3);
    expect(first.items.map((i) => [i.body, i.replies.length])).toEqual([
      ['Top 1', 1],
      ['Top 2', 0],
    ]);
    expect((await thread(target.slug, { limit: 2, offset: 2 })).items.map((i) => i.body)).toEqual(['Top 3']);
    expect(await thread(target.slug, { limit: 2, offset: 4 })).toMatchObject({ items: [], total: 3 });
    expect(await listComments(db, 'no-such-listing', { limit: 2, offset: 0 })).toBeUndefined();
  });

  it('limits comments per person (429 after 30 an hour)', async () => {
    const target = await listing();
    const author = await person();
    for (let i = 0; i < 30; i++) await post(author, target.slug, `Comment ${i}`);
    expect(await refusal(post(author, target.slug, 'One too many'))).toMatchObject({ status: 429, code: 'rate_limited' });
  });
});

describe('replies as the maker (reply_to_comment)', () => {
  it("an owner's reply carries the Maker mark and joins the thread; others 403 not_owner; unknown or unpublished 404", async () => {
    const target = await listing();
    const maker = await owner(target.id);
    const top = await post(await person(), target.slug, 'Question');
    const reply = await post(await person(), target.slug, 'Me too', top.id);
    const answer = await replyAsMaker(db, services.jobs, maker, reply.id, 'Thanks, soon!', clock.now);
    expect(answer).toMatchObject({ parent_id: top.id, maker: true, body: 'Thanks, soon!', slug: target.slug });
    expect(await refusal(replyAsMaker(db, services.jobs, await person(), top.id, 'Fake maker', clock.now))).toMatchObject({
      status: 403,
      code: 'not_owner',
    });
    expect(await refusal(replyAsMaker(db, services.jobs, maker, 99_999_999, 'Hi', clock.now))).toMatchObject({ status: 404 });
    await db.query(`UPDATE listings SET status = 'hidden' WHERE id = $1`, [target.id]);
    expect(await refusal(replyAsMaker(db, services.jobs, maker, top.id, 'Hi', clock.now))).toMatchObject({ status: 404 });
  });
});

describe('the owners are told', () => {
  const events = (listingId: number) =>
    db.query<{ data: Record<string, unknown> }>(`SELECT data FROM webhook_events WHERE type = 'comment.created' AND listing_id = $1`, [
      listingId,
    ]);

  it("records comment.created for a subscribed owner's webhook, not for the owners' own comments", async () => {
    const target = await listing();
    const maker = await owner(target.id);
    const stranger = await person();
    for (const [id, account] of [
      ['wh_owner', maker],
      ['wh_stranger', stranger],
    ])
      await db.query(
        `INSERT INTO webhooks (id, account_id, url, events, secret, status, created_at)
         VALUES ($1, $2::uuid, 'https://example.com/hook', '{comment.created}', 'whsec_x', 'enabled', now())`,
        [id, account],
      );
    const comment = await post(stranger, target.slug, 'Nice <b>work</b>');
    await post(maker, target.slug, 'Thanks', comment.id);
    expect(await events(target.id)).toEqual([
      {
        data: {
          listing_id: target.id,
          slug: target.slug,
          comment_id: comment.id,
          parent_id: null,
          body: 'Nice <b>work</b>',
          author: comment.author,
          maker: false,
          created_at: clock.now.toISOString(),
        },
      },
    ]);
    await dispatchWebhookEvents(db, deferredJobQueue(db), clock.now);
    const deliveries = await db.query(
      `SELECT d.webhook_id FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id WHERE e.listing_id = $1`,
      [target.id],
    );
    expect(deliveries).toEqual([{ webhook_id: 'wh_owner' }]);
    await db.query(`DELETE FROM webhooks WHERE id IN ('wh_owner', 'wh_stranger')`);
  });

  /** The listing's mail jobs waiting in the queue, with when each is due on the service clock. */
  const pendingJobs = (listingId: number) =>
    db.query<{ run_at: string }>(
      `SELECT left(data->>'due', 19) AS run_at FROM agenda_jobs
       WHERE name = $1 AND (data->>'listing_id')::int = $2 ORDER BY data->>'due'`,
      [MAIL_NEW_COMMENTS_JOB, listingId],
    );
  const mailDeps = () => ({ db, jobs: services.jobs, publicUrl: 'http://directory.test', now: () => clock.now });
  const mailsTo = async (email: string) => {
    await services.jobs.idle(10_000);
    return readOutbox(db, { to: email });
  };
  const emailOf = async (id: string) => (await db.one<{ email: string }>('SELECT email FROM accounts WHERE id = $1', [id]))!.email;
  const iso = (d: Date) => d.toISOString().slice(0, 19);

  it('batches new comments: at most one mail an hour per listing, one per owner, never the same twice', async () => {
    const target = await listing();
    const owners = [await owner(target.id), await owner(target.id)];
    const emails = await Promise.all(owners.map(emailOf));
    const [a, b] = [await person(), await person()];

    const first = await post(a, target.slug, 'First question', undefined, at(0));
    const second = await post(b, target.slug, 'Second <script>', undefined, at(10));
    expect(await pendingJobs(target.id)).toEqual([{ run_at: iso(at(0)) }]); // one pending job, due at once
    await post(owners[0]!, target.slug, 'An owner speaks', first.id, at(12));
    const deletedBeforeMail = await post(a, target.slug, 'Never mind', undefined, at(13));
    await deleteComment(db, a, deletedBeforeMail.id, at(14));

    clock.now = at(15);
    expect(await mailNewComments(mailDeps(), target.id)).toBe(2);
    for (const email of emails) {
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(`2 new comments on ${target.slug}`);
      expect(mails[0]!.text).toContain('First question');
      expect(mails[0]!.text).toContain('Second <script>');
      expect(mails[0]!.text).toContain(`http://directory.test/listings/${target.slug}#comment-${first.id}`);
      expect(mails[0]!.text).toContain(`#comment-${second.id}`);
      expect(mails[0]!.text).not.toContain('An owner speaks');
      expect(mails[0]!.text).not.toContain('Never mind');
    }
    // A second run finds nothing new.
    expect(await mailNewComments(mailDeps(), target.id)).toBe(0);

    // Within the hour of the last mail, a new comment waits for the hour to pass.
    const third = await post(a, target.slug, 'Third, later', undefined, at(30));
    const jobs = await pendingJobs(target.id);
    expect(jobs.map((j) => j.run_at)).toContain(iso(at(75)));
    // The queue (on the real clock) holds it back for the 45 minutes left.
    const [held] = await db.query<{ wait: number }>(
      `SELECT extract(epoch FROM next_run_at - now())::int AS wait FROM agenda_jobs WHERE name = $1 AND data->>'due' = $2`,
      [MAIL_NEW_COMMENTS_JOB, at(75).toISOString()],
    );
    expect(held!.wait).toBeGreaterThan(44 * 60);
    expect(held!.wait).toBeLessThanOrEqual(45 * 60);
    clock.now = at(40);
    expect(await mailNewComments(mailDeps(), target.id)).toBe(0); // too early: nothing sent
    expect(await mailsTo(emails[0]!)).toHaveLength(1);
    await post(owners[1]!, target.slug, 'Owners are not mailed their own', undefined, at(50));

    clock.now = at(75);
    expect(await mailNewComments(mailDeps(), target.id)).toBe(2);
    const mails = await mailsTo(emails[1]!);
    expect(mails).toHaveLength(2);
    const latest = mails.find((m) => m.text.includes('Third, later'))!;
    expect(latest.subject).toBe(`A new comment on ${target.slug}`);
    expect(latest.text).toContain(`#comment-${third.id}`);
    expect(latest.text).not.toContain('First question');
    expect(latest.text).not.toContain('Owners are not mailed');

    // A run repeated after it mailed but before it recorded so (a crash) sends nothing twice.
    await db.query(`UPDATE comment_mail_state SET mailed_through = $2, last_mailed_at = $3 WHERE listing_id = $1`, [
      target.id,
      deletedBeforeMail.id,
      at(15).toISOString(),
    ]);
    expect(await mailNewComments(mailDeps(), target.id)).toBe(2);
    for (const email of emails) expect(await mailsTo(email)).toHaveLength(2);
    clock.now = new Date(T0);
  });

  it('a comment by an owner schedules no mail; one whose job was lost (unmailed for hours) schedules another', async () => {
    const target = await listing();
    const maker = await owner(target.id);
    await post(maker, target.slug, 'Hello from the maker', undefined, at(0));
    expect(await pendingJobs(target.id)).toEqual([]);
    await post(await person(), target.slug, 'Hello maker', undefined, at(1));
    await db.query('DELETE FROM agenda_jobs WHERE name = $1 AND (data->>$2)::int = $3', [MAIL_NEW_COMMENTS_JOB, 'listing_id', target.id]);
    await post(await person(), target.slug, 'Still there?', undefined, at(30));
    expect(await pendingJobs(target.id)).toEqual([]); // the lost job is not yet missed
    await post(await person(), target.slug, 'Hello?', undefined, at(200));
    expect(await pendingJobs(target.id)).toEqual([{ run_at: iso(at(200)) }]);
  });
});
