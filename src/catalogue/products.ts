import type { Database } from '../db/database.js';
import { loadSiteSettings, type SiteSettings } from './site-settings.js';

/** One field of an order item (beyond `product`), as a buyer must fill it in. */
interface OrderItemOption {
  name: string;
  type: 'integer' | 'string' | 'array';
  required: boolean;
  description: string;
  /** For integers: the smallest value accepted. */
  minimum?: number;
  /** For dates given as strings. */
  format?: 'date';
  /** For arrays: how many entries at most. */
  max_items?: number;
}

export interface Product {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  currency: 'usd';
  needs_listing: boolean;
  options: OrderItemOption[];
}

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
