import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { deliver, FakeStripe } from '../support/fake-stripe.js';
import { caller, ownedListing, person, type Call, type Person } from '../listings/support.js';
import { staffPerson, type StaffPerson } from '../console/support.js';
import { PRODUCTS_SQL } from '../orders/support.js';

/**
 * refund_order for orders Stripe took, against the loopback fake of the Stripe API: the refund asked of Stripe for
 * the PaymentIntent with a key made of the order and amounts, recorded with its audit entry; Stripe's own
 * charge.refunded event for the same refund afterwards counts it once; Stripe down is a 503 that records nothing.
 */
const SECRET = 'whsec_test_secret_for_the_fake';
const clock = { now: new Date('2026-11-25T12:00:00Z') };
let t: TestApp;
let stripe: FakeStripe;
let call: Call;
let admin: StaffPerson;

beforeAll(async () => {
  stripe = await new FakeStripe().start();
  t = await startTestApp({
    now: () => new Date(clock.now),
    env: { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: stripe.url },
  });
  call = caller(t);
  await t.db.script(PRODUCTS_SQL);
  admin = await staffPerson(t.db, 'admin');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

/** A billboard contribution paid through Stripe (the completed event delivered): the order and its PaymentIntent. */
async function paidThroughStripe(buyer: Person, amount: number) {
  const listing = await ownedListing(t.db, buyer, { status: 'live' });
  const created = await call(buyer, 'POST', '/orders/checkout', {
    items: [{ product: 'billboard', listing_id: listing.id, amount }],
    billing_country: 'US',
  });
  expect(created.status).toBe(201);
  const session = stripe.paid(created.body.checkout_url.split('/').at(-1));
  expect((await deliver(t.url, stripe.event('checkout.session.completed', session), SECRET)).body.outcome).toBe('paid');
  return { order: created.body, intent: session.payment_intent!, listing };
}

const refundRequests = (intent: string) =>
  stripe.requests
    .filter((r) => r.path === '/v1/refunds' && r.params.payment_intent === intent)
    .map((r) => [Number(r.params.amount), r.idempotencyKey]);
const refund = (number: string, body: object) => call(admin, 'POST', `/admin/orders/${number}/refund`, body);

describe('refund_order through Stripe', () => {
  it('refunds the PaymentIntent, records it, and counts Stripe’s own charge.refunded events for it once', async () => {
    const buyer = await person(t.db);
    expect((await call(buyer, 'POST', '/webhooks', { url: 'https://hooks.example.com/r', events: ['order.refunded'] })).status).toBe(201);
    const { order, intent } = await paidThroughStripe(buyer, 4000);

    const partial = await refund(order.number, { amount_cents: 1500, reason: 'Part of it' });
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ status: 'paid', refunded_cents: 1500, payment: { provider: 'stripe', reference: intent } });
    expect(refundRequests(intent)).toEqual([[1500, `refund-${order.number}-0-1500`]]);
    // Stripe reports the refund we made: recorded already, not counted again.
    const reported = await deliver(t.url, stripe.event('charge.refunded', stripe.charge(intent, 4000, 1500)), SECRET);
    expect(reported.body.outcome).toBe('refund_recorded');
    expect((await call(buyer, 'GET', `/orders/${order.number}`)).body).toMatchObject({ status: 'paid', refunded_cents: 1500 });

    const rest = await refund(order.number, { reason: 'The rest' });
    expect(rest.body).toMatchObject({ status: 'refunded', refunded_cents: 4000 });
    expect(refundRequests(intent)).toEqual([
      [1500, `refund-${order.number}-0-1500`],
      [2500, `refund-${order.number}-1500-2500`],
    ]);
    await deliver(t.url, stripe.event('charge.refunded', stripe.charge(intent, 4000, 4000)), SECRET);
    expect((await call(buyer, 'GET', `/orders/${order.number}`)).body).toMatchObject({ status: 'refunded', refunded_cents: 4000 });
    expect(await t.db.query(`SELECT 1 FROM webhook_events WHERE type = 'order.refunded' AND account_id = $1`, [buyer.id])).toHaveLength(1);
    expect(await t.db.query('SELECT 1 FROM billboard_contributions WHERE order_number = $1', [order.number])).toEqual([]);
    const entries = await t.db.query<{ after: { refunded_cents: number } }>(
      `SELECT after FROM audit_log WHERE action = 'order.refund' AND target_id = $1 ORDER BY id`,
      [order.number],
    );
    expect(entries.map((e) => e.after.refunded_cents)).toEqual([1500, 4000]);
  });

  it('an order Stripe refunded in full (its own event) is 409', async () => {
    const buyer = await person(t.db);
    const { order, intent } = await paidThroughStripe(buyer, 2000);
    await deliver(t.url, stripe.event('charge.refunded', stripe.charge(intent, 2000, 2000)), SECRET);
    const again = await refund(order.number, { reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(refundRequests(intent)).toEqual([]);
  });

  it('Stripe down: 503 with Retry-After, nothing recorded; trying again is the same refund at Stripe', async () => {
    const buyer = await person(t.db);
    const { order, intent } = await paidThroughStripe(buyer, 3000);
    stripe.failRefunds = 1;
    const down = await refund(order.number, { amount_cents: 1000, reason: 'Down' });
    expect(down.status).toBe(503);
    expect(down.body.code).toBe('payment_provider_unavailable');
    expect((await call(buyer, 'GET', `/orders/${order.number}`)).body).toMatchObject({ status: 'paid', refunded_cents: 0 });
    expect(await t.db.query(`SELECT 1 FROM audit_log WHERE action = 'order.refund' AND target_id = $1`, [order.number])).toEqual([]);
    const retried = await refund(order.number, { amount_cents: 1000, reason: 'Up again' });
    expect(retried.body.refunded_cents).toBe(1000);
    const keys = refundRequests(intent).map(([, key]) => key);
    expect(keys).toEqual([`refund-${order.number}-0-1000`, `refund-${order.number}-0-1000`]);
  });
});
