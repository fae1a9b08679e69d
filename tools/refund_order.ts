import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { staffOf } from '../src/registry/context.js';
import { someText } from '../src/schema.js';
import { adminOrderSchema } from '../src/orders/admin-orders.js';
import { refundOrder } from '../src/payments/refunds.js';
import { staffActor } from '../src/staff/roles.js';

export default defineTool({
  name: 'refund_order',
  title: 'Refund an order',
  toolset: 'admin',
  description:
    'Gives back amount_cents of a paid order (default: all not yet refunded), through Stripe when Stripe took the payment, recorded directly for test-mode orders. ' +
    'A full refund turns the order refunded and removes its billboard money from the ranking; a launch stays published. ' +
    'Pending, expired, canceled or fully refunded orders, or more than remains: 409. Audited with the reason.',
  http: { method: 'POST', path: '/admin/orders/{number}/refund', status: 200 },
  scopes: ['admin'],
  staffRole: 'admin',
  idempotencyKey: true,
  errorStatuses: [404, 409, 503],
  input: z.strictObject({
    number: z.string().min(1).max(40).describe('The order number, e.g. LD-2026-000042'),
    amount_cents: z.number().int().min(1).max(100_000_000).optional().describe('USD cents, VAT included; default: the rest'),
    reason: someText(500).describe('Why, for the audit log'),
  }),
  output: adminOrderSchema,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  async handler({ number, amount_cents, reason }, ctx) {
    const { db, payments, log } = ctx.services;
    return refundOrder(
      { db, gateway: payments, log },
      { actor: staffActor(staffOf(ctx)), number, amountCents: amount_cents, reason, now: ctx.services.now() },
    );
  },
});
