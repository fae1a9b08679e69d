import type Router from '@koa/router';
import type { Context } from 'koa';
import { html, type SafeHtml } from '../text/html.js';
import { dollars, pager } from '../web/layout.js';
import { NotFoundError, ValidationError, type ProblemError } from '../errors.js';
import { ORDER_STATUSES } from '../db/entities/order.js';
import { adminOrder, type AdminOrderView } from '../orders/admin-orders.js';
import { listAuditLog } from '../staff/audit-log.js';
import { staffVisit, type ConsoleDeps, type StaffVisit } from './console-deps.js';
import { problemBox, renderConsoleMissing, renderConsolePage } from './layout.js';
import { listedPage } from './listed-page.js';
import { noticeOf, runOperation, seeOther } from './run-operation.js';
import { optional, postForm, selectField, textArea, textField } from './form-fields.js';

const PATH = '/admin/orders';
const PER_PAGE = 50;
const FILTERS = ['status', 'buyer', 'listing'] as const;
const NOTICES = { refunded: 'The refund was made and recorded.' };
const STATUS_CHOICES = [['', 'any status'] as const, ...ORDER_STATUSES.map((status) => [status, status] as const)];
/** An amount in dollars as people type it: 12, 12.5 or 12.50. */
const DOLLARS = /^\d{1,7}(\.\d{1,2})?$/;

/**
 * /admin/orders: every account's orders (list_orders), filtered by status, buyer and listing; /admin/orders/{number}:
 * one order with its lines, payment and refunds, and the refund form (refund_order). Admins only.
 */
export function orderPages(router: Router, deps: ConsoleDeps): void {
  router.get(PATH, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'admin');
    if (!visit) return;
    const {
      filters: query,
      page,
      items,
      total,
      problem,
    } = await listedPage<AdminOrderView>(ctx, deps, visit, 'list_orders', FILTERS, PER_PAGE);
    renderConsolePage(ctx, visit, {
      title: 'Orders',
      path: PATH,
      body: html`<form method="get" action="${PATH}" class="filters">
${selectField('status', 'Status', STATUS_CHOICES, query.status)}
${textField('buyer', "Buyer's e-mail", query.buyer, { type: 'email', maxLength: 254 })}
${textField('listing', 'Listing (slug)', query.listing, { hint: 'orders with a line for this listing' })}
<button type="submit">Filter</button></form>
${problemBox(problem)}
<p class="muted">${total} orders, newest first. Amounts are US dollars, VAT included.</p>
<table><caption class="sr">Orders, newest first</caption><thead><tr><th scope="col">Number</th><th scope="col">Date</th><th scope="col">Buyer</th><th scope="col">Listings</th><th scope="col">Gross</th><th scope="col">Refunded</th><th scope="col">Status</th></tr></thead><tbody>
${items.map(
  (order) =>
    html`<tr><td><a href="${orderPath(order.number)}">${order.number}</a></td><td>${order.created_at.slice(0, 16).replace('T', ' ')}</td><td>${order.buyer_email}</td><td>${order.listings.map((listing, i) => html`${i > 0 ? ', ' : ''}<a href="/listings/${listing.slug}">${listing.name}</a>`)}</td><td>${dollars(order.gross_cents)}</td><td>${order.refunded_cents > 0 ? dollars(order.refunded_cents) : '—'}</td><td>${order.status}</td></tr>`,
)}
</tbody></table>
${pager(PATH, page, PER_PAGE, total, query)}`,
    });
  });

  router.get(`${PATH}/:number`, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'admin');
    if (visit) await renderOrder(ctx, deps, visit, ctx.params.number, {});
  });

  router.post(`${PATH}/:number/refund`, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'admin');
    if (!visit) return;
    const number = ctx.params.number;
    const form = deps.kit.form(ctx);
    const amount = optional(form.amount);
    if (amount !== undefined && !DOLLARS.test(amount)) {
      ctx.status = 400;
      const problem = new ValidationError([
        { path: '/amount_cents', message: 'Give the amount in dollars, e.g. 12.50, or leave it empty for the rest' },
      ]);
      return renderOrder(ctx, deps, visit, number, { problem, amount, reason: form.reason });
    }
    const outcome = await runOperation(ctx, deps, visit, 'refund_order', {
      number,
      reason: form.reason ?? '',
      ...(amount !== undefined && { amount_cents: Math.round(Number(amount) * 100) }),
    });
    if (outcome.ok) return seeOther(ctx, orderPath(number), 'refunded');
    await renderOrder(ctx, deps, visit, number, { problem: outcome.problem, amount, reason: form.reason });
  });
}

const orderPath = (number: string) => `${PATH}/${encodeURIComponent(number)}`;

async function renderOrder(
  ctx: Context,
  deps: ConsoleDeps,
  visit: StaffVisit,
  number: string,
  form: { problem?: ProblemError; amount?: string; reason?: string },
): Promise<void> {
  const { db } = deps.services;
  // Only a number no order has is "No such order"; any other failure (the database's) is the service's error (500).
  const order = await adminOrder(db, number, deps.services.now()).catch((error: unknown) => {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  });
  if (!order) {
    return renderConsoleMissing(ctx, visit, {
      title: 'No such order',
      message: `No order has the number ${number}.`,
      back: { path: PATH, label: 'All orders' },
    });
  }
  const refunds = await listAuditLog(
    db,
    { action: 'order.refund', target_type: 'order', target_id: order.number },
    { page: 1, per_page: 100 },
  );
  renderConsolePage(ctx, visit, {
    title: `Order ${order.number}`,
    path: orderPath(order.number),
    notice: noticeOf(ctx, NOTICES),
    body: html`<p><a href="${PATH}">← All orders</a></p>
${orderSummary(order)}
${paymentSection(order, refunds.items)}
${refundSection(order, form, () => deps.kit.csrfField(ctx))}`,
  });
}

/** The order's status, buyer, date and totals, and its lines. */
function orderSummary(order: AdminOrderView): SafeHtml {
  return html`<dl>
<dt>Status</dt><dd><strong>${order.status}</strong></dd>
<dt>Buyer</dt><dd>${order.buyer_email}</dd>
<dt>Created</dt><dd>${order.created_at}</dd>
<dt>Total</dt><dd>${dollars(order.net_cents)} + VAT ${dollars(order.vat_cents)} = <strong>${dollars(order.gross_cents)}</strong> (${order.vat.note})</dd>
</dl>
<h2>Lines</h2>
<table><caption class="sr">What was bought</caption><thead><tr><th scope="col">Product</th><th scope="col">Listing</th><th scope="col">Week</th><th scope="col">Net</th><th scope="col">VAT</th><th scope="col">Gross</th><th scope="col">Fulfilled</th></tr></thead><tbody>
${order.lines.map((line) => {
  const listing = order.listings.find((l) => l.id === line.listing_id);
  return html`<tr><td>${line.name}</td><td>${listing ? html`<a href="/listings/${listing.slug}">${listing.name}</a>` : '—'}</td><td>${line.week ?? '—'}</td><td>${dollars(line.net_cents)}</td><td>${dollars(line.vat_cents)}</td><td>${dollars(line.gross_cents)}</td><td>${line.fulfilled ? 'yes' : 'no'}</td></tr>`;
})}
</tbody></table>`;
}

/** How the order was paid and refunded, and the refunds the site team made. */
function paymentSection(order: AdminOrderView, refunds: Awaited<ReturnType<typeof listAuditLog>>['items']): SafeHtml {
  return html`<h2>Payment</h2>
<dl>
<dt>Taken by</dt><dd>${order.payment.provider === 'stripe' ? 'Stripe' : order.payment.provider === 'test' ? 'the test-mode page (no money moved)' : 'nobody yet'}</dd>
${order.payment.reference ? html`<dt>Stripe payment</dt><dd><code>${order.payment.reference}</code></dd>` : ''}
<dt>Paid</dt><dd>${order.paid_at ?? 'not paid'}</dd>
<dt>Refunded</dt><dd>${dollars(order.refunded_cents)}${order.payment.refunded_at ? ` (in full, ${order.payment.refunded_at})` : ''}</dd>
</dl>
${
  refunds.length > 0
    ? html`<table><caption>Refunds made by the site team</caption><thead><tr><th scope="col">When</th><th scope="col">By</th><th scope="col">Amount</th><th scope="col">Reason</th></tr></thead><tbody>
${refunds.map(
  (entry) =>
    html`<tr><td>${entry.occurred_at}</td><td>${entry.actor}</td><td>${dollars(Number((entry.after as { amount_cents?: number } | null)?.amount_cents ?? 0))}</td><td>${entry.reason ?? ''}</td></tr>`,
)}
</tbody></table>`
    : ''
}`;
}

/** The refund form, for a paid order with money not yet given back (the form's refusal shown above it). */
function refundSection(
  order: AdminOrderView,
  form: { problem?: ProblemError; amount?: string; reason?: string },
  csrf: () => SafeHtml,
): SafeHtml {
  const remaining = order.gross_cents - order.refunded_cents;
  const refundable = order.status === 'paid' && remaining > 0;
  return html`<h2>Refund</h2>
${problemBox(form.problem)}
${
  refundable
    ? html`<p class="muted">${order.payment.provider === 'stripe' ? 'Stripe gives the money back to the buyer.' : 'A test-mode order: the refund is recorded, no money moves.'} A full refund turns the order refunded and takes its billboard money off the ranking; a launch stays published.</p>
${postForm(
  `${orderPath(order.number)}/refund`,
  csrf(),
  [
    textField('amount', 'Amount in US dollars, VAT included (e.g. 12.50)', form.amount, {
      hint: `leave empty to refund the rest, ${dollars(remaining)}`,
      maxLength: 12,
    }),
    textArea('reason', 'Reason (kept in the audit log)', form.reason, { required: true, rows: 3 }),
  ],
  'Refund',
)}`
    : html`<p class="muted">Only a paid order with money not yet given back can be refunded; this one is ${order.status}${order.status === 'paid' ? ' and refunded in full' : ''}.</p>`
}`;
}
