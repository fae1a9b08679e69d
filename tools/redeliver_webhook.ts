import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { redeliver } from '../src/webhooks/deliveries.js';
import { deliverySchema, webhookId } from '../src/webhooks/webhook-schema.js';

export default defineTool({
  name: 'redeliver_webhook',
  title: 'Redeliver a webhook delivery',
  toolset: 'webhooks',
  description:
    'Sends one delivery of your webhook again, once, in the background, with the same webhook-id (receivers drop repeats), and answers the delivery as it stands; list_webhook_deliveries shows the new attempt. A successful redelivery enables a disabled webhook again.',
  http: { method: 'POST', path: '/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver', status: 202 },
  scopes: ['webhooks:write'],
  idempotencyKey: true,
  errorStatuses: [404],
  input: z.strictObject({
    webhook_id: webhookId,
    delivery_id: z
      .string()
      .regex(/^whd_[a-f0-9]{24}$/, 'A delivery id is whd_ and 24 hex digits')
      .describe('From list_webhook_deliveries'),
  }),
  output: deliverySchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async handler({ webhook_id, delivery_id }, { services, caller }) {
    return redeliver(services.db, services.jobs, caller.accountId, webhook_id, delivery_id);
  },
});
