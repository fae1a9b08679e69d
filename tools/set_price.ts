import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { staffOf } from '../src/registry/context.js';
import { NotFoundError } from '../src/errors.js';
import { MAX_PRICE_CENTS, pricedProduct, setPrice } from '../src/orders/prices.js';
import { staffActor } from '../src/staff/roles.js';

export default defineTool({
  name: 'set_price',
  title: "Set a product's price",
  toolset: 'admin',
  description:
    "Sets a product's price in USD cents, excluding VAT (get_site_settings lists the products). New quotes and checkouts use it at once; orders already made keep theirs. " +
    'Audited with the price before and after.',
  http: { method: 'PUT', path: '/admin/prices/{product}', status: 200 },
  scopes: ['admin'],
  staffRole: 'admin',
  idempotencyKey: true,
  errorStatuses: [404],
  input: z.strictObject({
    product: z.string().min(1).max(40).describe('The product id, e.g. launch'),
    price_cents: z.number().int().min(0).max(MAX_PRICE_CENTS).describe('USD cents, excluding VAT, e.g. 4900 for $49.00'),
  }),
  output: pricedProduct.extend({ previous_cents: z.number().int() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ product, price_cents }, ctx) {
    const set = await setPrice(ctx.services.db, {
      actor: staffActor(staffOf(ctx)),
      productId: product,
      cents: price_cents,
      now: ctx.services.now(),
    });
    if (!set) throw new NotFoundError('product', product, 'get_site_settings lists the products');
    return set;
  },
});
