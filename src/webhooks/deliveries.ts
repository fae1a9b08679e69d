import type { Database } from '../db/database.js';
import { NotFoundError } from '../errors.js';
import type { JobQueue } from '../jobs/queue.js';
import type { AttemptTrigger } from './delivery.js';
import type { WebhookEventType } from './events.js';
import { ownWebhook } from './subscriptions.js';

export const REDELIVER_WEBHOOK_JOB = 'redeliver_webhook';

export interface DeliveryView {
  id: string;
  webhook_id: string;
  status: 'pending' | 'delivered' | 'failed';
  event: { id: string; type: WebhookEventType; occurred_at: string; data: Record<string, unknown> };
  created_at: string;
  delivered_at: string | null;
  /** When the service tries again (null: no retry waiting). */
  next_attempt_at: string | null;
  attempts: {
    number: number;
    trigger: AttemptTrigger;
    started_at: string;
    duration_ms: number;
    response_status: number | null;
    error: string | null;
    response_excerpt: string | null;
  }[];
}

type DeliveryRow = {
  id: string;
  webhook_id: string;
  status: DeliveryView['status'];
  event_id: string;
  type: WebhookEventType;
  occurred_at: Date;
  data: Record<string, unknown>;
  created_at: Date;
  delivered_at: Date | null;
  next_attempt_at: Date | null;
  attempts: (Omit<DeliveryView['attempts'][number], 'started_at'> & { started_at: string })[] | null;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const SELECT_DELIVERIES = `
  SELECT d.id, d.webhook_id, d.status, e.id AS event_id, e.type, e.occurred_at, e.data, d.created_at, d.delivered_at, d.next_attempt_at,
    (SELECT json_agg(json_build_object('number', a.number, 'trigger', a.trigger, 'started_at', a.started_at, 'duration_ms', a.duration_ms,
       'response_status', a.response_status, 'error', a.error, 'response_excerpt', a.response_excerpt) ORDER BY a.number)
     FROM webhook_attempts a WHERE a.delivery_id = d.id) AS attempts
  FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id`;

function deliveryView(row: DeliveryRow): DeliveryView {
  return {
    id: row.id,
    webhook_id: row.webhook_id,
    status: row.status,
    event: { id: row.event_id, type: row.type, occurred_at: iso(row.occurred_at)!, data: row.data },
    created_at: iso(row.created_at)!,
    delivered_at: iso(row.delivered_at),
    next_attempt_at: iso(row.next_attempt_at),
    attempts: (row.attempts ?? []).map((attempt) => ({ ...attempt, started_at: iso(attempt.started_at)! })),
  };
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
      (paging.page - 1) * paging.per_page,
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
