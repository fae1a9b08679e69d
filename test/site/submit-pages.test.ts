import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlerUserAgent, crawlSite } from '../../src/crawler/crawl-site.js';
import { type PagesApp, signedInBrowser } from '../auth/pages/page-flows.js';
import { startTestApp } from '../support/app.js';
import { TestBrowser, type PageResponse } from '../support/browser.js';
import { ACME_FACTS, type FixtureSites, startFixtureSites } from '../support/fixture-sites.js';
import { insertCategory, insertListing } from '../support/fixtures.js';

/**
 * A founder's way in on the website (issue 49, first part): "Submit a product" in every page's header, /submit taking
 * the product's address through submit_listing's own rules, and the draft's page that refreshes itself while the
 * site is read (no JavaScript) and then shows each field with its state and the site's own words.
 */
let t: PagesApp;
let sites: FixtureSites;

beforeAll(async () => {
  sites = await startFixtureSites();
  const clock = { now: new Date() };
  const app = await startTestApp({
    env: { CRAWLER_ALLOW_HOSTS: '127.0.0.1' },
    jobs: { processEveryMs: 100 },
    drafting: {
      crawl: (url) => crawlSite(url, { allowHosts: ['127.0.0.1'], userAgent: crawlerUserAgent('http://directory.test'), timeoutMs: 5_000 }),
    },
  });
  t = Object.assign(app, { clock, advance: (seconds: number) => (clock.now = new Date(clock.now.getTime() + seconds * 1000)) });
  await insertCategory(t.db, { name: `Analytics ${Date.now()}` });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sites?.close();
});

const draftsOf = async (accountId: string) =>
  (await t.db.query<{ id: string }>('SELECT id FROM drafts WHERE account_id = $1', [accountId])).map((r) => r.id);

/** The page of a draft once the site is read and drafted (the page stops refreshing itself). */
async function drafted(browser: TestBrowser, path: string): Promise<PageResponse> {
  for (let i = 0; i < 150; i++) {
    const page = await browser.get(`${t.url}${path}`);
    if (!page.text.includes('http-equiv="refresh"')) return page;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${path} kept refreshing`);
}

describe('submitting a product on the website', () => {
  it('offers "Submit a product" in every header; signed out, /submit goes to sign in and back', async () => {
    const home = await new TestBrowser().get(`${t.url}/`);
    expect(home.text).toMatch(/<nav aria-label="Site">[\s\S]*?<a href="\/submit">Submit a product<\/a>/);
    const page = await new TestBrowser().get(`${t.url}/submit`, { follow: false });
    expect(page.status).toBe(303);
    expect(page.location).toBe('/signin?return_to=/submit');
  });

  it('drafts the site: a page that refreshes itself while it is read, then every field with its state and quotes', async () => {
    const person = await signedInBrowser(t);
    const form = await person.browser.get(`${t.url}/submit`);
    expect(form.status).toBe(200);
    expect(form.text).toContain('<label for="submit-url">Website address</label>');
    const posted = await person.browser.post(`${t.url}/submit`, { csrf: form.field('csrf'), url: sites.urls.acme }, { follow: false });
    expect(posted.status).toBe(303);
    const [id] = await draftsOf(person.id);
    expect(posted.location).toBe(`/account/drafts/${id}`);

    const page = await drafted(person.browser, `/account/drafts/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<title>Draft: ${ACME_FACTS.name}`);
    expect(page.text).toContain('<meta name="robots" content="noindex">');
    expect(page.headers.get('cache-control')).toBe('no-store');
    // A drafted field shows its value, its state in words and the site's own sentence with the page it is on.
    const name = /<div id="field-name">([\s\S]*?)<\/dd><\/div>/.exec(page.text)?.[1] ?? '';
    expect(name).toContain(`overflow-wrap:anywhere">${ACME_FACTS.name}<details>`);
    expect(name).toContain('Drafted from your site');
    expect(name).toMatch(new RegExp(`<blockquote>[^<]*${ACME_FACTS.name}[^<]*<br><a class="muted" href="${sites.urls.acme}`));
    expect(page.text).toContain('Not found on your site');

    // While the site is read or drafted, the page says so and reloads itself (a meta refresh: no JavaScript needed).
    await t.db.query(`UPDATE drafts SET status = 'drafting' WHERE id = $1`, [id]);
    const working = await person.browser.get(`${t.url}/account/drafts/${id}`);
    expect(working.text).toContain('<meta http-equiv="refresh" content="3">');
    expect(working.text).toContain('drafting your listing');
    expect(working.text).not.toContain('<h2>The drafted profile</h2>');
    await t.db.query(`UPDATE drafts SET status = 'ready' WHERE id = $1`, [id]);

    // The account page lists the draft with its status in words, linked to its page.
    const account = await person.browser.get(`${t.url}/account`);
    expect(account.text).toContain(
      `<a href="/account/drafts/${id}">${ACME_FACTS.name}</a></th><td>Drafted: check it and save it as a listing.</td>`,
    );

    // The same site again: the open draft, not a second one.
    const again = await person.browser.post(
      `${t.url}/submit`,
      { csrf: form.field('csrf'), url: `${sites.urls.acme}/pricing` },
      { follow: false },
    );
    expect(again.location).toBe(`/account/drafts/${id}`);
    expect(await draftsOf(person.id)).toEqual([id]);

    // Someone else's draft is not found, as get_draft answers.
    const other = await signedInBrowser(t);
    const foreign = await other.browser.get(`${t.url}/account/drafts/${id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain(ACME_FACTS.name);
    expect((await other.browser.get(`${t.url}/account/drafts/not-a-uuid`)).status).toBe(404);
  });

  it('refuses a bad or private address beside the field, keeping what was typed, and makes no draft', async () => {
    const person = await signedInBrowser(t);
    const form = await person.browser.get(`${t.url}/submit`);
    for (const [typed, message] of [
      ['not a website', /http|URL|address/i],
      ['http://10.1.2.3/', /private or reserved|public website/],
      ['', /required|address|URL/i],
    ] as const) {
      const page = await person.browser.post(`${t.url}/submit`, { csrf: form.field('csrf'), url: typed });
      expect(page.status, typed).toBe(400);
      expect(page.text).toContain(`value="${typed}"`);
      expect(page.text).toContain('aria-invalid="true" aria-describedby="submit-url-error"');
      expect(/<p id="submit-url-error" class="error" role="alert">([^<]*)<\/p>/.exec(page.text)?.[1]).toMatch(message);
    }
    expect(await draftsOf(person.id)).toEqual([]);
  });

  it('a product already listed links to its page instead of making a second listing', async () => {
    const category = await insertCategory(t.db);
    const id = await insertListing(t.db, {
      category_id: category,
      status: 'live',
      launch_week: '2026-11-23',
      url: 'https://listed-product.com',
    });
    const { slug } = (await t.db.one<{ slug: string }>('SELECT slug FROM listings WHERE id = $1', [id]))!;
    const person = await signedInBrowser(t);
    const form = await person.browser.get(`${t.url}/submit`);
    const page = await person.browser.post(`${t.url}/submit`, { csrf: form.field('csrf'), url: 'https://www.listed-product.com/pricing' });
    expect(page.status).toBe(409);
    expect(page.text).toContain('This product is already listed');
    expect(page.text).toContain(`<a href="/listings/${slug}">See its page</a>`);
    expect(page.text).toContain('value="https://www.listed-product.com/pricing"');
    expect(await draftsOf(person.id)).toEqual([]);
  });

  it('a forged form (no CSRF token, or another origin) starts nothing', async () => {
    const person = await signedInBrowser(t);
    const form = await person.browser.get(`${t.url}/submit`);
    const noToken = await person.browser.post(`${t.url}/submit`, { url: sites.urls.acme }, { follow: false });
    expect(noToken.status).toBe(403);
    const foreign = await person.browser.post(
      `${t.url}/submit`,
      { csrf: form.field('csrf'), url: sites.urls.acme },
      { follow: false, headers: { origin: 'https://attacker.example' } },
    );
    expect(foreign.status).toBe(403);
    expect(await draftsOf(person.id)).toEqual([]);
  });
});
