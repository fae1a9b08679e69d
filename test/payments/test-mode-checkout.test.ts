import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { TestBrowser } from '../support/browser.js';
import { signIn } from '../auth/pages/page-flows.js';
import { caller, ownedListing, person, type Call } from '../listings/support.js';
import { PRODUCTS_SQL } from '../orders/support.js';

/**
 * create_checkout without a payment provider: the answer tells the assistant that the person signs in on the site
 * before the test-mode page shows the order, which is what the page does (Stripe's answer: test/payments/stripe-checkout).
 */
let t: TestApp;
let call: Call;

beforeAll(async () => {
  t = await startTestApp();
  call = caller(t);
  await t.db.script(PRODUCTS_SQL);
}, 60_000);
afterAll(() => t?.close());

describe('a test-mode checkout', () => {
  it('says the person signs in on the site first, and the page indeed asks for the buyer’s sign-in', async () => {
    const buyer = await person(t.db);
    const listing = await ownedListing(t.db, buyer);
    const created = await call(buyer, 'POST', '/orders/checkout', { items: [{ product: 'launch', listing_id: listing.id }] });
    expect(created.status).toBe(201);
    const { checkout_url: url, number, next_step: nextStep } = created.body;
    expect(nextStep).toMatch(/sign in on this site first, with the account you act for/);
    expect(nextStep).toMatch(/test mode/i);

    const anonymous = await fetch(url, { redirect: 'manual' });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe(`/signin?return_to=/checkout/${number}`);

    const someoneElse = new TestBrowser();
    expect((await signIn(t, someoneElse, (await person(t.db)).email)).status).toBe(303);
    expect((await someoneElse.get(url)).status).toBe(404);

    const browser = new TestBrowser();
    expect((await signIn(t, browser, buyer.email)).status).toBe(303);
    const page = await browser.get(url);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Test mode');
  });

  it('replays the same answer, next step included, under the same Idempotency-Key', async () => {
    const buyer = await person(t.db);
    const listing = await ownedListing(t.db, buyer);
    const post = () =>
      fetch(`${t.url}/api/v1/orders/checkout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${buyer.key}`, 'content-type': 'application/json', 'idempotency-key': `checkout-${listing.id}` },
        body: JSON.stringify({ items: [{ product: 'launch', listing_id: listing.id }] }),
      });
    const first = await (await post()).json();
    const again = await post();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(first);
    expect(first.next_step).toMatch(/sign in/);
  });
});
