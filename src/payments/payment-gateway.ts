import type { Config } from '../config.js';
import type { Logger } from '../logging/logger.js';
import { type PaymentGateway, testGateway } from './gateway.js';
import { stripeClient, stripeGateway } from './stripe-gateway.js';

/** Stripe Checkout when STRIPE_SECRET_KEY is set, otherwise the built-in test-mode page. */
export function paymentGateway(config: Config, log: Logger): PaymentGateway {
  if (!config.stripeSecretKey) return testGateway(config.publicUrl);
  const stripe = stripeClient({ secretKey: config.stripeSecretKey, apiUrl: config.stripeApiUrl });
  return stripeGateway(stripe, { paymentMethods: config.stripePaymentMethods, publicUrl: config.publicUrl }, log);
}
