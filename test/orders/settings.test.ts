import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { adminDeps } from '../support/admin.js';
import { caller, ownedListing, person, type Call } from '../listings/support.js';
import { staffPerson, type StaffPerson } from '../console/support.js';
import { runAdminCommand } from '../../src/admin/commands.js';
import { PRODUCTS_SQL } from './support.js';

/**
 * Settings, prices and VAT rates over REST as an admin: what get_site_settings shows, changes seen by
 * get_site_info, list_products and quote_order, the audit entries (the staff member's e-mail, or 'command line' for
 * npm run admin), and every bad path named. Who may call them: test/orders/admin-orders.test.ts.
 */
const clock = { now: new Date('2026-11-25T12:00:00Z') };
let t: TestApp;
let call: Call;
let admin: StaffPerson;

beforeAll(async () => {
  t = await startTestApp({ now: () => new Date(clock.now) });
  call = caller(t);
  await t.db.script(PRODUCTS_SQL);
  admin = await staffPerson(t.db, 'admin');
}, 60_000);
afterAll(() => t?.close());

const audit = (action: string) =>
  t.db.query<{ actor: string; target_id: string; before: unknown; after: unknown }>(
    'SELECT actor, target_id, before, after FROM audit_log WHERE action = $1 ORDER BY id',
    [action],
  );
const quote = async (body: unknown) => {
  const buyer = await person(t.db);
  const { items: given } = body as { items: Record<string, unknown>[] };
  // A launch is for a listing not yet live; a contribution for a live one.
  const listing = await ownedListing(t.db, buyer, { status: given[0].product === 'launch' ? 'draft' : 'live' });
  const items = given.map((item) => ({ ...item, listing_id: listing.id }));
  return call(buyer, 'POST', '/orders/quote', { ...(body as object), items });
};

describe('get_site_settings', () => {
  it('shows the settings, every product with its price, and the VAT rates', async () => {
    const read = await call(admin, 'GET', '/admin/settings');
    expect(read.status).toBe(200);
    expect(read.body.settings).toMatchObject({
      time_zone: 'UTC',
      free_launch_weeks: { min: 6, max: 8 },
      order_lifetime_hours: 24,
      seller_country: 'DE',
      rate_limits: { anonymous_per_minute: 1_000_000 },
    });
    expect(read.body.products).toEqual([
      { id: 'launch', name: 'Launch', price_cents: 4900, active: true },
      { id: 'billboard', name: 'Billboard', price_cents: 0, active: true },
    ]);
    expect(read.body.vat_rates).toContainEqual({ country: 'DE', rate_percent: 19, eu: true });
    expect(read.body.vat_rates).toContainEqual({ country: 'FI', rate_percent: 25.5, eu: true });
    expect(read.body.cache_seconds).toBe(5);
  });
});

describe('update_site_settings', () => {
  it('changes a subset, seen by get_site_info, list_products and quotes; audits the changed keys only', async () => {
    const changed = await call(admin, 'PATCH', '/admin/settings', {
      site_name: 'Launch Bay',
      time_zone: 'Europe/Berlin',
      billboard_minimum_cents: 2500,
      free_launch_weeks: { max: 10 },
      rate_limits: { submit_listing_per_hour: 5 },
      order_lifetime_hours: 24, // unchanged: not in the audit entry
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.changed.sort()).toEqual(['billboard_minimum_cents', 'free_launch_weeks', 'rate_limits', 'site_name', 'time_zone']);
    expect(changed.body.settings).toMatchObject({
      site_name: 'Launch Bay',
      free_launch_weeks: { min: 6, max: 10 },
      rate_limits: { anonymous_per_minute: 1_000_000, signed_in_per_minute: 1_000_000, submit_listing_per_hour: 5 },
    });
    const site = (await call(null, 'GET', '/site')).body;
    expect(site).toMatchObject({ name: 'Launch Bay', time_zone: 'Europe/Berlin' });
    const billboard = (await call(null, 'GET', '/products')).body.items.find((p: { id: string }) => p.id === 'billboard');
    expect(billboard.options.find((o: { name: string }) => o.name === 'amount').minimum).toBe(2500);
    const below = await quote({ items: [{ product: 'billboard', amount: 2000 }] });
    expect(below.status).toBe(400);
    expect(below.body.errors[0]).toMatchObject({ path: '/items/0/amount', message: expect.stringContaining('2500') });

    const [entry] = await audit('settings.update');
    expect(entry).toEqual({
      actor: admin.email,
      target_id: 'site',
      before: {
        site_name: 'Launch Directory',
        time_zone: 'UTC',
        billboard_minimum_cents: 1000,
        free_launch_weeks: { min: 6, max: 8 },
        rate_limits: { anonymous_per_minute: 1_000_000, signed_in_per_minute: 1_000_000, submit_listing_per_hour: 1_000_000 },
      },
      after: {
        site_name: 'Launch Bay',
        time_zone: 'Europe/Berlin',
        billboard_minimum_cents: 2500,
        free_launch_weeks: { min: 6, max: 10 },
        rate_limits: { anonymous_per_minute: 1_000_000, signed_in_per_minute: 1_000_000, submit_listing_per_hour: 5 },
      },
    });
    // The same values again change nothing and write no entry.
    const same = await call(admin, 'PATCH', '/admin/settings', { site_name: 'Launch Bay' });
    expect(same.body.changed).toEqual([]);
    expect(await audit('settings.update')).toHaveLength(1);
  });

  it('refuses what would break the site, naming every bad path, and changes nothing', async () => {
    const before = (await call(admin, 'GET', '/admin/settings')).body.settings;
    const zone = await call(admin, 'PATCH', '/admin/settings', { time_zone: 'Mars/Olympus_Mons' });
    expect(zone.status).toBe(400);
    expect(zone.body.errors).toEqual([{ path: '/time_zone', message: expect.stringContaining('Unknown time zone') }]);
    const weeks = await call(admin, 'PATCH', '/admin/settings', { free_launch_weeks: { min: 11 }, site_name: 'Not saved' });
    expect(weeks.status).toBe(400);
    expect(weeks.body.errors).toEqual([{ path: '/free_launch_weeks/min', message: expect.stringContaining('must not exceed max (10)') }]);
    const many = await call(admin, 'PATCH', '/admin/settings', {
      order_lifetime_hours: 48,
      rate_limits: { anonymous_per_minute: 1 },
      seller_country: 'Germany',
      site_name: '',
    });
    expect(many.status).toBe(400);
    expect(many.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      '/order_lifetime_hours',
      '/rate_limits/anonymous_per_minute',
      '/seller_country',
      '/site_name',
    ]);
    expect((await call(admin, 'GET', '/admin/settings')).body.settings).toEqual(before);
  });
});

describe('set_price and set_vat_rate', () => {
  it('set_price: new quotes use the price; audited with the admin; 404 for an unknown product', async () => {
    const set = await call(admin, 'PUT', '/admin/prices/launch', { price_cents: 5900 });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ id: 'launch', name: 'Launch', price_cents: 5900, active: true, previous_cents: 4900 });
    expect((await call(null, 'GET', '/products')).body.items.find((p: { id: string }) => p.id === 'launch').price_cents).toBe(5900);
    expect((await quote({ items: [{ product: 'launch' }], billing_country: 'US' })).body.net_cents).toBe(5900);
    expect(await audit('price.set')).toEqual([
      { actor: admin.email, target_id: 'launch', before: { price_cents: 4900 }, after: { price_cents: 5900 } },
    ]);
    const unknown = await call(admin, 'PUT', '/admin/prices/rocket', { price_cents: 100 });
    expect(unknown.status).toBe(404);
    const bad = await call(admin, 'PUT', '/admin/prices/launch', { price_cents: -5 });
    expect([bad.status, bad.body.errors[0].path]).toEqual([400, '/price_cents']);
  });

  it('the command line set-price calls the same function and is audited as the command line', async () => {
    const result = await runAdminCommand(
      adminDeps(t.db, () => clock.now),
      ['set-price', 'launch', '6900'],
    );
    expect(result.exitCode).toBe(0);
    expect((await audit('price.set')).at(-1)).toEqual({
      actor: 'command line',
      target_id: 'launch',
      before: { price_cents: 5900 },
      after: { price_cents: 6900 },
    });
    const vat = await runAdminCommand(
      adminDeps(t.db, () => clock.now),
      ['set-vat', 'AT', '21'],
    );
    expect(vat.output).toBe('AT VAT set: 21%');
    expect((await audit('vat_rate.set')).at(-1)).toMatchObject({
      actor: 'command line',
      target_id: 'AT',
      after: { rate_percent: 21, eu: true },
    });
  });

  it('set_vat_rate: changes a rate and adds a country, seen by quotes; audited', async () => {
    const set = await call(admin, 'PUT', '/admin/vat-rates/de', { rate_percent: 20.5 });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      country: 'DE',
      rate_percent: 20.5,
      eu: true,
      added: false,
      previous: { country: 'DE', rate_percent: 19, eu: true },
    });
    const priced = await quote({ items: [{ product: 'launch' }], billing_country: 'DE' });
    expect(priced.body.vat.rate_percent).toBe(20.5);
    expect(priced.body.vat_cents).toBe(Math.round(6900 * 0.205));

    const added = await call(admin, 'PUT', '/admin/vat-rates/CH', { rate_percent: 8.1, eu: false });
    expect(added.body).toMatchObject({ country: 'CH', rate_percent: 8.1, eu: false, added: true, previous: null });
    expect((await audit('vat_rate.set')).filter((e) => e.actor === admin.email)).toEqual([
      { actor: admin.email, target_id: 'DE', before: { rate_percent: 19, eu: true }, after: { rate_percent: 20.5, eu: true } },
      { actor: admin.email, target_id: 'CH', before: null, after: { rate_percent: 8.1, eu: false } },
    ]);
    const bad = await call(admin, 'PUT', '/admin/vat-rates/DEU', { rate_percent: 100.5 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['/country', '/rate_percent']);
  });
});
