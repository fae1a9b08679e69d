/**
 * Reporting a review or a comment from the listing page: POST /listings/{slug}/reviews/{id}/report and
 * .../comments/{id}/report, signed-in people only and CSRF-guarded, one open report per person and target; 404 for
 * what is not shown on that listing's page; 400 naming a bad field; the per-person limit shared with listing reports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../support/app.js';
import { TestBrowser } from '../support/browser.js';
import { csrfOf, signedInBrowser, type PagesApp } from '../auth/pages/page-flows.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { person } from '../listings/support.js';
import { fileContentReport, fileListingReport } from '../../src/moderation/reports.js';
import { ProblemError } from '../../src/errors.js';

const clock = { now: new Date('2026-11-25T12:00:00Z') };
let t: PagesApp;
let category: number;

beforeAll(async () => {
  const app = await startTestApp({ now: () => new Date(clock.now) });
  t = Object.assign(app, { clock, advance: (s: number) => (clock.now = new Date(clock.now.getTime() + s * 1000)) }) as PagesApp;
  category = await insertCategory(t.db);
}, 60_000);
afterAll(() => t?.close());

const listingOf = async (status: 'live' | 'draft' = 'live') => {
  const id = await insertListing(t.db, { category_id: category, status, launch_week: '2026-11-23', launched_at: '2026-11-23T10:00:00Z' });
  return (await t.db.one<{ id: number; slug: string }>('SELECT id, slug FROM listings WHERE id = $1', [id]))!;
};
const seedReview = async (listingId: number, extra = '') =>
  (await t.db
    .one<{ id: number }>(
      `INSERT INTO reviews (listing_id, reviewer_key, rating, body, reviewer_name, created_at)
     VALUES ($1, $2, 2, 'Meh', 'Seeded', now()) RETURNING id`,
      [listingId, `seed:${Math.random()}`],
    )
    .then(async (row) => {
      if (extra) await t.db.query(`UPDATE reviews SET ${extra} WHERE id = $1`, [row!.id]);
      return row;
    }))!.id;
const seedComment = async (listingId: number, extra = '') => {
  const row = await t.db.one<{ id: string }>(
    "INSERT INTO comments (listing_id, body, created_at) VALUES ($1, 'Hello', now()) RETURNING id",
    [listingId],
  );
  if (extra) await t.db.query(`UPDATE comments SET ${extra} WHERE id = $1`, [row!.id]);
  return Number(row!.id);
};
const reportsOn = (type: string, id: number) =>
  t.db.query<{ listing_id: number; reason: string; details: string; status: string }>(
    'SELECT listing_id, reason, details, status FROM reports WHERE target_type = $1 AND target_id = $2 ORDER BY id',
    [type, String(id)],
  );

/** Posts the report form as the browser, with the CSRF token of the page `from` (the listing page); not followed. */
async function report(browser: TestBrowser, slug: string, path: string, fields: Record<string, string>, from = `/listings/${slug}`) {
  const csrf = await csrfOf(t, browser, from);
  return browser.post(`${t.url}/listings/${slug}/${path}/report`, { ...fields, csrf }, { follow: false });
}

describe('the report routes for reviews and comments', () => {
  it('refuse a POST without a CSRF token (403), and send signed-out people to sign in, filing nothing', async () => {
    const listing = await listingOf();
    const review = await seedReview(listing.id);
    const comment = await seedComment(listing.id);
    const signedIn = await signedInBrowser(t);
    for (const path of [`reviews/${review}`, `comments/${comment}`]) {
      const forged = await signedIn.browser.post(`${t.url}/listings/${listing.slug}/${path}/report`, { reason: 'spam' }, { follow: false });
      expect(forged.status).toBe(403);
      const anonymous = new TestBrowser();
      const signedOut = await report(anonymous, listing.slug, path, { reason: 'spam' }, '/signin');
      expect(signedOut.status).toBe(302);
      expect(signedOut.headers.get('location')).toBe(`/signin?return_to=/listings/${listing.slug}%23${path.replace('s/', '-')}`);
    }
    expect(await reportsOn('review', review)).toEqual([]);
    expect(await reportsOn('comment', comment)).toEqual([]);
  });

  it('are not offered to an account whose address is not confirmed: the page says once per section what to do instead', async () => {
    const listing = await listingOf();
    const review = await seedReview(listing.id);
    const comment = await seedComment(listing.id);
    await seedReview(listing.id);
    await seedComment(listing.id);
    const pageFor = async (verified: boolean) => {
      const { browser } = await signedInBrowser(t, { verified });
      return (await browser.get(`${t.url}/listings/${listing.slug}`)).text;
    };
    const unconfirmed = await pageFor(false);
    expect(unconfirmed).not.toContain('Send the report');
    // Two reviews and two comments: one note above each section, not one under each of them.
    for (const what of ['this listing', 'a review', 'a comment'])
      expect(
        unconfirmed.split(`Confirm your e-mail address to report ${what}: reports come from people with a confirmed address.`).length - 1,
        what,
      ).toBe(1);
    expect(unconfirmed.split('Confirm your e-mail address to report').length - 1).toBe(3);
    const confirmed = await pageFor(true);
    expect(confirmed).toContain(`action="/listings/${listing.slug}/reviews/${review}/report#review-${review}"`);
    expect(confirmed).toContain(`action="/listings/${listing.slug}/comments/${comment}/report#comment-${comment}"`);
    expect(confirmed).toContain(`action="/listings/${listing.slug}/report#report"`);
    expect(confirmed).not.toContain('Confirm your e-mail address to report');
  });

  it('file one open report per person and target, and come back to the section with what happened', async () => {
    const listing = await listingOf();
    const review = await seedReview(listing.id);
    const comment = await seedComment(listing.id);
    const { browser } = await signedInBrowser(t);
    const filed = await report(browser, listing.slug, `reviews/${review}`, { reason: 'misleading', details: 'Never\u202e used <it>' });
    expect(filed.status).toBe(303);
    expect(filed.headers.get('location')).toBe(`/listings/${listing.slug}?done=review-report#review-${review}`);
    const again = await report(browser, listing.slug, `reviews/${review}`, { reason: 'spam' });
    expect(again.headers.get('location')).toBe(`/listings/${listing.slug}?done=review-reported#review-${review}`);
    expect(await reportsOn('review', review)).toEqual([
      { listing_id: listing.id, reason: 'misleading', details: 'Never used <it>', status: 'open' },
    ]);
    const onComment = await report(browser, listing.slug, `comments/${comment}`, { reason: 'abuse' });
    expect(onComment.headers.get('location')).toBe(`/listings/${listing.slug}?done=comment-report#comment-${comment}`);
    expect(await reportsOn('comment', comment)).toEqual([{ listing_id: listing.id, reason: 'abuse', details: '', status: 'open' }]);
    const shown = await browser.get(`${t.url}/listings/${listing.slug}?done=comment-report`);
    expect(shown.text).toContain('your report about the comment is with the site team');
    // What the person reported shows as reported, in place of its report form.
    expect(shown.text).toContain('You reported this comment; the site team will look at it.');
    expect(shown.text).toContain('You reported this review; the site team will look at it.');
    expect(shown.text).not.toContain(`/comments/${comment}/report`);
    // Someone else may report the same comment.
    await report((await signedInBrowser(t)).browser, listing.slug, `comments/${comment}`, { reason: 'spam' });
    expect(await reportsOn('comment', comment)).toHaveLength(2);
  });

  it('are refused (403 report_refused) to an account whose address is not confirmed (issue 52, item 9)', async () => {
    const listing = await listingOf();
    const review = await seedReview(listing.id);
    const comment = await seedComment(listing.id);
    const { browser } = await signedInBrowser(t, { verified: false });
    for (const target of [`reviews/${review}`, `comments/${comment}`]) {
      const refused = await report(browser, listing.slug, target, { reason: 'spam' });
      expect(refused.status, target).toBe(403);
      expect(refused.text, target).toContain('Confirm your e-mail address first: reports come from people with a confirmed address.');
    }
    expect(await reportsOn('review', review)).toEqual([]);
    expect(await reportsOn('comment', comment)).toEqual([]);
  });

  it('answer 404 for what is not shown on that listing page, and 400 naming a bad field', async () => {
    const listing = await listingOf();
    const other = await listingOf();
    const draft = await listingOf('draft');
    const elsewhere = await seedReview(other.id);
    const hiddenReview = await seedReview(listing.id, "hidden_at = now(), hidden_reason = 'x'");
    const draftReview = await seedReview(draft.id);
    const deleted = await seedComment(listing.id, "deleted_at = now(), body = ''");
    const hiddenComment = await seedComment(listing.id, 'hidden_at = now()');
    const otherComment = await seedComment(other.id);
    const { browser } = await signedInBrowser(t);
    const notFound = [
      `reviews/${elsewhere}`,
      `reviews/${hiddenReview}`,
      `comments/${deleted}`,
      `comments/${hiddenComment}`,
      `comments/${otherComment}`,
      'reviews/abc',
      'comments/0',
      'reviews/99999999999',
    ];
    for (const path of notFound) {
      const answer = await report(browser, listing.slug, path, { reason: 'spam' });
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
    }
    expect((await report(browser, draft.slug, `reviews/${draftReview}`, { reason: 'spam' }, `/listings/${listing.slug}`)).status).toBe(404);
    const review = await seedReview(listing.id);
    const badReason = await report(browser, listing.slug, `reviews/${review}`, { reason: 'boring' });
    expect(badReason.status).toBe(400);
    expect(badReason.text).toContain(`<p class="field-error" id="report-r${review}-reason-problem">`);
    const tooLong = await report(browser, listing.slug, `reviews/${review}`, { reason: 'other', details: 'x'.repeat(2001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.text).toContain(`<p class="field-error" id="report-r${review}-details-problem">At most 2000 characters</p>`);
    for (const id of [elsewhere, hiddenReview, draftReview, review]) expect(await reportsOn('review', id)).toEqual([]);
    for (const id of [deleted, hiddenComment, otherComment]) expect(await reportsOn('comment', id)).toEqual([]);
  });
});

describe('fileContentReport', () => {
  it('names /reason for a bad reason, and limits a person to 20 reports an hour, listings included', async () => {
    const listing = await listingOf();
    const reporter = await person(t.db);
    const now = new Date(clock.now);
    const file = (targetId: number, reason = 'spam') =>
      fileContentReport(t.db, {
        slug: listing.slug,
        targetType: 'comment',
        targetId: String(targetId),
        reporterId: reporter.id,
        reason,
        details: undefined,
        now,
      });
    const first = await seedComment(listing.id);
    const refused = await file(first, 'rude').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProblemError);
    expect(refused).toMatchObject({ status: 400, errors: [{ path: '/reason' }] });
    await fileListingReport(t.db, { slug: listing.slug, reporterId: reporter.id, reason: 'spam', details: '', now });
    for (let i = 0; i < 19; i++) expect(await file(await seedComment(listing.id))).toEqual({ filed: true });
    await expect(file(await seedComment(listing.id))).rejects.toMatchObject({ status: 429 });
  });
});
