/**
 * Orders: a quote saved at checkout (pending, a readable number), paid on the checkout page and fulfilled in the
 * payment's own transaction: a launch makes the listing live now, or scheduled for its week, paid, with its paid
 * sections unlocked and its extra categories added; a billboard line becomes a contribution. A listing is never
 * paid for twice: a new checkout that launches a listing cancels the pending orders that launch it, and payment
 * re-checks each listing under its lock. Unpaid orders expire ORDER_LIFETIME_HOURS after checkout.
 */
import { LockMode } from '@mikro-orm/core';
import type { Database, Transaction } from '../db/database.js';
import { Account } from '../db/entities/account.js';
import { BillboardContribution } from '../db/entities/billboard-contribution.js';
import { Listing, ListingCategory } from '../db/entities/listing.js';
import { Order, OrderLine, type OrderStatus } from '../db/entities/order.js';
import { NotFoundError } from '../errors.js';
import { PAID_SECTIONS } from '../catalogue/listing-profile.js';
import { resolveWeek } from '../catalogue/weeks.js';
import { loadSiteSettings } from '../catalogue/site-settings.js';
import { recordVersion } from '../listings/listing-history.js';
import { type Quote, type QuoteInput, quoteOrder } from './quote.js';

const ORDER_LIFETIME_HOURS = 24;
const HINT = 'list_my_orders lists your orders';

export interface OrderView extends Omit<Quote, 'lines'> {
  number: string;
  status: OrderStatus;
  lines: (Quote['lines'][number] & { fulfilled: boolean })[];
  created_at: string;
  expires_at: string;
  paid_at: string | null;
}

/** Prices the body (every check of quote_order) and saves it as a pending order; pending orders launching the same listings are canceled. */
export async function createOrder(db: Database, accountId: string, input: QuoteInput, now: Date, viesUrl?: string): Promise<OrderView> {
  const quote = await quoteOrder(db, accountId, input, now, viesUrl);
  const launched = quote.lines.flatMap((line) => (line.product === 'launch' && line.listing_id !== null ? [line.listing_id] : []));
  const number = await db.transaction(async (tx) => {
    // Listings in id order, so two checkouts of the same listings wait for each other rather than deadlock.
    for (const id of [...launched].sort((a, b) => a - b)) await tx.em.findOne(Listing, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (launched.length > 0) {
      await tx.query(
        `UPDATE orders SET status = 'canceled' WHERE status = 'pending' AND id IN (
           SELECT order_id FROM order_lines WHERE product = 'launch' AND listing_id = ANY($1::int[]))`,
        [launched],
      );
    }
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
      expiresAt: new Date(now.getTime() + ORDER_LIFETIME_HOURS * 3_600_000),
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
    return orderNumber;
  });
  return ownOrder(db, accountId, number, now);
}

interface OrderRow extends Record<string, unknown> {
  id: number;
  number: string;
  status: OrderStatus;
  net_cents: string;
  vat_cents: string;
  gross_cents: string;
  vat: OrderView['vat'];
  created_at: string;
  expires_at: string;
  paid_at: string | null;
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

/** Orders with their lines; a pending order past its expiry reads as expired (`now` is the parameter named). */
const orderSelect = (now: string) => `
  SELECT o.id, o.number, CASE WHEN o.status = 'pending' AND o.expires_at <= ${now}::timestamptz THEN 'expired' ELSE o.status END AS status,
    o.net_cents::text, o.vat_cents::text, o.gross_cents::text, o.vat, iso_time(o.created_at) AS created_at,
    iso_time(o.expires_at) AS expires_at, iso_time(o.paid_at) AS paid_at,
    (SELECT coalesce(jsonb_agg(jsonb_build_object('product', l.product, 'name', l.name, 'listing_id', l.listing_id,
        'week', l.week::text, 'categories', to_jsonb(l.categories), 'net_cents', l.net_cents, 'vat_cents', l.vat_cents,
        'gross_cents', l.gross_cents, 'fulfilled', l.fulfilled) ORDER BY l.position), '[]'::jsonb)
     FROM order_lines l WHERE l.order_id = o.id) AS lines
  FROM orders o`;

function toView(row: OrderRow): OrderView {
  return {
    number: row.number,
    status: row.status,
    currency: 'usd',
    lines: row.lines,
    net_cents: Number(row.net_cents),
    vat_cents: Number(row.vat_cents),
    gross_cents: Number(row.gross_cents),
    vat: row.vat,
    created_at: row.created_at,
    expires_at: row.expires_at,
    paid_at: row.paid_at,
  };
}

/** The account's order, or 404 (another account's order is as unknown as a missing one). */
export async function ownOrder(db: Pick<Database, 'one'>, accountId: string, number: string, now: Date): Promise<OrderView> {
  const row = await db.one<OrderRow>(`${orderSelect('$3')} WHERE o.number = $1 AND o.account_id = $2::uuid`, [
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
 * Takes the payment of a pending order and fulfils it, in one transaction: the same code serves every way of
 * paying. An order that is no longer pending (paid already, canceled, expired) is answered as it is, unchanged.
 */
export async function payOrder(db: Database, accountId: string, number: string, now: Date): Promise<PaymentOutcome> {
  const settings = await loadSiteSettings(db);
  const thisWeek = resolveWeek('this', now, settings.time_zone).start;
  const paid = await db.transaction(async (tx) => {
    const order = await tx.em.findOne(Order, { number, account: accountId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!order) throw new NotFoundError('order', number, HINT);
    if (order.status !== 'pending') return false;
    if (order.expiresAt.getTime() <= now.getTime()) {
      order.status = 'expired';
      return false;
    }
    const lines = await tx.em.find(OrderLine, { order: order.id }, { orderBy: { position: 'asc' } });
    for (const line of lines) {
      line.fulfilled = await fulfil(tx, line, { accountId, number, now, thisWeek });
      await tx.em.flush(); // before the next line re-reads its listing under lock (a refresh drops unflushed changes)
    }
    Object.assign(order, { status: 'paid', paidAt: now });
    return true;
  });
  const order = await ownOrder(db, accountId, number, now);
  return paid ? { kind: 'paid', order } : { kind: 'not_payable', order };
}

async function fulfil(
  tx: Transaction,
  line: OrderLine,
  context: { accountId: string; number: string; now: Date; thisWeek: string },
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
  for (const slug of line.categories) {
    const [category] = await tx.query<{ id: number }>('SELECT id FROM categories WHERE slug = $1', [slug]);
    if (category && !(await tx.em.count(ListingCategory, { listing: listing.id, category: category.id })))
      tx.em.create(ListingCategory, { listing, category: category.id, isPrimary: false });
  }
  return true;
}
