/**
 * Sending a delivery: the POST to the receiver, its record in webhook_attempts, giving up after the last retry and
 * disabling a webhook whose receiver keeps failing. What an owner reads and redelivers is in deliveries.ts.
 */
import { Webhook } from 'standardwebhooks';
import type { Database } from '../db/database.js';
import { AddressGuard } from '../outbound/address-guard.js';
import { guardedFetch } from '../outbound/guarded-fetch.js';
import type { Logger } from '../logging/logger.js';
import type { Mailer } from '../mail/mailer.js';
import type { HostLookup } from '../security/public-address.js';
import { stableMailId } from '../mail/mail-id.js';
import type { DeliveryRecorder } from '../observability/metrics.js';

export interface DeliveryDeps {
  db: Database;
  mailer: Mailer;
  now: () => Date;
  log: Logger;
  publicUrl: string;
  /** The site's name (its site_name setting) as it is now, for the mail to an owner whose webhook was disabled. */
  siteName: () => string | Promise<string>;
  /** Hosts a delivery may reach although private or loopback (OUTBOUND_ALLOW_HOSTS). */
  allowHosts: readonly string[];
  /** Tests only: how host names resolve (default: the system's resolver). */
  lookup?: HostLookup;
  /** The queue's retry schedule: the wait after failed attempt n (undefined after the last), for next_attempt_at. */
  retryDelayMs: (attempt: number) => number | undefined;
  /** Counts the attempts by outcome (the service's metrics). */
  metrics?: DeliveryRecorder;
}

/** A receiver has this long to answer. */
const TIMEOUT_MS = 10_000;
/** The start of a receiver's answer kept with the attempt, for its owner to read. */
const EXCERPT_CHARS = 500;

export type AttemptTrigger = 'event' | 'retry' | 'redelivery';

type DeliveryRow = {
  status: 'pending' | 'delivered' | 'failed';
  webhook_id: string;
  url: string;
  secret: string;
  webhook_status: 'enabled' | 'disabled';
  event_id: string;
  type: string;
  data: Record<string, unknown>;
  occurred_at: Date;
};

interface Outcome {
  responseStatus: number | null;
  error: string | null;
  excerpt: string | null;
  durationMs: number;
}

class DeliveryFailedError extends Error {}

/** The body every delivery of an event carries (Standard Webhooks: type, timestamp, data). */
function deliveryBody(row: Pick<DeliveryRow, 'type' | 'data' | 'occurred_at'>): string {
  return JSON.stringify({ type: row.type, timestamp: new Date(row.occurred_at).toISOString(), data: row.data });
}

/**
 * One attempt at a delivery: the event is POSTed to the webhook's address, signed per the Standard Webhooks
 * specification (webhook-id = the event's id, the same on every attempt and redelivery, so receivers can
 * drop repeats), through the outbound address guard, without following redirects, answered within 10 s.
 * A 2xx answer delivers it; 410 Gone disables the webhook at once; anything else throws DeliveryFailedError
 * so that the queue retries (on schedule; a redelivery is not retried). Every attempt is recorded.
 * A successful redelivery enables a disabled webhook again.
 */
export async function attemptDelivery(deps: DeliveryDeps, deliveryId: string, trigger: AttemptTrigger, attempt: number): Promise<void> {
  const row = await deps.db.one<DeliveryRow>(
    `SELECT d.status, d.webhook_id, w.url, w.secret, w.status AS webhook_status,
            e.id AS event_id, e.type, e.data, e.occurred_at
     FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id JOIN webhook_events e ON e.id = d.event_id
     WHERE d.id = $1`,
    [deliveryId],
  );
  // Deleted with its webhook, or already delivered: nothing to send. Waiting on a disabled webhook: failed, for
  // its owner to redeliver once the receiver works.
  if (!row) return;
  if (trigger !== 'redelivery' && row.status !== 'pending') return;
  if (trigger !== 'redelivery' && row.webhook_status !== 'enabled') {
    await deps.db.query(`UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL WHERE id = $1 AND status = 'pending'`, [
      deliveryId,
    ]);
    return;
  }
  const outcome = await post(deps, row);
  const delivered = outcome.responseStatus !== null && outcome.responseStatus >= 200 && outcome.responseStatus < 300;
  const gone = outcome.responseStatus === 410;
  const retryAfter = delivered || gone || trigger === 'redelivery' ? undefined : deps.retryDelayMs(attempt);
  await recordAttempt(deps, deliveryId, trigger, outcome, {
    delivered,
    gone,
    retryAfter,
    keepSchedule: trigger === 'redelivery' && !delivered,
  });
  deps.metrics?.delivery(delivered ? 'delivered' : gone ? 'gone' : outcome.responseStatus === null ? 'unreachable' : 'failed');
  deps.log.info(
    {
      webhook_id: row.webhook_id,
      delivery_id: deliveryId,
      event: row.type,
      trigger,
      attempt,
      status: outcome.responseStatus,
      error: outcome.error,
      ms: outcome.durationMs,
    },
    delivered ? 'webhook delivered' : 'webhook delivery failed',
  );
  if (delivered && row.webhook_status === 'disabled') await enableWebhook(deps.db, row.webhook_id);
  if (gone) return disableWebhook(deps, row.webhook_id, `The receiver answered 410 Gone to ${row.type} delivery ${deliveryId}.`);
  if (!delivered && trigger !== 'redelivery')
    throw new DeliveryFailedError(outcome.error ?? `the receiver answered ${outcome.responseStatus}`);
}

async function post(deps: DeliveryDeps, row: DeliveryRow): Promise<Outcome> {
  const body = deliveryBody(row);
  const sentAt = deps.now();
  const signature = new Webhook(row.secret).sign(row.event_id, sentAt, body);
  const guard = new AddressGuard({ allowHosts: deps.allowHosts, lookup: deps.lookup });
  const started = performance.now();
  try {
    const response = await guardedFetch(guard, { propagate: true })(row.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': `LaunchDirectoryWebhooks/1 (+${deps.publicUrl}/docs#webhooks)`,
        'webhook-id': row.event_id,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text().catch(() => '');
    return { responseStatus: response.status, error: null, excerpt: text.slice(0, EXCERPT_CHARS) || null, durationMs: elapsed(started) };
  } catch (error) {
    return { responseStatus: null, error: connectionError(error), excerpt: null, durationMs: elapsed(started) };
  } finally {
    guard.destroy();
  }
}

const elapsed = (started: number) => Math.round(performance.now() - started);

function connectionError(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `no answer within ${TIMEOUT_MS / 1000} s`;
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 300);
}

async function recordAttempt(
  deps: DeliveryDeps,
  deliveryId: string,
  trigger: AttemptTrigger,
  outcome: Outcome,
  /** keepSchedule: a failed redelivery leaves the next scheduled retry as it is. */
  result: { delivered: boolean; gone: boolean; retryAfter: number | undefined; keepSchedule: boolean },
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [updated] = await tx.query<{ attempts: number }>(
      `UPDATE webhook_deliveries SET attempts = attempts + 1,
         status = CASE WHEN $2 THEN 'delivered' WHEN $3 THEN 'failed' ELSE status END,
         delivered_at = CASE WHEN $2 THEN $4::timestamptz ELSE delivered_at END,
         next_attempt_at = CASE WHEN $6 THEN next_attempt_at ELSE $5::timestamptz END
       WHERE id = $1 RETURNING attempts`,
      [
        deliveryId,
        result.delivered,
        result.gone,
        now.toISOString(),
        result.retryAfter === undefined ? null : new Date(now.getTime() + result.retryAfter).toISOString(),
        result.keepSchedule,
      ],
    );
    if (!updated) return; // deleted with its webhook meanwhile
    await tx.query(
      `INSERT INTO webhook_attempts (delivery_id, number, trigger, started_at, duration_ms, response_status, error, response_excerpt)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        deliveryId,
        updated.attempts,
        trigger,
        now.toISOString(),
        outcome.durationMs,
        outcome.responseStatus,
        outcome.error,
        outcome.excerpt,
      ],
    );
  });
}

/**
 * After the last scheduled attempt of a delivery failed: the delivery is failed, and when nothing was
 * delivered to the webhook since that delivery's first attempt (the receiver failed for the whole retry
 * period) the webhook is disabled and its owner told by e-mail.
 */
export async function giveUpDelivery(deps: DeliveryDeps, deliveryId: string): Promise<void> {
  const row = await deps.db.one<{ webhook_id: string; first_attempt: Date | null; delivered_since: boolean }>(
    `UPDATE webhook_deliveries d SET status = 'failed', next_attempt_at = NULL WHERE d.id = $1 AND d.status = 'pending'
     RETURNING d.webhook_id,
       (SELECT min(a.started_at) FROM webhook_attempts a WHERE a.delivery_id = d.id) AS first_attempt,
       EXISTS (SELECT 1 FROM webhook_deliveries o WHERE o.webhook_id = d.webhook_id AND o.status = 'delivered'
               AND o.delivered_at >= (SELECT min(a.started_at) FROM webhook_attempts a WHERE a.delivery_id = d.id)) AS delivered_since`,
    [deliveryId],
  );
  if (!row || row.delivered_since) return;
  const since = row.first_attempt ? new Date(row.first_attempt).toISOString() : 'its first attempt';
  await disableWebhook(deps, row.webhook_id, `Every delivery attempt since ${since} failed (last: delivery ${deliveryId}).`);
}

async function disableWebhook(deps: DeliveryDeps, webhookId: string, reason: string): Promise<void> {
  const now = deps.now();
  const disabled = await deps.db.one<{ url: string; email: string }>(
    `UPDATE webhooks w SET status = 'disabled', disabled_reason = $2, disabled_at = $3 FROM accounts a
     WHERE w.id = $1 AND w.status = 'enabled' AND a.id = w.account_id RETURNING w.url, a.email`,
    [webhookId, reason, now.toISOString()],
  );
  if (!disabled) return;
  deps.log.warn({ webhook_id: webhookId, reason }, 'webhook disabled');
  await deps.mailer.send({
    id: stableMailId(`webhook-disabled:${webhookId}:${now.toISOString()}`),
    to: disabled.email,
    subject: 'Your webhook was disabled',
    text:
      `${await deps.siteName()} stopped sending events to ${disabled.url} (webhook ${webhookId}).\n\n${reason}\n\n` +
      'Events that happen while it is disabled are not delivered to it. When the receiver works again, redeliver a failed ' +
      'delivery (redeliver_webhook, or POST /api/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver): a successful ' +
      `redelivery enables the webhook again. Or delete it and create a new one.\n\n${deps.publicUrl}/docs#webhooks`,
  });
}

async function enableWebhook(db: Database, webhookId: string): Promise<void> {
  await db.query(`UPDATE webhooks SET status = 'enabled', disabled_reason = NULL, disabled_at = NULL WHERE id = $1`, [webhookId]);
}
