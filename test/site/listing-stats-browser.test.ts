/**
 * The listing statistics page in Chromium, at 1280 and 390 px in light and dark (SHOTS_DIR=/some/dir keeps
 * screenshots): every chart drawn in one look (the same size, colours from the style sheet that change with the
 * scheme), the per-day tables closed, nothing refused by the CSP, no serious axe violation, nothing wider than the
 * screen; and before launch, a sentence saying when the numbers start instead of charts of zeros.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchChromiumBrowser } from '../support/chromium.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { insertStatsFixture, STATS_LAUNCH_WEEK, STATS_NOW } from '../support/listing-stats.js';
import { cspRefusals, expectReadableEverywhere } from '../support/page-checks.js';
import { makeAccount, startPagesApp, type PagesApp } from '../auth/pages/page-flows.js';

const browserPresent = chromiumAvailable();
let t: PagesApp;
let chromium: Browser;
let launched: string;
let scheduled: string;
let owner: { email: string; password: string };

const CHARTS = ['Views and visitors', 'Clicks to the website', 'Votes', 'Rank in the launch week'];

beforeAll(async () => {
  if (!browserPresent) return;
  t = await startPagesApp(STATS_NOW);
  owner = await makeAccount(t);
  const [account] = await t.db.query<{ id: string }>('SELECT id FROM accounts WHERE email = $1', [owner.email]);
  const category = await insertCategory(t.db);
  const launchedId = await insertListing(t.db, { name: 'Chartable', category_id: category, launch_week: STATS_LAUNCH_WEEK });
  const scheduledId = await insertListing(t.db, {
    name: 'Soon Launching',
    category_id: category,
    status: 'scheduled',
    launch_week: '2026-12-07',
  });
  for (const id of [launchedId, scheduledId]) {
    await t.db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2)', [id, account!.id]);
  }
  await insertStatsFixture(t.db, launchedId);
  launched = `/account/listings/${launchedId}/stats`;
  scheduled = `/account/listings/${scheduledId}/stats`;
  chromium = await launchChromiumBrowser();
}, 120_000);
afterAll(async () => {
  await chromium?.close();
  await t?.close();
});

async function signedInPage(): Promise<{ page: Page; refused: string[] }> {
  const page = await (await chromium.newContext()).newPage();
  const refused = cspRefusals(page);
  await page.goto(`${t.url}/signin?return_to=${encodeURIComponent(launched)}`);
  await page.fill('input[name=email]', owner.email);
  await page.fill('input[name=password]', owner.password);
  await Promise.all([page.waitForURL(`**${launched}`), page.click('main button[type=submit]')]);
  return { page, refused };
}

/** Each chart's name, drawn size, and the colour of its first series' first mark (a bar, or a line's point). */
function chartsOf(page: Page) {
  return page.locator('figure.chart').evaluateAll((figures) =>
    figures.map((figure) => {
      const svg = figure.querySelector('svg[role=img]')!;
      const box = svg.getBoundingClientRect();
      const mark = svg.querySelector('.s1 rect, .s1 circle');
      return {
        name: svg.querySelector('title')?.textContent,
        width: Math.round(box.width),
        height: Math.round(box.height),
        colour: mark ? getComputedStyle(mark).fill : undefined,
        table: figure.querySelector('details table') !== null,
      };
    }),
  );
}

describe.skipIf(!browserPresent)('the listing statistics page in Chromium', () => {
  it('draws every chart in one look, its numbers closed, readable wide and narrow, light and dark', async () => {
    const { page, refused } = await signedInPage();
    for (const days of [7, 30, 365]) {
      await page.goto(`${t.url}${launched}?days=${days}`);
      expect(await page.textContent('h1')).toBe('Statistics of Chartable');
      expect(await page.locator('#not-launched').count()).toBe(0);
      const light = await chartsOf(page);
      expect(light.map((c) => c.name)).toEqual(CHARTS);
      // One size for all, as wide as the page's column, each with its table of numbers.
      expect(new Set(light.map((c) => `${c.width}x${c.height}`)).size, `${days} days`).toBe(1);
      expect(light[0]!.width).toBeGreaterThan(600);
      expect(light.every((c) => c.table)).toBe(true);
      // The per-day tables are closed; their summaries say what they hold.
      expect(await page.locator('details[open]').count()).toBe(0);
      expect(await page.locator('details > summary').allTextContents()).toEqual([
        `Numbers per day: views and visitors (${days} days)`,
        `Numbers per day: clicks (${days} days)`,
        `Numbers per day: votes (${days} days)`,
        'Numbers per day: rank (3 days)',
      ]);
      expect(await page.isVisible('#views-table')).toBe(false);
      // The first series has one colour on every chart, and another one in dark mode.
      expect(new Set(light.map((c) => c.colour)).size).toBe(1);
      await page.emulateMedia({ colorScheme: 'dark' });
      const dark = await chartsOf(page);
      expect(dark[0]!.colour).not.toBe(light[0]!.colour);
      await page.emulateMedia({ colorScheme: 'light' });
      await expectReadableEverywhere(page, `stats ${days} days`);
    }
    // At 390 px the charts shrink to the screen, all alike.
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`${t.url}${launched}?days=30`);
    const narrow = await chartsOf(page);
    expect(new Set(narrow.map((c) => `${c.width}x${c.height}`)).size).toBe(1);
    expect(narrow[0]!.width).toBeLessThanOrEqual(390);
    expect(narrow[0]!.width).toBeGreaterThan(300);
    // Opening a table shows its numbers.
    await page.click('#views-caption ~ details > summary');
    expect(await page.isVisible('#views-table')).toBe(true);
    expect(refused).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('says before launch when the numbers start, and links the launch page, instead of charts of zeros', async () => {
    const { page, refused } = await signedInPage();
    await page.goto(`${t.url}${scheduled}`);
    expect(await page.textContent('h1')).toBe('Statistics of Soon Launching');
    expect(await page.textContent('#not-launched')).toMatch(
      /^The numbers start on launch day\. Soon Launching launches in the week of 2026-12-07\./,
    );
    expect(await page.locator('svg[role=img]').count()).toBe(0);
    expect(await page.locator('details').count()).toBe(0);
    await expectReadableEverywhere(page, 'stats before launch');
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await page.isVisible('#not-launched')).toBe(true);
    await Promise.all([page.waitForURL(`**${scheduled.replace('/stats', '/launch')}`), page.click('text=See its launch page')]);
    expect(refused).toEqual([]);
    await page.context().close();
  }, 60_000);
});
