import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { activeProducts, product } from '../src/catalogue/products.js';
import { loadSiteSettings } from '../src/catalogue/site-settings.js';

export default defineTool({
  name: 'list_products',
  title: 'List products and prices',
  toolset: 'orders',
  description:
    'What can be bought (a launch, extra categories, the billboard) at current prices in USD cents excluding VAT; never assume a price. A free launch: choose_free_listing (scheduled for a week 6-8 weeks out; live that week once its badge is found on its homepage). Each product says whether an order item needs a listing_id and which fields it takes. Use before quote_order.',
  http: { method: 'GET', path: '/products', status: 200 },
  scopes: [],
  idempotencyKey: false,
  input: z.strictObject({}),
  output: z.object({
    items: z.array(product),
    seller_country: z.string().describe("The seller's country, for VAT"),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(_input, { services }) {
    const [items, settings] = await Promise.all([activeProducts(services.db), loadSiteSettings(services.db)]);
    return { items, seller_country: settings.seller_country };
  },
});
