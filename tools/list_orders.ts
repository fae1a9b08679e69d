import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { instantInput, pageOf, pageResult, paging, slug } from '../src/schema.js';
import { ORDER_STATUSES } from '../src/db/entities/order.js';
import { adminOrderSchema, listAllOrders } from '../src/orders/admin-orders.js';

export default defineTool({
  name: 'list_orders',
  title: "List every account's orders",
  toolset: 'admin',
  description:
    "Orders of every account, newest first: each as get_order shows it (status, totals with VAT, refunded_cents, lines) plus the buyer's e-mail and the payment (provider, reference). " +
    'Filter by status (an unpaid order past expires_at is expired), created since/until, a listing slug (any line) and buyer e-mail. refund_order gives money back.',
  http: { method: 'GET', path: '/admin/orders', status: 200 },
  scopes: ['admin'],
  staffRole: 'admin',
  idempotencyKey: false,
  input: z.strictObject({
    status: z.enum(ORDER_STATUSES).optional(),
    since: instantInput('Orders created at or after this time').optional(),
    until: instantInput('Orders created before this time').optional(),
    listing: slug('listing').optional().describe('Orders with a line for this listing'),
    buyer: z.email().max(254).optional().describe("The buyer's e-mail"),
    ...paging,
  }),
  output: pageOf(adminOrderSchema),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ page, per_page, ...filter }, { services }) {
    const { items, total } = await listAllOrders(services.db, filter, { page, per_page }, services.now());
    return pageResult(items, total, { page, per_page });
  },
});
