import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { deliver, FakeStripe } from '../support/fake-stripe.js';
import { TestBrowser } from '../support/browser.js';
import { signIn } from '../auth/pages/page-flows.js';
import { caller, ownedListing, person, type Call, type Person } from '../listings/support.js';

/**
 * Payments through Stripe Checkout against a loopback fake of the Stripe API: the checkout session made from the
 * order, signed webhook events (forged, replayed, concurrent, out of order), late payments of replaced orders
 * refunded, full refunds reversing the billboard, and the provider being down.
 */
const SECRET = 'whsec_test_secret_for_the_fake';
const clock = { now: new Date('2026-11-25T12:00:00Z') };
let t: TestApp;
let stripe: FakeStripe;
let call: Call;
let prices: { launch: number; minimum: number };

beforeAll(async () => {
  stripe = await new FakeStripe().start();
  t = await startTestApp({
    now: () => new Date(clock.now),
    env: {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_URL: stripe.url,
      STRIPE_PAYMENT_METHODS: 'card,paypal,crypto',
    },
  });
  call = caller(t);
  await t.db.script(`INSERT INTO products (id, name, description, price_cents, needs_listing, position) VALUES
      ('launch', 'Launch', 'A paid launch', 4900, true, 1), ('billboard', 'Billboard', 'A contribution', 0, true, 2)`);
  const launch = await t.db.one<{ p: number }>(`SELECT price_cents AS p FROM products WHERE id = 'launch'`);
  const minimum = await t.db.one<{ v: number }>(
    `SELECT coalesce((SELECT (value)::text::int FROM site_settings WHERE key = 'billboard_minimum_cents'), 1000) AS v`,
  );
  prices = { launch: launch!.p, minimum: minimum!.v };
}, 60_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const sessionOf = (checkoutUrl: string) => checkoutUrl.split('/').at(-1)!;
const order = async (who: Person, number: string) => (await call(who, 'GET', `/orders/${number}`)).body;
const listingStatus = async (id: number) =>
  (await t.db.one<{ status: string; plan: string }>('SELECT status, plan FROM listings WHERE id = $1', [id]))!;
const contributions = async (number: string) =>
  (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM billboard_contributions WHERE order_number = $1', [number]))!.n;

async function checkout(who: Person, items: unknown[]) {
  const answer = await call(who, 'POST', '/orders/checkout', { items, billing_country: 'US' });
  expect(answer.status).toBe(201);
  return answer.body;
}

describe('checkout through Stripe', () => {
  it('opens a Checkout session priced from the order, expiring with it, and answers its address', async () => {
    const owner = await person(t.db);
    const listing = await ownedListing(t.db, owner);
    const created = await checkout(owner, [
      { product: 'launch', listing_id: listing.id },
      { product: 'billboard', listing_id: listing.id, amount: prices.minimum },
    ]);
    expect(created.checkout_url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
    expect(created.next_step).toContain("the payment provider's page");
    expect(created.next_step).not.toMatch(/sign in/); // Stripe's page needs no account on this site
    const request = stripe.requests.find((r) => r.path === '/v1/checkout/sessions' && r.params.client_reference_id === created.number)!;
    expect(request.idempotencyKey).toBe(`checkout-${created.number}`);
    expect(request.params).toMatchObject({
      mode: 'payment',
      customer_email: owner.email,
      metadata: { order_number: created.number },
      success_url: `${t.url}/checkout/${created.number}?paid=1`,
      cancel_url: `${t.url}/checkout/${created.number}`,
      allowed_payment_method_types: ['card', 'paypal', 'crypto'],
    });
    const lines = request.params.line_items as { price_data: { unit_amount: string; currency: string } }[];
    expect(lines.map((l) => Number(l.price_data.unit_amount))).toEqual([prices.launch, prices.minimum]);
    expect(stripe.sessions.get(sessionOf(created.checkout_url))!.amount_total).toBe(created.gross_cents);
    // Stripe expires the session within its own bounds: about a day from now, not after the order.
    const expiresAt = Number(request.params.expires_at) * 1000;
    expect(expiresAt).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
    expect((await order(owner, created.number)).checkout_url).toBe(created.checkout_url);
  });

  it('a signed completed event pays and fulfils the order once; a replay and a concurrent copy change nothing', async () => {
    const owner = await person(t.db);
    const listing = await ownedListing(t.db, owner);
    const created = await checkout(owner, [
      { product: 'launch', listing_id: listing.id },
      { product: 'billboard', listing_id: listing.id, amount: prices.minimum },
    ]);
    const event = stripe.event('checkout.session.completed', stripe.paid(sessionOf(created.checkout_url)));
    const [first, concurrent] = await Promise.all([deliver(t.url, event, SECRET), deliver(t.url, event, SECRET)]);
    expect([first.status, concurrent.status]).toEqual([200, 200]);
    expect([first.body.outcome, concurrent.body.outcome].sort()).toEqual(['duplicate', 'paid']);
    const paid = await order(owner, created.number);
    expect(paid).toMatchObject({ status: 'paid', paid_at: clock.now.toISOString(), checkout_url: null, refunded_cents: 0 });
    expect(paid.lines.map((l: { fulfilled: boolean }) => l.fulfilled)).toEqual([true, true]);
    expect(await listingStatus(listing.id)).toEqual({ status: 'live', plan: 'paid' });
    const replay = await deliver(t.url, event, SECRET);
    expect(replay).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
    expect(await contributions(created.number)).toBe(1);
    const stored = await t.db.query<{ outcome: string }>('SELECT outcome FROM payment_events WHERE id = $1', [event.id]);
    expect(stored).toEqual([{ outcome: 'paid' }]);
  });

  it('refuses events that are not signed by Stripe for this endpoint (400) and changes nothing', async () => {
    const owner = await person(t.db);
    const listing = await ownedListing(t.db, owner);
    const created = await checkout(owner, [{ product: 'launch', listing_id: listing.id }]);
    const event = stripe.event('checkout.session.completed', stripe.paid(sessionOf(created.checkout_url)));
    const forged = await deliver(t.url, event, 'whsec_someone_else');
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ code: 'validation_failed', errors: [{ path: 'header/Stripe-Signature' }] });
    const unsigned = await fetch(`${t.url}/payments/stripe/events`, { method: 'POST', body: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);
    // A body altered after signing fails too.
    const payload = JSON.stringify(event);
    const { default: Stripe } = await import('stripe');
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const altered = await fetch(`${t.url}/payments/stripe/events`, {
      method: 'POST',
      headers: { 'stripe-signature': signature },
      body: payload.replace(String(created.gross_cents), '1'),
    });
    expect(altered.status).toBe(400);
    expect((await order(owner, created.number)).status).toBe('pending');
    expect(await t.db.query('SELECT id FROM payment_events WHERE id = $1', [event.id])).toEqual([]);
    expect((await fetch(`${t.url}/payments/stripe/events`)).status).toBe(405);
    expect((await deliver(t.url, event, 'whsec_someone_else')).status).toBe(400);
    // The endpoint's first address, /webhooks/stripe, is not served (the service was never released with it).
    expect(
      (await fetch(`${t.url}/webhooks/stripe`, { method: 'POST', headers: { 'stripe-signature': signature }, body: payload })).status,
    ).toBe(404);
  });

  it('out of order: completed after expired still pays (the money was taken); expired after completed leaves it paid', async () => {
    const owner = await person(t.db);
    const [a, b] = [await ownedListing(t.db, owner), await ownedListing(t.db, owner)];
    const first = await checkout(owner, [{ product: 'launch', listing_id: a.id }]);
    const session = sessionOf(first.checkout_url);
    expect((await deliver(t.url, stripe.event('checkout.session.expired', stripe.sessions.get(session)!), SECRET)).body.outcome).toBe(
      'expired',
    );
    expect((await order(owner, first.number)).status).toBe('expired');
    expect((await deliver(t.url, stripe.event('checkout.session.completed', stripe.paid(session)), SECRET)).body.outcome).toBe('paid');
    expect((await order(owner, first.number)).status).toBe('paid');
    expect(await listingStatus(a.id)).toEqual({ status: 'live', plan: 'paid' });

    const second = await checkout(owner, [{ product: 'launch', listing_id: b.id }]);
    const paidSession = stripe.paid(sessionOf(second.checkout_url));
    expect((await deliver(t.url, stripe.event('checkout.session.completed', paidSession), SECRET)).body.outcome).toBe('paid');
    expect((await deliver(t.url, stripe.event('checkout.session.expired', paidSession), SECRET)).body.outcome).toBe('not_pending');
    expect((await order(owner, second.number)).status).toBe('paid');
  });

  it('a delayed payment method completes unpaid and is paid by async_payment_succeeded; a wrong amount is never fulfilled', async () => {
    const owner = await person(t.db);
    const [a, b] = [await ownedListing(t.db, owner), await ownedListing(t.db, owner)];
    const slow = await checkout(owner, [{ product: 'launch', listing_id: a.id }]);
    const unpaid = stripe.paid(sessionOf(slow.checkout_url), 'unpaid');
    expect((await deliver(t.url, stripe.event('checkout.session.completed', unpaid), SECRET)).body.outcome).toBe('awaiting_payment');
    expect((await order(owner, slow.number)).status).toBe('pending');
    const settled = { ...unpaid, payment_status: 'paid' };
    expect((await deliver(t.url, stripe.event('checkout.session.async_payment_succeeded', settled), SECRET)).body.outcome).toBe('paid');
    expect(await listingStatus(a.id)).toEqual({ status: 'live', plan: 'paid' });

    const odd = await checkout(owner, [{ product: 'launch', listing_id: b.id }]);
    const cheap = { ...stripe.paid(sessionOf(odd.checkout_url)), amount_total: 100 };
    expect((await deliver(t.url, stripe.event('checkout.session.completed', cheap), SECRET)).body.outcome).toBe('amount_mismatch');
    expect((await order(owner, odd.number)).status).toBe('pending');
    expect(await listingStatus(b.id)).toEqual({ status: 'draft', plan: 'free' });
  });

  it('two checkouts racing for one listing: the replaced session is closed; paid anyway, the listing launches once and the rest is refunded', async () => {
    const owner = await person(t.db);
    const listing = await ownedListing(t.db, owner);
    const items = [{ product: 'launch', listing_id: listing.id }];
    const [x, y] = await Promise.all([checkout(owner, items), checkout(owner, items)]);
    const xStatus = (await order(owner, x.number)).status;
    expect([xStatus, (await order(owner, y.number)).status].sort()).toEqual(['canceled', 'pending']);
    const [canceled, pending] = xStatus === 'canceled' ? [x, y] : [y, x];
    expect(stripe.sessions.get(sessionOf(canceled.checkout_url))!.status).toBe('expired');
    expect(stripe.requests.some((r) => r.path === `/v1/checkout/sessions/${sessionOf(canceled.checkout_url)}/expire`)).toBe(true);

    // Suppose the person paid the replaced one in the instant before it was closed, and then the new one too.
    const late = stripe.paid(sessionOf(canceled.checkout_url));
    const lateIntent = late.payment_intent!;
    expect((await deliver(t.url, stripe.event('checkout.session.completed', late), SECRET)).body.outcome).toBe('paid');
    expect(await listingStatus(listing.id)).toEqual({ status: 'live', plan: 'paid' });
    const current = stripe.paid(sessionOf(pending.checkout_url));
    expect((await deliver(t.url, stripe.event('checkout.session.completed', current), SECRET)).body.outcome).toBe('paid');
    const second = await order(owner, pending.number);
    expect(second.lines[0].fulfilled).toBe(false);
    const refunds = stripe.requests.filter((r) => r.path === '/v1/refunds');
    expect(refunds.map((r) => [r.params.payment_intent, Number(r.params.amount), r.idempotencyKey])).toEqual([
      [current.payment_intent, pending.gross_cents, `unfulfilled-${pending.number}`],
    ]);
    expect(refunds.some((r) => r.params.payment_intent === lateIntent)).toBe(false);
    // Stripe then reports the refund: recorded, the order stays paid (what was fulfilled stays), here nothing.
    const refunded = stripe.event('charge.refunded', stripe.charge(current.payment_intent!, pending.gross_cents, pending.gross_cents));
    expect((await deliver(t.url, refunded, SECRET)).body.outcome).toBe('refund_recorded');
    expect(await order(owner, pending.number)).toMatchObject({ status: 'refunded', refunded_cents: pending.gross_cents });
    expect(await listingStatus(listing.id)).toEqual({ status: 'live', plan: 'paid' });
  });

  it('a refund: partial is recorded; full turns the order refunded and takes its billboard money off the ranking', async () => {
    const owner = await person(t.db);
    const listing = await ownedListing(t.db, owner, { status: 'live' });
    const created = await checkout(owner, [{ product: 'billboard', listing_id: listing.id, amount: prices.minimum + 500 }]);
    const session = stripe.paid(sessionOf(created.checkout_url));
    await deliver(t.url, stripe.event('checkout.session.completed', session), SECRET);
    expect(await contributions(created.number)).toBe(1);
    const intent = session.payment_intent!;
    await deliver(t.url, stripe.event('charge.refunded', stripe.charge(intent, created.gross_cents, 500)), SECRET);
    expect(await order(owner, created.number)).toMatchObject({ status: 'paid', refunded_cents: 500 });
    expect(await contributions(created.number)).toBe(1);
    await deliver(t.url, stripe.event('charge.refunded', stripe.charge(intent, created.gross_cents, created.gross_cents)), SECRET);
    expect(await order(owner, created.number)).toMatchObject({ status: 'refunded', refunded_cents: created.gross_cents });
    expect(await contributions(created.number)).toBe(0);
    const board = await call(null, 'GET', '/leaderboards/billboard');
    expect(board.status).toBe(200);
    expect(JSON.stringify(board.body)).not.toContain(`"${listing.slug}"`);
    // An event for a payment the service does not know is stored and ignored.
    expect((await deliver(t.url, stripe.event('charge.refunded', stripe.charge('pi_unknown', 100, 100)), SECRET)).body.outcome).toBe(
      'unknown_order',
    );
    expect((await deliver(t.url, stripe.event('customer.created', { id: 'cus_1' }), SECRET)).body.outcome).toBe('ignored');
  });

  it('Stripe down: 503 with Retry-After, nothing saved, and the pending order it would have replaced stays payable', async () => {
    const owner = await person(t.db);
    const listing = await ownedListing(t.db, owner);
    const earlier = await checkout(owner, [{ product: 'launch', listing_id: listing.id }]);
    stripe.failCreates = 1;
    const response = await fetch(`${t.url}/api/v1/orders/checkout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.key}`, 'content-type': 'application/json', 'idempotency-key': 'stripe-down-1' },
      body: JSON.stringify({ items: [{ product: 'launch', listing_id: listing.id }] }),
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('30');
    expect(await response.json()).toMatchObject({ code: 'payment_provider_unavailable' });
    const orders = (await call(owner, 'GET', '/orders')).body.items;
    expect(orders.map((o: { number: string; status: string }) => [o.number, o.status])).toEqual([[earlier.number, 'pending']]);
    expect(stripe.sessions.get(sessionOf(earlier.checkout_url))!.status).toBe('open');
    // The same key again is tried afresh (a 503 is not kept), and now succeeds.
    const retry = await fetch(`${t.url}/api/v1/orders/checkout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.key}`, 'content-type': 'application/json', 'idempotency-key': 'stripe-down-1' },
      body: JSON.stringify({ items: [{ product: 'launch', listing_id: listing.id }] }),
    });
    expect(retry.status).toBe(201);
  });

  it('the order page links to Stripe and has no test-mode button; posting to it pays nothing', async () => {
    const owner = await person(t.db);
    const listing = await ownedListing(t.db, owner);
    const created = await checkout(owner, [{ product: 'launch', listing_id: listing.id }]);
    const browser = new TestBrowser();
    expect((await signIn(t, browser, owner.email)).status).toBe(303);
    const page = await browser.get(`${t.url}/checkout/${created.number}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('Test mode');
    expect(page.text).toContain(`href="${created.checkout_url}"`);
    const back = await browser.get(`${t.url}/checkout/${created.number}?paid=1`);
    expect(back.text).toContain('being confirmed');
    const csrf = (await browser.get(`${t.url}/signin`)).field('csrf');
    const post = await browser.post(`${t.url}/checkout/${created.number}`, { csrf });
    expect(post.status).toBe(409);
    expect((await order(owner, created.number)).status).toBe('pending');
  });
});
