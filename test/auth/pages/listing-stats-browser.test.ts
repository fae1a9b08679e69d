/** The listing statistics page in Chromium: free of serious axe violations, nothing refused by its CSP, charts drawn. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { seriousViolations } from '../../support/axe.js';
import { chromiumAvailable, launchChromium } from '../../support/chromium.js';
import { insertCategory, insertListing } from '../../support/fixtures.js';
import { insertStatsFixture, STATS_LAUNCH_WEEK, STATS_NOW } from '../../support/listing-stats.js';
import { makeAccount, startPagesApp, type PagesApp } from './page-flows.js';

const browserPresent = chromiumAvailable();
let t: PagesApp;
let chromium: { browser: BrowserContext; close(): Promise<void> };
let path: string;
let owner: { email: string; password: string };

beforeAll(async () => {
  if (!browserPresent) return;
  t = await startPagesApp(STATS_NOW);
  owner = await makeAccount(t);
  const account = await t.db.query<{ id: string }>('SELECT id FROM accounts WHERE email = $1', [owner.email]);
  const listingId = await insertListing(t.db, {
    name: 'Chartable',
    category_id: await insertCategory(t.db),
    launch_week: STATS_LAUNCH_WEEK,
  });
  await t.db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2)', [listingId, account[0]!.id]);
  await insertStatsFixture(t.db, listingId);
  path = `/account/listings/${listingId}/stats`;
  chromium = await launchChromium();
}, 120_000);
afterAll(async () => {
  await chromium?.close();
  await t?.close();
});

describe.skipIf(!browserPresent)('the listing statistics page in Chromium', () => {
  it('signs in, draws every chart, breaks no CSP rule and has no serious axe violation, wide and narrow', async () => {
    const page = await chromium.browser.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) refused.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(`${t.url}/signin?return_to=${encodeURIComponent(path)}`);
    await page.fill('input[name=email]', owner.email);
    await page.fill('input[name=password]', owner.password);
    await Promise.all([page.waitForURL(`**${path}`), page.click('button[type=submit]')]);
    for (const [width, days] of [
      [1280, 7],
      [390, 30],
      [1280, 365],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${t.url}${path}?days=${days}`);
      expect(await page.textContent('h1')).toBe('Statistics of Chartable');
      const charts = await page
        .locator('svg[role=img]')
        .evaluateAll((svgs) =>
          svgs.map((svg) => ({ name: svg.querySelector('title')?.textContent, width: svg.getBoundingClientRect().width })),
        );
      expect(charts.map((c) => c.name)).toEqual(['Views and visitors', 'Clicks to the website', 'Votes', 'Rank in the launch week']);
      for (const chart of charts) expect(chart.width).toBeGreaterThan(200);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousViolations(page)).toEqual([]);
    }
    expect(refused).toEqual([]);
    await page.close();
  });
});
