/**
 * The founders' pages in Chromium (issue 49): /submit with a refusal, the draft's edit form (with a FAQ and a founder)
 * and the launch page, at 1280 and 390 px in light and dark: no serious axe violation, nothing wider than the screen,
 * nothing refused by the CSP; and the whole path again with JavaScript turned off. SHOTS_DIR=/some/dir keeps
 * screenshots of the long edit form.
 */
import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlerUserAgent, crawlSite } from '../../src/crawler/crawl-site.js';
import { makeAccount, type PagesApp } from '../auth/pages/page-flows.js';
import { startTestApp } from '../support/app.js';
import { cspRefusals, expectReadableEverywhere } from '../support/page-checks.js';
import { chromiumAvailable, launchChromium, launchChromiumBrowser, loadedAfter } from '../support/chromium.js';
import { type FixtureSites, startFixtureSites } from '../support/fixture-sites.js';
import { insertCategory } from '../support/fixtures.js';

const browserPresent = chromiumAvailable();
const shots = process.env.SHOTS_DIR;

/** The first empty row of a group of the draft's form (its number in the box ids), its group unfolded. */
async function emptyRow(page: Page, kind: 'faqs' | 'founders'): Promise<number> {
  if (!(await page.isVisible(`#group-${kind} fieldset`))) await page.click(`#group-${kind} > summary`);
  const names = await page.$$eval(`#group-${kind} input[name^=r_${kind}_]`, (inputs) =>
    (inputs as HTMLInputElement[]).filter((input) => input.value === '').map((input) => input.name),
  );
  return Number(/^r_[a-z]+_(\d+)_/.exec(names[0])![1]);
}
let t: PagesApp;
let sites: FixtureSites;
let chromium: { browser: BrowserContext; close(): Promise<void> };

beforeAll(async () => {
  if (!browserPresent) return;
  sites = await startFixtureSites();
  const clock = { now: new Date() };
  const app = await startTestApp({
    env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' },
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
    const refused = cspRefusals(page);
    await page.goto(`${t.url}/submit`);
    await page.fill('input[name=email]', person.email);
    await page.fill('input[name=password]', person.password);
    await loadedAfter(
      page,
      () => page.click('button[type=submit]'),
      (url) => url.pathname === '/submit',
    );

    const check = (what: string) => expectReadableEverywhere(page, what);

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
    // A FAQ without its answer yet, and a founder.
    const faq = await emptyRow(page, 'faqs');
    await page.fill(`#r-faqs-${faq}-question`, 'Does it set cookies?');
    const founder = await emptyRow(page, 'founders');
    await page.fill(`#r-founders-${founder}-name`, 'Ana Costa');
    await page.fill(`#r-founders-${founder}-title`, 'Designer');
    await page.click('text=Save changes');
    expect(await page.textContent('#f-country-error')).toContain('ISO 3166-1');
    expect(await page.textContent(`#r-faqs-${faq}-answer-error`)).toBeTruthy();
    expect(await page.inputValue(`#r-faqs-${faq}-question`)).toBe('Does it set cookies?');
    expect(await page.inputValue(`#r-founders-${founder}-name`)).toBe('Ana Costa');
    await check('draft refused');
    if (shots) {
      await mkdir(shots, { recursive: true });
      await page.$$eval('details', (all) => {
        for (const details of all) (details as HTMLDetailsElement).open = true;
      });
      for (const scheme of ['light', 'dark'] as const)
        for (const width of [1280, 390]) {
          await page.emulateMedia({ colorScheme: scheme });
          await page.setViewportSize({ width, height: 900 });
          for (const part of ['.error[role=alert]', '#group-faqs', '#group-founders', '#group-story', '#group-seo']) {
            await page
              .locator(part)
              .first()
              .evaluate((element) => element.scrollIntoView());
            await page.screenshot({ path: `${shots}/draft-${width}-${scheme}-${part.replace(/\W+/g, '')}.png` });
          }
        }
      await check('draft, every group open');
    }
    await page.fill(`#r-faqs-${faq}-answer`, 'No: it counts visits without cookies.');
    await page.fill('#f-country', 'PT');
    await page.click('text=Save changes');
    expect(await page.textContent('[role=status]')).toContain('Your changes are saved.');
    expect(await page.inputValue(`#r-faqs-${faq}-question`)).toBe('Does it set cookies?');
    expect(await page.inputValue(`#r-founders-${founder}-title`)).toBe('Designer');
    await page.click('button:has-text("Save as a listing")');
    await page.click('text=Launch it');
    await page.click('text=Launch for free');
    expect(await page.textContent('main')).toContain('Your listing joined the free launch queue.');
    await check('launch page');
    // The badge's copy button: the page's one script, allowed by its hash (the CSP refuses nothing).
    await chromium.browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
    await page.click('button[data-copy="code-standard"]');
    await expect.poll(() => page.textContent('button[data-copy="code-standard"]')).toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await page.inputValue('#code-standard'));
    expect(refused).toEqual([]);
    await page.close();
  }, 120_000);

  it('the same path with JavaScript turned off: URL, draft, edit, save and the free launch are plain pages and forms', async () => {
    const person = await makeAccount(t);
    // Another site (its own port, so another product): the first test's product is listed now.
    const more = await startFixtureSites();
    let browser: Browser | undefined;
    try {
      browser = await launchChromiumBrowser();
      const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
      await page.goto(`${t.url}/submit`);
      await page.fill('input[name=email]', person.email);
      await page.fill('input[name=password]', person.password);
      await loadedAfter(
        page,
        () => page.click('button[type=submit]'),
        (url) => url.pathname === '/submit',
      );
      await page.fill('#submit-url', more.urls.acme);
      await Promise.all([page.waitForURL('**/account/drafts/**'), page.click('text=Draft my listing')]);
      // The meta refresh (no script) brings the drafted form.
      await page.waitForSelector('#f-name', { timeout: 30_000 });
      await page.fill('#f-categories', 'Product analytics');
      await page.fill('#f-country', 'PT');
      await page.click('#group-faqs > summary');
      let faq = 0;
      while ((await page.inputValue(`#r-faqs-${faq}-question`)) !== '') faq++;
      await page.fill(`#r-faqs-${faq}-question`, 'Does it set cookies?');
      await page.fill(`#r-faqs-${faq}-answer`, 'No.');
      await page.click('text=Save changes');
      expect(await page.textContent('[role=status]')).toContain('Your changes are saved.');
      await page.click('button:has-text("Save as a listing")');
      await page.click('text=Launch it');
      await page.click('text=Launch for free');
      expect(await page.textContent('main')).toContain('Your listing joined the free launch queue.');
      expect(await page.textContent('main')).toContain('Queued for the week of');
      // Without scripts the copy buttons stay hidden; the code boxes are there to select.
      expect(await page.isVisible('button[data-copy="code-standard"]')).toBe(false);
      expect(await page.inputValue('#code-standard')).toContain('<a href=');
    } finally {
      await browser?.close();
      await more.close();
    }
  }, 90_000);
});
