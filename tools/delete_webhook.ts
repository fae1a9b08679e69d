import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { deleteWebhook } from '../src/webhooks/subscriptions.js';
import { webhookId, webhookSchema } from '../src/webhooks/webhook-schema.js';

export default defineTool({
  name: 'delete_webhook',
  title: 'Delete a webhook',
  toolset: 'webhooks',
  description: 'Deletes one of your webhooks with its delivery log (waiting retries are dropped) and answers it.',
  http: { method: 'DELETE', path: '/webhooks/{webhook_id}', status: 200 },
  scopes: ['webhooks:write'],
  idempotencyKey: true,
  errorStatuses: [404],
  input: z.strictObject({ webhook_id: webhookId }),
  output: z.object({ deleted: webhookSchema }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ webhook_id }, { services, caller }) {
    return { deleted: await deleteWebhook(services.db, caller.accountId, webhook_id) };
  },
});
