import { z } from 'zod';
import { isoDateTime } from '../schema.js';
import { WEBHOOK_EVENT_TYPES } from './events.js';

export const webhookEventType = z
  .enum(WEBHOOK_EVENT_TYPES)
  .describe('Of your own drafts, listings, claims and orders; listing.published and award.won also of listings you follow');

export const webhookId = z
  .string()
  .regex(/^wh_[A-Za-z0-9_-]{1,64}$/, 'A webhook id starts with wh_')
  .describe('The webhook id (wh_…) from create_webhook or list_webhooks');

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  status: z.enum(['enabled', 'disabled']),
  disabled_reason: z.string().nullable().describe('Why deliveries stopped; a successful redelivery enables the webhook again'),
  disabled_at: isoDateTime.nullable(),
  created_at: isoDateTime,
});

export const deliverySchema = z.object({
  id: z.string(),
  webhook_id: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  event: z.object({
    id: z.string().describe('The webhook-id header of every attempt'),
    type: z.enum(WEBHOOK_EVENT_TYPES),
    occurred_at: isoDateTime,
    data: z.record(z.string(), z.unknown()),
  }),
  created_at: isoDateTime,
  delivered_at: isoDateTime.nullable(),
  next_attempt_at: isoDateTime.nullable().describe('When the next retry is due; null when none waits'),
  attempts: z.array(
    z.object({
      number: z.number().int(),
      trigger: z.enum(['event', 'retry', 'redelivery']),
      started_at: isoDateTime,
      duration_ms: z.number().int(),
      response_status: z.number().int().nullable().describe('null: no answer (refused address, timeout, connection error)'),
      error: z.string().nullable(),
      response_excerpt: z.string().nullable().describe("The first 500 characters of the receiver's answer"),
    }),
  ),
});

/** A webhook as the operations answer it (the published schema and the type in one). */
export type WebhookView = z.infer<typeof webhookSchema>;
/** A delivery with its event and every attempt, as list_webhook_deliveries answers it. */
export type DeliveryView = z.infer<typeof deliverySchema>;
