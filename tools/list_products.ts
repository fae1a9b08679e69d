import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { activeProducts } from '../src/catalogue/products.js';

export default defineTool({
  name: 'list_products',
  title: 'List products and prices',
  description:
    'What can be bought, with the current price in USD cents excluding VAT (set by the site team; never assume a ' +
    'price). Use it before quote_order or create_checkout: each product says whether an order item needs a ' +
    'listing_id and which other fields the item takes (for launch: an optional week and extra categories; for ' +
    'billboard: the amount, at least the minimum given). Takes no input.',
  http: { method: 'GET', path: '/products', status: 200 },
  scopes: [],
  idempotencyKey: false,
  errorStatuses: [],
  input: z.strictObject({}),
  output: z.object({
    items: z.array(
      z.object({
        id: z.string().describe('The product identifier to put in an order item, e.g. "launch"'),
        name: z.string(),
        description: z.string(),
        price_cents: z.number().int().describe('Current price in USD cents, excluding VAT'),
        currency: z.literal('usd'),
        needs_listing: z.boolean().describe('Whether an order item must name one of your listings (listing_id)'),
        options: z
          .array(
            z.object({
              name: z.string().describe('Field name in the order item'),
              type: z.enum(['integer', 'string', 'array']),
              required: z.boolean(),
              description: z.string(),
              minimum: z.number().int().optional().describe('Smallest accepted value'),
              format: z.literal('date').optional().describe('YYYY-MM-DD'),
              max_items: z.number().int().optional().describe('Most entries accepted'),
            }),
          )
          .describe('The fields an order item of this product takes besides product'),
      }),
    ),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(_input, { services }) {
    return { items: await activeProducts(services.db) };
  },
});
