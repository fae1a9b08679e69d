import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { activeProducts, product } from '../src/catalogue/products.js';

export default defineTool({
  name: 'list_products',
  title: 'List products and prices',
  toolset: 'orders',
  description:
    'What can be bought, at current prices in USD cents excluding VAT (never assume a price): a launch, extra categories, the billboard. A free launch costs nothing: choose_free_listing (live once its badge is on its homepage). Each product says whether an order item needs a listing_id and which fields it takes. Use before quote_order or create_checkout.',
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
