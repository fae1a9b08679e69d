/**
 * Stripe's webhook events: verified with the endpoint's signing secret, each stored by its id in the transaction
 * that acts on it (a repeated or concurrent delivery of the same event finds it stored and changes nothing), and
 * safe in any order: a completed checkout pays its order whatever state our clock gave it (money taken is never
 * turned away; what cannot be fulfilled any more is refunded), an expiry never unpays a paid order, a refund
 * applies to the payment it names.
 */
import { LockMode } from '@mikro-orm/core';
import type Stripe from 'stripe';
import type { Database, Transaction } from '../db/database.js';
import { Order } from '../db/entities/order.js';
import type { Logger } from '../logging/logger.js';
import { currentWeek, recordRefund, settle } from '../orders/orders.js';
import type { PaymentGateway } from './gateway.js';

export interface StripeEventDeps {
  db: Database;
  gateway: PaymentGateway;
  log: Logger;
}

/** The signature did not verify (forged, altered, or signed with another secret, or too old). */
export class BadSignatureError extends Error {}

/** The event in the body, if its Stripe-Signature verifies with `secret` (within Stripe's five-minute tolerance). */
export async function verifiedEvent(body: Buffer, signature: string | undefined, secret: string): Promise<Stripe.Event> {
  if (!signature) throw new BadSignatureError('No Stripe-Signature header.');
  const { default: Stripe } = await import('stripe'); // imported by the first event: no instance waits for it to start
  try {
    return Stripe.webhooks.constructEvent(body, signature, secret);
  } catch (error) {
    throw new BadSignatureError(error instanceof Error ? error.message : String(error));
  }
}

type Outcome =
  | 'duplicate'
  | 'ignored'
  | 'unknown_order'
  | 'paid'
  | 'already_paid'
  | 'amount_mismatch'
  | 'awaiting_payment'
  | 'expired'
  | 'not_pending'
  | 'refund_recorded';

interface Acted {
  outcome: Outcome;
  orderNumber?: string;
  /** Money to give back after commit: lines the payment could not fulfil. */
  refund?: { reference: string; cents: number };
}

/** Acts on one verified event, once. */
export async function handleStripeEvent(deps: StripeEventDeps, event: Stripe.Event, now: Date): Promise<Outcome> {
  const thisWeek = await currentWeek(deps.db, now);
  const acted = await deps.db.transaction(async (tx): Promise<Acted> => {
    const stored = await tx.query(
      `INSERT INTO payment_events (id, type, outcome, received_at) VALUES ($1, $2, 'received', $3)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [event.id, event.type, now],
    );
    if (stored.length === 0) return { outcome: 'duplicate' };
    const result = await act(tx, event, now, thisWeek);
    await tx.query('UPDATE payment_events SET outcome = $2, order_number = $3 WHERE id = $1', [
      event.id,
      result.outcome,
      result.orderNumber ?? null,
    ]);
    return result;
  });
  deps.log.info({ event: event.id, type: event.type, outcome: acted.outcome, order: acted.orderNumber }, 'Stripe event');
  if (acted.refund && acted.refund.cents > 0) {
    // After commit: the payment is recorded whatever happens here; the key makes a redelivery's attempt the same refund.
    await deps.gateway
      .refund(acted.refund.reference, acted.refund.cents, `unfulfilled-${acted.orderNumber}`)
      .catch((error: unknown) =>
        deps.log.error(
          { err: error, order: acted.orderNumber },
          'refunding the unfulfilled lines of a paid order failed: refund it in the Stripe dashboard',
        ),
      );
  }
  return acted.outcome;
}

function act(tx: Transaction, event: Stripe.Event, now: Date, thisWeek: string): Promise<Acted> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return completed(tx, event.data.object, now, thisWeek);
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
      return ended(tx, event.data.object, now);
    case 'charge.refunded':
      return refunded(tx, event.data.object, now);
    default:
      return Promise.resolve({ outcome: 'ignored' });
  }
}

const lockedOrder = (tx: Transaction, where: { paymentSession: string } | { paymentReference: string }) =>
  tx.em.findOne(Order, where, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });

async function completed(tx: Transaction, session: Stripe.Checkout.Session, now: Date, thisWeek: string): Promise<Acted> {
  const order = await lockedOrder(tx, { paymentSession: session.id });
  if (!order) return { outcome: 'unknown_order' };
  const orderNumber = order.number;
  if (order.status === 'paid' || order.status === 'refunded') return { outcome: 'already_paid', orderNumber };
  // Card payments are paid at completion; delayed methods complete unpaid and are paid by async_payment_succeeded.
  if (session.payment_status === 'unpaid') return { outcome: 'awaiting_payment', orderNumber };
  if (session.amount_total !== order.grossCents || session.currency !== 'usd') return { outcome: 'amount_mismatch', orderNumber };
  const reference = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  const { unfulfilledCents } = await settle(tx, order, { provider: 'stripe', reference, now, thisWeek });
  return { outcome: 'paid', orderNumber, refund: reference ? { reference, cents: unfulfilledCents } : undefined };
}

async function ended(tx: Transaction, session: Stripe.Checkout.Session, now: Date): Promise<Acted> {
  const order = await lockedOrder(tx, { paymentSession: session.id });
  if (!order) return { outcome: 'unknown_order' };
  if (order.status !== 'pending') return { outcome: 'not_pending', orderNumber: order.number };
  order.status = 'expired';
  if (order.expiresAt.getTime() > now.getTime()) order.expiresAt = now;
  return { outcome: 'expired', orderNumber: order.number };
}

async function refunded(tx: Transaction, charge: Stripe.Charge, now: Date): Promise<Acted> {
  const reference = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  const order = reference ? await lockedOrder(tx, { paymentReference: reference }) : null;
  if (!order) return { outcome: 'unknown_order' };
  await recordRefund(tx, order, { refundedCents: charge.amount_refunded, full: charge.refunded, now });
  return { outcome: 'refund_recorded', orderNumber: order.number };
}
