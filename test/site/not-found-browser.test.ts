/**
 * The site's 404 page in Chromium (issue 50): an unknown address and a listing that does not exist, at 1280 and 390 px
 * in light and dark: the site's header, a search box and ways on, no serious axe violation, nothing wider than the
 * screen, nothing refused by the CSP; its search box leads to the search page. SHOTS_DIR=/some/dir keeps screenshots.
 */
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { cspRefusals, expectReadableEverywhere } from '../support/page-checks.js';
import { chromiumAvailable, launchChromium } from '../support/chromium.js';

const browserPresent = chromiumAvailable();

let t: TestApp;
let chromium: { browser: BrowserContext; close(): Promise<void> };

beforeAll(async () => {
  if (!browserPresent) return;
  t = await startTestApp();
  chromium = await launchChromium();
}, 120_000);
afterAll(async () => {
  await chromium?.close();
  await t?.close();
});

describe.skipIf(!browserPresent)('the 404 page in Chromium', () => {
  it('is readable at 1280 and 390 px, light and dark, and helps the visitor on', async () => {
    const page = await chromium.browser.newPage();
    const refused = cspRefusals(page);

    const unknown = await page.goto(`${t.url}/nothing/here`);
    expect(unknown?.status()).toBe(404);
    expect(await page.title()).toMatch(/^Not found · /);
    expect(await page.isVisible('header nav[aria-label=Site]')).toBe(true);
    expect(await page.isVisible('main form[role=search] input[type=search]')).toBe(true);
    await expectReadableEverywhere(page, '404 unknown address');

    const missing = await page.goto(`${t.url}/listings/no-such-product`);
    expect(missing?.status()).toBe(404);
    await expectReadableEverywhere(page, '404 missing listing');

    await page.fill('#elsewhere-q', 'analytics');
    await Promise.all([page.waitForURL('**/search?q=analytics'), page.press('#elsewhere-q', 'Enter')]);
    expect(refused).toEqual([]);
    await page.close();
  });
});
