import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser, type PageResponse } from '../support/browser.js';
import { csrfOf, signedInBrowser, startPagesApp, type PagesApp } from '../auth/pages/page-flows.js';
import { insertCategory, insertLiveListing } from '../support/fixtures.js';

/**
 * The discussion on the listing page, as a person uses it without JavaScript: forms with CSRF, comments and replies
 * coming back on the page, the Maker mark, deleting one's own comment, and what people write shown only escaped.
 */
let t: PagesApp;
let category: number;

beforeAll(async () => {
  t = await startPagesApp(new Date('2026-11-25T12:00:00Z'));
  category = await insertCategory(t.db);
}, 60_000);
afterAll(() => t?.close());

const liveListing = () => insertLiveListing(t.db, category);
/** The discussion section of a listing page. */
const discussion = (page: PageResponse) => {
  const match = /<section class="panel" id="discussion">[\s\S]*?<\/section>/.exec(page.text);
  if (!match) throw new Error(`no discussion on ${page.url}`);
  return match[0];
};
/** One comment's own part (up to its replies or its end). */
const article = (page: PageResponse, id: number) => {
  const start = page.text.indexOf(`<article id="comment-${id}">`);
  if (start < 0) throw new Error(`no comment ${id} on ${page.url}`);
  const ends = ['</article>', '<div class="replies">'].map((end) => page.text.indexOf(end, start)).filter((i) => i >= 0);
  return page.text.slice(start, Math.min(...ends));
};
const newestCommentId = async (listingId: number) =>
  (await t.db.one<{ id: number }>('SELECT max(id)::int AS id FROM comments WHERE listing_id = $1', [listingId]))!.id;

describe('the discussion on the listing page', () => {
  it('signed out: the thread and a link to sign in, no form; a POST goes to sign in', async () => {
    const target = await liveListing();
    const page = await new TestBrowser().get(`${t.url}/listings/${target.slug}`);
    const section = discussion(page);
    expect(section).toContain('<section class="panel" id="discussion"><h2>Discussion</h2>');
    expect(section).toContain(`/signin?return_to=/listings/${target.slug}`);
    expect(section).not.toContain('<form');
    const browser = new TestBrowser();
    const post = await browser.post(
      `${t.url}/listings/${target.slug}/comments`,
      { csrf: await csrfOf(t, browser), body: 'Hi' },
      { follow: false },
    );
    expect(post.status).toBe(302);
    expect(post.location).toBe(`/signin?return_to=/listings/${target.slug}%23discussion`);
    const noCsrf = await fetch(`${t.url}/listings/${target.slug}/comments`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'body=Hi',
    });
    expect(noCsrf.status).toBe(403);
    expect(await t.db.query('SELECT 1 FROM comments WHERE listing_id = $1', [target.id])).toEqual([]);
  });

  it('comment, come back to it; the owner replies with the Maker mark; forms are labelled and ids unique', async () => {
    const target = await liveListing();
    const person = await signedInBrowser(t);
    const page = await person.browser.get(`${t.url}/listings/${target.slug}`);
    expect(discussion(page)).toContain('<label for="comment-body">');
    const posted = await person.browser.post(
      `${t.url}/listings/${target.slug}/comments`,
      { csrf: page.field('csrf'), body: 'Does it sync?\n\nAnd offline?' },
      { follow: false },
    );
    const id = await newestCommentId(target.id);
    expect(posted.status).toBe(303);
    expect(posted.location).toBe(`/listings/${target.slug}?done=comment&posted=${id}#comment-${id}`);
    const back = await person.browser.get(`${t.url}${posted.location}`);
    // The notice is on the new comment, where the page opens; nowhere else.
    expect(article(back, id)).toContain('<p class="notice" role="status">Your comment is posted.</p>');
    expect(back.text.match(/Your comment is posted\./g)).toHaveLength(1);
    expect(article(back, id)).toContain('<p>Does it sync?</p><p>And offline?</p>');
    expect(article(back, id)).toContain(`action="/listings/${target.slug}/comments/${id}/delete#discussion"`);
    // One's own comment has no report form.
    expect(article(back, id)).not.toContain(`/comments/${id}/report`);

    const maker = await signedInBrowser(t);
    await t.db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2::uuid)', [target.id, maker.id]);
    const makerPage = await maker.browser.get(`${t.url}/listings/${target.slug}`);
    expect(article(makerPage, id)).toContain('<summary>Reply</summary>');
    expect(article(makerPage, id)).not.toContain('/delete"'); // not theirs
    const replied = await maker.browser.post(`${t.url}/listings/${target.slug}/comments`, {
      csrf: makerPage.field('csrf'),
      parent_id: String(id),
      body: 'Yes, both.',
    });
    const replyId = await newestCommentId(target.id);
    expect(replied.text).toContain('Your comment is posted.');
    expect(article(replied, replyId)).toContain('<span class="maker">Maker</span>');
    expect(article(replied, replyId)).toContain('<p>Yes, both.</p>');
    expect(article(replied, id)).not.toContain('<span class="maker">');

    const ids = [...replied.text.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [, field] of replied.text.matchAll(/<textarea id="([^"]+)"/g)) expect(replied.text).toContain(`<label for="${field}">`);
  });

  it('delete one’s own comment: it shows as deleted while a reply hangs on it; someone else’s is refused (403)', async () => {
    const target = await liveListing();
    const author = await signedInBrowser(t);
    const other = await signedInBrowser(t);
    let page = await author.browser.get(`${t.url}/listings/${target.slug}`);
    await author.browser.post(`${t.url}/listings/${target.slug}/comments`, { csrf: page.field('csrf'), body: 'Soon deleted' });
    const id = await newestCommentId(target.id);
    page = await other.browser.get(`${t.url}/listings/${target.slug}`);
    await other.browser.post(`${t.url}/listings/${target.slug}/comments`, {
      csrf: page.field('csrf'),
      parent_id: String(id),
      body: 'A reply',
    });
    const notTheirs = await other.browser.post(`${t.url}/listings/${target.slug}/comments/${id}/delete`, { csrf: page.field('csrf') });
    expect(notTheirs.status).toBe(403);
    const unknown = await other.browser.post(`${t.url}/listings/${target.slug}/comments/99999999/delete`, { csrf: page.field('csrf') });
    expect(unknown.status).toBe(404);

    const own = await author.browser.get(`${t.url}/listings/${target.slug}`);
    expect(article(own, id)).toContain(`action="/listings/${target.slug}/comments/${id}/delete#discussion"`);
    const deleted = await author.browser.post(
      `${t.url}/listings/${target.slug}/comments/${id}/delete`,
      { csrf: own.field('csrf') },
      { follow: false },
    );
    expect(deleted.status).toBe(303);
    expect(deleted.location).toBe(`/listings/${target.slug}?done=comment-deleted#discussion`);
    const back = await author.browser.get(`${t.url}${deleted.location}`);
    expect(back.text).toContain('Your comment is deleted.');
    expect(article(back, id)).toContain('This comment was deleted.');
    expect(discussion(back)).not.toContain('Soon deleted');
    expect(discussion(back)).toContain('A reply');
  });

  it('an unconfirmed address sees why it cannot comment, and a POST is refused (403); bad input is a 400 naming the field', async () => {
    const target = await liveListing();
    const unconfirmed = await signedInBrowser(t, { verified: false });
    const page = await unconfirmed.browser.get(`${t.url}/listings/${target.slug}`);
    expect(discussion(page)).toContain('Confirm your e-mail address to comment');
    expect(discussion(page)).not.toContain('id="comment-body"');
    const refused = await unconfirmed.browser.post(`${t.url}/listings/${target.slug}/comments`, { csrf: page.field('csrf'), body: 'Hi' });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Confirm your e-mail address');

    const person = await signedInBrowser(t);
    const own = await person.browser.get(`${t.url}/listings/${target.slug}`);
    const empty = await person.browser.post(`${t.url}/listings/${target.slug}/comments`, { csrf: own.field('csrf'), body: ' \u200b ' });
    expect(empty.status).toBe(400);
    expect(discussion(empty)).toContain('<p class="field-error" id="comment-body-problem">Write 1 to 5000 characters (this has 0).</p>');
    expect(discussion(empty)).toContain('aria-invalid="true" aria-describedby="comment-body-problem"');
    // Too long: the page again, the text kept in the form, the message beside it; nothing stored.
    const long = `Start ${'x'.repeat(5000)}`;
    const tooLong = await person.browser.post(`${t.url}/listings/${target.slug}/comments`, { csrf: own.field('csrf'), body: long });
    expect(tooLong.status).toBe(400);
    expect(discussion(tooLong)).toMatch(new RegExp(`<textarea id="comment-body"[^>]*>${long}</textarea>`));
    expect(discussion(tooLong)).toContain('Write 1 to 5000 characters (this has 5006).');
    const badParent = await person.browser.post(`${t.url}/listings/${target.slug}/comments`, {
      csrf: own.field('csrf'),
      parent_id: 'x',
      body: 'Hi',
    });
    expect(badParent.status).toBe(400);
    expect(discussion(badParent)).toMatch(/<div class="error" role="alert"><p[^>]*>[^<]+<\/p><\/div>/);
    const unknown = await person.browser.post(`${t.url}/listings/no-such-listing/comments`, { csrf: own.field('csrf'), body: 'Hi' });
    expect(unknown.status).toBe(404);
    expect(await t.db.query('SELECT 1 FROM comments WHERE listing_id = $1', [target.id])).toEqual([]);
  });

  it('pages a long discussion, 50 threads a page, with links that land on the discussion', async () => {
    const target = await liveListing();
    await t.db.query(
      `INSERT INTO comments (listing_id, body, created_at)
       SELECT $1, 'Thread ' || g, timestamptz '2026-11-20T00:00:00Z' + g * interval '1 minute' FROM generate_series(1, 51) g`,
      [target.id],
    );
    const browser = new TestBrowser();
    const first = discussion(await browser.get(`${t.url}/listings/${target.slug}`));
    expect(first).toContain('<nav class="pager" aria-label="Pages of the discussion">');
    expect(first).toContain(`href="/listings/${target.slug}?comments=2#discussion" rel="next">Later comments</a>`);
    expect(first).not.toContain('Earlier comments');
    const second = discussion(await browser.get(`${t.url}/listings/${target.slug}?comments=2`));
    expect(second).toContain(`href="/listings/${target.slug}?comments=1#discussion" rel="prev">Earlier comments</a>`);
    expect(second).not.toContain('Later comments');
    expect((second.match(/<article id="comment-/g) ?? []).length).toBe(1);
    for (const odd of ['0', '-1', 'x', '1.5']) {
      const page = await browser.get(`${t.url}/listings/${target.slug}?comments=${odd}`);
      expect(page.status, odd).toBe(200);
      expect(discussion(page), `${odd} reads as the first page`).toContain('Later comments');
    }
    const beyond = discussion(await browser.get(`${t.url}/listings/${target.slug}?comments=99999`));
    expect(beyond).toContain('Earlier comments');
    expect(beyond).not.toContain('<article id="comment-');
  });

  it('shows script and markup people write only escaped', async () => {
    const target = await liveListing();
    const person = await signedInBrowser(t);
    const page = await person.browser.get(`${t.url}/listings/${target.slug}`);
    for (const body of ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>'])
      await person.browser.post(`${t.url}/listings/${target.slug}/comments`, { csrf: page.field('csrf'), body });
    await t.db.query(`UPDATE accounts SET display_name = '<b onmouseover=alert(2)>Eve</b>' WHERE id = $1`, [person.id]);
    const shown = await person.browser.get(`${t.url}/listings/${target.slug}`);
    const section = discussion(shown);
    expect(section).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(section).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(section).toContain('&lt;b onmouseover=alert(2)&gt;Eve&lt;/b&gt;');
    expect(shown.text).not.toContain('<script>alert(1)');
    expect(shown.text).not.toContain('<img src=x');
    expect(shown.text).not.toContain('<b onmouseover');
  });
});
