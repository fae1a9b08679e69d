import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { pageOf, pageResult, paging } from '../src/schema.js';
import { listDeliveries } from '../src/webhooks/deliveries.js';
import { deliverySchema, webhookId } from '../src/webhooks/webhook-schema.js';

export default defineTool({
  name: 'list_webhook_deliveries',
  title: 'List deliveries of my webhook',
  toolset: 'webhooks',
  description:
    "The deliveries of one of your webhooks, newest first: the event, pending/delivered/failed, when the next retry is due, and every attempt with the receiver's status code or the connection error.",
  http: { method: 'GET', path: '/webhooks/{webhook_id}/deliveries', status: 200 },
  scopes: ['account:read'],
  idempotencyKey: false,
  errorStatuses: [404],
  input: z.strictObject({ webhook_id: webhookId, ...paging }),
  output: pageOf(deliverySchema),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ webhook_id, page, per_page }, { services, caller }) {
    const { items, total } = await listDeliveries(services.db, caller.accountId, webhook_id, { page, per_page });
    return pageResult(items, total, { page, per_page });
  },
});
