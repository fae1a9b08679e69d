/**
 * Claiming a listing in Chromium (issue 49, "Claims"): from the listing page's "Claim it" through sign-in to the claim
 * page, a refused e-mail claim, a meta-tag claim against a loopback website that is not found and then verified, at
 * 1280 and 390 px in light and dark: no serious axe violation, nothing wider than the screen, nothing refused by the
 * CSP; and once with JavaScript turned off. SHOTS_DIR=/some/dir keeps screenshots of each page.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, type PagesApp } from '../auth/pages/page-flows.js';
import { startTestApp } from '../support/app.js';
import { cspRefusals, expectReadableEverywhere } from '../support/page-checks.js';
import { chromiumAvailable, launchChromiumBrowser, loadedAfter } from '../support/chromium.js';
import { insertCategory, insertListing } from '../support/fixtures.js';

const browserPresent = chromiumAvailable();
let t: PagesApp;
let categoryId: number;
let browser: Browser;
let server: http.Server;
let siteUrl: string;
/** The loopback website's homepage, which the test changes. */
let home = '<html><head><title>Home</title></head><body>Hello</body></html>';

beforeAll(async () => {
  if (!browserPresent) return;
  server = http.createServer((req, res) => {
    if (req.url === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(home);
    res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const clock = { now: new Date() };
  const app = await startTestApp({ now: () => new Date(clock.now), env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } });
  t = Object.assign(app, { clock, advance: (seconds: number) => (clock.now = new Date(clock.now.getTime() + seconds * 1000)) });
  categoryId = await insertCategory(t.db, { name: 'Product analytics' });
  // One browser: a context with JavaScript and one without.
  browser = await launchChromiumBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

let counter = 0;
/** A live listing of the loopback website, owned by someone else. */
async function claimable() {
  const founder = await makeAccount(t);
  const slug = `claim-me-${++counter}`;
  const id = await insertListing(t.db, { slug, name: `Acme Analytics ${counter}`, url: siteUrl, category_id: categoryId, status: 'live' });
  await t.db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2::uuid)', [id, founder.id]);
  return { slug, id };
}

const owns = async (accountId: string, listingId: number) =>
  (await t.db.one('SELECT 1 FROM listing_owners WHERE listing_id = $1 AND account_id = $2::uuid', [listingId, accountId])) !== undefined;

/** From the listing page's "Claim it" through the sign-in page back to the claim page. */
async function signInFromListing(page: Page, slug: string, person: { email: string; password: string }) {
  await page.goto(`${t.url}/listings/${slug}`);
  await page.click('a:has-text("Claim it")');
  await page.fill('input[name=email]', person.email);
  await page.fill('input[name=password]', person.password);
  // The sign-in form posts from an address that already ends in /claim: waitForURL would return on it at once.
  await loadedAfter(
    page,
    () => page.click('button[type=submit]'),
    (url) => url.pathname === `/listings/${slug}/claim`,
  );
}

describe.skipIf(!browserPresent)('claiming a listing in Chromium', () => {
  it('refused, not found, then verified by meta tag: readable and within the screen at 1280 and 390 px, light and dark', async () => {
    const person = await makeAccount(t);
    const listing = await claimable();
    const context = await browser.newContext();
    const page = await context.newPage();
    const refused = cspRefusals(page);
    const check = (what: string) => expectReadableEverywhere(page, what);

    await signInFromListing(page, listing.slug, person);
    // A refused e-mail claim: the message beside the address, the address kept.
    await page.check('#claim-method-email');
    await page.fill('#claim-email', 'me@elsewhere.example');
    await page.click('button:has-text("Start the claim")');
    expect(await page.textContent('#claim-email-error')).toContain('The address must be at 127.0.0.1');
    expect(await page.inputValue('#claim-email')).toBe('me@elsewhere.example');
    expect(await page.isChecked('#claim-method-email')).toBe(true);
    await check('claim-refused');

    // A DNS claim first, then switched to a meta tag from "Prove it another way" (the same claim continues).
    await page.check('#claim-method-dns');
    await page.click('button:has-text("Start the claim")');
    expect(await page.textContent('[role=status]')).toContain('Your claim is started.');
    expect(await page.inputValue('#claim-record-name')).toBe('_launch-directory.127.0.0.1');
    await check('claim-dns');
    await page.click('summary:has-text("Prove it another way")');
    await page.check('#claim-method-meta');
    await page.click('button:has-text("Use this way instead")');
    const tag = await page.inputValue('#claim-meta');
    expect(tag).toMatch(/^<meta name="launch-directory-verification" content="[^"]+">$/);
    await page.click('button:has-text("Verify")');
    expect(await page.textContent('main')).toContain('Not found yet');
    await check('claim-not-found');

    home = `<html><head><title>Home</title>${tag}</head><body>Hello</body></html>`;
    await page.click('button:has-text("Verify")');
    expect(await page.textContent('main')).toContain('Verified: you own Acme Analytics');
    expect(await owns(person.id, listing.id)).toBe(true);
    await check('claim-verified');
    await page.click('main a:has-text("your account")');
    expect(await page.textContent('main')).toContain('Acme Analytics');
    expect(refused).toEqual([]);
    await context.close();
  }, 180_000);

  it('works with JavaScript turned off: start, verify and own are plain forms', async () => {
    const person = await makeAccount(t);
    const listing = await claimable();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInFromListing(page, listing.slug, person);
    await page.check('#claim-method-meta');
    await page.click('button:has-text("Start the claim")');
    home = `<html><head><title>Home</title>${await page.inputValue('#claim-meta')}</head><body>Hello</body></html>`;
    await page.click('button:has-text("Verify")');
    expect(await page.textContent('main')).toContain('Verified: you own Acme Analytics');
    expect(await owns(person.id, listing.id)).toBe(true);
    await context.close();
  }, 60_000);
});
