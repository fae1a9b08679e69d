import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../support/browser.js';
import { signedInBrowser, startPagesApp, type PagesApp } from '../auth/pages/page-flows.js';
import { insertCategory, insertLiveListing } from '../support/fixtures.js';
import { networkKeyOf } from '../../src/community/network.js';

/**
 * Voting and following on the listing page, as a person does it without JavaScript: forms with CSRF, the answer
 * back on the page, the weekly board moved at once; page views counted each, visitors once per day, bots neither.
 */
let t: PagesApp;
let category: number;

beforeAll(async () => {
  // X-Forwarded-For believed from loopback: the page-view test speaks for visitors on other networks.
  t = await startPagesApp(new Date('2026-11-25T12:00:00Z'), { TRUSTED_PROXIES: '127.0.0.1' });
  category = await insertCategory(t.db);
}, 60_000);
afterAll(() => t?.close());

const liveListing = () => insertLiveListing(t.db, category);
const weeklyVotes = async (slug: string) => {
  const board = (await (await fetch(`${t.url}/api/v1/leaderboards/community-weekly?per_page=100`)).json()) as {
    items: { listing: { slug: string }; metric: { value: number } }[];
  };
  return board.items.find((e) => e.listing.slug === slug)?.metric.value ?? 0;
};

describe('voting on the listing page', () => {
  it('signed out: a link to sign in and come back, no form', async () => {
    const target = await liveListing();
    const page = await new TestBrowser().get(`${t.url}/listings/${target.slug}`);
    // The large Vote button of the heading: a link to sign in that comes back to the buttons (#act).
    expect(page.text).toContain(`<a class="big-vote" href="/signin?return_to=/listings/${target.slug}%23act">`);
    expect(page.text).not.toContain(`action="/listings/${target.slug}/vote`);
    const post = await fetch(`${t.url}/listings/${target.slug}/vote`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'x=1',
    });
    expect(post.status).toBe(403); // no CSRF token: refused before anything else
  });

  it('vote, see it on the page and on the weekly board at once, take it back', async () => {
    const target = await liveListing();
    const person = await signedInBrowser(t);
    const { browser } = person;
    const page = await browser.get(`${t.url}/listings/${target.slug}`);
    const act = (text: string) => text.slice(text.indexOf('<div class="act" id="act">'), text.indexOf('<ul class="facts"'));
    expect(act(page.text)).toContain('Vote · <span class="count">0</span>');
    const cast = await browser.post(`${t.url}/listings/${target.slug}/vote`, { csrf: page.field('csrf') }, { follow: false });
    expect(cast.location).toBe(`/listings/${target.slug}?done=vote#act`);
    const voted = await browser.get(`${t.url}${cast.location}`);
    // The notice sits beside the buttons, where the page opens.
    expect(act(voted.text)).toContain('<p class="notice" role="status">Your vote is counted.</p>');
    expect(act(voted.text)).toContain('Voted · <span class="count">1</span>');
    expect(await weeklyVotes(target.slug)).toBe(1);
    // The vote keeps who cast it and the keyed hash of their network (the test talks from 127.0.0.1), never the address.
    expect(await t.db.query('SELECT account_id, network FROM votes WHERE listing_id = $1', [target.id])).toEqual([
      { account_id: person.id, network: await networkKeyOf(t.db, '127.0.0.1') },
    ]);
    const back = await browser.post(`${t.url}/listings/${target.slug}/unvote`, { csrf: voted.field('csrf') });
    expect(act(back.text)).toContain('Your vote is taken back.');
    expect(act(back.text)).toContain('Vote · <span class="count">0</span>');
    expect(await weeklyVotes(target.slug)).toBe(0);
  });

  it('an unconfirmed address gets a 403 page saying what to do; an owner a 409', async () => {
    const target = await liveListing();
    const unconfirmed = await signedInBrowser(t, { verified: false });
    const page = await unconfirmed.browser.get(`${t.url}/listings/${target.slug}`);
    const refused = await unconfirmed.browser.post(`${t.url}/listings/${target.slug}/vote`, { csrf: page.field('csrf') });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Confirm your e-mail address');
    const owner = await signedInBrowser(t);
    await t.db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2::uuid)', [target.id, owner.id]);
    const own = await owner.browser.get(`${t.url}/listings/${target.slug}`);
    const mine = await owner.browser.post(`${t.url}/listings/${target.slug}/vote`, { csrf: own.field('csrf') });
    expect(mine.status).toBe(409);
    expect(mine.text).toContain('You own this listing');
    expect(await weeklyVotes(target.slug)).toBe(0);
  });

  it('follow and unfollow: the address joins the followers who get its updates', async () => {
    const target = await liveListing();
    const person = await signedInBrowser(t);
    const page = await person.browser.get(`${t.url}/listings/${target.slug}`);
    const followed = await person.browser.post(`${t.url}/listings/${target.slug}/follow`, { csrf: page.field('csrf') });
    expect(followed.text).toContain('You follow this listing');
    expect(followed.text).toContain('Following · stop');
    const rows = await t.db.query('SELECT follower_email FROM follows WHERE listing_id = $1', [target.id]);
    expect(rows).toEqual([{ follower_email: person.email }]);
    const stopped = await person.browser.post(`${t.url}/listings/${target.slug}/unfollow`, { csrf: followed.field('csrf') });
    expect(stopped.text).toContain('You no longer follow');
    expect(await t.db.query('SELECT 1 FROM follows WHERE listing_id = $1', [target.id])).toEqual([]);
  });
});

describe('following needs a confirmed address', () => {
  it('an unconfirmed address gets a 403 page saying what to do, and joins no followers', async () => {
    const target = await liveListing();
    const unconfirmed = await signedInBrowser(t, { verified: false });
    const page = await unconfirmed.browser.get(`${t.url}/listings/${target.slug}`);
    const refused = await unconfirmed.browser.post(`${t.url}/listings/${target.slug}/follow`, { csrf: page.field('csrf') });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Confirm your e-mail address first');
    expect(await t.db.query('SELECT 1 FROM follows WHERE listing_id = $1', [target.id])).toEqual([]);
    expect(await t.db.one('SELECT follows_count FROM listings WHERE id = $1', [target.id])).toEqual({ follows_count: 0 });
  });
});

describe('page views', () => {
  /** A page view from the network `network` (a visitor is a network and day, whatever its browser). */
  const view = (slug: string, userAgent: string, network = 1) =>
    fetch(`${t.url}/listings/${slug}`, { headers: { 'user-agent': userAgent, 'x-forwarded-for': `203.0.${network}.7` } }).then((r) =>
      r.text(),
    );
  const views = async (id: number) =>
    (await t.db.one<{ total: number; today: number; views: number }>(
      `SELECT l.views_count AS total, coalesce(w.visitors, 0) AS today, coalesce(w.views, 0) AS views
       FROM listings l LEFT JOIN listing_views w ON w.listing_id = l.id AND w.day = '2026-11-25' WHERE l.id = $1`,
      [id],
    ))!;
  const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
  const safari = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

  it('count a view per visitor and half hour, and each visitor once per day, without bots, written in batches', async () => {
    const target = await liveListing();
    for (let i = 0; i < 3; i++) await view(target.slug, firefox, 1);
    await view(target.slug, safari, 1); // the same network in another browser: the same visitor
    await view(target.slug, safari, 2);
    await view(target.slug, 'Googlebot/2.1 (+http://www.google.com/bot.html)', 3);
    await view(target.slug, 'curl/8.5.0', 4);
    expect(await views(target.id)).toEqual({ total: 0, today: 0, views: 0 }); // nothing written per view
    await t.app.pageViews.flush();
    expect(await views(target.id)).toEqual({ total: 2, today: 2, views: 2 });
    t.advance(31 * 60);
    await view(target.slug, firefox, 1); // the same visitor half an hour later the same day
    await t.app.pageViews.flush();
    expect(await views(target.id)).toEqual({ total: 2, today: 2, views: 3 });
    const mostViewed = (await (await fetch(`${t.url}/api/v1/launches?section=most-viewed&per_page=100`)).json()) as {
      items: { slug: string; views: number }[];
    };
    expect(mostViewed.items.find((l) => l.slug === target.slug)?.views).toBe(2);
  });
});
