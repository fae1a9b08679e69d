/** The gateway the service uses, chosen from its configuration; the test-mode gateway; the built-in checkout page's address. */
import type { Config } from '../config.js';
import type { Logger } from '../logging/logger.js';
import type { PaymentGateway } from './gateway.js';
import { stripeGateway } from './stripe-gateway.js';

/** Stripe Checkout when the configuration chose it (config.payments, see loadConfig), otherwise the built-in test-mode page. */
export function paymentGateway(config: Config, log: Logger): PaymentGateway {
  if (config.payments === 'test') return testGateway(config.publicUrl);
  const checkoutPage = (orderNumber: string) => checkoutPageUrl(config.publicUrl, orderNumber);
  return stripeGateway(
    { secretKey: config.stripeSecretKey, apiUrl: config.stripeApiUrl },
    { paymentMethods: config.stripePaymentMethods, checkoutPage },
    log,
  );
}

/** The address of the built-in checkout page of an order. */
export const checkoutPageUrl = (publicUrl: string, number: string) => `${publicUrl}/checkout/${encodeURIComponent(number)}`;

/** No provider: the person confirms on the service's own test-mode page; no money moves, so none is given back. */
function testGateway(publicUrl: string): PaymentGateway {
  return {
    provider: 'test',
    open: async (order) => ({ url: checkoutPageUrl(publicUrl, order.number) }),
    close: async () => {},
    refund: async () => {},
  };
}
