import type { Database } from '../db/database.js';
import { findAccount } from '../accounts/accounts.js';
import { createOrder, type OrderView } from '../orders/orders.js';
import type { QuoteInput } from '../orders/quote.js';
import type { Logger } from '../logging/logger.js';
import type { PaymentProvider } from '../db/entities/order.js';
import { PaymentProviderUnavailableError, type PaymentGateway } from './gateway.js';

export interface CheckoutDeps {
  db: Database;
  gateway: PaymentGateway;
  log: Logger;
  viesUrl?: string;
}

/**
 * What the assistant does with checkout_url. The test-mode page is the service's own and shows the order only to
 * the account that made it: the person signs in on the site first (the page sends them to sign in and back).
 */
const NEXT_STEP: Record<PaymentProvider, string> = {
  test:
    'Give the person checkout_url. Test mode (no payment provider set up, no money moves): the page asks them to sign in on this site first, ' +
    'with the account you act for, then to confirm the payment. get_order then shows the order paid.',
  stripe:
    "Give the person checkout_url: they pay on the payment provider's page. get_order shows the order paid once the provider confirms, usually within seconds.",
};

/**
 * Saves the order (quote_order's checks and prices) with its payment opened at the gateway: the answer carries
 * `checkout_url`, where the person pays. Checkouts of the orders it replaced are closed at the provider, so they
 * cannot be paid (one paid in the instant before is fulfilled where it still can be and the rest refunded).
 */
export async function checkout(
  deps: CheckoutDeps,
  accountId: string,
  input: QuoteInput,
  now: Date,
): Promise<OrderView & { checkout_url: string; next_step: string }> {
  const account = await findAccount(deps.db, accountId);
  const { order, replacedSessions } = await createOrder(
    deps.db,
    accountId,
    input,
    now,
    async (saved) => {
      try {
        return { provider: deps.gateway.provider, ...(await deps.gateway.open(saved, { email: account?.email ?? '' })) };
      } catch (error) {
        deps.log.error({ err: error, order: saved.number }, 'the payment provider could not open a checkout');
        throw new PaymentProviderUnavailableError(
          'The payment provider could not open a checkout; nothing was saved. Call create_checkout again in a minute.',
        );
      }
    },
    deps.viesUrl,
  );
  await deps.gateway.close(replacedSessions);
  return { ...order, checkout_url: order.checkout_url ?? '', next_step: NEXT_STEP[deps.gateway.provider] };
}
