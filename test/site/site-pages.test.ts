import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { seedDemo } from '../../src/seed/demo.js';

/**
 * The public site on the demo directory: every page kind answers 200 with its title, meta description, canonical
 * URL and Open Graph tags; every profile_url and badge link the API hands out answers 200; unknown addresses are
 * 404 pages; sitemap, robots.txt and the Atom feeds are well formed.
 */
let t: TestApp;
const NOW = new Date('2026-11-18T12:00:00Z');

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW, prepare: (db) => seedDemo(db, { now: NOW }).then(() => undefined) });
}, 120_000);
afterAll(() => t?.close());

const get = async (path: string) => {
  const response = await fetch(`${t.url}${path}`, { redirect: 'manual' });
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    csp: response.headers.get('content-security-policy') ?? '',
    text: await response.text(),
  };
};
const api = async (path: string) => (await fetch(`${t.url}/api/v1${path}`)).json() as Promise<any>;

function expectPage(page: { status: number; type: string; text: string; csp: string }, path: string) {
  expect(page.status, path).toBe(200);
  expect(page.type).toMatch(/^text\/html/);
  expect(page.csp).toContain("default-src 'none'");
  expect(page.text).toMatch(/<title>[^<]+<\/title>/);
  expect(page.text).toMatch(/<meta name="description" content="[^"]+">/);
  expect(page.text).toContain(`<link rel="canonical" href="${t.url}`);
  expect(page.text).toContain('<meta property="og:title"');
  expect(page.text).not.toContain('<script>'); // pages run no script (JSON-LD is data)
}

describe('the public site', () => {
  it('home shows this week’s launches ranked by votes, upcoming launches and the boards', async () => {
    const home = await get('/');
    expectPage(home, '/');
    const week = await api('/launches?section=this-week&per_page=3');
    expect(week.items.length).toBeGreaterThan(0);
    const section = home.text.slice(home.text.indexOf('>This week</h2>'));
    const positions = week.items.map((l: { slug: string }) => section.indexOf(`href="/listings/${l.slug}"`));
    expect(positions.every((p: number) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions); // in vote order
    expect(home.text).toContain('href="/leaderboards/billboard"');
    expect(home.text).toContain('Paid ranking');
  });

  it('every profile_url and badge link of the API answers 200, with JSON-LD on listing pages', async () => {
    const listings = (await api('/listings?per_page=50')).items as { slug: string; profile_url?: string }[];
    expect(listings.length).toBeGreaterThan(5);
    for (const { slug } of listings.slice(0, 12)) {
      const profile = await api(`/listings/${slug}`);
      const path = new URL(profile.links.profile).pathname;
      const page = await get(path);
      expectPage(page, path);
      expect(page.text).toContain(`<h1 id="listing-name">${profile.name.replace(/&/g, '&amp;')}</h1>`);
      const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page.text)![1]);
      expect(ld).toMatchObject({ '@type': 'SoftwareApplication', name: profile.name, url: profile.links.profile });
      const badges = await api(`/listings/${slug}/badges`);
      const { badge } = badges;
      expect(new URL(badges.listing.profile_url).pathname).toBe(path);
      const target = /href="([^"]+)"/.exec(badge.embed_html)![1];
      expect((await get(new URL(target).pathname)).status).toBe(200);
      expect((await fetch(badge.svg_url)).status).toBe(200);
      // The badge image the page itself shows answers too.
      const shown = /<h2>Badge<\/h2><p><img src="([^"]+)"/.exec(page.text)![1];
      expect((await fetch(shown)).status).toBe(200);
    }
  });

  it('category, week, leaderboard, founder, blog and award pages answer, paged where the API pages', async () => {
    const categories = await api('/categories');
    const category = categories.items?.[0] ?? categories[0];
    const founder = (await api('/founders?per_page=1')).items[0];
    const post = (await api('/blog?per_page=1')).items[0];
    for (const path of [
      '/categories',
      new URL(category.url).pathname,
      '/weeks/this',
      '/weeks/last',
      '/weeks/2026-11-16',
      '/leaderboards/community-weekly',
      '/leaderboards/community-all-time',
      '/leaderboards/domain-rating',
      '/leaderboards/revenue',
      '/founders',
      new URL(founder.profile_url).pathname,
      '/blog',
      new URL(post.url).pathname,
      '/awards',
      '/awards/hall-of-fame',
      '/search?q=calender',
    ]) {
      expectPage(await get(path), path);
    }
    const billboard = await get('/leaderboards/billboard');
    expectPage(billboard, '/leaderboards/billboard');
    const rows = (billboard.text.match(/class="card"/g) ?? []).length;
    expect((billboard.text.match(/<span class="paid">Paid<\/span>/g) ?? []).length).toBe(rows); // every row says it is paid
    expect(billboard.text).toContain('Paid placement');
    const dr = await get('/leaderboards/domain-rating');
    expect(dr.text).toContain('third-party SEO data provider');
  });

  it('home has a headline, calls to action, readable dates and the trending order explained; every live row has a vote button', async () => {
    const home = await get('/');
    const main = home.text.slice(home.text.indexOf('<main'), home.text.indexOf('</main>'));
    expect(main).toContain('<h1>Discover new products, ranked by the people who use them</h1>');
    expect(main).toContain('<a class="cta" href="/submit">Submit a product</a>');
    expect(main).toContain('<a class="cta secondary" href="/signup">Sign up</a>');
    expect(home.text).toMatch(/<title>Discover new products, ranked by the people who use them · [^<]+<\/title>/);
    // Dates as people read them: the week "Nov 16 – 22", upcoming "week of Nov 23"; no YYYY-MM-DD in the text.
    expect(main).toContain('This week</h2><span class="muted">Nov 16 – 22</span>');
    expect(main).toContain('Launched today</h2><span class="muted">Nov 18</span>');
    expect(main).toMatch(/week of (Nov|Dec) \d{1,2}</);
    const text = main.replace(/<style>[\s\S]*?<\/style>/g, '').replace(/<[^>]+>/g, ' ');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(main).toContain('Ranked by the votes of the last 14 days, the newest counting most');
    // Signed out, each live row's count is a button to sign in and vote, coming back to the row.
    const rows = main.split('<li class="card">').slice(1);
    const votable = rows.filter((r) => !r.includes('class="metric text">week of'));
    expect(votable.length).toBeGreaterThan(0);
    for (const row of votable) expect(row).toMatch(/<a class="vote-in" id="([a-z]+-[a-z0-9-]+)" href="\/signin\?return_to=\/%23\1">/);
  });

  it('a board marks its tab and says how it differs from the weekly board; rows do not repeat the week', async () => {
    for (const board of ['community-weekly', 'community-all-time', 'billboard', 'domain-rating', 'revenue']) {
      const page = await get(`/leaderboards/${board}`);
      const tabs = page.text.match(/<nav class="tabs" aria-label="Boards">[\s\S]*?<\/nav>/)![0];
      expect(tabs.match(/aria-current="page"/g)).toHaveLength(1);
      expect(tabs).toContain(`href="/leaderboards/${board}" aria-current="page"`);
      expect(page.text).toMatch(/<p class="board-note">[^<]+<\/p>/);
      if (board !== 'community-weekly') expect(page.text).toContain('<p class="board-note">Unlike the weekly board,');
      expect(page.text).not.toMatch(/week of \d{4}-\d{2}-\d{2}/i);
    }
  });

  it("the Hall of Fame shows every week's #1 and no other rank; a listing page shows its trophy cabinet, each award with its proof", async () => {
    const winners = await api('/awards?rank=1&per_page=100&include_proof=true');
    const all = await api('/awards?per_page=100');
    expect(winners.total).toBeGreaterThan(0);
    expect(winners.items.every((a: { rank: number }) => a.rank === 1)).toBe(true);
    const stored = await t.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM awards a JOIN listings l ON l.id = a.listing_id WHERE a.rank = 1 AND l.status = 'live'`,
    );
    expect(winners.total).toBe(stored!.n);
    const hall = await get('/awards/hall-of-fame');
    expectPage(hall, '/awards/hall-of-fame');
    for (const a of winners.items.slice(0, 20)) expect(hall.text).toContain(a.proof_url);
    const second = all.items.find((a: { rank: number }) => a.rank === 2);
    if (second) expect(hall.text).not.toContain(second.proof_url);

    const winner = winners.items[0];
    const cabinet = await api(`/awards?listing=${winner.listing.slug}`);
    const page = await get(`/listings/${winner.listing.slug}`);
    expect(page.text).toContain('id="trophies"');
    for (const a of cabinet.items) expect(page.text).toContain(a.proof_url);
    const proof = await fetch(winner.proof_url);
    expect(proof.status).toBe(200);
    expect(await proof.text()).toBe(winner.proof);
  });

  it('search has the typo tolerance of search_listings', async () => {
    const viaApi = await api('/listings?q=calender&per_page=5');
    const page = await get('/search?q=calender');
    expect(viaApi.items.length).toBeGreaterThan(0);
    for (const l of viaApi.items) expect(page.text).toContain(`href="/listings/${l.slug}"`);
    const nothing = await get('/search?q=zzqqxxyy');
    expect(nothing.text).toContain('Nothing matches');
  });

  it('search takes words, a category, a pricing model and a sort, keeps them, and says how it read the words', async () => {
    const order = (text: string, slugs: string[]) => slugs.map((slug) => text.indexOf(`href="/listings/${slug}"`));
    const viaApi = await api('/listings?q=calender&category=productivity&pricing_model=freemium&sort=rating&per_page=20');
    expect(viaApi.items.length).toBeGreaterThan(1);
    const page = await get('/search?q=calender&category=productivity&pricing=freemium&sort=rating');
    expectPage(page, '/search?q=calender&category=productivity&pricing=freemium&sort=rating');
    const positions = order(
      page.text,
      viaApi.items.map((l: { slug: string }) => l.slug),
    );
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(page.text).toContain('value="calender"');
    expect(page.text).toContain('<option value="productivity" selected>');
    expect(page.text).toContain('<option value="freemium" selected>');
    expect(page.text).toContain('<option value="rating" selected>Best rated</option>');
    expect(page.text).toContain('showing results for “calendar”');
    // Filters without words browse the directory, in the order chosen.
    const browse = await get('/search?category=crm&sort=votes');
    const crm = await api('/listings?category=crm&sort=votes&per_page=20');
    const crmPositions = order(
      browse.text,
      crm.items.map((l: { slug: string }) => l.slug),
    );
    expect(crmPositions.every((p) => p > 0)).toBe(true);
    expect([...crmPositions].sort((a, b) => a - b)).toEqual(crmPositions);
    // None has every word: those with the most, and the word nobody mentions.
    const partial = await get('/search?q=invoices%20zzqqxxyy');
    expect(partial.text).toContain('none has every word');
    expect(partial.text).toContain('no listing mentions “zzqqxxyy”');
    // Values the form does not offer are dropped, not refused.
    const odd = await get('/search?q=crm&category=nope&pricing=%3Cb%3E&sort=bogus');
    expect(odd.status).toBe(200);
    expect(odd.text).toContain('<option value="relevance" selected>Best match</option>');
    expect(odd.text).not.toContain('<b>');
  });

  it('unknown addresses are 404 pages with a way back; bad slugs and weeks too', async () => {
    for (const path of [
      '/listings/no-such-listing',
      '/listings/NOT%20A%20SLUG',
      '/categories/nope',
      '/founders/nope',
      '/blog/nope',
      '/weeks/2099-13-45',
      '/weeks/1999-01-04',
      '/leaderboards/nope',
    ]) {
      const page = await get(path);
      expect({ path, status: page.status }).toEqual({ path, status: 404 });
      expect(page.text).toContain('href="/"');
      expect(page.text).toContain('noindex');
    }
  });

  it('escapes what people wrote, and links only to http(s) addresses', async () => {
    await t.db.query(
      `UPDATE listings SET tagline = '<img src=x onerror=alert(1)>' WHERE id = (SELECT min(id) FROM listings WHERE status = 'live')`,
    );
    const { slug } = (await t.db.one<{ slug: string }>(
      `SELECT slug FROM listings WHERE id = (SELECT min(id) FROM listings WHERE status = 'live')`,
    ))!;
    await t.db.query(
      `UPDATE listings SET socials = '{"x": "javascript:alert(2)", "github": "https://github.com/acme"}'::jsonb WHERE slug = $1`,
      [slug],
    );
    const page = await get(`/listings/${slug}`);
    expect(page.text).not.toContain('<img src=x');
    expect(page.text).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // Links people gave or the crawler found are links only when they are http(s).
    expect(page.text).toContain('href="https://github.com/acme"');
    expect(page.text).not.toContain('javascript:');
  });

  it('sitemap, robots.txt and the Atom feeds', async () => {
    const robots = await get('/robots.txt');
    expect(robots.text).toContain(`Sitemap: ${t.url}/sitemap.xml`);
    const index = await get('/sitemap.xml');
    expect(index.type).toMatch(/xml/);
    const maps = [...index.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(maps).toEqual(['/sitemaps/pages.xml', '/sitemaps/listings-1.xml']);
    const listings = await get('/sitemaps/listings-1.xml');
    const count = (await t.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM listings WHERE status IN ('live', 'scheduled')`))!.n;
    expect((listings.text.match(/<url>/g) ?? []).length).toBe(count);
    const pages = await get('/sitemaps/pages.xml');
    expect(pages.text).toContain(`<loc>${t.url}/categories</loc>`);
    expect((await get('/sitemaps/listings-2.xml')).status).toBe(404);
    for (const feed of ['/feeds/launches.xml', '/feeds/blog.xml']) {
      const atom = await get(feed);
      expect(atom.type).toMatch(/^application\/atom\+xml/);
      expect(atom.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/);
      expect((atom.text.match(/<entry>/g) ?? []).length).toBeGreaterThan(0);
    }
  });
});
