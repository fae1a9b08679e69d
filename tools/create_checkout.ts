import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { checkout } from '../src/payments/checkout.js';
import { orderBody, orderSchema } from '../src/orders/order-schema.js';

export default defineTool({
  name: 'create_checkout',
  title: 'Create a checkout',
  description:
    'Saves the order of a quote_order body (the same checks and prices) as pending and answers it with checkout_url: ' +
    'give that link to the person, who pays on that page themselves (never send card details). Paid, the order is ' +
    'fulfilled at once: a launch goes live now or is scheduled for its week, with its paid sections unlocked. A new ' +
    'checkout launching a listing cancels the pending one that did. Unpaid orders expire (expires_at, 24 hours by ' +
    'default); get_order shows the status. Needs orders:write.',
  http: { method: 'POST', path: '/orders/checkout', status: 201 },
  scopes: ['orders:write'],
  idempotencyKey: true,
  errorStatuses: [401, 403, 404, 503],
  input: orderBody,
  output: orderSchema.extend({
    checkout_url: z.string().describe('The page where the person pays: Stripe Checkout, or the test-mode page when no provider is set up'),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async handler(input, { services, caller }) {
    const { db, payments, log, config } = services;
    return checkout({ db, gateway: payments, log, viesUrl: config.viesUrl }, caller.accountId, input, services.now());
  },
});
