import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { activeProducts, product } from '../src/catalogue/products.js';

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
  output: z.object({ items: z.array(product) }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(_input, { services }) {
    return { items: await activeProducts(services.db) };
  },
});
