import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser, type PageResponse } from '../support/browser.js';
import { csrfOf, signedInBrowser, startPagesApp, type PagesApp } from '../auth/pages/page-flows.js';
import { insertCategory, insertListing } from '../support/fixtures.js';

/**
 * Reviews on the listing page, as a person writes them without JavaScript: the form with CSRF, the review and the
 * rating on the page at once, editing and deleting, the people who get no form, and hostile text coming back
 * escaped. Also the account page's public-name form.
 */
let t: PagesApp;
let category: number;

beforeAll(async () => {
  t = await startPagesApp();
  category = await insertCategory(t.db);
}, 60_000);
afterAll(() => t?.close());

const BODY = 'Set up in five minutes, and the exports just work.';
const RULE =
  'Counted: reviews by people with a confirmed e-mail address who do not own the listing, not hidden by a moderator and not from an account whose votes the vote check flagged.';

const liveListing = async (url?: string) => {
  const id = await insertListing(t.db, { category_id: category, status: 'live', url });
  return (await t.db.one<{ id: number; slug: string }>('SELECT id, slug FROM listings WHERE id = $1', [id]))!;
};
/** The reviews section of a page. */
const section = (page: PageResponse) => /<section class="panel" id="reviews">[\s\S]*?<\/section>/.exec(page.text)?.[0] ?? '';
const review = (browser: TestBrowser, slug: string, page: PageResponse, fields: Record<string, string>) =>
  browser.post(`${t.url}/listings/${slug}/review`, { csrf: page.field('csrf'), ...fields });
const apiReviews = async (slug: string) =>
  (await (await fetch(`${t.url}/api/v1/listings/${slug}/reviews`)).json()) as {
    items: { rating: number; body: string; reviewer: string }[];
  };

describe('the reviews section', () => {
  it('signed out: the rule, no rating yet, a link to sign in and no form; a form sent without signing in goes to sign in', async () => {
    const target = await liveListing();
    const browser = new TestBrowser();
    const page = await browser.get(`${t.url}/listings/${target.slug}`);
    const reviews = section(page);
    expect(reviews).toContain('<h2>Reviews</h2>');
    expect(reviews).toContain('No genuine reviews yet');
    expect(reviews).toContain(RULE);
    expect(reviews).toContain(`/signin?return_to=`);
    expect(reviews).not.toContain('name="rating"');
    const csrf = await csrfOf(t, browser);
    const post = await browser.post(`${t.url}/listings/${target.slug}/review`, { csrf, rating: '5', body: BODY }, { follow: false });
    expect(post.status).toBe(302);
    expect(post.location).toMatch(/^\/signin\?return_to=/);
    expect(await t.db.query('SELECT 1 FROM reviews WHERE listing_id = $1', [target.id])).toEqual([]);
  });

  it('write a review: it shows on the page with the rating at once; edit it; delete it', async () => {
    const target = await liveListing();
    const { browser } = await signedInBrowser(t);
    const page = await browser.get(`${t.url}/listings/${target.slug}`);
    expect(section(page)).toContain('<label for="review-rating">Rating</label>');
    expect(section(page)).toContain('maxlength="2000"');
    expect(section(page)).not.toContain('/review/delete');

    const written = await review(browser, target.slug, page, { rating: '4', body: BODY });
    expect(written.status).toBe(200); // followed the 303 back to the page
    expect(written.url).toContain('?done=review');
    expect(written.text).toContain('Your review is saved.');
    const after = section(written);
    expect(after).toContain('4 / 5 from 1 genuine review');
    expect(after).toContain(`<p>${BODY}</p>`);
    expect(after).toContain('<option value="4" selected>');
    expect(after).toContain(`>${BODY}</textarea>`);
    expect(after).toContain(`action="/listings/${target.slug}/review/delete#reviews"`);
    expect((await apiReviews(target.slug)).items).toEqual([expect.objectContaining({ rating: 4, body: BODY })]);

    const edited = await review(browser, target.slug, written, { rating: '2', body: `${BODY} Until it did not.` });
    expect(section(edited)).toContain('2 / 5 from 1 genuine review');
    expect(section(edited)).toContain('(edited)');
    expect(await t.db.query('SELECT rating FROM reviews WHERE listing_id = $1', [target.id])).toEqual([{ rating: 2 }]);

    const deleted = await browser.post(`${t.url}/listings/${target.slug}/review/delete`, { csrf: edited.field('csrf') });
    expect(deleted.text).toContain('Your review is deleted.');
    expect(section(deleted)).toContain('No genuine reviews yet');
    expect(section(deleted)).toContain('Publish the review');
    expect((await apiReviews(target.slug)).items).toEqual([]);
  });

  it('bad fields: the page again with what was typed and each message beside its field, nothing stored; a form without CSRF is refused', async () => {
    const target = await liveListing();
    const { browser } = await signedInBrowser(t);
    const page = await browser.get(`${t.url}/listings/${target.slug}`);
    const bad = await review(browser, target.slug, page, { rating: '6', body: 'Too short.' });
    expect(bad.status).toBe(400);
    expect(section(bad)).toContain('<p class="field-error" id="review-rating-problem">Give a whole number of stars from 1 to 5.</p>');
    expect(section(bad)).toContain('<p class="field-error" id="review-body-problem">Write 20 to 2000 characters (this has 10).</p>');
    expect(section(bad)).toMatch(
      /<textarea id="review-body"[^>]*aria-invalid="true" aria-describedby="review-body-problem">Too short\.<\/textarea>/,
    );
    // A rating that is allowed is kept too.
    const short = await review(browser, target.slug, page, { rating: '4', body: 'Too short.' });
    expect(section(short)).toContain('<option value="4" selected>4 / 5</option>');
    expect(section(short)).not.toContain('review-rating-problem');
    const forged = await browser.post(`${t.url}/listings/${target.slug}/review`, { rating: '5', body: BODY });
    expect(forged.status).toBe(403);
    expect(await t.db.query('SELECT 1 FROM reviews WHERE listing_id = $1', [target.id])).toEqual([]);
  });

  it('an owner, an unconfirmed person and someone at the listing domain get the reason instead of a form, and a 403', async () => {
    const target = await liveListing('https://insiders-review.example');
    const owner = await signedInBrowser(t);
    await t.db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2::uuid)', [target.id, owner.id]);
    const unconfirmed = await signedInBrowser(t, { verified: false });
    const insider = await signedInBrowser(t);
    await t.db.query(`UPDATE accounts SET email = 'staff@insiders-review.example' WHERE id = $1`, [insider.id]);
    for (const [who, reason] of [
      [owner, 'You own this listing'],
      [unconfirmed, 'Confirm your e-mail address'],
      [insider, 'the listing&#39;s own domain'],
    ] as const) {
      const page = await who.browser.get(`${t.url}/listings/${target.slug}`);
      expect(section(page), reason).toContain(reason);
      expect(section(page), reason).not.toContain('name="rating"');
      const refused = await review(who.browser, target.slug, page, { rating: '5', body: BODY });
      expect(refused.status, reason).toBe(403);
      expect(refused.text, reason).toContain(reason);
    }
    expect(section(await unconfirmed.browser.get(`${t.url}/listings/${target.slug}`))).toContain('href="/account"');
    expect(await t.db.query('SELECT 1 FROM reviews WHERE listing_id = $1', [target.id])).toEqual([]);
  });

  it("others see a report form for someone's review; the author does not for their own", async () => {
    const target = await liveListing();
    const author = await signedInBrowser(t);
    const written = await review(author.browser, target.slug, await author.browser.get(`${t.url}/listings/${target.slug}`), {
      rating: '5',
      body: BODY,
    });
    const { id } = (await t.db.one<{ id: number }>('SELECT id FROM reviews WHERE listing_id = $1', [target.id]))!;
    const action = `action="/listings/${target.slug}/reviews/${id}/report#review-${id}"`;
    expect(section(written)).not.toContain(action);
    const other = await signedInBrowser(t);
    const seen = section(await other.browser.get(`${t.url}/listings/${target.slug}`));
    expect(seen).toContain(action);
    expect(seen).toContain(`id="report-r${id}-reason"`);
    // No reason is preset: the person chooses one.
    expect(seen).toContain(`<select id="report-r${id}-reason" name="reason" required><option value="">Choose a reason</option>`);
    expect(section(await new TestBrowser().get(`${t.url}/listings/${target.slug}`))).not.toContain(action);
    // Reported without a reason: the form again, open, the details kept, the message beside the reason.
    const page = await other.browser.get(`${t.url}/listings/${target.slug}`);
    const report = `${t.url}/listings/${target.slug}/reviews/${id}/report`;
    const noReason = await other.browser.post(report, { csrf: page.field('csrf'), reason: '', details: 'Copied from elsewhere' });
    expect(noReason.status).toBe(400);
    const refusedForm = section(noReason).slice(section(noReason).indexOf(`id="review-${id}"`));
    expect(refusedForm).toContain('<details class="report" open>');
    expect(refusedForm).toContain('>Copied from elsewhere</textarea>');
    expect(refusedForm).toContain(`id="report-r${id}-reason-problem"`);
    // Reported: back at the review, which now shows as reported instead of the form.
    const filed = await other.browser.post(report, { csrf: page.field('csrf'), reason: 'spam', details: '' }, { follow: false });
    expect(filed.location).toBe(`/listings/${target.slug}?done=review-report#review-${id}`);
    const after = section(await other.browser.get(`${t.url}${filed.location}`));
    expect(after).toContain('Thank you: your report about the review is with the site team.');
    expect(after).toContain('You reported this review; the site team will look at it.');
    expect(after).not.toContain(action);
  });

  it('script and markup in a review and a public name come back escaped, on the page and in the form', async () => {
    const target = await liveListing();
    const { browser } = await signedInBrowser(t);
    const account = await browser.get(`${t.url}/account`);
    const name = '"><img src=x onerror=alert(1)>';
    const named = await browser.post(`${t.url}/account/display-name`, { csrf: account.field('csrf'), display_name: name });
    expect(named.text).toContain('Your public name is saved.');
    expect(named.field('display_name')).toBe(name);
    const body = '<script>alert(1)</script> and </textarea><img src=x onerror=alert(2)> as a review';
    const written = await review(browser, target.slug, await browser.get(`${t.url}/listings/${target.slug}`), { rating: '3', body });
    for (const text of [written.text, (await new TestBrowser().get(`${t.url}/listings/${target.slug}`)).text]) {
      expect(text).not.toContain('<script>alert(1)</script>');
      expect(text).not.toContain('<img src=x');
      expect(text).not.toContain('</textarea><img');
      expect(text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(text).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    }
    expect((await apiReviews(target.slug)).items[0]).toMatchObject({ body, reviewer: name });
  });
});

describe('the public name on the account page', () => {
  it('sets the name reviews show, stripped of invisible characters; an empty or too long name is a 400', async () => {
    const target = await liveListing();
    const person = await signedInBrowser(t);
    const account = await person.browser.get(`${t.url}/account`);
    expect(account.text).toContain('Your public name');
    expect(account.text).toContain('Your reviews and comments show this name');
    const csrf = account.field('csrf');
    for (const bad of ['', '   ', '\u200b\u202e', 'x'.repeat(51)]) {
      const refused = await person.browser.post(`${t.url}/account/display-name`, { csrf, display_name: bad });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.text).toContain('Use 1 to 50 characters');
    }
    const saved = await person.browser.post(`${t.url}/account/display-name`, {
      csrf,
      display_name: '  \u202eGrace\u200b   \n Hopper ',
    });
    expect(saved.status).toBe(200);
    expect(saved.field('display_name')).toBe('Grace Hopper');
    await review(person.browser, target.slug, await person.browser.get(`${t.url}/listings/${target.slug}`), { rating: '5', body: BODY });
    expect((await apiReviews(target.slug)).items[0].reviewer).toBe('Grace Hopper');
    expect(section(await new TestBrowser().get(`${t.url}/listings/${target.slug}`))).toContain('Grace Hopper');
    const forged = await person.browser.post(`${t.url}/account/display-name`, { display_name: 'Mallory' });
    expect(forged.status).toBe(403);
  });
});
