/**
 * The moderators' half of the console: /admin/listings (find, hide, show, feature with a reason) and /admin/reports
 * (the queue, dismiss or act with a note), through forms that run moderate_listing and resolve_report. Who may open
 * them; the forms' refusals; a Chromium walk hiding a listing and finding it gone from search, home and the sitemap,
 * then showing it again; axe-core on the pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.js';
import { TestBrowser } from '../support/browser.js';
import { insertCategory, insertListing, insertVotes } from '../support/fixtures.js';
import { seriousViolations } from '../support/axe.js';
import { chromiumAvailable, launchChromium } from '../support/chromium.js';
import { person, ownedListing } from '../listings/support.js';
import { postConsoleForm, signInChromium, staffBrowser, staffPerson, type StaffPerson } from './support.js';
import { fileListingReport } from '../../src/moderation/reports.js';

const NOW = new Date('2026-11-25T12:00:00Z');
let t: TestApp;
let category: number;
let moderator: StaffPerson;
let editor: StaffPerson;
let stranger: StaffPerson;
const browserPresent = chromiumAvailable();

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  category = await insertCategory(t.db);
  [moderator, editor, stranger] = await Promise.all([staffPerson(t.db, 'moderator'), staffPerson(t.db, 'editor'), staffPerson(t.db, null)]);
}, 60_000);
afterAll(() => t?.close());

let named = 0;
async function liveListing(name = `Brackenfold ${++named} ${Date.now() % 100_000}`) {
  const owner = await person(t.db);
  const listing = await ownedListing(t.db, owner, {
    category_id: category,
    name,
    status: 'live',
    launch_week: '2026-11-23',
    launched_at: '2026-11-25T09:00:00Z',
  });
  await insertVotes(t.db, listing.id, 2, new Date('2026-11-25T10:00:00Z'));
  return { ...listing, name, owner };
}

const statusOf = async (slug: string) =>
  (await t.db.one<{ status: string }>('SELECT status FROM listings WHERE slug = $1', [slug]))!.status;

describe('who may open the pages', () => {
  it('anonymous visitors go to sign in; an editor and a person without a role get 403; a moderator gets in', async () => {
    for (const path of ['/admin/listings', '/admin/reports', '/admin/listings/anything']) {
      const anonymous = await new TestBrowser().get(`${t.url}${path}`, { follow: false });
      expect(anonymous.status, path).toBe(303);
      expect(anonymous.headers.get('location'), path).toContain('/signin?return_to=');
    }
    const asEditor = await staffBrowser(t, editor);
    expect((await asEditor.get(`${t.url}/admin/listings`)).status).toBe(403);
    expect((await asEditor.get(`${t.url}/admin/reports`)).status).toBe(403);
    const listing = await liveListing();
    const post = await postConsoleForm(t, asEditor, '/account/api-keys', `/admin/listings/${listing.slug}/moderation`, {
      action: 'hide',
      reason: 'x',
    });
    expect(post.status).toBe(403);
    expect(await statusOf(listing.slug)).toBe('live');
    expect((await (await staffBrowser(t, stranger)).get(`${t.url}/admin/listings`)).status).toBe(403);
    const asModerator = await staffBrowser(t, moderator);
    expect((await asModerator.get(`${t.url}/admin/listings`)).status).toBe(200);
    expect((await asModerator.get(`${t.url}/admin/reports`)).status).toBe(200);
  });
});

describe('/admin/listings', () => {
  it('finds a listing by name or slug, hides it with a reason, lists it among the hidden, and shows it again', async () => {
    const listing = await liveListing();
    const browser = await staffBrowser(t, moderator);
    const found = await browser.get(`${t.url}/admin/listings?q=${encodeURIComponent(listing.name.toUpperCase())}`);
    expect(found.text).toContain(`href="/admin/listings/${listing.slug}"`);
    expect((await browser.get(`${t.url}/admin/listings?q=${listing.slug}`)).text).toContain(`href="/admin/listings/${listing.slug}"`);
    expect((await browser.get(`${t.url}/admin/listings?q=nothing-like-it`)).text).not.toContain(`href="/admin/listings/${listing.slug}"`);

    const page = `/admin/listings/${listing.slug}`;
    // A reason is required: 400 naming it, nothing changes.
    const empty = await postConsoleForm(t, browser, page, `${page}/moderation`, { action: 'hide', reason: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('<code>/reason</code>');
    expect(await statusOf(listing.slug)).toBe('live');

    const hidden = await postConsoleForm(t, browser, page, `${page}/moderation`, { action: 'hide', reason: 'Copies <another> product' });
    expect(hidden.status).toBe(303);
    expect(hidden.headers.get('location')).toBe(`${page}?done=hide`);
    const after = await browser.get(`${t.url}${page}?done=hide`);
    expect(after.text).toContain('The listing is hidden');
    expect(after.text).toContain('Copies &lt;another&gt; product');
    expect(after.text).toContain('<option value="unhide"');
    expect(after.text).not.toContain('<option value="hide"');
    expect(await statusOf(listing.slug)).toBe('hidden');
    const hiddenList = await browser.get(`${t.url}/admin/listings?status=hidden`);
    expect(hiddenList.text).toContain(`href="/admin/listings/${listing.slug}"`);
    expect(hiddenList.text).toContain('Copies &lt;another&gt; product');
    expect((await browser.get(`${t.url}/admin/listings?status=live&q=${listing.slug}`)).text).not.toContain(
      `href="/admin/listings/${listing.slug}"`,
    );

    // The operation's 409 comes back on the page.
    const again = await postConsoleForm(t, browser, page, `${page}/moderation`, { action: 'hide', reason: 'again' });
    expect(again.status).toBe(409);
    expect(again.text).toContain('already hidden');

    const shown = await postConsoleForm(t, browser, page, `${page}/moderation`, { action: 'unhide', reason: 'Original after all' });
    expect(shown.status).toBe(303);
    expect(await statusOf(listing.slug)).toBe('live');
    const featured = await postConsoleForm(t, browser, page, `${page}/moderation`, { action: 'feature', reason: 'Lovely' });
    expect(featured.status).toBe(303);
    expect((await browser.get(`${t.url}/admin/listings?status=featured`)).text).toContain(`href="/admin/listings/${listing.slug}"`);
    expect(await (await fetch(`${t.url}/`)).text()).toContain('Featured by the site team');
    await postConsoleForm(t, browser, page, `${page}/moderation`, { action: 'unfeature', reason: 'Rotation' });
  });

  it('answers 404 for an unknown or malformed slug', async () => {
    const browser = await staffBrowser(t, moderator);
    expect((await browser.get(`${t.url}/admin/listings/no-such-listing`)).status).toBe(404);
    expect((await browser.get(`${t.url}/admin/listings/${encodeURIComponent('Bad Slug\u0000')}`)).status).toBe(404);
  });
});

describe('/admin/reports', () => {
  it('shows the open queue with the reporter; dismissing or acting needs a note; acting hides the listing', async () => {
    const listing = await liveListing();
    const reporter = await person(t.db);
    const other = await person(t.db);
    await fileListingReport(t.db, { slug: listing.slug, reporterId: reporter.id, reason: 'spam', details: 'Buy <now>!', now: NOW });
    await fileListingReport(t.db, { slug: listing.slug, reporterId: other.id, reason: 'abuse', details: '', now: NOW });
    const ids = (await t.db.query<{ id: number }>('SELECT id::int AS id FROM reports WHERE listing_id = $1 ORDER BY id', [listing.id])).map(
      (r) => r.id,
    );
    const browser = await staffBrowser(t, moderator);
    const queue = await browser.get(`${t.url}/admin/reports`);
    expect(queue.text).toContain(reporter.email);
    expect(queue.text).toContain('Buy &lt;now&gt;!');
    expect(queue.text).toContain(`action="/admin/reports/${ids[0]}/resolve"`);
    expect(queue.text).toContain(`<label for="note-${ids[0]}">`);

    const noNote = await postConsoleForm(t, browser, '/admin/reports', `/admin/reports/${ids[0]}/resolve`, {
      decision: 'dismiss',
      note: '',
    });
    expect(noNote.status).toBe(400);
    expect(noNote.text).toContain('<code>/note</code>');
    const dismissed = await postConsoleForm(t, browser, '/admin/reports', `/admin/reports/${ids[0]}/resolve`, {
      decision: 'dismiss',
      note: 'Not spam',
    });
    expect(dismissed.status).toBe(303);
    expect(dismissed.headers.get('location')).toBe('/admin/reports?done=dismissed');
    const twice = await postConsoleForm(t, browser, '/admin/reports', `/admin/reports/${ids[0]}/resolve`, { decision: 'act', note: 'x' });
    expect(twice.status).toBe(409);
    expect((await browser.get(`${t.url}/admin/reports`)).text).not.toContain(`action="/admin/reports/${ids[0]}/resolve"`);
    expect((await browser.get(`${t.url}/admin/reports?status=dismissed`)).text).toContain('Not spam');

    const acted = await postConsoleForm(t, browser, '/admin/reports', `/admin/reports/${ids[1]}/resolve`, {
      decision: 'act',
      note: 'Abusive language in the description',
    });
    expect(acted.status).toBe(303);
    expect(await statusOf(listing.slug)).toBe('hidden');
    expect((await browser.get(`${t.url}/admin/reports?status=actioned`)).text).toContain('Abusive language in the description');
    expect(
      (
        await postConsoleForm(t, browser, `/admin/listings/${listing.slug}`, '/admin/reports/999999/resolve', {
          decision: 'act',
          note: 'x',
        })
      ).status,
    ).toBe(404);
  });
});

describe.skipIf(!browserPresent)('a moderator in Chromium', () => {
  let chromium: { browser: BrowserContext; close(): Promise<void> };
  beforeAll(async () => {
    chromium = await launchChromium();
  }, 60_000);
  afterAll(() => chromium?.close());

  /** The sitemap file (from the sitemap index) that lists the listing, or undefined. */
  async function sitemapFileWith(slug: string): Promise<string | undefined> {
    const index = await (await fetch(`${t.url}/sitemap.xml`)).text();
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!).filter((loc) => loc.includes('/sitemaps/listings-'));
    for (const file of files) if ((await (await fetch(file)).text()).includes(`/listings/${slug}<`)) return new URL(file).pathname;
    return undefined;
  }

  async function moderateInPage(page: Page, listing: { slug: string; name: string }, action: string, reason: string) {
    await page.goto(`${t.url}/admin/listings`);
    await page.fill('input[name="q"]', listing.name);
    await page.click('form.filters button[type="submit"]');
    await page.click(`a[href="/admin/listings/${listing.slug}"]`);
    await page.selectOption('select[name="action"]', action);
    await page.fill('textarea[name="reason"]', reason);
    await page.click('button:has-text("Apply")');
    await page.waitForURL(`${t.url}/admin/listings/${listing.slug}?done=${action}`);
  }

  const onSearch = async (page: Page, listing: { slug: string; name: string }) => {
    await page.goto(`${t.url}/search?q=${encodeURIComponent(listing.name)}`);
    return page.locator(`main a[href="/listings/${listing.slug}"]`).count();
  };
  const onHome = async (page: Page, slug: string) => {
    await page.goto(`${t.url}/`);
    return page.locator(`main a[href="/listings/${slug}"]`).count();
  };

  it('hides a listing with a reason: gone from search, home and the sitemap; shown again, it is back', async () => {
    const listing = await liveListing(`Tessellark ${Date.now() % 100_000}`);
    const page = await chromium.browser.newPage();
    await signInChromium(page, t.url, moderator);
    expect(await onSearch(page, listing)).toBeGreaterThan(0);
    expect(await onHome(page, listing.slug)).toBeGreaterThan(0);
    const sitemap = await sitemapFileWith(listing.slug);
    expect(sitemap).toBe('/sitemaps/listings-1.xml');

    await moderateInPage(page, listing, 'hide', 'Misleading pricing claims');
    await expect.poll(() => page.textContent('.notice')).toContain('The listing is hidden');
    await expect.poll(() => onSearch(page, listing), { timeout: 5000 }).toBe(0);
    expect(await onHome(page, listing.slug)).toBe(0);
    expect(await (await fetch(`${t.url}${sitemap}`)).text()).not.toContain(`/listings/${listing.slug}<`);
    expect(await sitemapFileWith(listing.slug)).toBeUndefined();
    expect((await page.goto(`${t.url}/listings/${listing.slug}`))!.status()).toBe(404);

    await moderateInPage(page, listing, 'unhide', 'Pricing corrected');
    await expect.poll(() => onSearch(page, listing), { timeout: 5000 }).toBeGreaterThan(0);
    expect(await onHome(page, listing.slug)).toBeGreaterThan(0);
    expect(await sitemapFileWith(listing.slug)).toBe(sitemap);
    await page.close();
  });

  it('the console pages, the home page with its featured spot and the listing page with its report form have no serious axe violations', async () => {
    const listing = await liveListing();
    await fileListingReport(t.db, {
      slug: listing.slug,
      reporterId: (await person(t.db)).id,
      reason: 'other',
      details: 'Looks off',
      now: NOW,
    });
    await insertListing(t.db, { category_id: category, status: 'hidden', launched_at: '2026-10-01T09:00:00Z' });
    const featured = await fetch(`${t.url}/api/v1/admin/listings/${listing.slug}/moderation`, {
      method: 'POST',
      headers: { authorization: `Bearer ${moderator.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'feature', reason: 'For the home page check' }),
    });
    expect(featured.status).toBe(200);
    const page = await chromium.browser.newPage();
    await signInChromium(page, t.url, moderator);
    for (const path of ['/', '/admin/listings', '/admin/listings?status=hidden', `/admin/listings/${listing.slug}`, '/admin/reports']) {
      await page.goto(`${t.url}${path}`);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.goto(`${t.url}/listings/${listing.slug}`);
    await page.click('summary:has-text("Report this listing")');
    await page.selectOption('select[name="reason"]', 'misleading');
    expect(await seriousViolations(page), 'listing page').toEqual([]);
    await page.fill('textarea[name="details"]', 'The screenshots are of another product');
    await page.click('button:has-text("Send the report")');
    await expect.poll(() => page.textContent('.notice')).toContain('your report is with the site team');
    await page.goto(`${t.url}/admin/reports`);
    expect(await page.textContent('main')).toContain('The screenshots are of another product');
    await page.close();
  });
});
