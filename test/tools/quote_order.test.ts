import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../tools/quote_order.js';
import { invokeTool } from '../../src/registry/invoke.js';
import type { ProblemError } from '../../src/errors.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { testServices } from '../support/services.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { makeAccount } from '../support/oauth.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly } from '../support/services.js';

/** Wednesday 25 November 2026, noon UTC: this week began on Monday the 23rd. */
const NOW = new Date('2026-11-25T12:00:00Z');
let t: TestDatabase;
let account: string;
let draft: number;
let live: number;
let paid: number;
let foreign: number;
let primary: string;
let launchPrice: number;

beforeAll(async () => {
  t = await createTestDatabase();
  // What the site team set for this test (prices are read back from the store, never assumed).
  await t.db.script(`INSERT INTO products (id, name, description, price_cents, needs_listing, position) VALUES
      ('launch', 'Launch', 'A paid launch', 4999, true, 1),
      ('billboard', 'Billboard', 'A billboard contribution', 0, true, 2),
      ('newsletter', 'Newsletter mention', 'A mention', 1050, false, 3);
    INSERT INTO vat_rates (country, rate_basis_points, eu) VALUES ('DE', 1900, true), ('FR', 2000, true), ('IT', 2200, true)
    ON CONFLICT (country) DO UPDATE SET rate_basis_points = EXCLUDED.rate_basis_points, eu = EXCLUDED.eu`);
  launchPrice = (await t.db.one<{ p: number }>(`SELECT price_cents AS p FROM products WHERE id = 'launch'`))!.p;
  account = (await makeAccount(t.db)).id;
  const other = (await makeAccount(t.db)).id;
  const category = await insertCategory(t.db, { slug: 'quote-primary', name: 'Primary' });
  await insertCategory(t.db, { slug: 'quote-extra', name: 'Extra' });
  await insertCategory(t.db, { slug: 'quote-extra-2', name: 'Extra 2' });
  primary = 'quote-primary';
  const own = async (status: 'draft' | 'live', plan: 'free' | 'paid', owner = account) => {
    const id = await insertListing(t.db, { category_id: category, status, plan });
    await t.db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2::uuid)', [id, owner]);
    return id;
  };
  draft = await own('draft', 'free');
  live = await own('live', 'free');
  paid = await own('draft', 'paid');
  foreign = await own('draft', 'free', other);
});
afterAll(() => t?.drop());

const caller = () => ({
  accountId: account,
  scopes: ['orders:write'] as const,
  credential: { kind: 'api_key' as const, keyId: 'k', name: 'n', prefix: 'ldk_x' },
});
const quote = async (input: unknown) =>
  (await invokeTool(tool, input, { services: testServices(t.db, () => NOW), caller: caller(), requestId: 't' })).result as Record<
    string,
    any
  >;
const refusal = async (input: unknown): Promise<ProblemError> => {
  try {
    await quote(input);
  } catch (error) {
    return error as ProblemError;
  }
  throw new Error('quoted, but was expected to fail');
};

describe('quote_order: VAT', () => {
  it('a German consumer pays German VAT on every line, rounded per line half up, and the totals add up', async () => {
    const q = await quote({
      items: [
        { product: 'launch', listing_id: draft },
        { product: 'billboard', listing_id: draft, amount: 1050 },
        { product: 'newsletter' },
      ],
      billing_country: 'de',
    });
    // 4999 × 19% = 949.81 → 950; 1050 × 19% = 199.5 → 200 (half up); the newsletter is 1050 in the store too.
    expect(q.lines.map((l: any) => [l.product, l.net_cents, l.vat_cents, l.gross_cents])).toEqual([
      ['launch', launchPrice, 950, launchPrice + 950],
      ['billboard', 1050, 200, 1250],
      ['newsletter', 1050, 200, 1250],
    ]);
    expect(q).toMatchObject({ currency: 'usd', net_cents: launchPrice + 2100, vat_cents: 1350, gross_cents: launchPrice + 2100 + 1350 });
    expect(q.vat).toMatchObject({ country: 'DE', rate_percent: 19, reverse_charge: false, reason: 'domestic', vat_number: null });
    expect(q.lines.map((l: any) => l.vat_reason)).toEqual(['domestic', 'domestic', 'domestic']);
  });

  it('rounds each of many lines on its own, and the totals are their exact sums', async () => {
    const amounts = Array.from({ length: 19 }, (_, i) => 1001 + i * 37);
    const q = await quote({ items: amounts.map((amount) => ({ product: 'billboard', listing_id: draft, amount })), billing_country: 'IT' });
    const expected = amounts.map((net) => {
      const exact = (net * 22) / 100;
      return Math.floor(exact) + (exact - Math.floor(exact) >= 0.5 ? 1 : 0);
    });
    expect(q.lines.map((l: any) => l.vat_cents)).toEqual(expected);
    expect(q.vat_cents).toBe(expected.reduce((a, b) => a + b, 0));
    expect(q.gross_cents).toBe(q.net_cents + q.vat_cents);
    expect(q.net_cents).toBe(amounts.reduce((a, b) => a + b, 0));
  });

  it('a French business with a valid VAT number is reverse charged at 0%; an invalid number is a 400', async () => {
    const q = await quote({ items: [{ product: 'launch', listing_id: draft }], billing_country: 'FR', vat_number: 'FR 40 303 265 045' });
    expect(q).toMatchObject({ vat_cents: 0, gross_cents: launchPrice });
    expect(q.vat).toMatchObject({
      country: 'FR',
      rate_percent: 0,
      reverse_charge: true,
      vat_number: { value: 'FR40303265045', valid: true, checked: 'offline' },
    });
    expect(q.vat.note).toMatch(/Reverse charge/);
    const invalid = await refusal({
      items: [{ product: 'launch', listing_id: draft }],
      billing_country: 'FR',
      vat_number: 'FR00303265045',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.errors).toEqual([{ path: '/vat_number', message: expect.stringMatching(/not a valid VAT number/) }]);
    const elsewhere = await refusal({
      items: [{ product: 'launch', listing_id: draft }],
      billing_country: 'DE',
      vat_number: 'FR40303265045',
    });
    expect(elsewhere.errors).toEqual([{ path: '/vat_number', message: expect.stringMatching(/of FR, but billing_country is DE/) }]);
  });

  it('a US buyer pays no VAT, and without a billing country the quote says VAT is left out', async () => {
    const us = await quote({ items: [{ product: 'launch', listing_id: draft }], billing_country: 'US' });
    expect(us).toMatchObject({ vat_cents: 0, gross_cents: launchPrice, vat: { country: 'US', reverse_charge: false } });
    expect(us.vat.note).toMatch(/outside the EU/);
    const none = await quote({ items: [{ product: 'launch', listing_id: draft }] });
    expect(none.vat).toMatchObject({ country: null, rate_percent: 0 });
    expect(none.vat.note).toMatch(/give billing_country/);
  });

  it('every database starts with the EU standard rates: a Swedish consumer pays 25%', async () => {
    const q = await quote({ items: [{ product: 'launch', listing_id: draft }], billing_country: 'SE' });
    expect(q).toMatchObject({ vat_cents: Math.floor((launchPrice * 2500 + 5000) / 10000), vat: { country: 'SE', rate_percent: 25 } });
  });

  it('an EU country without a stored rate is a 400, not a silent 0%', async () => {
    await t.db.query(`DELETE FROM vat_rates WHERE country = 'AT'`); // every database starts with the EU rates (migration 0015)
    const problem = await refusal({ items: [{ product: 'launch', listing_id: draft }], billing_country: 'AT' });
    expect(problem.errors).toEqual([{ path: '/billing_country', message: expect.stringMatching(/No VAT rate is set for AT/) }]);
  });
});

describe('quote_order: why the VAT is what it is (vat_reason), the seller being in DE', () => {
  const launch = (extra: Record<string, unknown>) => quote({ items: [{ product: 'launch', listing_id: draft }], ...extra });
  const reasonOf = (q: Record<string, any>) => ({
    reason: q.vat.reason,
    lines: q.lines.map((l: any) => l.vat_reason),
    rate: q.vat.rate_percent,
    vat: q.vat_cents,
  });
  const setSeller = (country: string) =>
    t.db.query(
      `INSERT INTO site_settings (key, value) VALUES ('seller_country', $1::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [JSON.stringify(country)],
    );
  const vatAt = (basisPoints: number) => Math.floor((launchPrice * basisPoints + 5000) / 10000);

  it('a German business with a VAT number pays German VAT: domestic, 19%', async () => {
    const q = await launch({ billing_country: 'DE', vat_number: 'DE136695976' });
    expect(reasonOf(q)).toEqual({ reason: 'domestic', lines: ['domestic'], rate: 19, vat: vatAt(1900) });
    expect(q.vat).toMatchObject({ reverse_charge: false, vat_number: { value: 'DE136695976', valid: true } });
    expect(q.vat.note).toMatch(/seller's country/);
  });

  it('a French business with a VAT number is reverse charged at 0%', async () => {
    const q = await launch({ billing_country: 'FR', vat_number: 'FR40303265045' });
    expect(reasonOf(q)).toEqual({ reason: 'reverse_charge', lines: ['reverse_charge'], rate: 0, vat: 0 });
  });

  it("a French consumer pays France's rate: eu_consumer, 20%", async () => {
    const q = await launch({ billing_country: 'FR' });
    expect(reasonOf(q)).toEqual({ reason: 'eu_consumer', lines: ['eu_consumer'], rate: 20, vat: vatAt(2000) });
  });

  it('a US buyer pays none: outside_eu; without a billing country the reason is null', async () => {
    expect(reasonOf(await launch({ billing_country: 'US' }))).toEqual({ reason: 'outside_eu', lines: ['outside_eu'], rate: 0, vat: 0 });
    expect(reasonOf(await launch({}))).toEqual({ reason: null, lines: [null], rate: 0, vat: 0 });
  });

  it("follows the seller_country setting: with the seller in FR, the French business pays France's VAT and the German one none", async () => {
    await setSeller('FR');
    try {
      expect(reasonOf(await launch({ billing_country: 'FR', vat_number: 'FR40303265045' }))).toEqual({
        reason: 'domestic',
        lines: ['domestic'],
        rate: 20,
        vat: vatAt(2000),
      });
      expect(reasonOf(await launch({ billing_country: 'DE', vat_number: 'DE136695976' }))).toMatchObject({
        reason: 'reverse_charge',
        vat: 0,
      });
      expect(reasonOf(await launch({ billing_country: 'DE' }))).toMatchObject({ reason: 'eu_consumer', rate: 19 });
    } finally {
      await setSeller('DE');
    }
  });

  it("a seller outside the EU charges its own country's stored rate at home, and EU rules elsewhere", async () => {
    await t.db.query(`INSERT INTO vat_rates (country, rate_basis_points, eu) VALUES ('GB', 2000, false) ON CONFLICT (country) DO NOTHING`);
    await setSeller('GB');
    try {
      expect(reasonOf(await launch({ billing_country: 'GB' }))).toEqual({
        reason: 'domestic',
        lines: ['domestic'],
        rate: 20,
        vat: vatAt(2000),
      });
      expect(reasonOf(await launch({ billing_country: 'DE' }))).toMatchObject({ reason: 'eu_consumer', rate: 19 });
      expect(reasonOf(await launch({ billing_country: 'FR', vat_number: 'FR40303265045' }))).toMatchObject({
        reason: 'reverse_charge',
        vat: 0,
      });
      expect(reasonOf(await launch({ billing_country: 'US' }))).toMatchObject({ reason: 'outside_eu', vat: 0 });
      await setSeller('JP'); // no rate stored for the seller's own non-EU country: none charged
      expect(reasonOf(await launch({ billing_country: 'JP' }))).toEqual({ reason: 'domestic', lines: ['domestic'], rate: 0, vat: 0 });
    } finally {
      await setSeller('DE');
    }
  });
});

describe('quote_order: VAT numbers asked of VIES (VIES_URL)', () => {
  /** A loopback VIES: knows FR40303265045, not FR83404833048; answers 500 while `failing`. */
  let vies: http.Server;
  let viesUrl: string;
  let failing = false;
  const asked: unknown[] = [];
  beforeAll(async () => {
    vies = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        const question = JSON.parse(body) as { countryCode: string; vatNumber: string };
        asked.push({ path: req.url, ...question });
        if (failing) return void res.writeHead(500).end();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ...question, valid: question.vatNumber === '40303265045', name: '---' }));
      });
    });
    await new Promise<void>((resolve) => vies.listen(0, '127.0.0.1', resolve));
    viesUrl = `http://127.0.0.1:${(vies.address() as AddressInfo).port}/rest-api`;
  });
  afterAll(() => new Promise<void>((resolve) => vies.close(() => resolve())));

  const quoteWith = async (url: string, input: unknown) => {
    const services = testServices(t.db, () => NOW);
    return invokeTool(tool, input, {
      services: { ...services, config: { ...services.config, viesUrl: url } },
      caller: caller(),
      requestId: 't',
    });
  };
  const business = (vat_number: string) => ({ items: [{ product: 'launch', listing_id: draft }], billing_country: 'FR', vat_number });

  it('says when VIES confirmed the number, and refuses one VIES does not know', async () => {
    const confirmed = (await quoteWith(viesUrl, business('FR40303265045'))).result as Record<string, any>;
    expect(confirmed.vat).toMatchObject({ reverse_charge: true, vat_number: { value: 'FR40303265045', checked: 'vies' } });
    expect(confirmed.vat.note).not.toMatch(/offline/);
    expect(asked.at(-1)).toEqual({ path: '/rest-api/check-vat-number', countryCode: 'FR', vatNumber: '40303265045' });
    const unknown = await quoteWith(viesUrl, business('FR83404833048')).catch((error: ProblemError) => error);
    expect(unknown).toMatchObject({ status: 400, errors: [{ path: '/vat_number', message: expect.stringMatching(/VIES/) }] });
  });

  it('counts the number as checked offline only when VIES fails or cannot be reached', async () => {
    failing = true;
    const failed = (await quoteWith(viesUrl, business('FR83404833048'))).result as Record<string, any>;
    failing = false;
    expect(failed.vat).toMatchObject({ reverse_charge: true, vat_number: { checked: 'offline' } });
    expect(failed.vat.note).toMatch(/checked offline only/);
    const closed = (await quoteWith('http://127.0.0.1:9/rest-api', business('FR40303265045'))).result as Record<string, any>;
    expect(closed.vat.vat_number.checked).toBe('offline');
  });
});

describe('quote_order: items', () => {
  it('snaps a launch week to its Monday and lists the extra categories', async () => {
    const q = await quote({ items: [{ product: 'launch', listing_id: draft, week: '2026-12-03', categories: ['quote-extra'] }] });
    expect(q.lines[0]).toMatchObject({ week: '2026-11-30', categories: ['quote-extra'], listing_id: draft });
    const thisWeek = await quote({ items: [{ product: 'launch', listing_id: draft, week: '2026-11-23' }] });
    expect(thisWeek.lines[0].week).toBe('2026-11-23');
  });

  it('takes each extra category by slug or by name in any case, and answers slugs', async () => {
    const q = await quote({ items: [{ product: 'launch', listing_id: draft, categories: ['EXTRA', ' quote-extra-2 '] }] });
    expect(q.lines[0].categories).toEqual(['quote-extra', 'quote-extra-2']);
    const problem = await refusal({
      items: [{ product: 'launch', listing_id: draft, categories: ['Extra 2', 'No such name', 'primary'] }],
    });
    expect(problem.status).toBe(400);
    expect(problem.errors).toEqual([
      { path: '/items/0/categories/1', message: expect.stringMatching(/No category "No such name"/) },
      { path: '/items/0/categories/2', message: expect.stringMatching(/quote-primary is the listing's primary category/) },
    ]);
    const twice = await refusal({ items: [{ product: 'launch', listing_id: draft, categories: ['quote-extra', 'Extra'] }] });
    expect(twice.errors).toEqual([{ path: '/items/0/categories/1', message: 'quote-extra is named twice' }]);
  });

  it('names every problem of every item at once', async () => {
    const problem = await refusal({
      items: [
        { product: 'rocket' },
        { product: 'launch' },
        { product: 'launch', listing_id: live },
        { product: 'launch', listing_id: paid },
        {
          product: 'launch',
          listing_id: draft,
          week: '2026-11-16',
          categories: ['no-such-category', primary, 'quote-extra'],
        },
        { product: 'launch', listing_id: draft, week: '2026-02-30', categories: ['quote-extra-2', 'quote-extra-2'] },
        { product: 'billboard', listing_id: draft, amount: 999, week: '2026-12-07' },
        { product: 'billboard', listing_id: draft },
        { product: 'newsletter', listing_id: draft },
      ],
    });
    expect(problem.status).toBe(400);
    expect(problem.errors!.map((e) => e.path)).toEqual([
      '/items/0/product',
      '/items/1/listing_id',
      '/items/2/listing_id',
      '/items/3/listing_id',
      '/items/4/week',
      '/items/4/categories/0',
      '/items/4/categories/1',
      '/items/5/listing_id',
      '/items/5/week',
      '/items/5/categories/1',
      '/items/6/week',
      '/items/6/amount',
      '/items/7/amount',
      '/items/8/listing_id',
    ]);
    const message = (path: string) => problem.errors!.find((e) => e.path === path)!.message;
    expect(message('/items/2/listing_id')).toMatch(/already live/);
    expect(message('/items/3/listing_id')).toMatch(/already paid/);
    expect(message('/items/4/week')).toMatch(/past/);
    expect(message('/items/4/categories/1')).toMatch(/primary/);
    expect(message('/items/4/categories/0')).toMatch(/No category "no-such-category"/);
    expect(message('/items/5/categories/1')).toMatch(/twice/);
    expect(message('/items/5/week')).toMatch(/Not a date/);
    expect(message('/items/5/listing_id')).toMatch(/already launches/);
    expect(message('/items/6/amount')).toMatch(/at least 1000/);
  });

  it('answers 404 for another account’s listing, and 400 for a malformed body', async () => {
    const problem = await refusal({ items: [{ product: 'launch', listing_id: foreign }] });
    expect(problem.status).toBe(404);
    for (const [input, paths] of [
      [{ items: [] }, ['/items']],
      [{}, ['/items']],
      [{ items: [{ product: 'launch', listing_id: 0 }] }, ['/items/0/listing_id']],
      [{ items: [{ product: 'launch', week: 'soon' }] }, ['/items/0/week']],
      [{ items: [{ product: 'launch', categories: ['a', 'b', 'c', 'd'] }] }, ['/items/0/categories']],
      [{ items: [{ product: 'launch', categories: ['a', ' '] }] }, ['/items/0/categories/1']],
      [{ items: [{ product: 'launch', categories: ['x'.repeat(221)] }] }, ['/items/0/categories/0']],
      [{ items: [{ product: 'billboard', amount: 10.5 }] }, ['/items/0/amount']],
      [{ items: [{ product: 'launch', colour: 'red' }] }, ['/items/0/colour']],
      [{ items: [{ product: 'launch' }], billing_country: 'DEU' }, ['/billing_country']],
      [{ items: [{ product: 'launch' }], vat_number: 'x'.repeat(21) }, ['/vat_number']],
    ] as const) {
      const bad = await refusal(input);
      expect({ input, status: bad.status }).toEqual({ input, status: 400 });
      expect(bad.errors!.map((e) => e.path)).toEqual(paths);
    }
  });
});

describe('quote_order', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
