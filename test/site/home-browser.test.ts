/**
 * The home page and the boards in Chromium (issue 50, parts 4 and 6) on the demo directory: readable and within the
 * screen at 1280 and 390 px in light and dark, nothing refused by the CSP; a signed-out visitor's vote from a row
 * signs in and comes back to the row, where the vote is offered, and the vote is then one press. SHOTS_DIR=/some/dir
 * keeps screenshots.
 */
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, type PagesApp } from '../auth/pages/page-flows.js';
import { startTestApp } from '../support/app.js';
import { cspRefusals, expectReadableEverywhere } from '../support/page-checks.js';
import { chromiumAvailable, launchChromium, loadedAfter } from '../support/chromium.js';
import { seedDemo } from '../../src/seed/demo.js';

const browserPresent = chromiumAvailable();
const NOW = new Date('2026-11-18T12:00:00Z');
let t: PagesApp;
let chromium: { browser: BrowserContext; close(): Promise<void> };

beforeAll(async () => {
  if (!browserPresent) return;
  const clock = { now: new Date(NOW) };
  const app = await startTestApp({ now: () => new Date(clock.now), prepare: (db) => seedDemo(db, { now: NOW }).then(() => undefined) });
  t = Object.assign(app, { clock, advance: (seconds: number) => (clock.now = new Date(clock.now.getTime() + seconds * 1000)) });
  chromium = await launchChromium();
}, 120_000);
afterAll(async () => {
  await chromium?.close();
  await t?.close();
});

const votesOf = async (slug: string) =>
  (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM votes v JOIN listings l ON l.id = v.listing_id WHERE l.slug = $1', [
    slug,
  ]))!.n;

describe.skipIf(!browserPresent)('the home page and the boards in Chromium', () => {
  it('home and a board: readable and within the screen at 1280 and 390 px, light and dark; the active tab is marked', async () => {
    const page = await chromium.browser.newPage();
    const refused = cspRefusals(page);
    await page.goto(`${t.url}/`);
    expect(await page.textContent('h1')).toBe('Discover new products, ranked by the people who use them');
    expect(await page.isVisible('a.cta[href="/submit"]')).toBe(true);
    expect(await page.isVisible('a.cta[href="/signup"]')).toBe(true);
    await expectReadableEverywhere(page, 'home');

    await page.goto(`${t.url}/leaderboards/community-all-time`);
    const active = page.locator('nav.tabs a[aria-current="page"]');
    expect(await active.count()).toBe(1);
    expect(await active.getAttribute('href')).toBe('/leaderboards/community-all-time');
    // Visibly marked: filled, unlike the other tabs.
    const [activeBg, otherBg] = await Promise.all([
      active.evaluate((a) => getComputedStyle(a).backgroundColor),
      page
        .locator('nav.tabs a:not([aria-current])')
        .first()
        .evaluate((a) => getComputedStyle(a).backgroundColor),
    ]);
    expect(activeBg).not.toBe(otherBg);
    await expectReadableEverywhere(page, 'board');
    expect(refused).toEqual([]);
    await page.close();
  });

  it('a signed-out vote from a row signs in and comes back to the row with the vote offered; one press casts it', async () => {
    const person = await makeAccount(t);
    const page = await chromium.browser.newPage();
    const refused = cspRefusals(page);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${t.url}/`);
    const button = page.locator('.cards a.vote-in').nth(2);
    const anchor = (await button.getAttribute('id'))!;
    const slug = (await page.locator(`li.card:has(#${anchor}) a.name`).getAttribute('href'))!.replace('/listings/', '');
    const before = await votesOf(slug);
    await Promise.all([page.waitForURL('**/signin?**'), button.click()]);
    expect(await votesOf(slug)).toBe(before); // following the button casts nothing
    await page.fill('input[name=email]', person.email);
    await page.fill('input[name=password]', person.password);
    await Promise.all([page.waitForURL(`${t.url}/#${anchor}`), page.click('form[action="/signin"] button[type=submit]')]);
    // Back on the home page at the row: its vote form offered, the row marked and in view.
    const form = page.locator(`li.card:has(#${anchor}) form.vote`);
    expect(await form.getAttribute('action')).toBe(`/listings/${slug}/vote`);
    expect(await page.locator(`li.card:has(#${anchor})`).evaluate((li) => getComputedStyle(li).outlineStyle)).toBe('solid');
    expect(await form.isVisible()).toBe(true);
    const box = await form.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeLessThan(800);
    expect(await votesOf(slug)).toBe(before);
    await loadedAfter(page, () => form.locator('button').click());
    await expect.poll(() => votesOf(slug)).toBe(before + 1);
    await page.waitForSelector(`li.card:has(#${anchor}) form.vote[action="/listings/${slug}/unvote"]`);
    expect(refused).toEqual([]);
    await page.close();
  });
});
