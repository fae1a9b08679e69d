/**
 * The deliveries as their owner sees them: the list with every attempt, and a redelivery on request (queued; the
 * sending itself is send-delivery.ts).
 */
import type { Database } from '../db/database.js';
import { NotFoundError } from '../errors.js';
import type { JobQueue } from '../jobs/queue.js';
import type { WebhookEventType } from './events.js';
import { ownWebhook } from './subscriptions.js';
import type { DeliveryView } from './webhook-schema.js';
import { offsetOf } from '../schema.js';

export const REDELIVER_WEBHOOK_JOB = 'redeliver_webhook';

type DeliveryRow = Omit<DeliveryView, 'event'> & {
  event_id: string;
  type: WebhookEventType;
  occurred_at: string;
  data: Record<string, unknown>;
};

/** Every date-time through iso_time (the API's form), the attempts as JSON in order. */
const SELECT_DELIVERIES = `
  SELECT d.id, d.webhook_id, d.status, e.id AS event_id, e.type, iso_time(e.occurred_at) AS occurred_at, e.data,
    iso_time(d.created_at) AS created_at, iso_time(d.delivered_at) AS delivered_at, iso_time(d.next_attempt_at) AS next_attempt_at,
    coalesce((SELECT json_agg(json_build_object('number', a.number, 'trigger', a.trigger, 'started_at', iso_time(a.started_at),
       'duration_ms', a.duration_ms, 'response_status', a.response_status, 'error', a.error, 'response_excerpt', a.response_excerpt)
       ORDER BY a.number)
     FROM webhook_attempts a WHERE a.delivery_id = d.id), '[]'::json) AS attempts
  FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id`;

function deliveryView({ event_id, type, occurred_at, data, ...delivery }: DeliveryRow): DeliveryView {
  return { ...delivery, event: { id: event_id, type, occurred_at, data } };
}

/** The deliveries of the account's webhook, newest first, each with every attempt. */
export async function listDeliveries(
  db: Database,
  accountId: string,
  webhookId: string,
  paging: { page: number; per_page: number },
): Promise<{ items: DeliveryView[]; total: number }> {
  await ownWebhook(db, accountId, webhookId);
  const [rows, count] = await Promise.all([
    db.query<DeliveryRow>(`${SELECT_DELIVERIES} WHERE d.webhook_id = $1 ORDER BY d.created_at DESC, d.id DESC LIMIT $2 OFFSET $3`, [
      webhookId,
      paging.per_page,
      offsetOf(paging),
    ]),
    db.one<{ n: number }>('SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = $1', [webhookId]),
  ]);
  return { items: rows.map(deliveryView), total: count?.n ?? 0 };
}

/**
 * Queues one more attempt of a delivery of the account's webhook, whatever its status (receivers drop
 * repeats by webhook-id). It is attempted once, in the background; a success enables a disabled webhook.
 */
export async function redeliver(
  db: Database,
  jobs: JobQueue,
  accountId: string,
  webhookId: string,
  deliveryId: string,
): Promise<DeliveryView> {
  await ownWebhook(db, accountId, webhookId);
  const row = await db.one<DeliveryRow>(`${SELECT_DELIVERIES} WHERE d.id = $1 AND d.webhook_id = $2`, [deliveryId, webhookId]);
  if (!row) throw new NotFoundError('delivery', deliveryId, "list_webhook_deliveries lists the webhook's deliveries.");
  await jobs.enqueue(REDELIVER_WEBHOOK_JOB, { deliveryId });
  return deliveryView(row);
}
