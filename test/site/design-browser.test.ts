import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from '../support/axe.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { chromiumAvailable, launchChromium, loadedAfter } from '../support/chromium.js';
import { makeAccount } from '../support/oauth.js';
import { seedDemo } from '../../src/seed/demo.js';

/**
 * The look of the site in Chromium on the demo directory: every page kind in light and dark (prefers-color-scheme)
 * free of serious axe violations and loading nothing from another origin; dark mode really dark with light text;
 * visible focus; list rows whose names line up whatever the rank, at 1280 and 390 px.
 */
const NOW = new Date('2026-11-18T12:00:00Z');
/** The page kind of an address that names nothing (a 404 page). */
const MISSING = '/listings/no-such-listing';
let t: TestApp;
let chromium: { browser: BrowserContext; close(): Promise<void> };
let pages: string[];
const browserPresent = chromiumAvailable();

beforeAll(async () => {
  if (!browserPresent) return;
  t = await startTestApp({ now: () => NOW, prepare: (db) => seedDemo(db, { now: NOW }).then(() => undefined) });
  chromium = await launchChromium();
  const api = async (path: string) => (await fetch(`${t.url}/api/v1${path}`)).json() as Promise<any>;
  const listing = (await api('/listings?per_page=1')).items[0];
  const founder = (await api('/founders?per_page=1')).items[0];
  const post = (await api('/blog?per_page=1')).items[0];
  const categories = await api('/categories');
  const category = (categories.items ?? categories)[0];
  pages = [
    '/',
    `/listings/${listing.slug}`,
    MISSING,
    '/search?q=calender',
    '/search?q=zzzzqqqq',
    '/categories',
    new URL(category.url).pathname,
    '/weeks/this',
    '/weeks/2027-03-01',
    '/leaderboards/community-weekly',
    '/leaderboards/billboard',
    '/founders',
    new URL(founder.profile_url).pathname,
    '/blog',
    new URL(post.url).pathname,
    '/awards',
    '/awards/hall-of-fame',
    '/about',
    '/signin',
  ];
}, 120_000);
afterAll(async () => {
  await chromium?.close();
  await t?.close();
});

/** Relative luminance and contrast ratio of CSS rgb() colours (WCAG 2). */
const luminance = (rgb: string) => {
  const [r, g, b] = rgb
    .match(/\d+(\.\d+)?/g)!
    .slice(0, 3)
    .map((c) => {
      const v = Number(c) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

const bodyColours = (page: Page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.body);
    return { background: style.backgroundColor, text: style.color };
  });

describe.skipIf(!browserPresent)('the look of the site in Chromium', () => {
  it('every page kind, light and dark: no serious axe violations, nothing from another origin', async () => {
    const page = await chromium.browser.newPage();
    const origin = new URL(t.url).origin;
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'data:' && url.origin !== origin) foreign.push(`${page.url()} → ${request.url()}`);
    });
    // The check can fail: a page with an unnamed button and an image without text has serious violations.
    await page.setContent('<!doctype html><html lang="en"><title>x</title><main><img src="data:,"><button></button></main></html>');
    expect((await seriousViolations(page)).join('\n')).toMatch(/button-name[\s\S]*image-alt|image-alt[\s\S]*button-name/);
    const found: Record<string, string[]> = {};
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const path of pages) {
        const answer = await page.goto(`${t.url}${path}`);
        expect({ path, status: answer?.status() }).toEqual({ path, status: path === MISSING ? 404 : 200 });
        const violations = await seriousViolations(page);
        if (violations.length) found[`${colorScheme} ${path}`] = violations;
      }
    }
    expect(found).toEqual({});
    expect(foreign).toEqual([]);
    await page.close();
  }, 90_000); // every page kind, light and dark, with axe on each

  it('follows prefers-color-scheme: a dark background with light text in dark mode, the reverse in light', async () => {
    const page = await chromium.browser.newPage();
    for (const path of ['/', '/about']) {
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(`${t.url}${path}`);
      const dark = await bodyColours(page);
      expect(luminance(dark.background)).toBeLessThan(0.05);
      expect(luminance(dark.text)).toBeGreaterThan(0.6);
      expect(contrast(dark.background, dark.text)).toBeGreaterThan(7);
      // The rows (cards) are dark too, and their muted text readable.
      const card = await page.evaluate(() => {
        const row = document.querySelector('.card, .panel') ?? document.body;
        const muted = document.querySelector('.muted') ?? document.body;
        return { background: getComputedStyle(row).backgroundColor, muted: getComputedStyle(muted).color };
      });
      expect(luminance(card.background)).toBeLessThan(0.05);
      expect(contrast(card.background, card.muted)).toBeGreaterThan(4.5);

      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(`${t.url}${path}`);
      const light = await bodyColours(page);
      expect(luminance(light.background)).toBeGreaterThan(0.8);
      expect(contrast(light.background, light.text)).toBeGreaterThan(7);
    }
    await page.close();
  });

  it('shows where the keyboard is: a visible outline on the focused link', async () => {
    const page = await chromium.browser.newPage();
    await page.goto(`${t.url}/`);
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return { tag: document.activeElement!.tagName, style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
    });
    expect(outline.tag).toBe('A');
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThanOrEqual(2);
    await page.close();
  });

  it('rows line up: every name of a list at the same x, whatever the rank, at 1280 and 390 px; each row has a logo or monogram', async () => {
    const page = await chromium.browser.newPage();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/', '/weeks/this', '/leaderboards/community-all-time']) {
        await page.goto(`${t.url}${path}`);
        const lists = await page.evaluate(() =>
          [...document.querySelectorAll('ul.cards')].map((list) =>
            [...list.querySelectorAll(':scope > li.card')].map((row) => ({
              rank: row.querySelector('.rank')?.textContent ?? null,
              name: Math.round(row.querySelector('a.name')!.getBoundingClientRect().left),
              picture: row.querySelectorAll(':scope > img.logo, :scope > .mono').length,
            })),
          ),
        );
        const rows = lists.flat();
        expect(rows.length, path).toBeGreaterThan(0);
        for (const list of lists) expect(new Set(list.map((r) => r.name)), `${path} at ${width}`).toHaveLength(1);
        expect(rows.every((r) => r.picture === 1)).toBe(true);
        if (path === '/leaderboards/community-all-time') expect(rows.some((r) => r.rank === '#10')).toBe(true); // one- and two-digit ranks alike
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      }
    }
    await page.close();
  });

  it('empty states say what to do next', async () => {
    const page = await chromium.browser.newPage();
    await page.goto(`${t.url}/search?q=zzzzqqqq`);
    expect(await page.textContent('main')).toContain('Try fewer or broader words');
    expect(await page.locator('main .empty a[href^="/categories/"]').count()).toBeGreaterThan(0);
    await page.goto(`${t.url}/weeks/2027-03-01`);
    expect(await page.locator('main .empty a[href="/about#submit"]').count()).toBe(2); // nothing launched, nothing scheduled
    await page.goto(`${t.url}/about`);
    expect(await page.locator('#submit').count()).toBe(1);
    const footer = await page.locator('footer a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(footer).toEqual(expect.arrayContaining(['/docs', '/docs/mcp', '/feeds/launches.xml', '/feeds/blog.xml', '/about']));
    await page.close();
  });

  // Last: this signs the browser in.
  it('a signed-in person votes from a list row (a plain form) and comes back to the list with the vote shown; no axe violations', async () => {
    const person = await makeAccount(t.db);
    const page = await chromium.browser.newPage();
    await page.goto(`${t.url}/signin`);
    await page.fill('input[name="email"]', person.email);
    await page.fill('input[name="password"]', person.password);
    await page.click('main button[type="submit"]');
    await page.goto(`${t.url}/weeks/this`);
    const row = page.locator('main ul.cards > li.card').nth(2);
    const button = row.locator('form.vote button');
    const before = Number((await button.textContent())!.match(/\d+/)![0]);
    // The vote posts and comes back to the same address: what follows reads the page it loads.
    await loadedAfter(page, () => button.click());
    expect(new URL(page.url()).pathname).toBe('/weeks/this');
    const after = page.locator('main ul.cards > li.card form.vote button.voted');
    expect(await after.count()).toBe(1);
    expect(Number((await after.textContent())!.match(/\d+/)![0])).toBe(before + 1);
    const found: Record<string, string[]> = {};
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const path of ['/', '/weeks/this']) {
        await page.goto(`${t.url}${path}`);
        const violations = await seriousViolations(page);
        if (violations.length) found[`${colorScheme} ${path}`] = violations;
      }
    }
    expect(found).toEqual({});
    await page.locator('main ul.cards > li.card form.vote button.voted').first().click();
    await expect.poll(() => page.locator('main ul.cards > li.card form.vote button.voted').count()).toBe(0);
    await page.close();
  });
});
