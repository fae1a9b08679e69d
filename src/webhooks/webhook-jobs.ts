import type { Database } from '../db/database.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Logger } from '../logging/logger.js';
import type { Mailer } from '../mail/mailer.js';
import { DELIVER_WEBHOOK_JOB, dispatchWebhookEvents } from './dispatch.js';
import { attemptDelivery, giveUpDelivery, type DeliveryDeps } from './send-delivery.js';
import { REDELIVER_WEBHOOK_JOB } from './deliveries.js';
import { WEBHOOK_EVENTS_CHANNEL } from './events.js';
import { DEFAULT_RETRY, retrySchedule } from './retry-schedule.js';
import type { DeliveryRecorder } from '../observability/metrics.js';

export interface WebhookJobDeps {
  db: Database;
  mailer: Mailer;
  now: () => Date;
  log: Logger;
  publicUrl: string;
  /** The site's name (its site_name setting) as it is now, for the mail to an owner whose webhook was disabled. */
  siteName: () => string | Promise<string>;
  allowHosts: readonly string[];
  /** Tests only: a shorter retry schedule than 30 s doubling over 24 hours. */
  retry?: { firstMs: number; windowMs: number };
  /** Counts delivery attempts by outcome (the service's metrics). */
  metrics?: DeliveryRecorder;
}

/** Deliveries of one event, and its retries, run on the queue: one attempt per run, retried on the schedule. */
export function defineWebhookJobs(queue: JobQueue, given: WebhookJobDeps): void {
  const waits = retrySchedule(given.retry?.firstMs ?? DEFAULT_RETRY.firstMs, given.retry?.windowMs ?? DEFAULT_RETRY.windowMs);
  const deps: DeliveryDeps = { ...given, retryDelayMs: (attempt) => waits[attempt - 1] };
  queue.define<{ deliveryId: string }>(
    DELIVER_WEBHOOK_JOB,
    ({ deliveryId }, { attempt }) => attemptDelivery(deps, deliveryId, attempt === 1 ? 'event' : 'retry', attempt),
    {
      concurrency: 8,
      maxAttempts: waits.length + 1,
      retryDelayMs: (attempt) => waits[attempt - 1] ?? waits.at(-1)!,
      onGiveUp: ({ deliveryId }) => giveUpDelivery(deps, deliveryId),
    },
  );
  queue.define<{ deliveryId: string }>(REDELIVER_WEBHOOK_JOB, ({ deliveryId }) => attemptDelivery(deps, deliveryId, 'redelivery', 1), {
    maxAttempts: 1,
  });
}

/** The dispatcher stops with this. */
export type StopDispatching = () => Promise<void>;

/**
 * Dispatches events as their transactions commit (NOTIFY), and sweeps every `sweepMs` for any whose
 * notification was missed (a lost listening connection, an event recorded by an operator command).
 * Runs are serialised per instance; instances share the work through the events' row locks.
 */
export async function startWebhookDispatcher(
  deps: { db: Database; jobs: JobQueue; now: () => Date; log: Logger },
  sweepMs: number,
): Promise<StopDispatching> {
  let running: Promise<void> = Promise.resolve();
  let again = false;
  let queued = false;
  const dispatch = () => {
    if (queued) {
      again = true;
      return;
    }
    queued = true;
    running = running.then(async () => {
      do {
        again = false;
        await dispatchWebhookEvents(deps.db, deps.jobs, deps.now()).catch((error: unknown) =>
          deps.log.warn({ err: error }, 'dispatching webhook events failed; the next sweep tries again'),
        );
      } while (again);
      queued = false;
    });
  };
  const { stop: stopListening } = await deps.db.listen(WEBHOOK_EVENTS_CHANNEL, {
    onChange: dispatch,
    onListening: (listening) => listening && dispatch(),
  });
  const sweep = setInterval(dispatch, sweepMs);
  sweep.unref();
  dispatch();
  return async () => {
    clearInterval(sweep);
    await stopListening();
    await running;
  };
}
