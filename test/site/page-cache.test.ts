import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPagesApp, signedInBrowser, signIn, type PagesApp } from '../auth/pages/page-flows.js';
import { insertCategory, insertLiveListing } from '../support/fixtures.js';
import { startTwoInstances, type TwoInstances } from '../support/two-instances.js';
import { TestBrowser } from '../support/browser.js';
import type { TestApp } from '../support/app.js';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { createAccount } from '../../src/accounts/accounts.js';

/**
 * The public pages a person who is not signed in sees are kept by the service and may be kept by a CDN: answered
 * again until a change notification says what they show changed (on every instance), revalidated by ETag, never
 * past the moment the clock would change them; a signed-in person's page is never kept and stays private.
 */
const PUBLIC = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
/** A listing page counts every view: a CDN may keep it but asks every time (and gets a 304). */
const COUNTED = 'public, no-cache';
const PRIVATE = 'private, max-age=0';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const WEDNESDAY = new Date('2026-11-25T12:00:00Z');

let t: PagesApp;
let category: number;

beforeAll(async () => {
  // X-Forwarded-For believed from loopback: a test can speak for visitors on other networks.
  t = await startPagesApp(WEDNESDAY, { TRUSTED_PROXIES: '127.0.0.1' });
  category = await insertCategory(t.db);
}, 60_000);
afterAll(() => t?.close());

/** A live listing of this week, once the instance has heard of it (the insert's notification comes after the commit). */
async function newListing() {
  const listing = await insertLiveListing(t.db, category);
  await t.app.services.changes.catchUp();
  return listing;
}

/** An anonymous browser's GET (a browser's User-Agent, so that a listing page's view counts). */
const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers: { 'user-agent': FIREFOX, ...headers } });

/**
 * A change no notification announces (triggers off for its transaction): only a page read again shows it, so a
 * page that does not is a kept one. (What the service writes is always announced; this stands in for a kept page
 * that a render counter would otherwise have to reveal.)
 */
async function silently(on: Pick<TestApp, 'asSuperuser'>, listingId: number, tagline: string): Promise<void> {
  await on.asSuperuser(async (tx) => {
    await tx.query('SET LOCAL session_replication_role = replica');
    await tx.query('UPDATE listings SET tagline = $2 WHERE id = $1', [listingId, tagline]);
    await tx.query('UPDATE listing_profiles p SET doc = listing_profile_doc(l) FROM listings l WHERE l.id = p.listing_id AND l.id = $1', [
      listingId,
    ]);
  });
}

/** The vote count a page shows for `slug`: the listing page's Vote button, or else the first row of a list that links it. */
function votesShown(page: string, slug: string): number {
  const own = /class="big-vote[^"]*"[^>]*>[\s\S]*?<span class="count">(\d+)<\/span>/.exec(page);
  if (own) return Number(own[1]);
  const row = new RegExp(`href="/listings/${slug}">[\\s\\S]*?<span class="votes">(\\d+)<`).exec(page);
  if (!row) throw new Error(`no row of ${slug} on the page`);
  return Number(row[1]);
}

describe('pages for people not signed in', () => {
  it('are kept: the second visit is answered from the kept page, whatever else the query says', async () => {
    const listing = await newListing();
    for (const path of ['/', `/listings/${listing.slug}`, '/weeks/this']) {
      const first = await get(`${t.url}${path}`);
      expect(first.status).toBe(200);
      expect(await first.text()).toContain(`The ${listing.slug} tagline`);
    }
    await silently(t, listing.id, 'A tagline nobody announced');
    for (const path of ['/', `/listings/${listing.slug}`, '/weeks/this']) {
      const again = await get(`${t.url}${path}?utm_source=newsletter`);
      expect(again.status).toBe(200);
      const text = await again.text();
      expect(text, path).toContain(`The ${listing.slug} tagline`);
      expect(text, path).not.toContain('A tagline nobody announced');
    }
    // Signed in, the page is read again: it shows what the database holds.
    const person = await signedInBrowser(t);
    expect((await person.browser.get(`${t.url}/listings/${listing.slug}`)).text).toContain('A tagline nobody announced');
    expect((await person.browser.get(`${t.url}/`)).text).toContain('A tagline nobody announced');
  });

  it('are answered no longer than a minute by the service clock, even without a notification', async () => {
    const listing = await newListing();
    await get(`${t.url}/listings/${listing.slug}`);
    await silently(t, listing.id, 'Changed quietly');
    t.advance(59);
    expect(await (await get(`${t.url}/listings/${listing.slug}`)).text()).not.toContain('Changed quietly');
    t.advance(1);
    expect(await (await get(`${t.url}/listings/${listing.slug}`)).text()).toContain('Changed quietly');
    t.clock.now = new Date(WEDNESDAY);
  });

  it('carry public caching headers, a strong ETag, Vary: Cookie, no cookie and no CSRF token; 304 on If-None-Match', async () => {
    const listing = await newListing();
    for (const [path, cacheControl] of [
      ['/', PUBLIC],
      [`/listings/${listing.slug}`, COUNTED],
    ] as const) {
      const first = await get(`${t.url}${path}`);
      const body = await first.text();
      // fetch asks for gzip and deflate: the kept page comes compressed, its ETag that representation's: made fast
      // on the page's first read ("-gzip"), tighter once it is read again ("-gzip-t"), another validator.
      expect(first.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{32}-gzip(-t)?"$/);
      expect(first.headers.get('cache-control')).toBe(cacheControl);
      expect(first.headers.get('vary')).toBe('Cookie, Accept-Encoding');
      expect(first.headers.get('set-cookie')).toBeNull();
      expect(body).not.toContain('name="csrf"');
      expect(body).not.toContain('<form class="vote"');
      const kept = await get(`${t.url}${path}`);
      const etag = kept.headers.get('etag')!;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}-gzip-t"$/);
      expect(etag.replace(/-t"$/, '"')).toBe(first.headers.get('etag')!.replace(/-t"$/, '"'));
      expect(kept.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
      expect(kept.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await kept.text()).toBe(body);
      // From then on the tight copy is the page's answer: the same bytes, the same validator.
      expect((await get(`${t.url}${path}`)).headers.get('etag')).toBe(etag);

      const unchanged = await get(`${t.url}${path}`, { 'if-none-match': etag });
      expect(unchanged.status, path).toBe(304);
      expect(await unchanged.text()).toBe('');
      expect(unchanged.headers.get('etag')).toBe(etag);
      expect(unchanged.headers.get('cache-control')).toBe(cacheControl);
      expect((await get(`${t.url}${path}`, { 'if-none-match': '"something-else"' })).status).toBe(200);
    }
    expect(
      (await get(`${t.url}/listings/${listing.slug}`)).headers.get('content-security-policy'),
      'the listing page allows its link ping on a kept page too',
    ).toContain("connect-src 'self'");
  });

  it('still count a view of a listing each time a kept page is answered (one per visitor and half hour)', async () => {
    const listing = await newListing();
    const from = (network: number) => ({ 'x-forwarded-for': `198.51.${network}.20` });
    await get(`${t.url}/listings/${listing.slug}`, from(1));
    await silently(t, listing.id, 'Counted anyway');
    for (const network of [2, 3, 1]) {
      const kept = await get(`${t.url}/listings/${listing.slug}`, from(network));
      expect(await kept.text(), `network ${network}`).not.toContain('Counted anyway');
    }
    await get(`${t.url}/listings/${listing.slug}`, { 'if-none-match': '"x"', ...from(4) });
    await t.app.pageViews.flush();
    expect(await t.db.one('SELECT views, visitors FROM listing_views WHERE listing_id = $1', [listing.id])).toEqual({
      views: 4,
      visitors: 4,
    });
  });

  it('change when the clock crosses into a new day and week, before a minute is out', async () => {
    t.clock.now = new Date('2026-11-29T23:59:30Z'); // Sunday, the last seconds of week 48 (the site's time zone is UTC)
    const before = await (await get(`${t.url}/`)).text();
    expect(before).toContain('This week</h2><span class="muted">Nov 23 – 29</span>');
    expect(await (await get(`${t.url}/weeks/this`)).text()).toContain('Launches: Week 48, 2026');
    t.advance(45);
    const after = await (await get(`${t.url}/`)).text();
    expect(after).toContain('This week</h2><span class="muted">Nov 30 – Dec 6</span>');
    expect(await (await get(`${t.url}/weeks/this`)).text()).toContain('Launches: Week 49, 2026');
    t.clock.now = new Date(WEDNESDAY);
  });
});

describe('a change drops the kept pages that show it', () => {
  it('a vote: the home page and the listing page show the new count at once', async () => {
    const listing = await newListing();
    expect(votesShown(await (await get(`${t.url}/`)).text(), listing.slug)).toBe(0);
    const first = await get(`${t.url}/listings/${listing.slug}`);
    expect(votesShown(await first.text(), listing.slug)).toBe(0);
    const person = await signedInBrowser(t);
    const page = await person.browser.get(`${t.url}/listings/${listing.slug}`);
    expect((await person.browser.post(`${t.url}/listings/${listing.slug}/vote`, { csrf: page.field('csrf') })).text).toContain(
      'Voted · <span class="count">1</span>',
    );
    expect(votesShown(await (await get(`${t.url}/`)).text(), listing.slug)).toBe(1);
    const after = await get(`${t.url}/listings/${listing.slug}`);
    expect(votesShown(await after.text(), listing.slug)).toBe(1);
    expect(after.headers.get('etag')).not.toBe(first.headers.get('etag'));
    // The old ETag no longer matches: a browser revalidating gets the new page.
    expect((await get(`${t.url}/listings/${listing.slug}`, { 'if-none-match': first.headers.get('etag')! })).status).toBe(200);
  });

  it('a comment: the listing page kept for visitors shows it at once (comments announce their listing)', async () => {
    const listing = await newListing();
    expect(await (await get(`${t.url}/listings/${listing.slug}`)).text()).not.toContain('A question for the makers');
    const person = await signedInBrowser(t);
    const page = await person.browser.get(`${t.url}/listings/${listing.slug}`);
    const posted = await person.browser.post(`${t.url}/listings/${listing.slug}/comments`, {
      csrf: page.field('csrf'),
      body: 'A question for the makers: does it sync?',
      parent_id: '',
    });
    expect(posted.text).toContain('A question for the makers');
    expect(await (await get(`${t.url}/listings/${listing.slug}`)).text()).toContain('A question for the makers');
  });

  it('hiding a listing: its kept page answers 404 and the home page drops it', async () => {
    const listing = await newListing();
    expect((await get(`${t.url}/listings/${listing.slug}`)).status).toBe(200);
    expect(await (await get(`${t.url}/`)).text()).toContain(`/listings/${listing.slug}"`);
    await t.db.query(`UPDATE listings SET status = 'hidden' WHERE id = $1`, [listing.id]);
    await t.app.services.changes.catchUp(); // the notification of a write made outside the service is heard
    expect((await get(`${t.url}/listings/${listing.slug}`)).status).toBe(404);
    expect(await (await get(`${t.url}/`)).text()).not.toContain(`/listings/${listing.slug}"`);
  });
});

/** A GET with exactly these headers (fetch adds its own Accept-Encoding and decodes), the body as sent. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'user-agent': FIREFOX, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compressed pages', () => {
  it('answer br, else gzip, else the page as it is, as Accept-Encoding asks, each with its own ETag and 304', async () => {
    const listing = await newListing();
    for (const path of ['/', `/listings/${listing.slug}`]) {
      const plain = await rawGet(`${t.url}${path}`, {});
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(plain.headers.vary).toBe('Cookie, Accept-Encoding');
      const page = plain.body.toString('utf8');
      expect(page).toContain(`The ${listing.slug} tagline`);
      const cases = [
        ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
        ['gzip, deflate', 'gzip', gunzipSync],
        ['br;q=0, gzip;q=0.5', 'gzip', gunzipSync],
        ['*', 'br', brotliDecompressSync],
        ['br;q=0, *', 'gzip', gunzipSync],
      ] as const;
      const etags = new Set([plain.headers.etag]);
      for (const [accept, coding, decode] of cases) {
        const coded = await rawGet(`${t.url}${path}`, { 'accept-encoding': accept });
        expect(coded.headers['content-encoding'], `${path} ${accept}`).toBe(coding);
        expect(coded.body.length, `${path} ${accept}`).toBeLessThan(plain.body.length / 2);
        expect(decode(coded.body).toString('utf8'), `${path} ${accept}`).toBe(page);
        // Read again after the plain read: compressed tight, the representation's own validator.
        expect(coded.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-${coding}-t"`);
        etags.add(coded.headers.etag);
        const again = await rawGet(`${t.url}${path}`, { 'accept-encoding': accept, 'if-none-match': String(coded.headers.etag) });
        expect(again.status, `${path} ${accept}`).toBe(304);
        expect(again.body.length).toBe(0);
      }
      expect(etags.size, 'a validator per representation').toBe(3);
      // Another representation's validator does not match: the client has another body.
      const other = await rawGet(`${t.url}${path}`, { 'accept-encoding': 'gzip', 'if-none-match': String(plain.headers.etag) });
      expect(other.status).toBe(200);
      for (const refused of ['identity', 'br;q=0, gzip;q=0', 'zstd'])
        expect((await rawGet(`${t.url}${path}`, { 'accept-encoding': refused })).headers['content-encoding'], refused).toBeUndefined();
    }
  });

  it("a signed-in person's page comes compressed too, and a small answer as it is", async () => {
    const person = await signedInBrowser(t);
    const cookie = person.browser.cookieHeader(t.url);
    const mine = await rawGet(`${t.url}/`, { 'accept-encoding': 'br', cookie });
    expect(mine.headers['cache-control']).toBe(PRIVATE);
    expect(mine.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(mine.body).toString('utf8')).toContain('name="csrf"');
    const small = await rawGet(`${t.url}/robots.txt`, { 'accept-encoding': 'br' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('a signed-in person', () => {
  it('gets their own page, with their vote and forms, private and never kept for others', async () => {
    const listing = await newListing();
    const person = await signedInBrowser(t);
    const before = await person.browser.get(`${t.url}/listings/${listing.slug}`);
    expect(before.headers.get('cache-control')).toBe(PRIVATE);
    expect(before.headers.get('vary')).toBe('Cookie, Accept-Encoding');
    expect(before.headers.get('etag')).toBeNull();
    await person.browser.post(`${t.url}/listings/${listing.slug}/vote`, { csrf: before.field('csrf') });
    for (const path of ['/', `/listings/${listing.slug}`, '/weeks/this']) {
      const mine = await person.browser.get(`${t.url}${path}`);
      expect(mine.headers.get('cache-control'), path).toBe(PRIVATE);
      expect(mine.text, path).toContain('name="csrf"');
      const anonymous = await (await get(`${t.url}${path}`)).text();
      expect(anonymous, path).not.toContain('name="csrf"');
      expect(anonymous, path).not.toContain('class="voted"');
    }
    expect((await person.browser.get(`${t.url}/`)).text).toContain('class="voted"');
    expect((await person.browser.get(`${t.url}/listings/${listing.slug}`)).text).toContain('Voted · <span class="count">1</span>');
  });
});

describe('two instances on one database', () => {
  let two: TwoInstances;
  beforeAll(async () => {
    two = await startTwoInstances({ now: () => new Date(WEDNESDAY) });
  }, 60_000);
  afterAll(() => two?.close());

  it('a vote on one instance drops the kept pages of the other', async () => {
    const [a, b] = two.apps;
    const listing = await insertLiveListing(two.db, await insertCategory(two.db));
    await Promise.all([a, b].map(({ app }) => app.services.changes.catchUp()));
    for (const { url } of [a, b]) {
      expect(votesShown(await (await get(`${url}/`)).text(), listing.slug)).toBe(0);
      expect(votesShown(await (await get(`${url}/listings/${listing.slug}`)).text(), listing.slug)).toBe(0);
    }
    const email = `voter-${process.pid}@example.com`;
    await createAccount(two.db, { email, password: 'correct horse battery staple', verified: true, now: WEDNESDAY });
    const browser = new TestBrowser();
    expect((await signIn({ url: a.url } as TestApp, browser, email, 'correct horse battery staple')).status).toBe(303);
    const page = await browser.get(`${a.url}/listings/${listing.slug}`);
    expect((await browser.post(`${a.url}/listings/${listing.slug}/vote`, { csrf: page.field('csrf') })).text).toContain(
      'Voted · <span class="count">1</span>',
    );
    await b.app.services.changes.catchUp(); // b has heard every notification committed before this marker
    for (const { url } of [a, b]) {
      expect(votesShown(await (await get(`${url}/`)).text(), listing.slug), url).toBe(1);
      expect(votesShown(await (await get(`${url}/listings/${listing.slug}`)).text(), listing.slug), url).toBe(1);
    }
  });
});
