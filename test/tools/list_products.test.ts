import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../tools/list_products.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { callTool, testServices, refusedPaths } from '../support/services.js';
import { expectContractUnchanged } from '../support/contract.js';

interface Option {
  name: string;
  type: string;
  required: boolean;
  minimum?: number;
  max_items?: number;
  format?: string;
}
interface Product {
  id: string;
  name: string;
  price_cents: number;
  currency: string;
  needs_listing: boolean;
  options: Option[];
}

/** What the site team set for this test; the tool must hand back exactly these values. */
const STORE = [
  { id: 'billboard', name: 'Billboard', price_cents: 2500, needs_listing: true, position: 2, active: true },
  { id: 'launch', name: 'Launch', price_cents: 4900, needs_listing: true, position: 1, active: true },
  { id: 'newsletter', name: 'Newsletter mention', price_cents: 9900, needs_listing: false, position: 3, active: true },
  { id: 'retired', name: 'Retired', price_cents: 100, needs_listing: true, position: 0, active: false },
];
const BILLBOARD_MINIMUM_CENTS = 1500;

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  for (const p of STORE) {
    await t.db.query(
      'INSERT INTO products (id, name, description, price_cents, needs_listing, position, active) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [p.id, p.name, `About ${p.name}`, p.price_cents, p.needs_listing, p.position, p.active],
    );
  }
  await t.db.query(`INSERT INTO site_settings (key, value) VALUES ('billboard_minimum_cents', $1::jsonb)`, [
    JSON.stringify(BILLBOARD_MINIMUM_CENTS),
  ]);
});
afterAll(() => t.drop());

const products = async () => ((await callTool(tool, testServices(t.db), {})) as unknown as { items: Product[] }).items;

describe('list_products', () => {
  it('lists the active products in the set order with the prices from the store', async () => {
    const items = await products();
    const active = STORE.filter((p) => p.active).sort((a, b) => a.position - b.position);
    expect(items.map((p) => p.id)).toEqual(active.map((p) => p.id));
    for (const stored of active) {
      expect(items.find((p) => p.id === stored.id)).toMatchObject({
        name: stored.name,
        description: `About ${stored.name}`,
        price_cents: stored.price_cents,
        currency: 'usd',
        needs_listing: stored.needs_listing,
      });
    }
  });

  it('follows a price change by the site team', async () => {
    const launch = STORE.find((p) => p.id === 'launch')!;
    const raised = launch.price_cents + 1000;
    await t.db.query("UPDATE products SET price_cents = $1 WHERE id = 'launch'", [raised]);
    try {
      expect((await products()).find((p) => p.id === 'launch')?.price_cents).toBe(raised);
    } finally {
      await t.db.query("UPDATE products SET price_cents = $1 WHERE id = 'launch'", [launch.price_cents]);
    }
  });

  it('says what an order item of each product needs', async () => {
    const byId = Object.fromEntries((await products()).map((p) => [p.id, p.options]));
    expect(byId.launch).toEqual([
      expect.objectContaining({ name: 'listing_id', type: 'integer', required: true }),
      expect.objectContaining({ name: 'week', type: 'string', format: 'date', required: false }),
      expect.objectContaining({ name: 'categories', type: 'array', max_items: 3, required: false }),
    ]);
    expect(byId.billboard).toEqual([
      expect.objectContaining({ name: 'listing_id', required: true }),
      expect.objectContaining({ name: 'amount', type: 'integer', required: true, minimum: BILLBOARD_MINIMUM_CENTS }),
    ]);
    expect(byId.newsletter).toEqual([]);
  });

  it("answers the seller's country from the site settings (DE unless set)", async () => {
    const seller = async () => ((await callTool(tool, testServices(t.db), {})) as { seller_country: string }).seller_country;
    expect(await seller()).toBe('DE');
    await t.db.query(`INSERT INTO site_settings (key, value) VALUES ('seller_country', '"IE"')`);
    expect(await seller()).toBe('IE');
  });

  it('refuses any input property', async () => {
    expect(await refusedPaths(tool, { product: 'launch' })).toEqual(['/product']);
  });

  it('keeps its public contract', async () => {
    await expectContractUnchanged(tool);
  });
});
