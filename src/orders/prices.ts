/** What the site team sets: product prices and VAT rates (npm run admin -- set-price / set-vat). */
import type { Database } from '../db/database.js';
import { Product } from '../db/entities/product.js';
import { VatRate } from '../db/entities/vat-rate.js';

/** Sets a product's price; false when no product has the id. */
export async function setPrice(db: Database, productId: string, cents: number): Promise<boolean> {
  return db.transaction(async ({ em }) => {
    const product = await em.findOne(Product, { id: productId });
    if (!product) return false;
    product.priceCents = cents;
    return true;
  });
}

/** Sets a country's VAT rate (basis points, 1900 = 19%); a new country is an EU one when `eu` says so. */
export async function setVatRate(db: Database, country: string, basisPoints: number, eu?: boolean): Promise<'set' | 'added'> {
  return db.transaction(async ({ em }) => {
    const rate = await em.findOne(VatRate, { country });
    if (rate) {
      rate.rateBasisPoints = basisPoints;
      if (eu !== undefined) rate.eu = eu;
      return 'set' as const;
    }
    em.create(VatRate, { country, rateBasisPoints: basisPoints, eu: eu ?? false });
    return 'added' as const;
  });
}
