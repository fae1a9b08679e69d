import { defineTool } from '../src/registry/tool.js';
import { quoteOrder } from '../src/orders/quote.js';
import { ORDER_BODY_RULES, orderBody, quoteSchema } from '../src/orders/order-schema.js';

export default defineTool({
  name: 'quote_order',
  title: 'Quote an order',
  toolset: 'orders',
  description:
    'Prices a launch and extras without saving or charging: checks each item (your listing, a week not past, categories, the billboard minimum) and answers net, VAT (with its reason) and gross per line and in total. Each problem is a 400 naming the item and field. create_checkout takes the same body.',
  http: { method: 'POST', path: '/orders/quote', status: 200 },
  scopes: ['orders:write'],
  idempotencyKey: false,
  errorStatuses: [404],
  crossFieldRules: ORDER_BODY_RULES,
  input: orderBody,
  output: quoteSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(input, { services, caller }) {
    return quoteOrder(services.db, caller.accountId, input, services.now(), services.config.viesUrl);
  },
});
