import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { checkout } from '../src/payments/checkout.js';
import { ORDER_BODY_RULES, orderBody, orderSchema } from '../src/orders/order-schema.js';

export default defineTool({
  name: 'create_checkout',
  title: 'Create a checkout',
  toolset: 'orders',
  description:
    "Saves a quote_order body as a pending order and answers checkout_url: give that link to the person, who pays there (never ask for card details). Once paid, a launch goes live now or is scheduled for its week, its paid sections unlocked. A new checkout for the same listing's launch cancels the pending one. Unpaid orders expire (expires_at); get_order shows the status.",
  http: { method: 'POST', path: '/orders/checkout', status: 201 },
  scopes: ['orders:write'],
  idempotencyKey: true,
  errorStatuses: [404, 503],
  crossFieldRules: ORDER_BODY_RULES,
  input: orderBody,
  output: orderSchema.extend({
    checkout_url: z.string().describe('The page where the person pays: Stripe Checkout, or the test-mode page when no provider is set up'),
    next_step: z.string().describe('What the person does on that page (in test mode: sign in on the site first)'),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  personLink: (order) => ({
    url: order.checkout_url,
    message: `Pay order ${order.number} (${(order.gross_cents / 100).toFixed(2)} ${order.currency.toUpperCase()}) on this page.`,
  }),
  async handler(input, { services, caller }) {
    const { db, payments, log, config } = services;
    return checkout({ db, gateway: payments, log, viesUrl: config.viesUrl }, caller.accountId, input, services.now());
  },
});
