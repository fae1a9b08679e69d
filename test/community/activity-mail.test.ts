import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postComment, replyAsMaker } from '../../src/community/comments.js';
import { writeReview } from '../../src/community/reviews.js';
import { notificationPreferences, setNotificationPreferences } from '../../src/community/notification-preferences.js';
import { relayJobOutbox } from '../../src/jobs/job-outbox.js';
import { unsubscribeByLink } from '../../src/subscriptions/subscriptions.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer.js';
import { makeAccount } from '../support/oauth.js';
import { insertCategory, insertListing } from '../support/fixtures.js';

/**
 * Mail about what happened to something of yours (issue 53): replies and makers' answers reach the comment's author,
 * new reviews and comments reach the listing's owners, each only while the person's preference allows it, never about
 * their own writing, and each with a one-click link that turns that kind off.
 */
let t: TestApp;
let smtp: SmtpPeer;
let slug: string;
let owner: { id: string; email: string };

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await startTestApp({ env: { SMTP_URL: smtp.url } });
  const category = await insertCategory(t.db);
  const listing = await insertListing(t.db, { category_id: category, name: 'Tidy Notes' });
  slug = (await t.db.one<{ slug: string }>('SELECT slug FROM listings WHERE id = $1', [listing]))!.slug;
  owner = await makeAccount(t.db);
  await t.db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2::uuid)', [listing, owner.id]);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const mailsTo = (address: string) => smtp.parsed.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === address);
/** Every job written so far has run (the relay hands over what a committed transaction left in the outbox). */
async function settled(): Promise<void> {
  await relayJobOutbox(t.db, t.app.services.jobs, new Date(), 0);
  await t.app.services.jobs.idle(20_000);
}
const jobs = () => t.app.services.jobs;
const oneClickToken = (mail: ReturnType<typeof mailsTo>[number]) => {
  const line = mail.headerLines.find((l) => l.key === 'list-unsubscribe')?.line.replace(/\r?\n([ \t])/g, '$1') ?? '';
  return /\/unsubscribe\/([^>]+)>/.exec(line)?.[1];
};

describe('replies', () => {
  it('tell the author of the comment answered, once, with a one-click link that stops mail about replies', async () => {
    const asker = await makeAccount(t.db);
    const answerer = await makeAccount(t.db);
    const question = await postComment(t.db, jobs(), asker.id, { slug, body: 'Does it sync with calendars?' }, new Date());
    // The asker answering their own comment is told nothing.
    await postComment(t.db, jobs(), asker.id, { slug, body: 'Also: offline?', parentId: question.id }, new Date());
    const reply = await postComment(
      t.db,
      jobs(),
      answerer.id,
      { slug, body: 'Yes, <b>it does</b> for me.', parentId: question.id },
      new Date(),
    );
    await settled();
    const mails = mailsTo(asker.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^.+ replied to your comment on Tidy Notes$/);
    expect(mails[0]!.text).toContain('> Yes, <b>it does</b> for me.');
    expect(mails[0]!.text).toContain(`/listings/${slug}#comment-${reply.id}`);
    expect(mailsTo(answerer.email)).toHaveLength(0);

    // One click (as a mail provider's POST would, through the domain) turns replies off: the next reply mails nothing.
    const token = oneClickToken(mails[0]!);
    expect(token).toBeDefined();
    expect(await unsubscribeByLink(t.db, token!, new Date())).toBe(true);
    expect(await notificationPreferences(t.db, asker.id)).toEqual({ replies: false, maker_activity: true });
    await postComment(t.db, jobs(), answerer.id, { slug, body: 'And it works offline.', parentId: question.id }, new Date());
    await settled();
    expect(mailsTo(asker.email)).toHaveLength(1);
  });

  it("a maker's answer says it comes from the maker", async () => {
    const asker = await makeAccount(t.db);
    const question = await postComment(t.db, jobs(), asker.id, { slug, body: 'Is there an API?' }, new Date());
    await replyAsMaker(t.db, jobs(), owner.id, question.id, 'Yes: see the docs.', new Date());
    await settled();
    const [mail, ...more] = mailsTo(asker.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('The maker of Tidy Notes answered you');
    expect(mail!.text).toContain('The maker of Tidy Notes answered your comment on Tidy Notes');
  });
});

describe('makers', () => {
  it('hear of a new review once (not of its edits), and of new comments, until they turn maker activity off', async () => {
    // A listing of their own, no comment mailed yet (new comments are mailed at most once an hour per listing).
    const category = await insertCategory(t.db);
    const id = await insertListing(t.db, { category_id: category, name: 'Calm Tasks' });
    const slug = (await t.db.one<{ slug: string }>('SELECT slug FROM listings WHERE id = $1', [id]))!.slug;
    await t.db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2::uuid)', [id, owner.id]);
    const reviewer = await makeAccount(t.db);
    const person = { id: reviewer.id, email: reviewer.email, emailVerified: true };
    await writeReview(t.db, slug, person, { rating: 4, body: 'Quick to learn, calm design.' }, new Date());
    await writeReview(t.db, slug, person, { rating: 5, body: 'Quick to learn, calm design. Even better now.' }, new Date());
    const commenter = await makeAccount(t.db);
    await postComment(t.db, jobs(), commenter.id, { slug, body: 'Congratulations on the launch!' }, new Date());
    await settled();
    const mails = mailsTo(owner.email);
    const reviews = mails.filter((m) => m.subject?.startsWith('A new review of Calm Tasks'));
    // One mail for the new review, quoting it as it stands when the mail goes (an edit before that is in it).
    expect(reviews).toHaveLength(1);
    expect(reviews[0]!.text).toMatch(/> Quick to learn, calm design\./);
    const comments = mails.filter((m) => m.subject === 'A new comment on Calm Tasks');
    expect(comments).toHaveLength(1);
    expect(oneClickToken(comments[0]!)).toBeDefined();
    expect(comments[0]!.headerLines.some((l) => l.key === 'list-unsubscribe-post')).toBe(true);

    await setNotificationPreferences(t.db, owner.id, { maker_activity: false }, new Date());
    const before = mailsTo(owner.email).length;
    const another = await makeAccount(t.db);
    await writeReview(
      t.db,
      slug,
      { id: another.id, email: another.email, emailVerified: true },
      { rating: 3, body: 'Fine for small teams.' },
      new Date(),
    );
    await settled();
    expect(mailsTo(owner.email)).toHaveLength(before);
  });
});
