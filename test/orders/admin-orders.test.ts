import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { caller, ownedListing, person, type Call, type Person } from '../listings/support.js';
import { staffPerson, type StaffPerson } from '../console/support.js';
import { paidTestOrder, PRODUCTS_SQL } from './support.js';

/**
 * The site team's orders over REST: who may call the operations (admins; editors and moderators 403
 * insufficient_role; people without the admin scope 403 insufficient_scope; anonymous 401), list_orders and its
 * filters, and refund_order on test-mode orders: partial, full (status, billboard ranking, order.refunded event,
 * audit entries), and the 409s.
 */
const clock = { now: new Date('2026-11-25T12:00:00Z') };
let t: TestApp;
let call: Call;
let admin: StaffPerson;
let editor: StaffPerson;
let moderator: StaffPerson;
let outsider: StaffPerson;

beforeAll(async () => {
  t = await startTestApp({ now: () => new Date(clock.now) });
  call = caller(t);
  await t.db.script(PRODUCTS_SQL);
  [admin, editor, moderator, outsider] = [
    await staffPerson(t.db, 'admin'),
    await staffPerson(t.db, 'editor'),
    await staffPerson(t.db, 'moderator'),
    await staffPerson(t.db, null),
  ];
}, 60_000);
afterAll(() => t?.close());

const OPERATIONS: [string, string, unknown][] = [
  ['GET', '/admin/orders', undefined],
  ['POST', '/admin/orders/LD-2026-999999/refund', { reason: 'a test' }],
  ['GET', '/admin/settings', undefined],
  ['PATCH', '/admin/settings', { site_name: 'Refused' }],
  ['PUT', '/admin/prices/launch', { price_cents: 1 }],
  ['PUT', '/admin/vat-rates/DE', { rate_percent: 1 }],
];

const audit = (action: string, targetId: string) =>
  t.db.query<{ actor: string; before: unknown; after: unknown; reason: string | null }>(
    'SELECT actor, before, after, reason FROM audit_log WHERE action = $1 AND target_id = $2 ORDER BY id',
    [action, targetId],
  );
const contributions = async (number: string) =>
  (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM billboard_contributions WHERE order_number = $1', [number]))!.n;
const onBillboard = async (slug: string) =>
  ((await call(null, 'GET', '/leaderboards/billboard?per_page=100')).body.items as { listing: { slug: string } }[]).some(
    (entry) => entry.listing.slug === slug,
  );

describe('who may call the orders and settings operations', () => {
  it.each(OPERATIONS)('%s %s: admins only', async (method, path, body) => {
    for (const who of [editor, moderator]) {
      const refused = await call(who, method, path, body);
      expect(refused.status, `${who.email}`).toBe(403);
      expect(refused.body.code).toBe('insufficient_role');
    }
    const outside = await call(outsider, method, path, body);
    expect(outside.status).toBe(403);
    expect(outside.body.code).toBe('insufficient_scope');
    expect((await call(null, method, path, body)).status).toBe(401);
    expect(await t.db.query(`SELECT 1 FROM audit_log WHERE actor = ANY($1)`, [[editor.email, moderator.email, outsider.email]])).toEqual(
      [],
    );
  });
});

describe('list_orders', () => {
  let buyer: Person;
  let other: Person;
  let paid: { number: string };
  let pending: { number: string };
  let slug: string;

  beforeAll(async () => {
    [buyer, other] = [await person(t.db), await person(t.db)];
    const listing = await ownedListing(t.db, buyer);
    slug = listing.slug;
    paid = await paidTestOrder(t, call, buyer, [{ product: 'launch', listing_id: listing.id }]);
    clock.now = new Date(clock.now.getTime() + 60_000);
    const otherListing = await ownedListing(t.db, other);
    pending = (await call(other, 'POST', '/orders/checkout', { items: [{ product: 'launch', listing_id: otherListing.id }] })).body;
    clock.now = new Date(clock.now.getTime() + 60_000);
  });

  it("lists every account's orders newest first, as get_order shows them, with the buyer and the payment", async () => {
    const listed = await call(admin, 'GET', '/admin/orders');
    expect(listed.status).toBe(200);
    const numbers = listed.body.items.map((o: { number: string }) => o.number);
    expect(numbers.indexOf(pending.number)).toBeLessThan(numbers.indexOf(paid.number));
    const mine = listed.body.items.find((o: { number: string }) => o.number === paid.number);
    const asBuyerSeesIt = (await call(buyer, 'GET', `/orders/${paid.number}`)).body;
    expect(mine).toEqual({
      ...asBuyerSeesIt,
      buyer_email: buyer.email,
      listings: [{ id: expect.any(Number), slug, name: expect.any(String) }],
      payment: { provider: 'test', reference: null, refunded_at: null },
    });
    expect(listed.body).toMatchObject({ page: 1, per_page: 20, total: listed.body.items.length, has_more: false });
  });

  it('filters by status, buyer, listing and creation time', async () => {
    const numbers = async (query: string) =>
      (await call(admin, 'GET', `/admin/orders?${query}`)).body.items.map((o: { number: string }) => o.number);
    expect(await numbers(`buyer=${encodeURIComponent(buyer.email.toUpperCase())}`)).toEqual([paid.number]);
    // An address of the buyer's mailbox finds the buyer's orders too (issue 52, item 3: one mailbox, one account).
    await t.db.query(`UPDATE accounts SET email = 'o.rder.buyer@gmail.com', email_canonical = 'orderbuyer@gmail.com' WHERE id = $1`, [
      buyer.id,
    ]);
    try {
      expect(await numbers(`buyer=${encodeURIComponent('OrderBuyer+admin@googlemail.com')}`)).toEqual([paid.number]);
      expect(await numbers(`buyer=${encodeURIComponent('orderbuyer@example.com')}`)).toEqual([]);
    } finally {
      await t.db.query('UPDATE accounts SET email = $2, email_canonical = $2 WHERE id = $1', [buyer.id, buyer.email]);
    }
    expect(await numbers(`listing=${slug}`)).toEqual([paid.number]);
    expect(await numbers(`status=pending&buyer=${encodeURIComponent(other.email)}`)).toEqual([pending.number]);
    expect(await numbers(`status=paid&buyer=${encodeURIComponent(other.email)}`)).toEqual([]);
    const createdPending = (await call(other, 'GET', `/orders/${pending.number}`)).body.created_at;
    expect(await numbers(`since=${encodeURIComponent(createdPending)}&buyer=${encodeURIComponent(other.email)}`)).toEqual([pending.number]);
    expect(await numbers(`until=${encodeURIComponent(createdPending)}&buyer=${encodeURIComponent(other.email)}`)).toEqual([]);
    // An offset from elsewhere is read as the instant it names; one beyond ±15:59 (no zone has it, and PostgreSQL
    // would not take it) is refused, naming the field.
    expect(await numbers(`since=${encodeURIComponent('2026-11-24T02:00:00-10:00')}&buyer=${encodeURIComponent(other.email)}`)).toEqual([
      pending.number,
    ]);
    const beyond = await call(admin, 'GET', `/admin/orders?since=${encodeURIComponent('2026-11-24T16:00:00-20:00')}`);
    expect(beyond.status).toBe(400);
    expect(beyond.body.errors.map((e: { path: string }) => e.path)).toEqual(['/since']);
    // An unpaid order past its expiry is listed as expired, as its buyer reads it.
    const later = clock.now;
    clock.now = new Date(later.getTime() + 25 * 3_600_000);
    try {
      expect(await numbers(`status=expired&buyer=${encodeURIComponent(other.email)}`)).toEqual([pending.number]);
      expect(await numbers(`status=pending&buyer=${encodeURIComponent(other.email)}`)).toEqual([]);
    } finally {
      clock.now = later;
    }
  });

  it('answers 400 naming every bad filter', async () => {
    const refused = await call(admin, 'GET', '/admin/orders?status=lost&since=yesterday&listing=Bad%20Slug&buyer=x');
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['/buyer', '/listing', '/since', '/status']);
  });
});

describe('refund_order on test-mode orders', () => {
  it('a partial refund is recorded; the rest refunds in full, off the billboard, with order.refunded and audit entries', async () => {
    const buyer = await person(t.db);
    const hook = await call(buyer, 'POST', '/webhooks', { url: 'https://hooks.example.com/refunds', events: ['order.refunded'] });
    expect(hook.status).toBe(201);
    const listing = await ownedListing(t.db, buyer, { status: 'live' });
    const order = await paidTestOrder(t, call, buyer, [{ product: 'billboard', listing_id: listing.id, amount: 5000 }]);
    expect(await onBillboard(listing.slug)).toBe(true);

    const partial = await call(admin, 'POST', `/admin/orders/${order.number}/refund`, { amount_cents: 1000, reason: 'Goodwill' });
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ number: order.number, status: 'paid', refunded_cents: 1000, buyer_email: buyer.email });
    expect(await onBillboard(listing.slug)).toBe(true);
    expect(await contributions(order.number)).toBe(1);

    const tooMuch = await call(admin, 'POST', `/admin/orders/${order.number}/refund`, { amount_cents: 4001, reason: 'Too much' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.detail).toContain('4000 cents left');

    const rest = await call(admin, 'POST', `/admin/orders/${order.number}/refund`, { reason: 'Asked for the rest back' });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({
      status: 'refunded',
      refunded_cents: 5000,
      payment: { provider: 'test', refunded_at: clock.now.toISOString() },
    });
    expect((await call(buyer, 'GET', `/orders/${order.number}`)).body).toMatchObject({ status: 'refunded', refunded_cents: 5000 });
    expect(await contributions(order.number)).toBe(0);
    expect(await onBillboard(listing.slug)).toBe(false);

    const events = await t.db.query<{ data: unknown }>(
      `SELECT data FROM webhook_events WHERE type = 'order.refunded' AND account_id = $1`,
      [buyer.id],
    );
    expect(events).toEqual([{ data: { order_number: order.number, refunded_cents: 5000, currency: 'usd' } }]);
    expect(await audit('order.refund', order.number)).toEqual([
      {
        actor: admin.email,
        before: { status: 'paid', refunded_cents: 0 },
        after: { status: 'paid', refunded_cents: 1000, amount_cents: 1000 },
        reason: 'Goodwill',
      },
      {
        actor: admin.email,
        before: { status: 'paid', refunded_cents: 1000 },
        after: { status: 'refunded', refunded_cents: 5000, amount_cents: 4000 },
        reason: 'Asked for the rest back',
      },
    ]);

    const again = await call(admin, 'POST', `/admin/orders/${order.number}/refund`, { reason: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain('refunded in full already');
    expect(await audit('order.refund', order.number)).toHaveLength(2);
  });

  it('a full refund by default; a launch stays published', async () => {
    const buyer = await person(t.db);
    const listing = await ownedListing(t.db, buyer);
    const order = await paidTestOrder(t, call, buyer, [{ product: 'launch', listing_id: listing.id }], 'DE');
    const refunded = await call(admin, 'POST', `/admin/orders/${order.number}/refund`, { reason: 'Duplicate purchase' });
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ status: 'refunded', refunded_cents: order.gross_cents });
    expect(order.gross_cents).toBe(4900 + 931); // with German VAT
    expect((await t.db.one<{ status: string }>('SELECT status FROM listings WHERE id = $1', [listing.id]))!.status).toBe('live');
  });

  it('409 for pending, expired and canceled orders; 404 for an unknown one; nothing recorded', async () => {
    const buyer = await person(t.db);
    const listing = await ownedListing(t.db, buyer);
    const body = { items: [{ product: 'launch', listing_id: listing.id }] };
    const first = (await call(buyer, 'POST', '/orders/checkout', body)).body;
    const second = (await call(buyer, 'POST', '/orders/checkout', body)).body; // cancels the first
    const refund = (number: string) => call(admin, 'POST', `/admin/orders/${number}/refund`, { reason: 'Test' });
    const canceled = await refund(first.number);
    expect(canceled.status).toBe(409);
    expect(canceled.body.detail).toContain('is canceled');
    const pending = await refund(second.number);
    expect([pending.status, pending.body.detail]).toEqual([409, expect.stringContaining('is pending')]);
    const later = clock.now;
    clock.now = new Date(later.getTime() + 25 * 3_600_000);
    try {
      const expired = await refund(second.number);
      expect([expired.status, expired.body.detail]).toEqual([409, expect.stringContaining('is expired')]);
    } finally {
      clock.now = later;
    }
    expect((await refund('LD-2026-999999')).status).toBe(404);
    expect(
      await t.db.query(`SELECT 1 FROM audit_log WHERE action = 'order.refund' AND target_id = ANY($1)`, [[first.number, second.number]]),
    ).toEqual([]);
  });

  it('the same Idempotency-Key makes one refund', async () => {
    const buyer = await person(t.db);
    const listing = await ownedListing(t.db, buyer, { status: 'live' });
    const order = await paidTestOrder(t, call, buyer, [{ product: 'billboard', listing_id: listing.id, amount: 3000 }]);
    const send = () =>
      fetch(`${t.url}/api/v1/admin/orders/${order.number}/refund`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.key}`, 'content-type': 'application/json', 'idempotency-key': `refund-${order.number}` },
        body: JSON.stringify({ amount_cents: 500, reason: 'Once' }),
      });
    const [a, b] = [await send(), await send()];
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await b.json()).refunded_cents).toBe(500);
    expect(await audit('order.refund', order.number)).toHaveLength(1);
  });
});
