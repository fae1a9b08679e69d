import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.js';
import { TestBrowser } from '../support/browser.js';
import { chromiumAvailable, launchChromium } from '../support/chromium.js';
import { seriousViolations } from '../support/axe.js';
import { caller, ownedListing, person, type Call } from '../listings/support.js';
import { postConsoleForm, signInChromium, staffBrowser, staffPerson, type StaffPerson } from './support.js';
import { paidTestOrder, PRODUCTS_SQL } from '../orders/support.js';

/**
 * The console's orders and settings pages: who may open them (anonymous: to sign in; editors and moderators: 403),
 * the forms (refund, settings, price, VAT) running the operations with their validation and audit, and an admin in
 * Chromium refunding a paid test-mode order, with axe-core on every page.
 */
let t: TestApp;
let call: Call;
let admin: StaffPerson;
const browserPresent = chromiumAvailable();

beforeAll(async () => {
  t = await startTestApp();
  call = caller(t);
  await t.db.script(PRODUCTS_SQL);
  admin = await staffPerson(t.db, 'admin');
}, 60_000);
afterAll(() => t?.close());

describe('who may open the orders and settings pages', () => {
  it.each(['/admin/orders', '/admin/orders/LD-2026-000001', '/admin/settings'])(
    '%s: anonymous to sign in, editors and moderators 403',
    async (path) => {
      const anonymous = await new TestBrowser().get(`${t.url}${path}`, { follow: false });
      expect(anonymous.status).toBe(303);
      expect(anonymous.headers.get('location')).toContain('/signin');
      for (const role of ['editor', 'moderator'] as const) {
        const page = await (await staffBrowser(t, await staffPerson(t.db, role))).get(`${t.url}${path}`);
        expect(page.status, role).toBe(403);
        expect(page.text).toContain('for admins');
      }
      const outsider = await (await staffBrowser(t, await staffPerson(t.db, null))).get(`${t.url}${path}`);
      expect(outsider.status).toBe(403);
    },
  );

  it('an editor posting a form is refused and nothing changes', async () => {
    const editor = await staffBrowser(t, await staffPerson(t.db, 'editor'));
    const csrf = (await editor.get(`${t.url}/signin`)).field('csrf');
    const posted = await editor.post(`${t.url}/admin/settings`, { csrf, site_name: 'Taken over' }, { follow: false });
    expect(posted.status).toBe(403);
    expect((await call(null, 'GET', '/site')).body.name).not.toBe('Taken over');
  });
});

describe('the forms, as an admin', () => {
  it('lists orders with filters, shows one, and refunds part of it in dollars, then the rest', async () => {
    const buyer = await person(t.db);
    const listing = await ownedListing(t.db, buyer, { status: 'live' });
    const order = await paidTestOrder(t, call, buyer, [{ product: 'billboard', listing_id: listing.id, amount: 2000 }]);
    const browser = await staffBrowser(t, admin);
    const list = await browser.get(`${t.url}/admin/orders?buyer=${encodeURIComponent(buyer.email)}&status=paid`);
    expect(list.status).toBe(200);
    expect(list.text).toContain(`href="/admin/orders/${order.number}"`);
    expect(list.text).toContain('$20.00');
    const filteredOut = await browser.get(`${t.url}/admin/orders?buyer=${encodeURIComponent(buyer.email)}&status=refunded`);
    expect(filteredOut.text).not.toContain(order.number);
    const badFilter = await browser.get(`${t.url}/admin/orders?listing=Not%20a%20slug`);
    expect(badFilter.status).toBe(400);
    expect(badFilter.text).toContain('/listing');

    const path = `/admin/orders/${order.number}`;
    const page = await browser.get(`${t.url}${path}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('the test-mode page');
    const badAmount = await postConsoleForm(t, browser, path, `${path}/refund`, { amount: '12,5', reason: 'Typo' });
    expect(badAmount.status).toBe(400);
    expect(badAmount.text).toContain('/amount_cents');
    const noReason = await postConsoleForm(t, browser, path, `${path}/refund`, { amount: '5', reason: '' });
    expect(noReason.status).toBe(400);
    expect(noReason.text).toContain('/reason');
    const tooMuch = await postConsoleForm(t, browser, path, `${path}/refund`, { amount: '20.01', reason: 'Too much' });
    expect(tooMuch.status).toBe(409);

    const partial = await postConsoleForm(t, browser, path, `${path}/refund`, { amount: '5.50', reason: 'Part of it' });
    expect(partial.status).toBe(303);
    expect((await call(buyer, 'GET', `/orders/${order.number}`)).body).toMatchObject({ status: 'paid', refunded_cents: 550 });
    const rest = await postConsoleForm(t, browser, path, `${path}/refund`, { amount: '', reason: 'The rest' });
    expect(rest.status).toBe(303);
    const after = await browser.get(`${t.url}${rest.headers.get('location')}`);
    expect(after.text).toContain('The refund was made and recorded.');
    expect(after.text).toContain('Part of it');
    expect(after.text).toContain('<strong>refunded</strong>');
    expect((await call(buyer, 'GET', `/orders/${order.number}`)).body).toMatchObject({ status: 'refunded', refunded_cents: 2000 });
    expect((await browser.get(`${t.url}/admin/orders/LD-2000-000000`)).status).toBe(404);
  });

  it('an order no one has is 404 "No such order"; a failure of the database is not reported as a missing order', async () => {
    const browser = await staffBrowser(t, admin);
    const missing = await browser.get(`${t.url}/admin/orders/LD-2000-000000`);
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('No such order');
    // PostgreSQL refuses text with a NUL byte (22021) on both engines: the read fails, it does not find nothing.
    const failed = await browser.get(`${t.url}/admin/orders/LD-2000-%00`);
    expect(failed.status).toBe(500);
    expect(failed.text).not.toContain('No such order');
  });

  it('saves settings, prices and VAT rates; refusals name the field and keep what was typed', async () => {
    const browser = await staffBrowser(t, admin);
    const page = await browser.get(`${t.url}/admin/settings`);
    expect(page.status).toBe(200);
    const fields = {
      site_name: 'Console Launches',
      site_purpose: 'A directory of launches, run from the console.',
      time_zone: 'Europe/Lisbon',
      seller_country: 'de',
      free_launches_per_week: '30',
      free_launch_weeks_min: '5',
      free_launch_weeks_max: '9',
      billboard_minimum_cents: '1500',
      order_lifetime_hours: '12',
      rate_limits_anonymous_per_minute: '1000000',
      rate_limits_signed_in_per_minute: '1000000',
      rate_limits_submit_listing_per_hour: '1000000',
    };
    const bad = await postConsoleForm(t, browser, '/admin/settings', '/admin/settings', {
      ...fields,
      time_zone: 'Nowhere/Land',
      order_lifetime_hours: '48',
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('/order_lifetime_hours');
    expect(bad.text).toContain('value="Nowhere/Land"');
    const saved = await postConsoleForm(t, browser, '/admin/settings', '/admin/settings', fields);
    expect(saved.status).toBe(303);
    const site = (await call(null, 'GET', '/site')).body;
    expect(site).toMatchObject({ name: 'Console Launches', time_zone: 'Europe/Lisbon' });
    const settings = (await call(admin, 'GET', '/admin/settings')).body.settings;
    expect(settings).toMatchObject({ free_launch_weeks: { min: 5, max: 9 }, order_lifetime_hours: 12, seller_country: 'DE' });
    expect((await browser.get(`${t.url}${saved.headers.get('location')}`)).text).toContain('within 5 seconds');

    const price = await postConsoleForm(t, browser, '/admin/settings', '/admin/settings/prices/launch', { price_cents: '5500' });
    expect(price.status).toBe(303);
    expect((await call(admin, 'GET', '/admin/settings')).body.products[0]).toMatchObject({ id: 'launch', price_cents: 5500 });
    const badPrice = await postConsoleForm(t, browser, '/admin/settings', '/admin/settings/prices/launch', { price_cents: '-1' });
    expect(badPrice.status).toBe(400);
    expect(badPrice.text).toContain('/price_cents');

    const vat = await postConsoleForm(t, browser, '/admin/settings', '/admin/settings/vat-rates', {
      country: 'DE',
      existing: 'true',
      rate_percent: '19,5',
      eu: 'true',
    });
    expect(vat.status).toBe(303);
    const added = await postConsoleForm(t, browser, '/admin/settings', '/admin/settings/vat-rates', { country: 'ch', rate_percent: '8.1' });
    expect(added.status).toBe(303);
    const rates = (await call(admin, 'GET', '/admin/settings')).body.vat_rates;
    expect(rates).toContainEqual({ country: 'DE', rate_percent: 19.5, eu: true });
    expect(rates).toContainEqual({ country: 'CH', rate_percent: 8.1, eu: false });
    const badVat = await postConsoleForm(t, browser, '/admin/settings', '/admin/settings/vat-rates', {
      country: 'Swiss',
      rate_percent: '200',
    });
    expect(badVat.status).toBe(400);
    expect(badVat.text).toContain('/country');
    expect(badVat.text).toContain('/rate_percent');
    const actions = await t.db.query<{ action: string; actor: string }>(
      `SELECT action, actor FROM audit_log WHERE action IN ('settings.update', 'price.set', 'vat_rate.set') ORDER BY id`,
    );
    expect(actions).toEqual([
      { action: 'settings.update', actor: admin.email },
      { action: 'price.set', actor: admin.email },
      { action: 'vat_rate.set', actor: admin.email },
      { action: 'vat_rate.set', actor: admin.email },
    ]);
  });
});

describe.skipIf(!browserPresent)('an admin in Chromium', () => {
  let chromium: { browser: BrowserContext; close(): Promise<void> };
  beforeAll(async () => {
    chromium = await launchChromium();
  }, 60_000);
  afterAll(() => chromium?.close());

  it('opens a paid test-mode order and refunds it; the pages have no serious axe violations', async () => {
    const buyer = await person(t.db);
    const listing = await ownedListing(t.db, buyer);
    const order = await paidTestOrder(t, call, buyer, [{ product: 'launch', listing_id: listing.id }]);
    const page = await chromium.browser.newPage();
    await signInChromium(page, t.url, admin);
    await page.goto(`${t.url}/admin/orders`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.click(`a:has-text("${order.number}")`);
    await page.waitForURL(`${t.url}/admin/orders/${order.number}`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.fill('textarea[name="reason"]', 'Bought by mistake');
    await page.click('button:has-text("Refund")');
    await page.waitForSelector('text=The refund was made and recorded.');
    expect(await page.textContent('main')).toContain('refunded');
    expect((await call(buyer, 'GET', `/orders/${order.number}`)).body).toMatchObject({
      status: 'refunded',
      refunded_cents: order.gross_cents,
    });
    await page.goto(`${t.url}/admin/settings`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
