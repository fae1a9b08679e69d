import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { pageOf, pageResult, paging } from '../src/schema.js';
import { listWebhooks } from '../src/webhooks/subscriptions.js';
import { webhookSchema } from '../src/webhooks/webhook-schema.js';

export default defineTool({
  name: 'list_webhooks',
  title: 'List my webhooks',
  toolset: 'webhooks',
  description:
    'Your webhooks, oldest first: URL, events, and whether deliveries are enabled (a webhook whose receiver failed for ' +
    '24 hours is disabled, with the reason). The secrets are not shown again.',
  http: { method: 'GET', path: '/webhooks', status: 200 },
  scopes: ['account:read'],
  idempotencyKey: false,
  input: z.strictObject({ ...paging }),
  output: pageOf(webhookSchema),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ page, per_page }, { services, caller }) {
    const { items, total } = await listWebhooks(services.db, caller.accountId, { page, per_page });
    return pageResult(items, total, { page, per_page });
  },
});
