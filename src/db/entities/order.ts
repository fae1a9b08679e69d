import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Account } from './account.js';
import { CalendarDateType } from './calendar-date.js';
import { Listing } from './listing.js';

export const ORDER_STATUSES = ['pending', 'paid', 'expired', 'canceled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
const PAYMENT_PROVIDERS = ['test', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** orders: what a buyer checked out, with the VAT treatment of its quote (migration 0014). */
export const Order = defineEntity({
  name: 'Order',
  tableName: 'orders',
  properties: {
    id: p.integer().primary().autoincrement(),
    number: p.text().unique('orders_number_key'),
    /** The buyer; null once the buyer deleted their account (the order is kept as an invoice, migration 0026). */
    account: () =>
      p.manyToOne(Account).ref().nullable().deleteRule('set null').updateRule('no action').foreignKeyName('orders_account_id_fkey'),
    status: p.enum(ORDER_STATUSES).defaultRaw(`'pending'`),
    netCents: p.bigint('number'),
    vatCents: p.bigint('number'),
    grossCents: p.bigint('number'),
    vat: p.json<Record<string, unknown>>(),
    createdAt: p.datetime().defaultRaw('now()'),
    expiresAt: p.datetime(),
    paidAt: p.datetime().nullable(),
    /** Who took the payment: the built-in test checkout or Stripe (migration 0016). */
    paymentProvider: p.enum(PAYMENT_PROVIDERS).nullable(),
    /** The provider's checkout session and the address where the person pays. */
    paymentSession: p.text().nullable().unique('orders_payment_session_key'),
    paymentUrl: p.text().nullable(),
    /** The provider's payment (Stripe: the PaymentIntent), which refunds name. */
    paymentReference: p.text().nullable().unique('orders_payment_reference_key'),
    refundedCents: p.bigint('number').defaultRaw('0'),
    refundedAt: p.datetime().nullable(),
    /** When the buyer's account was deleted and the order kept without it (migration 0026). */
    buyerRemovedAt: p.datetime().nullable(),
  },
  indexes: [{ name: 'orders_account_idx', expression: 'CREATE INDEX orders_account_idx ON orders (account_id, created_at DESC, id DESC)' }],
});
export type Order = InferEntity<typeof Order>;

/** order_lines: one priced item of an order, and whether it was fulfilled. */
export const OrderLine = defineEntity({
  name: 'OrderLine',
  tableName: 'order_lines',
  properties: {
    order: () =>
      p.manyToOne(Order).ref().primary().deleteRule('cascade').updateRule('no action').foreignKeyName('order_lines_order_id_fkey'),
    position: p.integer().primary(),
    product: p.text(),
    name: p.text(),
    listing: () =>
      p.manyToOne(Listing).ref().nullable().deleteRule('set null').updateRule('no action').foreignKeyName('order_lines_listing_id_fkey'),
    week: p.type(CalendarDateType).nullable(),
    categories: p.array().defaultRaw(`'{}'`),
    netCents: p.bigint('number'),
    vatCents: p.bigint('number'),
    grossCents: p.bigint('number'),
    fulfilled: p.boolean().default(false),
  },
  primaryKeys: ['order', 'position'],
  indexes: [{ name: 'order_lines_listing_idx', properties: ['listing'] }],
});
export type OrderLine = InferEntity<typeof OrderLine>;

/** payment_events: each event of a payment provider, stored by its id in the transaction that acts on it (migration 0016). */
export const PaymentEvent = defineEntity({
  name: 'PaymentEvent',
  tableName: 'payment_events',
  properties: {
    id: p.text().primary(),
    type: p.text(),
    orderNumber: p.text().nullable(),
    outcome: p.text(),
    receivedAt: p.datetime().defaultRaw('now()'),
  },
  indexes: [{ name: 'payment_events_order_idx', properties: ['orderNumber', 'receivedAt'] }],
});
export type PaymentEvent = InferEntity<typeof PaymentEvent>;
