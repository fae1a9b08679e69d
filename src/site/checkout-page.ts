import type Router from '@koa/router';
import type { Context } from 'koa';
import { html, type SafeHtml } from '../text/html.js';
import { NotFoundError } from '../errors.js';
import { currentWeek, type OrderView, ownOrder, payOrder } from '../orders/orders.js';
import { checkoutPageUrl } from '../payments/chosen-gateway.js';
import { renderSitePage } from '../web/layout.js';
import { type SiteDeps, signedInVisit, type Visit } from './visit.js';

/**
 * The checkout page of an order, for the account that made it. With a payment provider it shows the order and
 * sends the person to the provider's page (and is where the provider sends them back); without one it is the
 * built-in test-mode checkout: clearly marked, no card asked for, no money moving, and its button drives the same
 * payment and fulfilment code the provider's confirmation does.
 */
export function checkoutRoutes(router: Router, site: SiteDeps): void {
  const { services, kit } = site;
  const { db, payments } = services;
  const testMode = payments.provider === 'test';

  router.get('/checkout/:number', async (ctx) => {
    const seen = await signedInVisit(ctx, site);
    if (!seen) return;
    const order = await orderOrNotFound(ctx, site, seen, ctx.params.number ?? '');
    if (!order) return;
    const thisWeek = await currentWeek(db, services.now());
    const body =
      order.status !== 'pending'
        ? html`${order.status === 'paid' ? html`<p class="notice" role="status">Order ${order.number} is paid. ${fulfilled(order, thisWeek)}</p>` : html`<p class="notice" role="status">This order is ${order.status}; there is nothing to pay.</p>`}${summary(order)}`
        : testMode
          ? html`${TEST_MODE}${summary(order)}<form method="post" action="/checkout/${order.number}">${kit.csrfField(ctx)}<button type="submit">Pay ${money(order.gross_cents)} (test mode)</button></form>`
          : ctx.query.paid === '1'
            ? html`<p class="notice" role="status">Thank you: the payment is being confirmed by the payment provider, usually within seconds. Reload this page to see the order paid.</p>${summary(order)}`
            : html`${summary(order)}${providerLink(order, services.config.publicUrl)}`;
    orderPage(ctx, seen, `Order ${order.number}`, body);
  });

  router.post('/checkout/:number', async (ctx) => {
    const seen = await signedInVisit(ctx, site, `/checkout/${ctx.params.number ?? ''}`);
    if (!seen) return;
    if (!testMode) {
      // With a provider only its confirmation pays an order: the test-mode button does not exist.
      ctx.status = 409;
      return orderPage(
        ctx,
        seen,
        'Pay at the payment provider',
        html`<p class="error" role="alert">Orders are paid at the payment provider. Open the order page and follow its Pay button.</p>`,
      );
    }
    let outcome: Awaited<ReturnType<typeof payOrder>>;
    try {
      outcome = await payOrder(db, seen.account.id, ctx.params.number ?? '', services.now());
    } catch (error) {
      if (error instanceof NotFoundError) return notFound(ctx, seen);
      throw error;
    }
    const { order } = outcome;
    const thisWeek = await currentWeek(db, services.now());
    orderPage(
      ctx,
      seen,
      outcome.kind === 'paid' ? 'Paid' : `Order ${order.number}`,
      outcome.kind === 'paid'
        ? html`${TEST_MODE}<p class="notice" role="status">Order ${order.number} is paid (test mode). ${fulfilled(order, thisWeek)}</p>${summary(order)}`
        : html`<p class="error" role="alert">Order ${order.number} is ${order.status}: it cannot be paid. Ask your assistant for a new checkout.</p>`,
    );
  });
}

/** A page of one person's order: not indexed, kept by no cache. */
function orderPage(ctx: Context, seen: Visit, title: string, body: SafeHtml): void {
  renderSitePage(ctx, seen.env, {
    title,
    description: 'An order and its payment.',
    path: ctx.path,
    account: seen.account,
    noindex: true,
    noStore: true,
    body,
  });
}

const TEST_MODE = html`<p class="error" role="note"><strong>Test mode.</strong> No payment provider is configured: no card is asked for and no money moves. Confirming marks the order paid and fulfils it.</p>`;

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The provider's page, where the person pays; an order made before the provider was set up has none. */
function providerLink(order: OrderView, publicUrl: string): SafeHtml {
  if (!order.checkout_url || order.checkout_url === checkoutPageUrl(publicUrl, order.number))
    return html`<p class="error" role="alert">This order was made in test mode and cannot be paid here. Ask your assistant for a new checkout.</p>`;
  return html`<p><a class="button" href="${order.checkout_url}">Pay ${money(order.gross_cents)}</a></p><p class="muted">You pay on the payment provider's secure page (card, wallet, PayPal or crypto where offered); this site never sees your card.</p>`;
}

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

/** What the payment did for each launch: live now, or scheduled for a week that has not begun. */
function fulfilled(order: OrderView, thisWeek: string): string {
  const launches = order.lines.filter((line) => line.product === 'launch' && line.fulfilled);
  return launches
    .map((line) =>
      line.week && line.week > thisWeek ? `The launch is scheduled for the week of ${line.week}.` : 'The listing is live now.',
    )
    .join(' ');
}

async function orderOrNotFound(
  ctx: Context,
  site: SiteDeps,
  seen: Visit & { account: { id: string } },
  number: string,
): Promise<OrderView | undefined> {
  try {
    return await ownOrder(site.services.db, seen.account.id, number, site.services.now());
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    notFound(ctx, seen);
    return undefined;
  }
}

function notFound(ctx: Context, seen: Visit): void {
  ctx.status = 404;
  orderPage(ctx, seen, 'No such order', html`<p class="error" role="alert">You have no order with this number.</p>`);
}
