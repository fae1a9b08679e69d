import type Stripe from 'stripe';
import type { Logger } from '../logging/logger.js';
import type { OrderView } from '../orders/orders.js';
import type { PaymentGateway } from './gateway.js';

export interface StripeSettings {
  /** Payment method types for Checkout; empty: those enabled in the Stripe dashboard. */
  paymentMethods: readonly string[];
  /** The order's page on this site, where Stripe sends the person back (chosen-gateway.ts's checkoutPageUrl). */
  checkoutPage: (orderNumber: string) => string;
}

/** Stripe's own limits on a Checkout session's lifetime. */
const SESSION_LIFETIME = { minMs: 30 * 60_000 + 60_000, maxMs: 24 * 3_600_000 - 60_000 };

/** The account's secret key, and the API's address (empty: Stripe's own). */
export interface StripeClientSettings {
  secretKey: string;
  apiUrl: string;
}

/**
 * The official client, imported by the first payment (no instance waits for it to start); `apiUrl`
 * (http(s)://host[:port]) points it elsewhere than Stripe's own API, e.g. at a test fake.
 */
async function stripeClient(settings: StripeClientSettings): Promise<Stripe> {
  const { default: Stripe } = await import('stripe');
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'https:' ? 443 : 80),
      protocol: api.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

/**
 * Stripe Checkout: one session per order, priced from the order's lines (VAT included, as quoted), expiring with
 * the order. The order number travels as client_reference_id and metadata; the webhook finds the order by session.
 */
export function stripeGateway(client: StripeClientSettings, settings: StripeSettings, log: Logger): PaymentGateway {
  let connected: Promise<Stripe> | undefined;
  const connect = () => (connected ??= stripeClient(client));
  return {
    provider: 'stripe',
    async open(order, buyer) {
      const stripe = await connect();
      const session = await stripe.checkout.sessions.create(sessionParams(order, buyer, settings), {
        idempotencyKey: `checkout-${order.number}`,
      });
      if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a URL`);
      return { url: session.url, session: session.id };
    },
    async close(sessions) {
      const stripe = await connect();
      await Promise.all(
        sessions.map((id) =>
          stripe.checkout.sessions.expire(id).catch((error: unknown) => {
            // Completed or expired already: a completed one is paid and fulfilled (or refunded) by its event.
            log.warn({ err: error, session: id }, 'closing a replaced Stripe checkout failed');
          }),
        ),
      );
    },
    async refund(reference, cents, key) {
      const stripe = await connect();
      await stripe.refunds.create({ payment_intent: reference, amount: cents, reason: 'requested_by_customer' }, { idempotencyKey: key });
    },
  };
}

function sessionParams(order: OrderView, buyer: { email: string }, settings: StripeSettings): Stripe.Checkout.SessionCreateParams {
  const page = settings.checkoutPage(order.number);
  const createdMs = Date.now();
  const lifetimeMs = Math.min(
    SESSION_LIFETIME.maxMs,
    Math.max(SESSION_LIFETIME.minMs, new Date(order.expires_at).getTime() - new Date(order.created_at).getTime()),
  );
  return {
    mode: 'payment',
    client_reference_id: order.number,
    ...(buyer.email && { customer_email: buyer.email }),
    metadata: { order_number: order.number },
    payment_intent_data: { metadata: { order_number: order.number }, description: `Order ${order.number}` },
    line_items: order.lines.map((line) => ({
      quantity: 1,
      price_data: {
        currency: order.currency,
        unit_amount: line.gross_cents,
        product_data: {
          name: line.week ? `${line.name} (week of ${line.week})` : line.name,
          description: `${(line.net_cents / 100).toFixed(2)} + VAT ${(line.vat_cents / 100).toFixed(2)}. ${order.vat.note}`,
        },
      },
    })),
    // Stripe counts from the moment it creates the session, within its own bounds.
    expires_at: Math.floor((createdMs + lifetimeMs) / 1000),
    success_url: `${page}?paid=1`,
    cancel_url: page,
    // A filter on the methods Stripe finds eligible (those the account has enabled), not a list it must offer.
    ...(settings.paymentMethods.length > 0 && {
      allowed_payment_method_types: [...settings.paymentMethods],
    }),
  };
}
