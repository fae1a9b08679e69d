import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { pageOf, pageResult, paging } from '../src/schema.js';
import { listOrders } from '../src/orders/orders.js';
import { orderSchema } from '../src/orders/order-schema.js';

export default defineTool({
  name: 'list_my_orders',
  title: 'List my orders',
  toolset: 'orders',
  description: 'Your orders, newest first, with status, totals with VAT and lines (fulfilled or not). get_order reads one.',
  http: { method: 'GET', path: '/orders', status: 200 },
  scopes: ['account:read'],
  idempotencyKey: false,
  input: z.strictObject({ ...paging }),
  output: pageOf(orderSchema),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ page, per_page }, { services, caller }) {
    const { items, total } = await listOrders(services.db, caller.accountId, { page, per_page }, services.now());
    return pageResult(items, total, { page, per_page });
  },
});
