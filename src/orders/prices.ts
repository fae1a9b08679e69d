/**
 * What the site team sets: product prices and VAT rates, from the console, an assistant (set_price, set_vat_rate) or
 * the command line (npm run admin -- set-price / set-vat); each change is written with its audit entry.
 */
import { z } from 'zod';
import { LockMode } from '@mikro-orm/core';
import type { Database, Statements } from '../db/database.js';
import { Product } from '../db/entities/product.js';
import { VatRate } from '../db/entities/vat-rate.js';
import { recordAudit, type Actor } from '../staff/audit-log.js';

/** The highest price a product may have, in USD cents (the order body's largest amount). */
export const MAX_PRICE_CENTS = 100_000_000;

/** A product with its price, as the settings operations answer it (inactive ones too). */
export const pricedProduct = z.object({
  id: z.string(),
  name: z.string(),
  price_cents: z.number().int().describe('USD cents, excluding VAT'),
  active: z.boolean().describe('Offered in list_products'),
});
export type PricedProduct = z.infer<typeof pricedProduct>;

export const vatRateSchema = z.object({
  country: z.string(),
  rate_percent: z.number(),
  eu: z.boolean().describe('Whether EU VAT rules apply to buyers there'),
});
export type VatRateView = z.infer<typeof vatRateSchema>;

/** Every product, in the site team's order. */
export function allProducts(db: Statements): Promise<PricedProduct[]> {
  return db.query<PricedProduct & Record<string, unknown>>('SELECT id, name, price_cents, active FROM products ORDER BY position, id');
}

/** Every stored VAT rate, by country. */
export async function vatRates(db: Statements): Promise<VatRateView[]> {
  const rows = await db.query<{ country: string; bp: number; eu: boolean }>(
    'SELECT country, rate_basis_points AS bp, eu FROM vat_rates ORDER BY country',
  );
  return rows.map((row) => ({ country: row.country, rate_percent: row.bp / 100, eu: row.eu }));
}

/** Sets a product's price (audit price.set); undefined when no product has the id. */
export async function setPrice(
  db: Database,
  change: { actor: Actor; productId: string; cents: number; now: Date },
): Promise<(PricedProduct & { previous_cents: number }) | undefined> {
  return db.transaction(async (tx) => {
    const product = await tx.em.findOne(Product, { id: change.productId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!product) return undefined;
    const previous = product.priceCents;
    if (previous !== change.cents) {
      product.priceCents = change.cents;
      await tx.em.flush();
      await recordAudit(tx, {
        actor: change.actor,
        action: 'price.set',
        target: { type: 'product', id: product.id },
        before: { price_cents: previous },
        after: { price_cents: change.cents },
        at: change.now,
      });
    }
    return { id: product.id, name: product.name, price_cents: product.priceCents, active: product.active, previous_cents: previous };
  });
}

/**
 * Sets a country's VAT rate (basis points, 1900 = 19%; audit vat_rate.set); a new country is an EU one when `eu`
 * says so. `eu` left out keeps a stored country's flag.
 */
export async function setVatRate(
  db: Database,
  change: { actor: Actor; country: string; basisPoints: number; eu?: boolean; now: Date },
): Promise<VatRateView & { outcome: 'set' | 'added'; previous: VatRateView | null }> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`vat rate ${change.country}`]);
    const rate = await tx.em.findOne(VatRate, { country: change.country }, { refresh: true });
    const previous = rate ? { country: rate.country, rate_percent: rate.rateBasisPoints / 100, eu: rate.eu } : null;
    const stored = rate ?? tx.em.create(VatRate, { country: change.country, rateBasisPoints: change.basisPoints, eu: change.eu ?? false });
    stored.rateBasisPoints = change.basisPoints;
    if (change.eu !== undefined) stored.eu = change.eu;
    await tx.em.flush();
    const after = { country: stored.country, rate_percent: stored.rateBasisPoints / 100, eu: stored.eu };
    if (!previous || previous.rate_percent !== after.rate_percent || previous.eu !== after.eu)
      await recordAudit(tx, {
        actor: change.actor,
        action: 'vat_rate.set',
        target: { type: 'vat_rate', id: change.country },
        before: previous ? { rate_percent: previous.rate_percent, eu: previous.eu } : undefined,
        after: { rate_percent: after.rate_percent, eu: after.eu },
        at: change.now,
      });
    return { ...after, outcome: rate ? ('set' as const) : ('added' as const), previous };
  });
}
