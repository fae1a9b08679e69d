import { z } from 'zod';
import type { Database } from '../db/database.js';
import { loadSiteSettings, type SiteSettings } from './site-settings.js';

/** One field of an order item (beyond `product`), as a buyer must fill it in. */
const orderItemOption = z.object({
  name: z.string().describe('Field name in the order item'),
  type: z.enum(['integer', 'string', 'array']),
  required: z.boolean(),
  description: z.string(),
  minimum: z.number().int().optional().describe('Smallest accepted value'),
  format: z.literal('date').optional().describe('YYYY-MM-DD'),
  max_items: z.number().int().optional().describe('Most entries accepted'),
});
type OrderItemOption = z.infer<typeof orderItemOption>;

/** A product, as list_products answers it (the published schema and the type in one). */
export const product = z.object({
  id: z.string().describe('The product identifier to put in an order item, e.g. "launch"'),
  name: z.string(),
  description: z.string(),
  price_cents: z.number().int().describe('Current price in USD cents, excluding VAT'),
  currency: z.literal('usd'),
  needs_listing: z.boolean().describe('Whether an order item must name one of your listings (listing_id)'),
  options: z.array(orderItemOption).describe('The fields an order item of this product takes besides product'),
});
export type Product = z.infer<typeof product>;

/** The maximum number of categories a paid listing has beyond its primary one. */
const MAX_EXTRA_CATEGORIES = 3;

const LISTING_ID: OrderItemOption = {
  name: 'listing_id',
  type: 'integer',
  required: true,
  description: 'The id of one of your listings (list_my_listings) the product is bought for.',
};

/** Fields an order item of a product takes besides product and listing_id, by product id (decisions: Products and order items). */
const EXTRA_OPTIONS: Record<string, (settings: SiteSettings) => OrderItemOption[]> = {
  launch: () => [
    {
      name: 'week',
      type: 'string',
      format: 'date',
      required: false,
      description:
        'Launch week: any date in it (snapped to its Monday), not in the past. Leave out to go live as soon as the order is paid.',
    },
    {
      name: 'categories',
      type: 'array',
      max_items: MAX_EXTRA_CATEGORIES,
      required: false,
      description: `Slugs of up to ${MAX_EXTRA_CATEGORIES} categories to list the product in besides its primary category.`,
    },
  ],
  billboard: (settings) => [
    {
      name: 'amount',
      type: 'integer',
      minimum: settings.billboard_minimum_cents,
      required: true,
      description:
        'The contribution in USD cents, excluding VAT, at least the minimum. Contributions add up into the billboard, a paid ranking.',
    },
  ],
};

/** Every product on sale, in the site team's order, with its current price and what an order item of it needs. */
export async function activeProducts(db: Database): Promise<Product[]> {
  const [settings, rows] = await Promise.all([
    loadSiteSettings(db),
    db.query<Omit<Product, 'currency' | 'options'>>(
      'SELECT id, name, description, price_cents, needs_listing FROM products WHERE active ORDER BY position, id',
    ),
  ]);
  return rows.map((row) => ({
    ...row,
    currency: 'usd',
    options: [...(row.needs_listing ? [LISTING_ID] : []), ...(EXTRA_OPTIONS[row.id]?.(settings) ?? [])],
  }));
}
