/**
 * What a listing's page and badge count (issues 34 and 52), on two instances of the service on one database as
 * behind a load balancer (in one process; on a PostgreSQL server each has its own connections): page views and
 * unique visitors, clicks to the website through the link's ping, badge impressions per referring site. Counts are
 * kept in memory and written in batches, so they are exact however the requests are spread and flushed; bots are
 * not counted; the per-visitor keys of earlier days are deleted. A visitor is a network and day, whatever its
 * browser says: the instances believe X-Forwarded-For from loopback, so that the test speaks for many networks.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { startTwoInstances, type Instance, type TwoInstances } from '../support/two-instances.js';
import { deleteVisitorsBefore } from '../../src/community/page-views.js';
import { referrerHost } from '../../src/community/badge-impressions.js';
import { findBadge } from '../../src/listings/badge-sighting.js';
import { badgeSvgUrl } from '../../src/badges/variants.js';
import { dailyRefresh } from '../../src/schedule/daily-refresh.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { chromiumAvailable, launchChromium } from '../support/chromium.js';

const NOW = new Date('2026-11-25T12:00:00Z');
const TODAY = '2026-11-25';
/** The instances' clock: each test starts a minute later than the last (a new burst window), the same day. */
let clock = NOW;
let minutes = 0;
beforeEach(() => {
  minutes += 1;
  clock = new Date(NOW.getTime() + minutes * 60_000);
});
let instances: TwoInstances;
let apps: Instance[];
let db: Database;
let category: number;

beforeAll(async () => {
  // Counts are written only when the test flushes them (an hour between batches).
  instances = await startTwoInstances({ now: () => clock, pageViewsEveryMs: 3_600_000, env: { TRUSTED_PROXIES: '127.0.0.1' } });
  ({ apps, db } = instances);
  category = await insertCategory(db);
}, 120_000);
afterAll(() => instances?.close());

const instance = (i: number) => apps[i % apps.length]!;
const browser = (n: number) => `Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.${n}`;
/** The address of the `n`-th visitor: each on a /24 network of its own. */
const address = (n: number) => `100.${64 + (n >> 8)}.${n & 255}.9`;
/** Crawlers, link previews and scripts; '' is a request without a User-Agent, 'node' what Node's fetch sends by default. */
const BOTS = ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'curl/8.5.0', 'facebookexternalhit/1.1', 'node', ''];

/**
 * Both instances write what they counted, at the same time, twice: a click whose page view the other instance wrote
 * in the same round waits for the next batch, as it would for the next interval.
 */
const flushAll = async () => {
  for (let round = 0; round < 2; round++)
    await Promise.all(apps.flatMap(({ app }) => [app.pageViews.flush(), app.badgeImpressions.flush()]));
};

async function liveListing(fields: { url?: string } = {}) {
  const id = await insertListing(db, { category_id: category, status: 'live', ...fields });
  const { slug } = (await db.one<{ slug: string }>('SELECT slug FROM listings WHERE id = $1', [id]))!;
  return { id, slug };
}

async function dayCounts(listingId: number) {
  const row = await db.one<{ views: number; visitors: number; clicks: number; total: number }>(
    `SELECT coalesce(v.views, 0) AS views, coalesce(v.visitors, 0) AS visitors, coalesce(v.clicks, 0) AS clicks, l.views_count AS total
     FROM listings l LEFT JOIN listing_views v ON v.listing_id = l.id AND v.day = $2 WHERE l.id = $1`,
    [listingId, TODAY],
  );
  return row!;
}

async function impressions(listingId: number): Promise<Record<string, number>> {
  const rows = await db.query<{ referrer_host: string; impressions: number }>(
    'SELECT referrer_host, impressions FROM badge_impressions WHERE listing_id = $1 AND day = $2',
    [listingId, TODAY],
  );
  return Object.fromEntries(rows.map((r) => [r.referrer_host, r.impressions]));
}

/** A page view by the `visitor`-th visitor (its network), with `userAgent` (by default that visitor's browser). */
const viewPage = (i: number, slug: string, visitor: number, userAgent = browser(visitor)) =>
  fetch(`${instance(i).url}/listings/${slug}`, { headers: { 'user-agent': userAgent, 'x-forwarded-for': address(visitor) } });

/** The ping a browser sends when the website link is followed: text/ping, Ping-From and Ping-To, no form, no token. */
const ping = (i: number, slug: string, visitor: number, userAgent = browser(visitor)) =>
  fetch(`${instance(i).url}/listings/${slug}/click`, {
    method: 'POST',
    body: 'PING',
    headers: {
      'content-type': 'text/ping',
      'ping-from': `${instance(i).url}/listings/${slug}`,
      'ping-to': 'https://example.com/',
      'user-agent': userAgent,
      'x-forwarded-for': address(visitor),
    },
  });

const badge = (i: number, slug: string, visitor: number, headers: Record<string, string>, init: RequestInit = {}) =>
  fetch(`${instance(i).url}/badges/${slug}/standard-light-m.svg`, {
    ...init,
    headers: { 'user-agent': browser(visitor), 'x-forwarded-for': address(visitor), ...headers },
  });

describe('page views and visitors', () => {
  it('200 concurrent views from 50 visitors over two instances count 50 views and 50 visitors, written in batches', async () => {
    const target = await liveListing();
    const answers = await Promise.all(Array.from({ length: 200 }, (_, n) => viewPage(n, target.slug, n % 50)));
    expect(answers.map((a) => a.status)).toEqual(Array(200).fill(200));
    await Promise.all(answers.map((a) => a.text()));
    expect(await dayCounts(target.id)).toEqual({ views: 0, visitors: 0, clicks: 0, total: 0 }); // nothing written per view
    await flushAll();
    expect(await dayCounts(target.id)).toEqual({ views: 50, visitors: 50, clicks: 0, total: 50 });

    // The same people again through the other instance, within the half hour: nothing more counts.
    await Promise.all(Array.from({ length: 30 }, (_, n) => viewPage(n + 1, target.slug, n).then((r) => r.text())));
    await flushAll();
    expect(await dayCounts(target.id)).toEqual({ views: 50, visitors: 50, clicks: 0, total: 50 });

    // Half an hour later, the same day: a view each again, no new visitors; most_viewed keeps counting visitors.
    clock = new Date(clock.getTime() + 30 * 60_000);
    await Promise.all(Array.from({ length: 30 }, (_, n) => viewPage(n, target.slug, n).then((r) => r.text())));
    await flushAll();
    expect(await dayCounts(target.id)).toEqual({ views: 80, visitors: 50, clicks: 0, total: 50 });
  });

  it('batches flushed at once by both instances, and again, add up exactly', async () => {
    const target = await liveListing();
    for (let round = 0; round < 3; round++) {
      await Promise.all(Array.from({ length: 40 }, (_, n) => viewPage(n, target.slug, round * 40 + n).then((r) => r.text())));
      await flushAll();
    }
    expect(await dayCounts(target.id)).toEqual({ views: 120, visitors: 120, clicks: 0, total: 120 });
  });

  it('do not count bots, scripts or requests without a User-Agent', async () => {
    const target = await liveListing();
    for (const [n, agent] of BOTS.entries()) expect((await viewPage(n, target.slug, n, agent)).status).toBe(200);
    await flushAll();
    expect(await dayCounts(target.id)).toEqual({ views: 0, visitors: 0, clicks: 0, total: 0 });
  });

  it('count one network as one visitor whatever its browser says: 30 browser strings from one address add one view', async () => {
    const target = await liveListing();
    const other = await liveListing();
    await Promise.all([
      ...Array.from({ length: 30 }, (_, n) => viewPage(n, target.slug, 7, browser(1000 + n)).then((r) => r.text())),
      // A neighbour on the same /24 network is the same visitor too.
      fetch(`${instance(1).url}/listings/${target.slug}`, { headers: { 'user-agent': browser(5), 'x-forwarded-for': '100.64.7.200' } }),
    ]);
    await viewPage(0, other.slug, 8).then((r) => r.text());
    await flushAll();
    expect(await dayCounts(target.id)).toEqual({ views: 1, visitors: 1, clicks: 0, total: 1 });
    const publicViews = async (slug: string) =>
      ((await (await fetch(`${instance(0).url}/api/v1/listings/${slug}`)).json()) as { views: number }).views;
    expect(await publicViews(target.slug)).toBe(1);
    expect(await publicViews(other.slug)).toBe(1);
  });

  it('do not count a burst from one network: past 30 counted requests in a minute an instance counts nothing more from it', async () => {
    const targets = [];
    for (let n = 0; n < 40; n++) targets.push(await liveListing());
    for (const target of targets) await viewPage(0, target.slug, 9).then((r) => r.text()); // one instance: its window
    await viewPage(0, targets[0]!.slug, 10).then((r) => r.text()); // another network meanwhile still counts
    await flushAll();
    const counted = await db.one<{ n: number }>('SELECT sum(views_count)::int AS n FROM listings WHERE id = ANY($1::int[])', [
      targets.map((t) => t.id),
    ]);
    expect(counted!.n).toBe(31);
    // The next minute the network counts again.
    clock = new Date(clock.getTime() + 60_000);
    await viewPage(0, targets[39]!.slug, 9).then((r) => r.text());
    await flushAll();
    expect((await dayCounts(targets[39]!.id)).total).toBe(1);
  });
});

describe("clicks to the website (the link's ping)", () => {
  it('leave the link a plain link to the website, with the ping beside it and a page policy that lets it go', async () => {
    const target = await liveListing({ url: 'https://plain-link.example/start?ref=x' });
    const answer = await viewPage(0, target.slug, 1);
    const page = await answer.text();
    const link = /<a class="button-link" href="([^"]*)" rel="nofollow noopener" ping="([^"]*)">Visit website/.exec(page);
    expect(link?.[1]).toBe('https://plain-link.example/start?ref=x');
    expect(link?.[2]).toBe(`/listings/${target.slug}/click`);
    expect(answer.headers.get('content-security-policy')).toMatch(/(^|; )connect-src 'self'(;|$)/);
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('count once per visitor per day across instances, without a CSRF token, answering 204', async () => {
    const target = await liveListing();
    for (const visitor of [7, 8, 9]) await viewPage(visitor, target.slug, visitor).then((r) => r.text());
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, n) => ping(n, target.slug, 7, browser(100 + n))), // one network, many pings and browsers
      ping(0, target.slug, 8),
      ping(1, target.slug, 9),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(22).fill(204));
    await flushAll();
    expect(await dayCounts(target.id)).toMatchObject({ clicks: 3, views: 3, visitors: 3 });
    await ping(1, target.slug, 7); // the first person again, later the same day
    await flushAll();
    expect((await dayCounts(target.id)).clicks).toBe(3);
  });

  it('count a click whose page view another instance writes later: the click waits for it', async () => {
    const target = await liveListing();
    await viewPage(1, target.slug, 15).then((r) => r.text()); // instance 1 keeps the view
    expect((await ping(0, target.slug, 15)).status).toBe(204); // instance 0 the click
    await apps[0]!.app.pageViews.flush(); // the click first: no view of its visitor yet
    expect(await dayCounts(target.id)).toMatchObject({ clicks: 0, visitors: 0 });
    await apps[1]!.app.pageViews.flush();
    await apps[0]!.app.pageViews.flush();
    expect(await dayCounts(target.id)).toMatchObject({ clicks: 1, visitors: 1 });
  });

  it('count only from a visitor the page was served to that day: a ping alone, or from another network, counts nothing', async () => {
    const target = await liveListing();
    const elsewhere = await liveListing();
    await viewPage(0, elsewhere.slug, 11).then((r) => r.text()); // served another listing's page
    await viewPage(1, target.slug, 12).then((r) => r.text());
    const answers = await Promise.all([ping(0, target.slug, 11), ping(1, target.slug, 13), ping(0, target.slug, 12)]);
    expect(answers.map((a) => a.status)).toEqual([204, 204, 204]);
    await flushAll();
    expect(await dayCounts(target.id)).toMatchObject({ clicks: 1, visitors: 1 });
  });

  it('do not count bots', async () => {
    const target = await liveListing();
    await viewPage(0, target.slug, 14).then((r) => r.text());
    for (const [n, agent] of BOTS.entries()) expect((await ping(n, target.slug, 14, agent)).status).toBe(204);
    await flushAll();
    expect((await dayCounts(target.id)).clicks).toBe(0);
  });

  it('answer 404 and count nothing for a slug no public listing has', async () => {
    const hidden = await insertListing(db, { category_id: category, status: 'hidden', slug: 'click-hidden' });
    const draft = await insertListing(db, { category_id: category, status: 'draft', slug: 'click-draft' });
    for (const slug of ['no-such-listing', 'click-hidden', 'click-draft', 'Not_A_Slug'])
      expect({ slug, status: (await ping(0, slug, 1)).status }).toEqual({ slug, status: 404 });
    await flushAll();
    expect(await db.query('SELECT * FROM listing_clickers WHERE listing_id = ANY($1::int[])', [[hidden, draft]])).toEqual([]);
    expect(await db.query('SELECT * FROM listing_views WHERE listing_id = ANY($1::int[])', [[hidden, draft]])).toEqual([]);
  });

  it('is the only POST that passes without the page forms’ CSRF check', async () => {
    const target = await liveListing();
    for (const action of ['vote', 'follow', 'report']) {
      const answer = await fetch(`${instance(0).url}/listings/${target.slug}/${action}`, {
        method: 'POST',
        body: 'PING',
        headers: { 'content-type': 'text/ping', 'user-agent': browser(1) },
        redirect: 'manual',
      });
      expect({ action, status: answer.status }).toEqual({ action, status: 400 }); // text/ping is no form
    }
    expect(apps[0]!.app.formRoutes).not.toContain('/listings/:slug/click');
  });
});

describe.skipIf(!chromiumAvailable())('a click on the website link in Chromium', () => {
  it('sends the ping the page policy lets through, and goes to the website; the ping is counted', async () => {
    const website = `${instance(1).url}/about`; // a page that answers, standing in for the product's website
    const target = await liveListing({ url: website });
    const chromium = await launchChromium();
    try {
      // Headless Chromium names itself HeadlessChrome (a bot, not counted): it speaks as a desktop browser here.
      await chromium.browser.setExtraHTTPHeaders({ 'user-agent': browser(99) });
      const page = await chromium.browser.newPage();
      await page.goto(`${instance(0).url}/listings/${target.slug}`);
      await Promise.all([page.waitForURL(website), page.click(`a[href="${website}"]`)]);
      await expect
        .poll(async () => {
          await flushAll();
          return (await dayCounts(target.id)).clicks;
        })
        .toBe(1);
    } finally {
      await chromium.close();
    }
  }, 60_000);
});

describe('badge impressions', () => {
  it('count per referring host only, a missing or unreadable Referer apart, bots and HEAD not', async () => {
    const target = await liveListing();
    const own = new URL(instance(0).url).hostname;
    const requests: [number, number, Record<string, string>][] = [
      [0, 1, { referer: 'https://Blog.Example.com:8443/posts/1?utm=x#top' }],
      [1, 2, { referer: 'https://blog.example.com/other' }],
      [0, 1, { referer: 'http://shop.example.org/' }],
      [1, 3, {}],
      [0, 4, { referer: 'not a url' }],
      [1, 5, { referer: 'android-app://com.example.reader/' }],
      [0, 6, { referer: `${instance(0).url}/listings/${target.slug}` }],
      ...BOTS.map((agent, n): [number, number, Record<string, string>] => [
        n,
        7,
        { referer: 'https://bots.example/', 'user-agent': agent },
      ]),
    ];
    const answers = await Promise.all(requests.map(([i, visitor, headers]) => badge(i, target.slug, visitor, headers)));
    expect(answers.map((a) => a.status)).toEqual(Array(requests.length).fill(200));
    expect((await badge(0, target.slug, 8, { referer: 'https://head.example/' }, { method: 'HEAD' })).status).toBe(200);
    expect(await impressions(target.id)).toEqual({}); // nothing written per image
    await flushAll();
    expect(await impressions(target.id)).toEqual({ 'blog.example.com': 2, 'shop.example.org': 1, '': 3, [own]: 1 });
  });

  it('add up exactly over two instances flushing at once', async () => {
    const target = await liveListing();
    for (let round = 0; round < 2; round++) {
      await Promise.all(
        Array.from({ length: 100 }, (_, n) =>
          badge(n, target.slug, round * 100 + n, { referer: `https://site${n % 4}.example/page${n}` }).then((r) => r.text()),
        ),
      );
      await flushAll();
    }
    expect(await impressions(target.id)).toEqual({ 'site0.example': 50, 'site1.example': 50, 'site2.example': 50, 'site3.example': 50 });
  });

  it('count once per visitor and referring host a day, whatever the browser, and not a burst of made-up hosts', async () => {
    const target = await liveListing();
    // 25 browser strings from one network on one referring page, then again through the other instance.
    for (let round = 0; round < 2; round++)
      await Promise.all(
        Array.from({ length: 25 }, (_, n) =>
          badge(round, target.slug, 20, { referer: 'https://one.example/', 'user-agent': browser(500 + n) }).then((r) => r.text()),
        ),
      );
    await flushAll();
    expect(await impressions(target.id)).toEqual({ 'one.example': 1 });
    // A minute later, 40 made-up referring hosts from one network through one instance: its burst stops counting at 30.
    clock = new Date(clock.getTime() + 60_000);
    for (let n = 0; n < 40; n++) await badge(0, target.slug, 21, { referer: `https://made-up-${n}.example/` }).then((r) => r.text());
    await flushAll();
    const counted = await impressions(target.id);
    expect(Object.values(counted).reduce((sum, n) => sum + n, 0)).toBe(31);
  });

  it('count exactly the addresses the badge check accepts as the listing’s badge', async () => {
    const target = await liveListing();
    const other = await liveListing();
    const publicUrl = instance(0).url;
    const cases: { address: string; ours: boolean }[] = [
      { address: badgeSvgUrl(publicUrl, target.slug, { shape: 'standard', mode: 'light', size: 'm' }), ours: true },
      { address: badgeSvgUrl(publicUrl, target.slug, { shape: 'square', mode: 'auto', size: 'l' }), ours: true },
      { address: `${publicUrl}/badges/${target.slug}/pill-dark-s.svg?v=2`, ours: true },
      { address: `${publicUrl}/badges/${target.slug}/huge-light-m.svg`, ours: false }, // no such variant
      { address: `${publicUrl}/badges/${target.slug}/standard-light-m.png`, ours: false },
      { address: `${publicUrl}/badges/${target.slug}/x/standard-light-m.svg`, ours: false },
      { address: `${publicUrl}/badges/${other.slug}/standard-light-m.svg`, ours: false }, // another listing's badge
      { address: `${publicUrl}/badges/${target.slug.toUpperCase()}/standard-light-m.svg`, ours: false },
    ];
    for (const [n, { address, ours }] of cases.entries()) {
      const homepage = `https://home${n}.example/`;
      const page = { url: homepage, title: '', text: '', markup: [], html: `<p><img src="${address}" alt="badge"></p>` };
      const accepted = findBadge(page, { profileUrl: `${publicUrl}/listings/${target.slug}`, publicUrl, slug: target.slug }) === 'image';
      expect({ address, accepted }).toEqual({ address, accepted: ours });
      await (
        await fetch(address, { headers: { referer: homepage, 'user-agent': browser(n), 'x-forwarded-for': `100.70.${n}.1` } })
      ).arrayBuffer();
    }
    await flushAll();
    const counted = await impressions(target.id);
    for (const [n, { address, ours }] of cases.entries())
      expect({ address, counted: counted[`home${n}.example`] ?? 0 }).toEqual({ address, counted: ours ? 1 : 0 });
  });
});

describe('the referring host', () => {
  it('is the lower-case host of an http(s) Referer, else empty', () => {
    expect(referrerHost('https://WWW.Example.COM:444/a/b?c=d#e')).toBe('www.example.com');
    expect(referrerHost('http://[::1]:3000/')).toBe('[::1]');
    expect(referrerHost(undefined)).toBe('');
    expect(referrerHost('')).toBe('');
    expect(referrerHost('/relative/path')).toBe('');
    expect(referrerHost('file:///etc/passwd')).toBe('');
    expect(referrerHost(`https://${'a'.repeat(250)}.example/`)).toBe('');
  });
});

describe('visitor keys', () => {
  it('of days before yesterday are deleted by the next batch and by the daily refresh; aggregates stay', async () => {
    const target = await liveListing();
    const seed = async () => {
      for (const table of ['listing_visitors', 'listing_clickers'])
        await db.query(
          `INSERT INTO ${table} (day, listing_id, visitor) SELECT d::date, $1, 'k-' || d FROM unnest($2::text[]) AS d ON CONFLICT DO NOTHING`,
          [target.id, ['2026-11-20', '2026-11-23', '2026-11-24']],
        );
      await db.query(`INSERT INTO listing_views (listing_id, day, views, visitors, clicks) VALUES ($1, '2026-11-20', 5, 4, 1)`, [
        target.id,
      ]);
    };
    const keptDays = async (table: string) =>
      (await db.query<{ day: string }>(`SELECT day::text AS day FROM ${table} WHERE listing_id = $1 ORDER BY day`, [target.id])).map(
        (r) => r.day,
      );
    await seed();
    await viewPage(0, target.slug, 1).then((r) => r.text());
    await ping(0, target.slug, 1);
    await flushAll();
    expect(await keptDays('listing_visitors')).toEqual(['2026-11-24', TODAY]);
    expect(await keptDays('listing_clickers')).toEqual(['2026-11-24', TODAY]);

    await db.query('DELETE FROM listing_views WHERE listing_id = $1', [target.id]);
    await seed();
    const timings = await dailyRefresh(db, NOW);
    expect(timings.find((s) => s.step === 'page visitors of earlier days')?.result).toMatch(/^\d+ deleted$/);
    expect(await keptDays('listing_visitors')).toEqual(['2026-11-24', TODAY]);
    expect(await keptDays('listing_clickers')).toEqual(['2026-11-24', TODAY]);
    expect(await deleteVisitorsBefore(db, '2026-11-27')).toBeGreaterThanOrEqual(4); // (other tests' keys of today go too)
    expect(await keptDays('listing_visitors')).toEqual([]);
    expect(await keptDays('listing_clickers')).toEqual([]);
    expect(await keptDays('listing_views')).toEqual(['2026-11-20']);
  });
});
