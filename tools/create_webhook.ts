import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { webAddress } from '../src/schema.js';
import { createWebhook, MAX_WEBHOOKS_PER_ACCOUNT } from '../src/webhooks/subscriptions.js';
import { webhookEventType, webhookSchema } from '../src/webhooks/webhook-schema.js';

export default defineTool({
  name: 'create_webhook',
  title: 'Create a webhook',
  toolset: 'webhooks',
  description:
    'Subscribes a public https URL to events. Each delivery is a JSON POST {type, timestamp, data} signed per Standard Webhooks ' +
    '(webhook-id, webhook-timestamp, webhook-signature); failed ones are retried for 24 hours. Answers the signing secret ' +
    `(whsec_…) once: store it. At most ${MAX_WEBHOOKS_PER_ACCOUNT} per account.`,
  http: { method: 'POST', path: '/webhooks', status: 201 },
  scopes: ['webhooks:write'],
  idempotencyKey: true,
  errorStatuses: [409],
  crossFieldRules: [{ path: /^\/url$/, message: /must be https|private or reserved|public host/ }],
  input: z.strictObject({
    url: webAddress('http or https', 2000).describe('Where deliveries are POSTed: https (http only for the hosts in CRAWLER_ALLOW_HOSTS)'),
    events: z.array(webhookEventType).min(1).max(20).describe('The event types to deliver'),
  }),
  output: webhookSchema.extend({
    secret: z.string().describe('The signing secret (whsec_…), answered only now: verify every delivery with it'),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async handler({ url, events }, { services, caller }) {
    return createWebhook(
      services.db,
      caller.accountId,
      { url, events },
      { allowHosts: services.config.outboundAllowHosts, now: services.now() },
    );
  },
});
