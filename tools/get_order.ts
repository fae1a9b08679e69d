import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { ownOrder } from '../src/orders/orders.js';
import { orderSchema } from '../src/orders/order-schema.js';

export default defineTool({
  name: 'get_order',
  title: 'Get an order',
  toolset: 'orders',
  description: "One of your orders: status, totals with VAT and each line with whether it was fulfilled. Another account's order: 404.",
  http: { method: 'GET', path: '/orders/{number}', status: 200 },
  scopes: ['account:read'],
  idempotencyKey: false,
  errorStatuses: [404],
  input: z.strictObject({
    number: z.string().min(1).max(40).describe('e.g. LD-2026-000042, from create_checkout or list_my_orders'),
  }),
  output: orderSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ number }, { services, caller }) {
    return ownOrder(services.db, caller.accountId, number, services.now());
  },
});
