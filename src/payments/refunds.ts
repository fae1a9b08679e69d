/**
 * Refunds the site team makes: money given back for a paid order, through the provider that took it (Stripe: a
 * refund of the PaymentIntent) or recorded directly for a test-mode order (no money moved). The effect is Stripe's
 * charge.refunded event's (recordRefund): refunded_cents grows, and a full refund turns the order refunded, takes
 * its billboard money off the ranking and sends order.refunded. When Stripe then reports the refund, recordRefund
 * keeps the larger total, so it is counted once.
 */
import { LockMode } from '@mikro-orm/core';
import type { Database } from '../db/database.js';
import { Order } from '../db/entities/order.js';
import { InvalidStateError, NotFoundError } from '../errors.js';
import { recordRefund } from '../orders/orders.js';
import { adminOrder, type AdminOrderView } from '../orders/admin-orders.js';
import { recordAudit, type Actor } from '../staff/audit-log.js';
import type { Logger } from '../logging/logger.js';
import { PaymentProviderUnavailableError, type PaymentGateway } from './gateway.js';

export interface RefundRequest {
  actor: Actor;
  number: string;
  /** Default: what has not been given back yet (a full refund). */
  amountCents?: number;
  reason: string;
  now: Date;
}

/**
 * Gives back money of a paid order and records it with its audit entry (order.refund: status and refunded_cents
 * before and after, the amount and the reason) in one transaction, under the order's lock. The provider is asked
 * within it, with a key made of the order, the amount refunded before and this amount: a retry of a refund whose
 * recording failed is the same refund at the provider. Pending, expired, canceled and fully refunded orders, and
 * amounts above what remains, are 409.
 */
export async function refundOrder(
  deps: { db: Database; gateway: PaymentGateway; log: Logger },
  request: RefundRequest,
): Promise<AdminOrderView> {
  const { number, now } = request;
  await deps.db.transaction(async (tx) => {
    const order = await tx.em.findOne(Order, { number }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!order) throw new NotFoundError('order', number, 'list_orders lists the orders');
    if (order.status !== 'paid') {
      const status = order.status === 'pending' && order.expiresAt.getTime() <= now.getTime() ? 'expired' : order.status;
      throw new InvalidStateError(
        status === 'refunded'
          ? `Order ${number} is refunded in full already.`
          : `Order ${number} is ${status}: only a paid order can be refunded.`,
      );
    }
    const gross = Number(order.grossCents);
    const before = { status: order.status, refunded_cents: Number(order.refundedCents) };
    const remaining = gross - before.refunded_cents;
    if (remaining <= 0)
      throw new InvalidStateError(`Order ${number} has nothing left to refund (${before.refunded_cents} cents given back).`);
    const amount = request.amountCents ?? remaining;
    if (amount > remaining)
      throw new InvalidStateError(`Order ${number} has ${remaining} cents left to refund; ${amount} is more than that.`);
    if (order.paymentProvider === 'stripe') {
      if (deps.gateway.provider !== 'stripe' || !order.paymentReference)
        throw new InvalidStateError(
          `Order ${number} was paid through Stripe, which this service cannot reach now (no STRIPE_SECRET_KEY or no payment reference); refund it in the Stripe dashboard.`,
        );
      try {
        await deps.gateway.refund(order.paymentReference, amount, `refund-${number}-${before.refunded_cents}-${amount}`);
      } catch (error) {
        deps.log.error({ err: error, order: number }, 'Stripe did not take a refund');
        throw new PaymentProviderUnavailableError(
          'The payment provider did not take the refund; nothing was recorded. Try again in a minute (it is the same refund).',
        );
      }
    }
    const total = before.refunded_cents + amount;
    await recordRefund(tx, order, { refundedCents: total, full: total >= gross, now });
    await tx.em.flush();
    await recordAudit(tx, {
      actor: request.actor,
      action: 'order.refund',
      target: { type: 'order', id: number },
      before,
      after: { status: order.status, refunded_cents: Number(order.refundedCents), amount_cents: amount },
      reason: request.reason,
      at: now,
    });
  });
  return adminOrder(deps.db, number, now);
}
