/**
 * Orders: a quote saved at checkout (pending, a readable number), paid on the checkout page and fulfilled in the
 * payment's own transaction: a launch makes the listing live now, or scheduled for its week, paid, with its paid
 * sections unlocked and its extra categories added; a billboard line becomes a contribution. A listing is never
 * paid for twice: a new checkout that launches a listing cancels the pending orders that launch it, and payment
 * re-checks each listing under its lock. Unpaid orders expire after the site's order_lifetime_hours. Who takes the
 * payment (the test-mode page, Stripe) is recorded on the order; fulfilment is the same code for both.
 */
import { emitListingPublished, emitWebhookEvent } from '../webhooks/events.js';
import { LockMode } from '@mikro-orm/core';
import type { Database, Transaction, Statements } from '../db/database.js';
import { Account } from '../db/entities/account.js';
import { BillboardContribution } from '../db/entities/billboard-contribution.js';
import { Listing, ListingCategory } from '../db/entities/listing.js';
import { Order, OrderLine, type OrderStatus, type PaymentProvider } from '../db/entities/order.js';
import { NotFoundError } from '../errors.js';
import { PAID_SECTIONS } from '../catalogue/listing-profile.js';
import { resolveWeek } from '../catalogue/weeks.js';
import { loadSiteSettings } from '../catalogue/site-settings.js';
import { recordVersion } from '../listings/listing-history.js';
import { type Quote, type QuoteInput, quoteOrder } from './quote.js';

/** Bounds of the order_lifetime_hours setting: a Stripe Checkout session lasts at least 30 minutes and at most 24 hours. */
const LIFETIME_HOURS = { min: 1, max: 24 };
const HINT = 'list_my_orders lists your orders';

export interface OrderView extends Omit<Quote, 'lines'> {
  number: string;
  status: OrderStatus;
  lines: (Quote['lines'][number] & { fulfilled: boolean })[];
  created_at: string;
  expires_at: string;
  paid_at: string | null;
  /** Where the person pays, while the order is pending. */
  checkout_url: string | null;
  /** Money given back so far (a refund of lines that could not be fulfilled, or of the whole order). */
  refunded_cents: number;
}

/** A new order, and the provider sessions of the pending orders it replaced (to be closed so they cannot be paid). */
export interface CreatedOrder {
  order: OrderView;
  replacedSessions: string[];
}

/** Where the person pays an order: opened by the payment gateway while the order is being saved. */
export interface OpenedPayment {
  provider: PaymentProvider;
  url: string;
  session?: string;
}

/**
 * Prices the body (every check of quote_order) and saves it as a pending order, its payment opened by `openPayment`
 * in the same transaction, under the locks of the listings it launches: a concurrent checkout of the same listing
 * waits, and then cancels this order knowing its payment session. Pending orders launching the same listings are
 * canceled; their sessions are answered for the caller to close. When `openPayment` throws, nothing is saved.
 */
export async function createOrder(
  db: Database,
  accountId: string,
  input: QuoteInput,
  now: Date,
  openPayment: (order: OrderView) => Promise<OpenedPayment>,
  viesUrl?: string,
): Promise<CreatedOrder> {
  const [quote, settings] = await Promise.all([quoteOrder(db, accountId, input, now, viesUrl), loadSiteSettings(db)]);
  const lifetimeHours = Math.min(
    LIFETIME_HOURS.max,
    Math.max(LIFETIME_HOURS.min, Number(settings.order_lifetime_hours) || LIFETIME_HOURS.max),
  );
  const launched = quote.lines.flatMap((line) => (line.product === 'launch' && line.listing_id !== null ? [line.listing_id] : []));
  return db.transaction(async (tx) => {
    // Listings in id order, so two checkouts of the same listings wait for each other rather than deadlock.
    for (const id of [...launched].sort((a, b) => a - b)) await tx.em.findOne(Listing, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const replaced =
      launched.length === 0
        ? []
        : await tx.query<{ payment_session: string | null }>(
            `UPDATE orders SET status = 'canceled' WHERE status = 'pending' AND id IN (
               SELECT order_id FROM order_lines WHERE product = 'launch' AND listing_id = ANY($1::int[]))
             RETURNING payment_session`,
            [launched],
          );
    const [{ n }] = await tx.query<{ n: string }>(`SELECT nextval('order_numbers')::text AS n`);
    const orderNumber = `LD-${now.getUTCFullYear()}-${n.padStart(6, '0')}`;
    const { currency: _currency, lines, net_cents, vat_cents, gross_cents, vat } = quote;
    const order = tx.em.create(Order, {
      number: orderNumber,
      account: tx.em.getReference(Account, accountId),
      status: 'pending',
      netCents: net_cents,
      vatCents: vat_cents,
      grossCents: gross_cents,
      vat,
      createdAt: now,
      expiresAt: new Date(now.getTime() + lifetimeHours * 3_600_000),
    });
    for (const [position, line] of lines.entries()) {
      tx.em.create(OrderLine, {
        order,
        position,
        product: line.product,
        name: line.name,
        listing: line.listing_id === null ? null : tx.em.getReference(Listing, line.listing_id),
        week: line.week,
        categories: line.categories,
        netCents: line.net_cents,
        vatCents: line.vat_cents,
        grossCents: line.gross_cents,
      });
    }
    await tx.em.flush();
    const opened = await openPayment(await ownOrder(tx, accountId, orderNumber, now));
    Object.assign(order, { paymentProvider: opened.provider, paymentUrl: opened.url, paymentSession: opened.session ?? null });
    await tx.em.flush();
    return {
      order: await ownOrder(tx, accountId, orderNumber, now),
      replacedSessions: replaced.flatMap((row) => (row.payment_session ? [row.payment_session] : [])),
    };
  });
}

export interface OrderRow extends Record<string, unknown> {
  id: number;
  number: string;
  status: OrderStatus;
  net_cents: string;
  vat_cents: string;
  gross_cents: string;
  /** The quote's VAT treatment as saved; orders saved before VAT reasons have none. */
  vat: Omit<OrderView['vat'], 'reason'> & { reason?: OrderView['vat']['reason'] };
  created_at: string;
  expires_at: string;
  paid_at: string | null;
  payment_url: string | null;
  refunded_cents: string;
  lines: {
    product: string;
    name: string;
    listing_id: number | null;
    week: string | null;
    categories: string[];
    net_cents: number;
    vat_cents: number;
    gross_cents: number;
    fulfilled: boolean;
  }[];
}

/**
 * The VAT reason of an order saved before reasons were: what its treatment tells for sure (a consumer charged VAT
 * may have been domestic or eu_consumer, as the seller's country was then: null).
 */
function savedReason(vat: OrderRow['vat']): OrderView['vat']['reason'] {
  if (vat.country === null) return null;
  if (vat.reverse_charge) return 'reverse_charge';
  if (vat.rate_percent === 0) return 'outside_eu';
  return vat.vat_number ? 'domestic' : null;
}

/** An order's status as its buyer reads it: a pending order past its expiry is expired (`now` is the parameter named). */
export const orderStatusSql = (now: string) =>
  `CASE WHEN o.status = 'pending' AND o.expires_at <= ${now}::timestamptz THEN 'expired' ELSE o.status END`;

/**
 * Orders (`o`) with their lines; a pending order past its expiry reads as expired (`now` is the parameter named).
 * `more` adds columns and joins (the site team's view adds the buyer).
 */
export const orderSelect = (now: string, more: { columns: string; joins: string } = { columns: '', joins: '' }) => `
  SELECT o.id, o.number, ${orderStatusSql(now)} AS status,
    o.net_cents::text, o.vat_cents::text, o.gross_cents::text, o.vat, iso_time(o.created_at) AS created_at,
    iso_time(o.expires_at) AS expires_at, iso_time(o.paid_at) AS paid_at, o.payment_url, o.refunded_cents::text,
    (SELECT coalesce(jsonb_agg(jsonb_build_object('product', l.product, 'name', l.name, 'listing_id', l.listing_id,
        'week', l.week::text, 'categories', to_jsonb(l.categories), 'net_cents', l.net_cents, 'vat_cents', l.vat_cents,
        'gross_cents', l.gross_cents, 'fulfilled', l.fulfilled) ORDER BY l.position), '[]'::jsonb)
     FROM order_lines l WHERE l.order_id = o.id) AS lines${more.columns}
  FROM orders o${more.joins}`;

export function toView(row: OrderRow): OrderView {
  const vat = { ...row.vat, reason: row.vat.reason === undefined ? savedReason(row.vat) : row.vat.reason };
  return {
    number: row.number,
    status: row.status,
    currency: 'usd',
    lines: row.lines.map((line) => ({ ...line, vat_reason: vat.reason })),
    net_cents: Number(row.net_cents),
    vat_cents: Number(row.vat_cents),
    gross_cents: Number(row.gross_cents),
    vat,
    created_at: row.created_at,
    expires_at: row.expires_at,
    paid_at: row.paid_at,
    checkout_url: row.status === 'pending' ? row.payment_url : null,
    refunded_cents: Number(row.refunded_cents),
  };
}

/** The account's order, or 404 (another account's order is as unknown as a missing one). */
export async function ownOrder(db: Statements, accountId: string, number: string, now: Date): Promise<OrderView> {
  const [row] = await db.query<OrderRow>(`${orderSelect('$3')} WHERE o.number = $1 AND o.account_id = $2::uuid`, [
    number,
    accountId,
    now.toISOString(),
  ]);
  if (!row) throw new NotFoundError('order', number, HINT);
  return toView(row);
}

export async function listOrders(
  db: Database,
  accountId: string,
  page: { page: number; per_page: number },
  now: Date,
): Promise<{ items: OrderView[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.query<OrderRow>(`${orderSelect('$4')} WHERE o.account_id = $1::uuid ORDER BY o.created_at DESC, o.id DESC LIMIT $2 OFFSET $3`, [
      accountId,
      page.per_page,
      (page.page - 1) * page.per_page,
      now.toISOString(),
    ]),
    db.one<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE account_id = $1::uuid', [accountId]),
  ]);
  return { items: rows.map(toView), total: count?.n ?? 0 };
}

export type PaymentOutcome = { kind: 'paid'; order: OrderView } | { kind: 'not_payable'; order: OrderView };

/**
 * The test-mode page's payment: the person confirms a pending order of theirs, which is paid and fulfilled in one
 * transaction. An order that is no longer pending (paid already, canceled, expired) is answered as it is, unchanged.
 */
export async function payOrder(db: Database, accountId: string, number: string, now: Date): Promise<PaymentOutcome> {
  const thisWeek = await currentWeek(db, now);
  const paid = await db.transaction(async (tx) => {
    const order = await tx.em.findOne(Order, { number, account: accountId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!order) throw new NotFoundError('order', number, HINT);
    if (order.status !== 'pending') return false;
    if (order.expiresAt.getTime() <= now.getTime()) {
      order.status = 'expired';
      return false;
    }
    await settle(tx, order, { provider: 'test', now, thisWeek });
    return true;
  });
  const order = await ownOrder(db, accountId, number, now);
  return paid ? { kind: 'paid', order } : { kind: 'not_payable', order };
}

/** The launch week payments made now fall in (site time zone). */
export async function currentWeek(db: Database, now: Date): Promise<string> {
  const settings = await loadSiteSettings(db);
  return resolveWeek('this', now, settings.time_zone).start;
}

export interface Payment {
  provider: PaymentProvider;
  /** The provider's payment (refunds name it). */
  reference?: string;
  now: Date;
  /** currentWeek at `now`. */
  thisWeek: string;
}

/**
 * Marks a locked order paid and fulfils each line, in the caller's transaction. Money the provider has taken is
 * never turned away: an order that expired or was replaced meanwhile is paid too, each line fulfilled if it still
 * can be (a listing launched by another order meanwhile is not launched twice). Answers what could not be
 * fulfilled, in cents, for the caller to give back.
 */
export async function settle(tx: Transaction, order: Order, payment: Payment): Promise<{ unfulfilledCents: number }> {
  const lines = await tx.em.find(OrderLine, { order: order.id }, { orderBy: { position: 'asc' } });
  // A kept order of a deleted account has no buyer account (migration 0026).
  const context = { accountId: order.account?.id ?? null, number: order.number, now: payment.now, thisWeek: payment.thisWeek };
  let unfulfilledCents = 0;
  for (const line of lines) {
    line.fulfilled = await fulfil(tx, line, context);
    if (!line.fulfilled) unfulfilledCents += line.grossCents;
    await tx.em.flush(); // before the next line re-reads its listing under lock (a refresh drops unflushed changes)
  }
  Object.assign(order, {
    status: 'paid',
    paidAt: payment.now,
    paymentProvider: payment.provider,
    paymentReference: payment.reference ?? null,
  });
  await emitWebhookEvent(tx, {
    type: 'order.paid',
    accountId: order.account?.id,
    data: { order_number: order.number, gross_cents: Number(order.grossCents), currency: 'usd', unfulfilled_cents: unfulfilledCents },
    at: payment.now,
  });
  return { unfulfilledCents };
}

/**
 * Records money given back for a paid order, in the caller's transaction. A full refund turns the order
 * `refunded` and reverses what can be reversed: its billboard contributions leave the ranking. A launch stays
 * published (the site team unpublishes by hand when a refund was for abuse).
 */
export async function recordRefund(
  tx: Transaction,
  order: Order,
  refund: { refundedCents: number; full: boolean; now: Date },
): Promise<void> {
  order.refundedCents = Math.max(order.refundedCents, refund.refundedCents);
  if (!refund.full || order.status === 'refunded') return;
  Object.assign(order, { status: 'refunded', refundedAt: refund.now });
  await tx.query('DELETE FROM billboard_contributions WHERE order_number = $1', [order.number]);
  await emitWebhookEvent(tx, {
    type: 'order.refunded',
    accountId: order.account?.id,
    data: { order_number: order.number, refunded_cents: Number(order.refundedCents), currency: 'usd' },
    at: refund.now,
  });
}

async function fulfil(
  tx: Transaction,
  line: OrderLine,
  context: { accountId: string | null; number: string; now: Date; thisWeek: string },
): Promise<boolean> {
  if (!line.listing) return false;
  const listing = await tx.em.findOne(Listing, { id: line.listing.id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  if (!listing) return false;
  if (line.product === 'billboard') {
    tx.em.create(BillboardContribution, { listing, amountCents: line.netCents, orderNumber: context.number, createdAt: context.now });
    return true;
  }
  if (line.product !== 'launch' || listing.status === 'live' || listing.plan === 'paid') return false;
  const goesLive = !line.week || line.week <= context.thisWeek;
  const after = {
    status: goesLive ? ('live' as const) : ('scheduled' as const),
    plan: 'paid' as const,
    launchWeek: goesLive ? context.thisWeek : line.week,
    launchedAt: goesLive ? context.now : null,
    unlockedSections: [...PAID_SECTIONS],
  };
  recordVersion(tx.em, {
    listingId: listing.id,
    accountId: context.accountId,
    operation: 'paid_launch',
    changes: {
      status: { before: listing.status, after: after.status },
      plan: { before: listing.plan, after: 'paid' },
      launch_week: { before: listing.launchWeek ?? null, after: after.launchWeek ?? null },
    },
    at: context.now,
  });
  Object.assign(listing, after, { updatedAt: context.now });
  if (goesLive) await emitListingPublished(tx, listing, context.now);
  for (const slug of line.categories) {
    const [category] = await tx.query<{ id: number }>('SELECT id FROM categories WHERE slug = $1', [slug]);
    if (category && !(await tx.em.count(ListingCategory, { listing: listing.id, category: category.id })))
      tx.em.create(ListingCategory, { listing, category: category.id, isPrimary: false });
  }
  return true;
}
