/**
 * The founders' pages in Chromium (issue 49): /submit with a refusal, the draft's edit form and the launch page, at
 * 1280 and 390 px in light and dark: no serious axe violation, nothing wider than the screen, nothing refused by the CSP.
 */
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlerUserAgent, crawlSite } from '../../src/crawler/crawl-site.js';
import { makeAccount, type PagesApp } from '../auth/pages/page-flows.js';
import { startTestApp } from '../support/app.js';
import { seriousViolations } from '../support/axe.js';
import { chromiumAvailable, launchChromium } from '../support/chromium.js';
import { type FixtureSites, startFixtureSites } from '../support/fixture-sites.js';
import { insertCategory } from '../support/fixtures.js';

const browserPresent = chromiumAvailable();
let t: PagesApp;
let sites: FixtureSites;
let chromium: { browser: BrowserContext; close(): Promise<void> };

beforeAll(async () => {
  if (!browserPresent) return;
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
  await insertCategory(t.db, { name: 'Product analytics' });
  chromium = await launchChromium();
}, 120_000);
afterAll(async () => {
  await chromium?.close();
  await t?.close();
  await sites?.close();
});

describe.skipIf(!browserPresent)('the founders’ pages in Chromium', () => {
  it('submit, edit, save and launch: readable and within the screen at 1280 and 390 px, light and dark', async () => {
    const person = await makeAccount(t);
    const page = await chromium.browser.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.goto(`${t.url}/submit`);
    await page.fill('input[name=email]', person.email);
    await page.fill('input[name=password]', person.password);
    await Promise.all([page.waitForURL('**/submit'), page.click('button[type=submit]')]);

    const check = async (what: string) => {
      for (const scheme of ['light', 'dark'] as const)
        for (const width of [1280, 390]) {
          await page.emulateMedia({ colorScheme: scheme });
          await page.setViewportSize({ width, height: 900 });
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what} ${scheme} ${width}`).toBeLessThanOrEqual(width);
          expect(await seriousViolations(page), `${what} ${scheme} ${width}`).toEqual([]);
        }
    };

    // A refused address: the message beside the field, the address kept.
    await page.fill('#submit-url', 'http://10.0.0.1/');
    await page.click('text=Draft my listing');
    expect(await page.inputValue('#submit-url')).toBe('http://10.0.0.1/');
    await check('/submit refused');

    await page.fill('#submit-url', sites.urls.acme);
    await Promise.all([page.waitForURL('**/account/drafts/**'), page.click('text=Draft my listing')]);
    // The page refreshes itself until the site is drafted.
    await page.waitForSelector('#f-name', { timeout: 30_000 });
    await page.fill('#f-categories', 'Product analytics');
    await page.fill('#f-country', 'Portugal');
    await page.click('text=Save changes');
    expect(await page.textContent('#f-country-error')).toContain('ISO 3166-1 alpha-2');
    await check('draft refused');
    await page.fill('#f-country', 'PT');
    await page.click('text=Save changes');
    expect(await page.textContent('[role=status]')).toContain('Your changes are saved.');
    await page.click('button:has-text("Save as a listing")');
    await page.click('text=Launch it');
    await page.click('text=Launch for free');
    expect(await page.textContent('main')).toContain('Your listing joined the free launch queue.');
    await check('launch page');
    expect(refused).toEqual([]);
    await page.close();
  }, 120_000);
});
