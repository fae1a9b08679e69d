/**
 * One layout on every HTML page (issue 50), in Chromium: sign-in, sign-up, the account, its API keys and a public page
 * each have the site's header, a skip link as the first thing Tab reaches, the favicon, a dark background in dark mode,
 * a header at most 80 px tall at 390 px, and no serious axe violation nor anything wider than the screen at 1280 and
 * 390 px in light and dark. SHOTS_DIR=/some/dir keeps screenshots.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, startPagesApp, type PagesApp } from '../auth/pages/page-flows.js';
import { cspRefusals, expectReadableEverywhere } from '../support/page-checks.js';
import { chromiumAvailable, launchChromium, loadedAfter } from '../support/chromium.js';
import { insertCategory } from '../support/fixtures.js';

const browserPresent = chromiumAvailable();

let t: PagesApp;
let chromium: Awaited<ReturnType<typeof launchChromium>>;

beforeAll(async () => {
  if (!browserPresent) return;
  t = await startPagesApp();
  await insertCategory(t.db, { name: 'Product analytics' });
  chromium = await launchChromium();
}, 120_000);
afterAll(async () => {
  await chromium?.close();
  await t?.close();
});

/** Everything the layout promises, checked on the page as it stands. */
async function expectTheLayout(page: Page, what: string, signedIn: boolean): Promise<void> {
  // The site's header: its name links home, its navigation, and the visitor's links.
  expect(await page.getAttribute('header a.brand', 'href'), what).toBe('/');
  const nav = await page.textContent('header nav');
  expect(nav, what).toContain('Launches');
  if (signedIn) expect(nav, what).toContain('Account');
  else expect(nav, what).toMatch(/Sign in.*Sign up/);
  expect(await page.locator('footer').count(), what).toBe(1);
  expect(await page.getAttribute('link[rel=icon][type="image/svg+xml"]', 'href'), what).toBe('/favicon.svg');

  // The skip link is the first thing Tab reaches, shows when focused, and leads to the page's main.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.keyboard.press('Tab');
  const focused = await page.evaluate(() => {
    const element = document.activeElement as HTMLAnchorElement;
    const box = element.getBoundingClientRect();
    return { text: element.textContent, href: element.getAttribute('href'), visible: box.top >= 0 && box.height > 0 };
  });
  expect(focused, what).toEqual({ text: 'Skip to content', href: '#main', visible: true });
  expect(await page.locator('main#main').count(), what).toBe(1);
  await page.evaluate(() => (document.activeElement as HTMLElement).blur());

  // Dark mode changes the page, not only the site's pages.
  const background = async (scheme: 'light' | 'dark') => {
    await page.emulateMedia({ colorScheme: scheme });
    return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  };
  const light = await background('light');
  const dark = await background('dark');
  expect(dark, what).not.toBe(light);
  await page.emulateMedia({ colorScheme: 'light' });

  // On a phone the header stays short.
  await page.setViewportSize({ width: 390, height: 800 });
  const height = await page.evaluate(() => document.querySelector('header')!.getBoundingClientRect().height);
  expect(height, `${what}: header height at 390 px`).toBeLessThanOrEqual(80);
  await page.setViewportSize({ width: 1280, height: 900 });

  await expectReadableEverywhere(page, what);
}

describe.skipIf(!browserPresent)('one layout on every page, in Chromium', () => {
  it('a public page, sign-in and sign-up, signed out', async () => {
    const page = await chromium.browser.newPage();
    const refused = cspRefusals(page);
    await page.goto(`${t.url}/`);
    await expectTheLayout(page, 'home', false);
    await page.goto(`${t.url}/categories`);
    await expectTheLayout(page, 'categories', false);
    await page.goto(`${t.url}/signin`);
    await expectTheLayout(page, 'sign-in', false);
    await page.goto(`${t.url}/signup`);
    await expectTheLayout(page, 'sign-up', false);
    expect(await page.getAttribute('meta[name=referrer]', 'content')).toBe('same-origin');
    expect(refused).toEqual([]);
    await page.close();
  });

  it('the account and its API keys, signed in (with a key in the table)', async () => {
    const person = await makeAccount(t);
    const page = await chromium.browser.newPage();
    const refused = cspRefusals(page);
    await page.goto(`${t.url}/signin`);
    await page.fill('#email', person.email);
    await page.fill('#password', person.password);
    await Promise.all([page.waitForURL('**/account'), page.click('main button[type=submit]')]);
    await expectTheLayout(page, 'account', true);
    await page.goto(`${t.url}/account/api-keys`);
    await page.fill('#name', 'A deploy script with a long name');
    await loadedAfter(page, () => page.click('main button:has-text("Create key")'));
    expect(await page.textContent('#new-api-key')).toBeTruthy();
    await page.goto(`${t.url}/account/api-keys`);
    await expectTheLayout(page, 'api-keys', true);
    // Revoke is within reach at 390 px.
    await page.setViewportSize({ width: 390, height: 800 });
    const revoke = page.locator('button:has-text("Revoke")').first();
    await revoke.scrollIntoViewIfNeeded();
    const box = await revoke.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(refused).toEqual([]);
    await page.close();
  });
});
