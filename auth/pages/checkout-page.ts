import type Router from '@koa/router';
import type { Context } from 'koa';
import { html, type SafeHtml } from '../../src/text/html.js';
import { NotFoundError } from '../../src/errors.js';
import { type OrderView, ownOrder, payOrder } from '../../src/orders/orders.js';
import { csrfFor, type PageEnv } from './env.js';
import { hiddenCsrf, renderPage } from './layout.js';
import { requireSignedIn } from './require-sign-in.js';

/**
 * The built-in checkout page, used while no payment provider is configured: clearly test mode, no card is asked
 * for and no money moves. The person signs in as the account that made the order and confirms; the button drives
 * the same payment and fulfilment code a provider's confirmation will.
 */
export function checkoutRoutes(router: Router, env: PageEnv): void {
  router.get('/checkout/:number', async (ctx) => {
    const account = await requireSignedIn(ctx, env, ctx.path);
    if (!account) return;
    const order = await orderOrNotFound(ctx, env, account.id, ctx.params.number ?? '');
    if (!order) return;
    const pay =
      order.status === 'pending'
        ? html`<form method="post" action="/checkout/${order.number}">${hiddenCsrf(csrfFor(ctx, env))}<button type="submit">Pay ${money(order.gross_cents)} (test mode)</button></form>`
        : html`<p class="notice" role="status">This order is ${order.status}; there is nothing to pay.</p>`;
    renderPage(ctx, `Order ${order.number}`, html`${TEST_MODE}${summary(order)}${pay}`, { signedInEmail: account.email });
  });

  router.post('/checkout/:number', async (ctx) => {
    const account = await requireSignedIn(ctx, env, `/checkout/${ctx.params.number ?? ''}`);
    if (!account) return;
    let outcome: Awaited<ReturnType<typeof payOrder>>;
    try {
      outcome = await payOrder(env.db, account.id, ctx.params.number ?? '', env.now());
    } catch (error) {
      if (error instanceof NotFoundError) return notFound(ctx, account.email);
      throw error;
    }
    const { order } = outcome;
    renderPage(
      ctx,
      outcome.kind === 'paid' ? 'Paid' : `Order ${order.number}`,
      outcome.kind === 'paid'
        ? html`${TEST_MODE}<p class="notice" role="status">Order ${order.number} is paid (test mode). ${fulfilled(order)}</p>${summary(order)}`
        : html`<p class="error" role="alert">Order ${order.number} is ${order.status}: it cannot be paid. Ask your assistant for a new checkout.</p>`,
      { signedInEmail: account.email },
    );
  });
}

const TEST_MODE = html`<p class="error" role="note"><strong>Test mode.</strong> No payment provider is configured: no card is asked for and no money moves. Confirming marks the order paid and fulfils it.</p>`;

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function summary(order: OrderView): SafeHtml {
  const rows = order.lines.map(
    (line) =>
      html`<tr><td>${line.name}${line.week ? ` (week of ${line.week})` : ''}</td><td>${money(line.net_cents)}</td><td>${money(line.vat_cents)}</td><td>${money(line.gross_cents)}</td></tr>`,
  );
  return html`<table><caption>Order ${order.number}</caption>
<thead><tr><th scope="col">Item</th><th scope="col">Net</th><th scope="col">VAT</th><th scope="col">Total</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><th scope="row">Total</th><td>${money(order.net_cents)}</td><td>${money(order.vat_cents)}</td><td>${money(order.gross_cents)}</td></tr></tfoot>
</table><p class="muted">${order.vat.note}</p>`;
}

function fulfilled(order: OrderView): string {
  const launches = order.lines.filter((line) => line.product === 'launch' && line.fulfilled);
  if (launches.length === 0) return '';
  return launches
    .map((line) => (line.week ? `The launch is scheduled for the week of ${line.week}.` : 'The listing is live now.'))
    .join(' ');
}

async function orderOrNotFound(ctx: Context, env: PageEnv, accountId: string, number: string): Promise<OrderView | undefined> {
  try {
    return await ownOrder(env.db, accountId, number, env.now());
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    notFound(ctx);
    return undefined;
  }
}

function notFound(ctx: Context, signedInEmail?: string): void {
  ctx.status = 404;
  renderPage(ctx, 'No such order', html`<p class="error" role="alert">You have no order with this number.</p>`, { signedInEmail });
}
