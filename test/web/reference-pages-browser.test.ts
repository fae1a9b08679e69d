/**
 * The reference pages (/docs/mcp, /bot, /problems and a problem's page) in Chromium: drawn through the site's one
 * layout, with its header, skip link, footer and dark mode, readable at 1280 and 390 px in light and dark with no
 * serious axe violation. SHOTS_DIR=/some/dir keeps screenshots.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRAWLER_NAME } from '../../src/crawler/crawl-site.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { chromiumAvailable, launchChromiumBrowser } from '../support/chromium.js';
import { cspRefusals, expectReadableEverywhere } from '../support/page-checks.js';

const browserPresent = chromiumAvailable();
let t: TestApp;
let chromium: Browser;

beforeAll(async () => {
  if (!browserPresent) return;
  t = await startTestApp();
  chromium = await launchChromiumBrowser();
}, 120_000);
afterAll(async () => {
  await chromium?.close();
  await t?.close();
});

const PAGES = [
  ['/docs/mcp', 'MCP server'],
  ['/bot', CRAWLER_NAME],
  ['/problems', 'Problem types'],
  ['/problems/rate_limited', 'Problem type rate_limited'],
] as const;

describe.skipIf(!browserPresent)('the reference pages in Chromium', () => {
  it.each(PAGES)(
    '%s has the site header, footer and dark mode, and fits a phone',
    async (path, heading) => {
      const page = await (await chromium.newContext()).newPage();
      const refused = cspRefusals(page);
      const answer = await page.goto(`${t.url}${path}`);
      expect(answer?.status()).toBe(200);
      expect(await page.textContent('main#main h1')).toBe(heading);
      expect(await page.getAttribute('header a.brand', 'href')).toBe('/');
      expect(await page.textContent('header nav')).toMatch(/Launches.*Sign in.*Sign up/);
      expect(await page.locator('a.skip[href="#main"]').count()).toBe(1);
      expect(await page.locator('footer nav a[href="/docs/mcp"]').count()).toBe(1);
      const background = async (scheme: 'light' | 'dark') => {
        await page.emulateMedia({ colorScheme: scheme });
        return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      };
      expect(await background('dark')).not.toBe(await background('light'));
      await expectReadableEverywhere(page, `reference ${path}`);
      expect(refused).toEqual([]);
      await page.context().close();
    },
    60_000,
  );
});
