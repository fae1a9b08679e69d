import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { TestBrowser } from '../support/browser.js';
import { signIn } from '../auth/pages/page-flows.js';
import { caller, ownedListing, person, type Call, type Person } from '../listings/support.js';

/**
 * A saved listing goes live by a paid launch: create_checkout, the test-mode checkout page (signed in, a button),
 * fulfilment in the payment's transaction; orders read back with get_order and list_my_orders; a listing is never
 * paid for twice; unpaid orders expire.
 */
// Wednesday 25 November 2026, noon UTC: this week began on Monday the 23rd.
const clock = { now: new Date('2026-11-25T12:00:00Z') };
let t: TestApp;
let call: Call;
let launchPrice: number;

beforeAll(async () => {
  t = await startTestApp({ now: () => new Date(clock.now) });
  call = caller(t);
  await t.db.script(`INSERT INTO products (id, name, description, price_cents, needs_listing, position) VALUES
      ('launch', 'Launch', 'A paid launch', 4900, true, 1), ('billboard', 'Billboard', 'A contribution', 0, true, 2);
    INSERT INTO vat_rates (country, rate_basis_points, eu) VALUES ('DE', 1900, true)
    ON CONFLICT (country) DO UPDATE SET rate_basis_points = EXCLUDED.rate_basis_points, eu = EXCLUDED.eu`);
  launchPrice = (await t.db.one<{ p: number }>(`SELECT price_cents AS p FROM products WHERE id = 'launch'`))!.p;
}, 60_000);
afterAll(() => t?.close());

async function signedIn(who: Person): Promise<TestBrowser> {
  const browser = new TestBrowser();
  expect((await signIn(t, browser, who.email)).status).toBe(303);
  return browser;
}

const listingState = async (id: number) =>
  (await t.db.one<{ status: string; plan: string; launch_week: string | null; unlocked_sections: string[]; extra: string[] }>(
    `SELECT status, plan, launch_week::text AS launch_week, unlocked_sections,
       ARRAY(SELECT c.slug FROM listing_categories lc JOIN categories c ON c.id = lc.category_id WHERE lc.listing_id = l.id AND NOT lc.is_primary) AS extra
     FROM listings l WHERE id = $1`,
    [id],
  ))!;

describe('a paid launch', () => {
  it('goes from saved to live: checkout, the test-mode page, payment, fulfilment', async () => {
    const owner = await person(t.db);
    const listing = await ownedListing(t.db, owner);
    await t.db.query(`INSERT INTO categories (slug, name) VALUES ('paid-extra', 'Paid extra')`);
    const checkout = await call(owner, 'POST', '/orders/checkout', {
      items: [
        { product: 'launch', listing_id: listing.id, categories: ['paid-extra'] },
        { product: 'billboard', listing_id: listing.id, amount: 2500 },
      ],
      billing_country: 'DE',
    });
    expect(checkout.status).toBe(201);
    const order = checkout.body;
    expect(order).toMatchObject({ status: 'pending', net_cents: launchPrice + 2500, paid_at: null });
    expect(order.number).toMatch(/^LD-2026-\d{6}$/);
    expect(order.checkout_url).toBe(`${t.app.services.config.publicUrl}/checkout/${order.number}`);
    expect(order.lines.map((l: { fulfilled: boolean }) => l.fulfilled)).toEqual([false, false]);
    expect((await call(owner, 'GET', `/orders/${order.number}`)).body).toMatchObject({ number: order.number, status: 'pending' });

    const browser = await signedIn(owner);
    const page = await browser.get(`${t.url}/checkout/${order.number}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Test mode');
    expect(page.text).toContain(`$${(order.gross_cents / 100).toFixed(2)}`);
    expect((await listingState(listing.id)).status).toBe('draft'); // reading the page pays nothing
    const paid = await browser.post(`${t.url}/checkout/${order.number}`, { csrf: page.field('csrf') });
    expect(paid.status).toBe(200);
    expect(paid.text).toContain('is paid');
    expect(paid.text).toContain('live now');

    const after = (await call(owner, 'GET', `/orders/${order.number}`)).body;
    expect(after).toMatchObject({ status: 'paid', paid_at: clock.now.toISOString() });
    expect(after.lines.map((l: { fulfilled: boolean }) => l.fulfilled)).toEqual([true, true]);
    expect(await listingState(listing.id)).toEqual({
      status: 'live',
      plan: 'paid',
      launch_week: '2026-11-23',
      unlocked_sections: ['story', 'milestones', 'media'],
      extra: ['paid-extra'],
    });
    const contribution = await t.db.one<{ amount: number; order_number: string }>(
      'SELECT amount_cents::int AS amount, order_number FROM billboard_contributions WHERE listing_id = $1',
      [listing.id],
    );
    expect(contribution).toEqual({ amount: 2500, order_number: order.number });
    // Paying again changes nothing; the listing cannot be launched again.
    const again = await browser.post(`${t.url}/checkout/${order.number}`, { csrf: page.field('csrf') });
    expect(again.text).toContain('cannot be paid');
    const twice = await call(owner, 'POST', '/orders/checkout', { items: [{ product: 'launch', listing_id: listing.id }] });
    expect(twice.status).toBe(400);
    expect(twice.body.errors[0]).toMatchObject({ path: '/items/0/listing_id' });
  });

  it('a chosen week schedules the launch; a newer checkout of the same listing cancels the pending one', async () => {
    const owner = await person(t.db);
    const listing = await ownedListing(t.db, owner);
    const body = { items: [{ product: 'launch', listing_id: listing.id, week: '2026-12-09' }] };
    const first = (await call(owner, 'POST', '/orders/checkout', body)).body;
    const second = (await call(owner, 'POST', '/orders/checkout', body)).body;
    expect(second.number).not.toBe(first.number);
    expect((await call(owner, 'GET', `/orders/${first.number}`)).body.status).toBe('canceled');
    const browser = await signedIn(owner);
    const stale = await browser.get(`${t.url}/checkout/${first.number}`);
    expect(stale.text).toContain('canceled');
    const page = await browser.get(`${t.url}/checkout/${second.number}`);
    const paid = await browser.post(`${t.url}/checkout/${second.number}`, { csrf: page.field('csrf') });
    expect(paid.text).toContain('scheduled for the week of 2026-12-07');
    expect(await listingState(listing.id)).toMatchObject({ status: 'scheduled', plan: 'paid', launch_week: '2026-12-07' });
    const list = (await call(owner, 'GET', '/orders')).body;
    expect(list.items.map((o: { number: string; status: string }) => [o.number, o.status])).toEqual([
      [second.number, 'paid'],
      [first.number, 'canceled'],
    ]);
  });

  it('two checkouts racing for one listing leave one pending order', async () => {
    const owner = await person(t.db);
    const listing = await ownedListing(t.db, owner);
    const body = { items: [{ product: 'launch', listing_id: listing.id }] };
    const answers = await Promise.all([call(owner, 'POST', '/orders/checkout', body), call(owner, 'POST', '/orders/checkout', body)]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    const statuses = (await call(owner, 'GET', '/orders')).body.items.map((o: { status: string }) => o.status).sort();
    expect(statuses).toEqual(['canceled', 'pending']);
  });
});

describe('orders of other accounts, and unpaid ones', () => {
  it('404 on every operation and on the page for another account’s order', async () => {
    const [owner, other] = [await person(t.db), await person(t.db)];
    const listing = await ownedListing(t.db, owner);
    const order = (await call(owner, 'POST', '/orders/checkout', { items: [{ product: 'launch', listing_id: listing.id }] })).body;
    expect((await call(other, 'GET', `/orders/${order.number}`)).status).toBe(404);
    expect((await call(other, 'GET', '/orders')).body).toMatchObject({ items: [], total: 0 });
    const browser = await signedIn(other);
    expect((await browser.get(`${t.url}/checkout/${order.number}`)).status).toBe(404);
    const csrf = (await browser.get(`${t.url}/signin`)).field('csrf');
    expect((await browser.post(`${t.url}/checkout/${order.number}`, { csrf })).status).toBe(404);
    expect((await call(owner, 'GET', `/orders/${order.number}`)).body.status).toBe('pending');
    expect((await call(other, 'POST', '/orders/checkout', { items: [{ product: 'launch', listing_id: listing.id }] })).status).toBe(404);
    expect((await call(null, 'GET', '/orders')).status).toBe(401);
    expect((await new TestBrowser().get(`${t.url}/checkout/${order.number}`, { follow: false })).status).toBe(303);
  });

  it('expire 24 hours after checkout and can no longer be paid', async () => {
    const owner = await person(t.db);
    const listing = await ownedListing(t.db, owner);
    const order = (await call(owner, 'POST', '/orders/checkout', { items: [{ product: 'launch', listing_id: listing.id }] })).body;
    const browser = await signedIn(owner);
    const page = await browser.get(`${t.url}/checkout/${order.number}`);
    clock.now = new Date(clock.now.getTime() + 24 * 3_600_000 + 1);
    expect((await call(owner, 'GET', `/orders/${order.number}`)).body.status).toBe('expired');
    const late = await browser.post(`${t.url}/checkout/${order.number}`, { csrf: page.field('csrf') });
    expect(late.text).toContain('cannot be paid');
    expect((await listingState(listing.id)).status).toBe('draft');
  });

  it('expire after the site setting order_lifetime_hours, kept within 1 to 24 hours', async () => {
    const owner = await person(t.db);
    const setLifetime = (hours: unknown) =>
      t.db.query(
        `INSERT INTO site_settings (key, value) VALUES ('order_lifetime_hours', $1::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
        [JSON.stringify(hours)],
      );
    const lifetime = async (hours: unknown) => {
      await setLifetime(hours);
      const listing = await ownedListing(t.db, owner);
      const order = (await call(owner, 'POST', '/orders/checkout', { items: [{ product: 'launch', listing_id: listing.id }] })).body;
      return (new Date(order.expires_at).getTime() - new Date(order.created_at).getTime()) / 3_600_000;
    };
    try {
      expect(await lifetime(2)).toBe(2);
      expect(await lifetime(100)).toBe(24);
      expect(await lifetime(0)).toBe(24); // not a usable number of hours: the default
      expect(await lifetime(0.25)).toBe(1);
    } finally {
      await t.db.query(`DELETE FROM site_settings WHERE key = 'order_lifetime_hours'`);
    }
  });
});

describe('without a payment provider', () => {
  it('there is no Stripe webhook endpoint, and checkout_url is the test-mode page', async () => {
    expect((await fetch(`${t.url}/payments/stripe/events`, { method: 'POST', body: '{}' })).status).toBe(404);
    const owner = await person(t.db);
    const listing = await ownedListing(t.db, owner);
    const order = (await call(owner, 'POST', '/orders/checkout', { items: [{ product: 'launch', listing_id: listing.id }] })).body;
    expect((await call(owner, 'GET', `/orders/${order.number}`)).body.checkout_url).toBe(`${t.url}/checkout/${order.number}`);
  });
});
