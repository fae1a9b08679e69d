import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Account } from './account.js';

const WEBHOOK_STATUSES = ['enabled', 'disabled'] as const;
const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
const ATTEMPT_TRIGGERS = ['event', 'retry', 'redelivery'] as const;

/** webhooks: an account's subscriptions to its events (src/webhooks). */
export const Webhook = defineEntity({
  name: 'Webhook',
  tableName: 'webhooks',
  properties: {
    /** wh_… */
    id: p.text().primary(),
    account: () => p.manyToOne(Account).ref().deleteRule('cascade').updateRule('no action').foreignKeyName('webhooks_account_id_fkey'),
    url: p.text(),
    events: p.array(),
    /** The Standard Webhooks signing secret (whsec_…); every delivery is signed with it, so it is kept as it is. */
    secret: p.text(),
    status: p.enum(WEBHOOK_STATUSES).default('enabled'),
    disabledReason: p.text().nullable(),
    disabledAt: p.datetime().nullable(),
    createdAt: p.datetime(),
  },
  indexes: [{ name: 'webhooks_account_idx', expression: 'CREATE INDEX webhooks_account_idx ON webhooks (account_id, created_at, id)' }],
});
export type Webhook = InferEntity<typeof Webhook>;

/** webhook_events: what happened, recorded in the change's own transaction; dispatched into deliveries once. */
export const WebhookEvent = defineEntity({
  name: 'WebhookEvent',
  tableName: 'webhook_events',
  properties: {
    /** msg_…, the webhook-id header of its deliveries */
    id: p.text().primary(),
    type: p.text(),
    accountId: p.uuid().nullable(),
    listingId: p.integer().nullable(),
    data: p.json<Record<string, unknown>>(),
    occurredAt: p.datetime(),
    dispatchedAt: p.datetime().nullable(),
  },
  indexes: [
    {
      name: 'webhook_events_waiting_idx',
      expression: 'CREATE INDEX webhook_events_waiting_idx ON webhook_events (occurred_at) WHERE dispatched_at IS NULL',
    },
    { name: 'webhook_events_occurred_idx', expression: 'CREATE INDEX webhook_events_occurred_idx ON webhook_events (occurred_at)' },
  ],
});
export type WebhookEvent = InferEntity<typeof WebhookEvent>;

/** webhook_deliveries: one event for one webhook, with its outcome. */
export const WebhookDelivery = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  properties: {
    /** whd_… */
    id: p.text().primary(),
    webhook: () =>
      p.manyToOne(Webhook).ref().deleteRule('cascade').updateRule('no action').foreignKeyName('webhook_deliveries_webhook_id_fkey'),
    event: () =>
      p.manyToOne(WebhookEvent).ref().deleteRule('cascade').updateRule('no action').foreignKeyName('webhook_deliveries_event_id_fkey'),
    status: p.enum(DELIVERY_STATUSES),
    attempts: p.integer().default(0),
    nextAttemptAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    deliveredAt: p.datetime().nullable(),
  },
  uniques: [{ name: 'webhook_deliveries_webhook_id_event_id_key', properties: ['webhook', 'event'] }],
  indexes: [
    {
      name: 'webhook_deliveries_webhook_idx',
      expression: 'CREATE INDEX webhook_deliveries_webhook_idx ON webhook_deliveries (webhook_id, created_at DESC, id DESC)',
    },
  ],
});
export type WebhookDelivery = InferEntity<typeof WebhookDelivery>;

/** webhook_attempts: every attempt of a delivery, with the receiver's answer or the connection error. */
export const WebhookAttempt = defineEntity({
  name: 'WebhookAttempt',
  tableName: 'webhook_attempts',
  properties: {
    delivery: () =>
      p
        .manyToOne(WebhookDelivery)
        .ref()
        .primary()
        .deleteRule('cascade')
        .updateRule('no action')
        .foreignKeyName('webhook_attempts_delivery_id_fkey'),
    number: p.integer().primary(),
    trigger: p.enum(ATTEMPT_TRIGGERS),
    startedAt: p.datetime(),
    durationMs: p.integer(),
    responseStatus: p.integer().nullable(),
    error: p.text().nullable(),
    responseExcerpt: p.text().nullable(),
  },
  primaryKeys: ['delivery', 'number'],
});
export type WebhookAttempt = InferEntity<typeof WebhookAttempt>;
