import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { insertCategory } from '../support/fixtures.js';
import { caller, ownedListing, person, type Call, type Person } from '../listings/support.js';
import { PRODUCTS_SQL } from './support.js';

/**
 * VAT an assistant can explain, through the REST API: the seller's country in get_site_info and list_products,
 * the reason of each quote line's VAT (kept on the saved order and read back by get_order and list_my_orders),
 * and extra categories named by slug or by name.
 */
const clock = { now: new Date('2026-11-25T12:00:00Z') };
let t: TestApp;
let call: Call;
let buyer: Person;

beforeAll(async () => {
  t = await startTestApp({ now: () => new Date(clock.now) });
  call = caller(t);
  await t.db.script(PRODUCTS_SQL);
  buyer = await person(t.db);
}, 60_000);
afterAll(() => t?.close());

const setSeller = (country: string) =>
  t.db.query(
    `INSERT INTO site_settings (key, value) VALUES ('seller_country', $1::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [JSON.stringify(country)],
  );

describe('seller_country', () => {
  it('GET /site and GET /products answer the seller country the site team set', async () => {
    for (const path of ['/site', '/products']) {
      const answer = await call(null, 'GET', path);
      expect({ path, status: answer.status, seller: answer.body.seller_country }).toEqual({ path, status: 200, seller: 'DE' });
    }
    await setSeller('AT');
    try {
      expect((await call(null, 'GET', '/site')).body.seller_country).toBe('AT');
      expect((await call(null, 'GET', '/products')).body.seller_country).toBe('AT');
    } finally {
      await setSeller('DE');
    }
  });
});

describe('the reason of the VAT (seller in DE)', () => {
  it('POST /orders/quote: domestic, reverse_charge, eu_consumer and outside_eu', async () => {
    const listing = await ownedListing(t.db, buyer);
    const cases = [
      [{ billing_country: 'DE', vat_number: 'DE136695976' }, 'domestic', 19, 931], // 4900 × 19% = 931
      [{ billing_country: 'FR', vat_number: 'FR40303265045' }, 'reverse_charge', 0, 0],
      [{ billing_country: 'FR' }, 'eu_consumer', 20, 980],
      [{ billing_country: 'US' }, 'outside_eu', 0, 0],
    ] as const;
    for (const [body, reason, rate, vat] of cases) {
      const q = await call(buyer, 'POST', '/orders/quote', { items: [{ product: 'launch', listing_id: listing.id }], ...body });
      expect(q.status).toBe(200);
      expect({
        body,
        reason: q.body.vat.reason,
        line: q.body.lines[0].vat_reason,
        rate: q.body.vat.rate_percent,
        vat: q.body.vat_cents,
      }).toEqual({
        body,
        reason,
        line: reason,
        rate,
        vat,
      });
    }
  });

  it('is saved with the order and read back by get_order and list_my_orders', async () => {
    const listing = await ownedListing(t.db, buyer);
    const created = await call(buyer, 'POST', '/orders/checkout', {
      items: [
        { product: 'launch', listing_id: listing.id },
        { product: 'billboard', listing_id: listing.id, amount: 2000 },
      ],
      billing_country: 'DE',
      vat_number: 'DE 136 695 976',
    });
    expect(created.status).toBe(201);
    expect(created.body.vat).toMatchObject({ reason: 'domestic', rate_percent: 19 });
    expect(created.body.lines.map((l: { vat_reason: string }) => l.vat_reason)).toEqual(['domestic', 'domestic']);
    await setSeller('FR'); // a later change of the seller's country does not rewrite a saved order
    try {
      const read = (await call(buyer, 'GET', `/orders/${created.body.number}`)).body;
      expect(read.vat.reason).toBe('domestic');
      expect(read.lines.map((l: { vat_reason: string }) => l.vat_reason)).toEqual(['domestic', 'domestic']);
      const listed = (await call(buyer, 'GET', '/orders')).body.items.find((o: { number: string }) => o.number === created.body.number);
      expect(listed.vat.reason).toBe('domestic');
      expect(listed.lines[1].vat_reason).toBe('domestic');
    } finally {
      await setSeller('DE');
    }
  });

  it('reads an order saved before reasons with what its treatment tells for sure', async () => {
    const saved = async (vat: Record<string, unknown>) => {
      const listing = await ownedListing(t.db, buyer);
      const created = await call(buyer, 'POST', '/orders/checkout', {
        items: [{ product: 'launch', listing_id: listing.id }],
        billing_country: 'US',
      });
      expect(created.status).toBe(201);
      await t.db.query('UPDATE orders SET vat = $2::jsonb WHERE number = $1', [created.body.number, JSON.stringify(vat)]);
      return (await call(buyer, 'GET', `/orders/${created.body.number}`)).body;
    };
    const old = { vat_number: null, note: 'as saved' };
    const reverse = await saved({ ...old, country: 'FR', rate_percent: 0, reverse_charge: true });
    expect([reverse.vat.reason, reverse.lines[0].vat_reason]).toEqual(['reverse_charge', 'reverse_charge']);
    expect((await saved({ ...old, country: 'US', rate_percent: 0, reverse_charge: false })).vat.reason).toBe('outside_eu');
    expect((await saved({ ...old, country: null, rate_percent: 0, reverse_charge: false })).vat.reason).toBeNull();
    const business = { value: 'DE136695976', valid: true, checked: 'offline' };
    expect((await saved({ ...old, country: 'DE', rate_percent: 19, reverse_charge: false, vat_number: business })).vat.reason).toBe(
      'domestic',
    );
    // A consumer charged VAT was domestic or eu_consumer, as the seller's country was then: not known.
    expect((await saved({ ...old, country: 'FR', rate_percent: 20, reverse_charge: false })).vat.reason).toBeNull();
  });
});

describe('extra categories by slug or name', () => {
  it('quote and checkout take either, answer slugs, and refuse an unknown name at its path', async () => {
    const primary = await insertCategory(t.db, { slug: 'vat-primary', name: 'VAT primary' });
    await insertCategory(t.db, { slug: 'vat-analytics', name: 'Web Analytics' });
    await insertCategory(t.db, { slug: 'vat-crm', name: 'CRM tools' });
    const listing = await ownedListing(t.db, buyer, { category_id: primary });
    const items = (categories: string[]) => [{ product: 'launch', listing_id: listing.id, categories }];

    const quoted = await call(buyer, 'POST', '/orders/quote', { items: items(['web analytics', 'vat-crm']) });
    expect(quoted.status).toBe(200);
    expect(quoted.body.lines[0].categories).toEqual(['vat-analytics', 'vat-crm']);

    const unknown = await call(buyer, 'POST', '/orders/quote', { items: items(['vat-crm', 'Project management']) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      { path: '/items/0/categories/1', message: expect.stringMatching(/No category "Project management"/) },
    ]);
    const primaryByName = await call(buyer, 'POST', '/orders/quote', { items: items(['vat primary']) });
    expect(primaryByName.body.errors).toEqual([{ path: '/items/0/categories/0', message: expect.stringMatching(/primary category/) }]);

    const checkout = await call(buyer, 'POST', '/orders/checkout', { items: items(['CRM Tools']), billing_country: 'US' });
    expect(checkout.status).toBe(201);
    expect(checkout.body.lines[0].categories).toEqual(['vat-crm']);
    const refused = await call(buyer, 'POST', '/orders/checkout', { items: items(['No such category']), billing_country: 'US' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e: { path: string }) => e.path)).toEqual(['/items/0/categories/0']);
  });
});
