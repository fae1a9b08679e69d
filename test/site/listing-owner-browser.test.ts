/**
 * The maker's pages of a saved listing in Chromium (issue 49, part 4): the owner's preview, the edit form with a
 * refusal then a success, and the news page, at 1280 and 390 px in light and dark: no serious axe violation, nothing
 * wider than the screen, nothing refused by the CSP; and the edit with JavaScript turned off.
 * SHOTS_DIR=/some/dir keeps a screenshot of each page in each look.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, startPagesApp, type PagesApp } from '../auth/pages/page-flows.js';
import { cspRefusals, expectReadableEverywhere } from '../support/page-checks.js';
import { chromiumAvailable, launchChromium } from '../support/chromium.js';
import { insertCategory, insertListing } from '../support/fixtures.js';

const browserPresent = chromiumAvailable();
let t: PagesApp;
let chromium: { browser: BrowserContext; close(): Promise<void> };

beforeAll(async () => {
  if (!browserPresent) return;
  t = await startPagesApp();
  chromium = await launchChromium();
}, 120_000);
afterAll(async () => {
  await chromium?.close();
  await t?.close();
});

describe.skipIf(!browserPresent)("the maker's pages in Chromium", () => {
  it('preview, edit refused then saved, news: readable and within the screen at 1280 and 390 px, light and dark; no JavaScript needed', async () => {
    const person = await makeAccount(t);
    const id = await insertListing(t.db, {
      slug: `preview-${process.pid}`,
      name: 'Previewable',
      category_id: await insertCategory(t.db, { name: `Owner browser ${Date.now()}` }),
      status: 'draft',
      tagline: 'Analytics without cookies',
      features: ['Fast', 'Private'],
    });
    await t.db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2::uuid)', [id, person.id]);
    const page = await chromium.browser.newPage();
    const refused = cspRefusals(page);
    const check = (what: string) => expectReadableEverywhere(page, what);

    await page.goto(`${t.url}/signin?return_to=${encodeURIComponent(`/listings/preview-${process.pid}`)}`);
    await page.fill('input[name=email]', person.email);
    await page.fill('input[name=password]', person.password);
    await Promise.all([page.waitForURL(`**/listings/preview-${process.pid}`), page.click('button[type=submit]')]);
    expect(await page.textContent('[role=status]')).toContain('Preview: not public yet');
    await check('preview');

    await page.click('text=Edit');
    await page.fill('#f-country', 'X1');
    await page.fill('#f-founded-year', '1700');
    await page.click('text=Save changes');
    expect(await page.textContent('#f-country-error')).toContain('ISO 3166-1');
    expect(await page.inputValue('#f-founded-year')).toBe('1700');
    await check('edit refused');
    await page.fill('#f-country', 'PT');
    await page.fill('#f-founded-year', '2019');
    await page.click('text=Save changes');
    expect(await page.textContent('[role=status]')).toContain('Changed: Country, Founded (year).');
    await check('edit saved');

    await page.click('text=Updates, milestones and story');
    await page.fill('#milestone-date', '2026-03-01');
    await page.fill('#milestone-title', 'First customer');
    await page.click('text=Add the milestone');
    expect(await page.textContent('[role=status]')).toContain('The milestone is added.');
    await check('news');
    expect(refused).toEqual([]);

    // The same forms with JavaScript turned off (the session's cookies are this context's).
    const plain: Page = await chromium.browser.newPage();
    await (await chromium.browser.newCDPSession(plain)).send('Emulation.setScriptExecutionDisabled', { value: true });
    await plain.goto(`${t.url}/account/listings/${id}/edit`);
    await plain.fill('#f-tagline', 'Analytics, no cookies, no script');
    await plain.click('text=Save changes');
    expect(await plain.textContent('[role=status]')).toContain('Changed: Tagline.');
    await page.close();
    await plain.close();
  }, 120_000);
});
