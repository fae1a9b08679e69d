/**
 * Every account's orders, for the site team: the order as its buyer reads it (get_order's view), with the buyer's
 * e-mail and how it was paid. Filtered by status (as the buyer sees it: an unpaid order past expires_at is expired),
 * creation time, a listing one of its lines is for, and the buyer.
 */
import { z } from 'zod';
import type { Database, Statements } from '../db/database.js';
import type { OrderStatus, PaymentProvider } from '../db/entities/order.js';
import { NotFoundError } from '../errors.js';
import { isoDateTime, offsetOf } from '../schema.js';
import { canonicalEmail, normalizeEmail } from '../text/email.js';
import { orderSchema } from './order-schema.js';
import { type OrderRow, orderSelect, orderStatusSql, toView } from './orders.js';

/** An order as the site team reads it: get_order's view, the buyer, and the payment. */
export const adminOrderSchema = orderSchema.extend({
  buyer_email: z.string().describe("The buyer's account e-mail"),
  listings: z.array(z.object({ id: z.number().int(), slug: z.string(), name: z.string() })).describe('The listings its lines are for'),
  payment: z.object({
    provider: z.enum(['test', 'stripe']).nullable().describe('test: the test-mode page (no money moved); stripe: Stripe Checkout'),
    reference: z.string().nullable().describe("The provider's payment (Stripe: the PaymentIntent)"),
    refunded_at: isoDateTime.nullable().describe('When the order was refunded in full'),
  }),
});
export type AdminOrderView = z.infer<typeof adminOrderSchema>;

export interface OrderFilter {
  status?: OrderStatus;
  /** created_at at or after. */
  since?: string;
  /** created_at before. */
  until?: string;
  /** A listing slug: orders with a line for it. */
  listing?: string;
  /** The buyer's e-mail (any case). */
  buyer?: string;
}

interface AdminOrderRow extends OrderRow {
  buyer_email: string;
  listings: AdminOrderView['listings'];
  payment_provider: PaymentProvider | null;
  payment_reference: string | null;
  refunded_at: string | null;
}

/** orderSelect with the buyer and the payment; `$1` is now. */
const ADMIN_SELECT = orderSelect('$1', {
  columns: `, coalesce(a.email, '') AS buyer_email, o.payment_provider, o.payment_reference, iso_time(o.refunded_at) AS refunded_at,
    (SELECT coalesce(jsonb_agg(DISTINCT jsonb_build_object('id', li.id, 'slug', li.slug, 'name', li.name)), '[]'::jsonb)
     FROM order_lines ol JOIN listings li ON li.id = ol.listing_id WHERE ol.order_id = o.id) AS listings`,
  // LEFT: an order kept after its buyer deleted their account has none (buyer_email '').
  joins: ' LEFT JOIN accounts a ON a.id = o.account_id',
});
const STATUS = orderStatusSql('$1');

function toAdminView(row: AdminOrderRow): AdminOrderView {
  return {
    ...toView(row),
    buyer_email: row.buyer_email,
    listings: row.listings,
    payment: { provider: row.payment_provider, reference: row.payment_reference, refunded_at: row.refunded_at },
  };
}

/** Orders of every account, newest first. */
export async function listAllOrders(
  db: Database,
  filter: OrderFilter,
  paging: { page: number; per_page: number },
  now: Date,
): Promise<{ items: AdminOrderView[]; total: number }> {
  const params = [
    now.toISOString(),
    filter.status ?? null,
    // As instants: PostgreSQL takes offsets up to ±15:59 only, ISO 8601 up to ±23:59.
    filter.since ? new Date(filter.since).toISOString() : null,
    filter.until ? new Date(filter.until).toISOString() : null,
    filter.listing ?? null,
    // The buyer as typed and the mailbox it reaches (canonicalEmail): an alias finds the account, as at sign-in.
    filter.buyer === undefined ? null : [normalizeEmail(filter.buyer), canonicalEmail(filter.buyer)],
  ];
  const where = `($2::text IS NULL OR ${STATUS} = $2) AND ($3::timestamptz IS NULL OR o.created_at >= $3)
    AND ($4::timestamptz IS NULL OR o.created_at < $4)
    AND ($5::text IS NULL OR EXISTS (SELECT 1 FROM order_lines ol JOIN listings li ON li.id = ol.listing_id WHERE ol.order_id = o.id AND li.slug = $5))
    AND ($6::text[] IS NULL OR a.email = ($6::text[])[1] OR a.email_canonical = ($6::text[])[2])`;
  const [rows, counted] = await Promise.all([
    db.query<AdminOrderRow>(`${ADMIN_SELECT} WHERE ${where} ORDER BY o.created_at DESC, o.id DESC LIMIT $7 OFFSET $8`, [
      ...params,
      paging.per_page,
      offsetOf(paging),
    ]),
    db.one<{ n: number }>(`SELECT count(*)::int AS n FROM orders o LEFT JOIN accounts a ON a.id = o.account_id WHERE ${where}`, params),
  ]);
  return { items: rows.map(toAdminView), total: counted?.n ?? 0 };
}

/** Any account's order by its number, or 404. */
export async function adminOrder(db: Statements, number: string, now: Date): Promise<AdminOrderView> {
  const [row] = await db.query<AdminOrderRow>(`${ADMIN_SELECT} WHERE o.number = $2`, [now.toISOString(), number]);
  if (!row) throw new NotFoundError('order', number, 'list_orders lists the orders');
  return toAdminView(row);
}
