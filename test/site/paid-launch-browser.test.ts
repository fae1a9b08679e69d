/**
 * The paid launch in Chromium (issue 49): a quote refused and then given, the checkout and the test-mode payment
 * through to live, at 1280 and 390 px in light and dark: no serious axe violation, nothing wider than the screen,
 * nothing refused by the CSP; and the same journey once with JavaScript turned off. SHOTS_DIR=/some/dir keeps
 * screenshots of each page.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, type PagesApp, startPagesApp } from '../auth/pages/page-flows.js';
import { cspRefusals, expectReadableEverywhere } from '../support/page-checks.js';
import { chromiumAvailable, launchChromium, launchChromiumBrowser } from '../support/chromium.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { PRODUCTS_SQL } from '../orders/support.js';

const browserPresent = chromiumAvailable();
let t: PagesApp;
let categoryId: number;
let chromium: { browser: BrowserContext; close(): Promise<void> };

beforeAll(async () => {
  if (!browserPresent) return;
  t = await startPagesApp();
  await t.db.script(PRODUCTS_SQL);
  categoryId = await insertCategory(t.db, { name: 'Product analytics' });
  chromium = await launchChromium();
}, 120_000);
afterAll(async () => {
  await chromium?.close();
  await t?.close();
});

/** A person with a saved, unpublished listing. */
async function owner() {
  const person = await makeAccount(t);
  const id = await insertListing(t.db, { category_id: categoryId, status: 'draft', name: 'Acme Analytics' });
  await t.db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2::uuid)', [id, person.id]);
  return { ...person, listingId: id };
}

/** Signs in on the sign-in page the paid page sends a signed-out visitor to, and comes back to it. */
async function signInTo(page: Page, person: { email: string; password: string; listingId: number }) {
  const paid = `${t.url}/account/listings/${person.listingId}/paid`;
  await page.goto(paid);
  await page.fill('input[name=email]', person.email);
  await page.fill('input[name=password]', person.password);
  await Promise.all([page.waitForURL(paid), page.click('button[type=submit]')]);
}

const listingStatus = async (id: number) => (await t.db.one<{ status: string }>('SELECT status FROM listings WHERE id = $1', [id]))!.status;

describe.skipIf(!browserPresent)('the paid launch in Chromium', () => {
  it('quote refused then given, checkout, test-mode payment: live; readable at 1280 and 390 px, light and dark', async () => {
    const person = await owner();
    const page = await chromium.browser.newPage();
    const refused = cspRefusals(page);
    await signInTo(page, person);
    expect(await page.textContent('main')).toContain('no money is taken');

    const check = (what: string) => expectReadableEverywhere(page, what);

    // A VAT number that is not one: the message beside the field, everything typed kept.
    await page.selectOption('#pay-billing_country', 'FR');
    await page.fill('#pay-vat_number', 'FR00303265045');
    await page.click('button:has-text("Quote")');
    expect(await page.textContent('#pay-vat_number-error')).toContain('is not a valid VAT number');
    expect(await page.textContent('#refused')).toContain('one thing needs a change');
    expect(await page.inputValue('#pay-vat_number')).toBe('FR00303265045');
    expect(await page.inputValue('#pay-billing_country')).toBe('FR');
    await check('paid-refused');

    // A valid one: the quote, reverse charged, with the reason in words.
    await page.fill('#pay-vat_number', 'FR40303265045');
    await page.click('button:has-text("Quote")');
    expect(await page.textContent('main')).toContain('Reverse charge: VAT to be accounted for by the recipient (FR40303265045)');
    await check('paid-quoted');

    await Promise.all([page.waitForURL('**/checkout/**'), page.click('button:has-text("Go to checkout")')]);
    expect(await page.textContent('main')).toContain('Test mode.');
    await check('checkout');
    await page.click('button:has-text("Pay $49.00")');
    await expect.poll(() => page.textContent('main')).toContain('The listing is live now.');
    expect(await listingStatus(person.listingId)).toBe('live');
    await page.goto(`${t.url}/account/listings/${person.listingId}/launch`);
    expect(await page.textContent('main')).toContain('Live:');
    expect(refused).toEqual([]);
    await page.close();
  }, 180_000);

  it('works with JavaScript turned off: quote, checkout and payment are plain forms', async () => {
    const person = await owner();
    let browser: Browser | undefined;
    try {
      browser = await launchChromiumBrowser();
      const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
      await signInTo(page, person);
      await page.selectOption('#pay-billing_country', 'US');
      await page.click('button:has-text("Quote")');
      expect(await page.textContent('main')).toContain('No VAT: the buyer is outside the EU (US).');
      await Promise.all([page.waitForURL('**/checkout/**'), page.click('button:has-text("Go to checkout")')]);
      await page.click('button:has-text("Pay $49.00")');
      expect(await page.textContent('main')).toContain('The listing is live now.');
      expect(await listingStatus(person.listingId)).toBe('live');
    } finally {
      await browser?.close();
    }
  }, 60_000);
});
