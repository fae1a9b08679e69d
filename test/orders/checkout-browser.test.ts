import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.js';
import { chromiumAvailable, launchChromium } from '../support/chromium.js';
import { caller, ownedListing, person } from '../listings/support.js';

/**
 * The test-mode checkout in a real browser (Debian's Chromium): from create_checkout's checkout_url, the person
 * signs in, sees the order marked as test mode, presses the button, and the listing is live.
 */
const PASSWORD = 'correct horse battery staple'; // makeAccount's (test/support/oauth.ts)
let t: TestApp;
let chromium: { browser: BrowserContext; close(): Promise<void> };
const browserPresent = chromiumAvailable();

beforeAll(async () => {
  if (!browserPresent) return;
  t = await startTestApp();
  chromium = await launchChromium();
  await t.db.query(
    `INSERT INTO products (id, name, description, price_cents, needs_listing) VALUES ('launch', 'Launch', 'A paid launch', 4900, true)`,
  );
}, 60_000);
afterAll(async () => {
  await chromium?.close();
  await t?.close();
});

describe.skipIf(!browserPresent)('a person paying in Chromium', () => {
  it('follows checkout_url, signs in, pays in test mode, and the listing is live', async () => {
    const owner = await person(t.db);
    const listing = await ownedListing(t.db, owner);
    const checkout = await caller(t)(owner, 'POST', '/orders/checkout', {
      items: [{ product: 'launch', listing_id: listing.id }],
      billing_country: 'DE',
    });
    expect(checkout.status).toBe(201);
    const url = new URL(checkout.body.checkout_url as string);

    const page = await chromium.browser.newPage();
    await page.goto(`${t.url}${url.pathname}`);
    expect(new URL(page.url()).pathname).toBe('/signin');
    await page.fill('input[name="email"]', owner.email);
    await page.fill('input[name="password"]', PASSWORD);
    await page.click('button[type="submit"]');
    await page.waitForSelector('text=Test mode');
    expect(new URL(page.url()).pathname).toBe(url.pathname);
    const gross = `$${((checkout.body.gross_cents as number) / 100).toFixed(2)}`;
    expect(await page.textContent('main')).toContain(gross);
    await page.click(`button:has-text("Pay ${gross}")`);
    await expect.poll(() => page.textContent('main')).toContain('is paid');
    expect(await page.textContent('main')).toContain('The listing is live now.');

    const order = await caller(t)(owner, 'GET', `/orders/${checkout.body.number}`);
    expect(order.body).toMatchObject({ status: 'paid', lines: [{ product: 'launch', fulfilled: true }] });
    const row = await t.db.one<{ status: string; plan: string }>('SELECT status, plan FROM listings WHERE id = $1', [listing.id]);
    expect(row).toEqual({ status: 'live', plan: 'paid' });
    await page.close();
  });
});
