import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** products: what can be bought; the id is a readable key chosen by hand. */
export const Product = defineEntity({
  name: 'Product',
  tableName: 'products',
  properties: {
    id: p.text().primary(),
    name: p.text(),
    description: p.text(),
    priceCents: p.integer().check('price_cents >= 0'),
    /** Whether the order must name a listing. */
    needsListing: p.boolean(),
    active: p.boolean().default(true),
    position: p.integer().default(0),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
  },
});
export type Product = InferEntity<typeof Product>;
