import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../support/browser.js';
import { makeAccount, signedInBrowser, signIn, startPagesApp, type PagesApp } from '../auth/pages/page-flows.js';
import { insertCategory, insertLiveListing } from '../support/fixtures.js';
import { sameSitePath } from '../../src/site/list-votes.js';

/**
 * Voting from the rows of a list, without script: the listing page's own vote form (CSRF, the same rules), which
 * comes back to the list with the row's vote shown; only to a path of this site.
 */
let t: PagesApp;
let category: number;

beforeAll(async () => {
  t = await startPagesApp(new Date('2026-11-25T12:00:00Z'));
  category = await insertCategory(t.db);
}, 60_000);
afterAll(() => t?.close());

const liveListing = () => insertLiveListing(t.db, category);
const votesOf = async (id: number) =>
  (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM votes WHERE listing_id = $1', [id]))!.n;

/** The row of `slug` in a list page: from its rank to the end of its <li>. */
const rowOf = (text: string, slug: string) => {
  const rows = text.split('<li class="card">').filter((r) => r.includes(`href="/listings/${slug}"`));
  expect(rows.length).toBeGreaterThan(0);
  return rows[0].slice(0, rows[0].indexOf('</li>'));
};

describe('voting from a list', () => {
  it('signed out: every live row has a vote button, a link to sign in that comes back to the row; nothing is cast by a GET', async () => {
    const target = await liveListing();
    const visitor = new TestBrowser();
    for (const [page, anchor] of [
      ['/weeks/this', `row-${target.slug}`],
      ['/', `week-${target.slug}`],
    ] as const) {
      const list = await visitor.get(`${t.url}${page}`);
      const row = rowOf(list.text, target.slug);
      expect(row).not.toContain('<form');
      expect(row).toContain(`id="${anchor}"`);
      const href = /<a class="vote-in" id="[^"]+" href="([^"]+)"/.exec(row)![1];
      expect(href).toBe(`/signin?return_to=${encodeURIComponent(`${page}#${anchor}`).replace(/%2F/gi, '/')}`);
      expect(row).toContain(`0</span><span class="sr"> votes; sign in to vote for ${target.name}</span>`);
      // Following the button shows the sign-in form, and casts nothing.
      const signin = await visitor.get(`${t.url}${href}`);
      expect(signin.status).toBe(200);
      expect(signin.field('return_to')).toBe(`${page}#${anchor}`);
      expect(await votesOf(target.id)).toBe(0);
    }
    // Signing in comes back to the row, where the vote is offered (the form, with the row's anchor); still no vote.
    const person = await makeAccount(t);
    const browser = new TestBrowser();
    const signedIn = await signIn(t, browser, person.email, undefined, `/weeks/this#row-${target.slug}`);
    expect(signedIn.status).toBe(303);
    expect(signedIn.location).toBe(`/weeks/this#row-${target.slug}`);
    const back = await browser.get(`${t.url}/weeks/this`);
    const row = rowOf(back.text, target.slug);
    expect(row).toContain(`action="/listings/${target.slug}/vote"`);
    expect(row).toContain(`id="row-${target.slug}"`);
    expect(await votesOf(target.id)).toBe(0);
    // Casting it is the form's POST, which comes back to the row.
    const returnTo = /name="return_to" value="([^"]+)"/.exec(row)![1];
    expect(returnTo).toBe(`/weeks/this#row-${target.slug}`);
    const cast = await browser.post(
      `${t.url}/listings/${target.slug}/vote`,
      { csrf: back.field('csrf'), return_to: returnTo },
      { follow: false },
    );
    expect(cast.location).toBe(`/weeks/this#row-${target.slug}`);
    expect(await votesOf(target.id)).toBe(1);
  });

  it('a page kept for people not signed in has no per-person token in its vote buttons', async () => {
    await liveListing();
    const [a, b] = [new TestBrowser(), new TestBrowser()];
    const [first, second] = [await a.get(`${t.url}/`), await b.get(`${t.url}/`)];
    expect(first.text).toContain('class="vote-in"');
    expect(first.text).not.toContain('name="csrf"');
    expect(first.text).toBe(second.text);
  });

  it('votes from the week page and from a category page, back on the list with the vote shown; takes it back', async () => {
    const target = await liveListing();
    const { browser } = await signedInBrowser(t);
    const week = await browser.get(`${t.url}/weeks/this`);
    const row = rowOf(week.text, target.slug);
    expect(row).toContain(`action="/listings/${target.slug}/vote"`);
    expect(row).toContain(`name="return_to" value="/weeks/this#row-${target.slug}"`);
    const voted = await browser.post(
      `${t.url}/listings/${target.slug}/vote`,
      { csrf: week.field('csrf'), return_to: `/weeks/this#row-${target.slug}` },
      { follow: false },
    );
    expect(voted.status).toBe(303);
    expect(voted.location).toBe(`/weeks/this#row-${target.slug}`);
    expect(await votesOf(target.id)).toBe(1);
    const back = await browser.get(`${t.url}/weeks/this`);
    const votedRow = rowOf(back.text, target.slug);
    expect(votedRow).toContain(`action="/listings/${target.slug}/unvote"`);
    expect(votedRow).toMatch(/class="voted"><span aria-hidden="true">✓ <\/span>1<span class="sr"> votes; you voted for/);

    // The same form on a category page (with its query kept), taking the vote back.
    const list = `/categories/${(await t.db.one<{ slug: string }>('SELECT slug FROM categories WHERE id = $1', [category]))!.slug}?page=1`;
    const categoryPage = await browser.get(`${t.url}${list}`);
    expect(rowOf(categoryPage.text, target.slug)).toContain(`name="return_to" value="${list}#row-${target.slug}"`);
    const taken = await browser.post(`${t.url}/listings/${target.slug}/unvote`, { csrf: categoryPage.field('csrf'), return_to: list });
    expect(new URL(taken.url).pathname + new URL(taken.url).search).toBe(list);
    expect(rowOf(taken.text, target.slug)).toContain(`action="/listings/${target.slug}/vote"`);
    expect(await votesOf(target.id)).toBe(0);
  });

  it('refuses a row vote without the CSRF token', async () => {
    const target = await liveListing();
    const { browser } = await signedInBrowser(t);
    const refused = await browser.post(`${t.url}/listings/${target.slug}/vote`, { return_to: '/weeks/this' }, { follow: false });
    expect(refused.status).toBe(403);
    expect(await votesOf(target.id)).toBe(0);
  });

  it('comes back only to a path of this site: any other return_to goes to the listing page', async () => {
    const { browser } = await signedInBrowser(t);
    for (const returnTo of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/%0d%0aSet-Cookie:x=1',
    ]) {
      const target = await liveListing();
      const page = await browser.get(`${t.url}/weeks/this`);
      const answer = await browser.post(
        `${t.url}/listings/${target.slug}/vote`,
        { csrf: page.field('csrf'), return_to: returnTo },
        { follow: false },
      );
      expect(answer.status).toBe(303);
      const location = answer.location!;
      expect(new URL(location, t.url).origin).toBe(new URL(t.url).origin);
      if (!returnTo.startsWith('/%')) expect(location).toBe(`/listings/${target.slug}?done=vote#act`);
      expect(await votesOf(target.id)).toBe(1);
    }
  });

  it("keeps a same-site path, its query and an element's id, drops any other fragment, refuses the rest", () => {
    expect(sameSitePath('/weeks/this')).toBe('/weeks/this');
    expect(sameSitePath('/search?q=a%20b&page=2#row-x')).toBe('/search?q=a%20b&page=2#row-x');
    expect(sameSitePath('/search?q=a#x%22onload')).toBe('/search?q=a');
    expect(sameSitePath('/search?q=a#')).toBe('/search?q=a');
    expect(sameSitePath('/a/../listings/x')).toBe('/listings/x');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example/', 'weeks', '/a\nb', `/${'x'.repeat(600)}`, undefined, 3])
      expect(sameSitePath(bad)).toBeUndefined();
  });
});
