import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.js';
import { chromiumAvailable, launchChromium, loadedAfter } from '../support/chromium.js';
import { seedDemo } from '../../src/seed/demo.js';
import { readOutbox } from '../../src/mail/mailer.js';

/**
 * The public site in a real browser (Debian's Chromium) on the demo directory: home → listing → sign up →
 * confirm → vote → the vote on the listing and on the weekly board → take it back; follow; a search with a typo;
 * home and a listing page at 375 px without horizontal overflow (axe-core on every page kind: design-browser.test.ts).
 */
const NOW = new Date('2026-11-18T12:00:00Z');
let t: TestApp;
let chromium: { browser: BrowserContext; close(): Promise<void> };
const browserPresent = chromiumAvailable();

beforeAll(async () => {
  if (!browserPresent) return;
  t = await startTestApp({ now: () => NOW, prepare: (db) => seedDemo(db, { now: NOW }).then(() => undefined) });
  chromium = await launchChromium();
}, 120_000);
afterAll(async () => {
  await chromium?.close();
  await t?.close();
});

const weeklyVotes = async (slug: string) => {
  const board = (await (await fetch(`${t.url}/api/v1/leaderboards/community-weekly?per_page=100`)).json()) as {
    items: { listing: { slug: string }; metric: { value: number } }[];
  };
  return board.items.find((e) => e.listing.slug === slug)?.metric.value ?? 0;
};

describe.skipIf(!browserPresent)('a person on the site in Chromium', () => {
  it('opens a listing from home, signs up, confirms, votes (the weekly board moves), takes it back, follows', async () => {
    const page = await chromium.browser.newPage();
    await page.goto(`${t.url}/`);
    const first = page.locator('.section-head:has(h2:has-text("This week")) + ul .card a.name').first();
    const name = (await first.textContent())!;
    await first.click();
    await expect.poll(() => page.textContent('h1')).toBe(name);
    const slug = new URL(page.url()).pathname.split('/')[2];
    const before = await weeklyVotes(slug);

    const email = `voter-${Date.now()}@example.com`;
    const password = 'a long enough passphrase';
    await page.goto(`${t.url}/signup`);
    await page.fill('input[name="email"]', email);
    await page.fill('input[name="display_name"]', 'Site Voter');
    await page.fill('input[name="password"]', password);
    await page.click('main button[type="submit"]');
    await expect.poll(async () => (await readOutbox(t.db, { to: email })).length).toBe(1);
    const link = /https?:\/\/\S+\/verify-email\?\S+/.exec((await readOutbox(t.db, { to: email }))[0].text)![0];
    await page.goto(link);
    await page.click('main button[type="submit"]');
    await expect.poll(() => page.textContent('h1')).toBe('Address confirmed');

    await page.goto(`${t.url}/listings/${slug}`);
    const signInLink = page.locator('a.big-vote');
    if (await signInLink.count()) {
      await loadedAfter(page, () => signInLink.click());
      await page.fill('input[name="email"]', email);
      await page.fill('input[name="password"]', password);
      await loadedAfter(
        page,
        () => page.click('main button[type="submit"]'),
        (url) => url.pathname === `/listings/${slug}`,
      );
    }
    expect(new URL(page.url()).pathname).toBe(`/listings/${slug}`);
    await page.click('button.big-vote');
    // Back at the buttons, with the notice beside them.
    await expect.poll(() => page.textContent('#act')).toContain('Your vote is counted.');
    expect(new URL(page.url()).hash).toBe('#act');
    expect(await weeklyVotes(slug)).toBe(before + 1);
    await page.goto(`${t.url}/leaderboards/community-weekly?page=1`);
    expect(await page.textContent('main')).toContain(name);
    await page.goto(`${t.url}/listings/${slug}`);
    await page.click('button.big-vote.voted');
    await expect.poll(() => page.textContent('main')).toContain('Your vote is taken back.');
    expect(await weeklyVotes(slug)).toBe(before);
    await page.click('button:has-text("Follow")');
    await expect.poll(() => page.textContent('main')).toContain('You follow this listing');
    await page.close();
  });

  it('finds listings by a misspelled word from the search box', async () => {
    const page = await chromium.browser.newPage();
    await page.goto(`${t.url}/`);
    await page.fill('input[name="q"]', 'calender');
    // The results page loaded, not only its address: counting as the address changed read the home page's cards.
    await loadedAfter(
      page,
      () => page.press('input[name="q"]', 'Enter'),
      (url) => url.pathname === '/search',
    );
    expect(new URL(page.url()).searchParams.get('q')).toBe('calender');
    expect(await page.locator('main .card').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('home and a listing page fit 375 px without horizontal scrolling', async () => {
    const page = await chromium.browser.newPage();
    await page.setViewportSize({ width: 375, height: 800 });
    const { slug } = (await t.db.one<{ slug: string }>(
      `SELECT slug FROM listings WHERE status = 'live' ORDER BY votes_count DESC LIMIT 1`,
    ))!;
    for (const path of ['/', `/listings/${slug}`]) {
      await page.goto(`${t.url}${path}`);
      const screenshot = await page.screenshot({ fullPage: true });
      expect(screenshot.length).toBeGreaterThan(1000);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect({ path, width }).toEqual({ path, width: 375 });
    }
    await page.close();
  });
});
