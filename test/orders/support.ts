import { expect } from 'vitest';
import type { TestApp } from '../support/app.js';
import { TestBrowser } from '../support/browser.js';
import { signIn } from '../auth/pages/page-flows.js';
import type { Call, Person } from '../listings/support.js';

/** The products the order tests buy: a launch at $49 and the billboard (a contribution priced by its amount). */
export const PRODUCTS_SQL = `INSERT INTO products (id, name, description, price_cents, needs_listing, position) VALUES
  ('launch', 'Launch', 'A paid launch', 4900, true, 1), ('billboard', 'Billboard', 'A contribution', 0, true, 2)
  ON CONFLICT (id) DO UPDATE SET price_cents = EXCLUDED.price_cents`;

/** A test-mode order of `items`, made with create_checkout and paid by the buyer on the built-in checkout page. */
export async function paidTestOrder(t: TestApp, call: Call, buyer: Person, items: unknown[], billingCountry = 'US') {
  const created = await call(buyer, 'POST', '/orders/checkout', { items, billing_country: billingCountry });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const browser = new TestBrowser();
  expect((await signIn(t, browser, buyer.email)).status).toBe(303);
  const page = await browser.get(`${t.url}/checkout/${created.body.number}`);
  const paid = await browser.post(`${t.url}/checkout/${created.body.number}`, { csrf: page.field('csrf') });
  expect(paid.text).toContain('is paid');
  const order = (await call(buyer, 'GET', `/orders/${created.body.number}`)).body;
  expect(order.status).toBe('paid');
  return order;
}
