/**
 * Who takes the money: Stripe Checkout when the service has a Stripe key, otherwise the built-in test-mode page
 * (PAYMENTS=test, which an https PUBLIC_URL must choose explicitly).
 * Orders and fulfilment know only this interface; the tools and pages never ask which gateway it is, except the
 * checkout page, which offers its test-mode button only when no provider is configured. Here: the interface; the
 * choice of gateway (paymentGateway) and the test-mode one are in chosen-gateway.ts, Stripe's in stripe-gateway.ts.
 */
import type { PaymentProvider } from '../db/entities/order.js';
import { ProblemError } from '../errors.js';
import type { OrderView } from '../orders/orders.js';

interface OpenedCheckout {
  /** Where the person pays. */
  url: string;
  /** The provider's checkout session, named by its events. */
  session?: string;
}

export interface PaymentGateway {
  readonly provider: PaymentProvider;
  /** Opens the payment of a new pending order; throws when the provider cannot be reached. */
  open(order: OrderView, buyer: { email: string }): Promise<OpenedCheckout>;
  /** Closes checkouts that must no longer be paid (their orders were replaced); failures are logged, never thrown. */
  close(sessions: readonly string[]): Promise<void>;
  /** Gives back `cents` of a payment (for lines that could not be fulfilled); `key` makes a repeated call one refund. */
  refund(reference: string, cents: number, key: string): Promise<void>;
}

/** The payment provider did not take a request (a checkout, a refund): nothing was recorded, and trying again is safe. */
export class PaymentProviderUnavailableError extends ProblemError {
  constructor(detail: string) {
    super({
      status: 503,
      code: 'payment_provider_unavailable',
      title: 'Payment provider unavailable',
      detail,
      headers: { 'Retry-After': '30' },
    });
  }
}
