import type Router from '@koa/router';
import type { Context } from 'koa';
import type { AccountRecord } from '../accounts/accounts.js';
import type { ProblemError } from '../errors.js';
import { html, type SafeHtml } from '../text/html.js';
import { renderSitePage } from '../web/layout.js';
import { ownerVisit, ownerLinks } from './owned-listing.js';
import type { OwnerListingWithModeration } from '../listings/owner-view.js';
import { runAsPerson } from './person-operation.js';
import type { SiteDeps, Visit } from './visit.js';
import { COUNTRIES } from '../text/countries.js';

/** What get_my_listing answers (the parts the page uses). */
type OwnedListing = OwnerListingWithModeration;

/** A product as list_products answers it. */
interface ProductView {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  needs_listing: boolean;
  options: {
    name: string;
    type: 'integer' | 'string' | 'array';
    required: boolean;
    description: string;
    minimum?: number;
    format?: 'date';
    max_items?: number;
  }[];
}

/** A quote as quote_order answers it (the parts shown). */
interface QuoteView {
  lines: {
    product: string;
    name: string;
    week: string | null;
    categories: string[];
    net_cents: number;
    vat_cents: number;
    gross_cents: number;
  }[];
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
  vat: { note: string; rate_percent: number; reverse_charge: boolean };
}

/** What the form holds: as typed, kept on every refusal. */
type Typed = Record<string, string>;
type Owner = NonNullable<Awaited<ReturnType<typeof ownerVisit>>>;

/** The order's own fields (the rest are the products' options, named `<product>.<option>`, and `buy_<product>`). */
const ORDER_FIELDS = ['billing_country', 'vat_number'] as const;

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * The paid launch of a saved listing, for its owners: the directory's products and prices (list_products), the
 * launch's week and extra categories and any extras the products offer, the billing country and a business's VAT
 * number; "Quote" prices it (quote_order: net, VAT and its reason in words) and "Go to checkout" saves the order
 * (create_checkout) and sends the person to its checkout page. Refusals come back beside their fields with what was
 * typed kept. Others' listings answer 404, as the tools do.
 */
export function paidLaunchRoutes(router: Router, site: SiteDeps): void {
  const { kit } = site;

  router.get('/account/listings/:id/paid', async (ctx) => {
    const owner = await ownerVisit(ctx, site);
    if (!owner) return;
    const { seen, listing } = owner;
    await paidPage(ctx, seen, site, listing, {});
  });

  // Quote: nothing saved or charged. Checkout: the quoted body saved as a pending order, then its checkout page.
  // Both read the same form; a refusal comes back to the page with what was typed and the message beside its field.
  const orderRoute = (
    path: string,
    operation: 'quote_order' | 'create_checkout',
    done: (ctx: Context, owner: Owner, form: Typed, result: Record<string, unknown>) => Promise<void> | void,
  ) =>
    router.post(`/account/listings/:id/${path}`, async (ctx) => {
      const form = kit.form(ctx);
      const owner = await ownerVisit(ctx, site, `/account/listings/${ctx.params.id}/paid`);
      if (!owner) return;
      const { input, products } = orderInput(form, owner.listing.listing_id);
      const outcome = await runAsPerson(ctx, site, owner.seen.account, operation, input);
      if (!outcome.ok) return paidPage(ctx, owner.seen, site, owner.listing, form, { problem: outcome.problem, products });
      await done(ctx, owner, form, outcome.result);
    });
  orderRoute('paid', 'quote_order', (ctx, { seen, listing }, form, quote) =>
    paidPage(ctx, seen, site, listing, form, { quote: quote as unknown as QuoteView }),
  );
  orderRoute('checkout', 'create_checkout', (ctx, _owner, _form, order) => {
    ctx.status = 303;
    ctx.redirect(`/checkout/${encodeURIComponent(String(order.number))}`);
  });
}

/**
 * The body of quote_order and create_checkout from the form: an item for each product ticked (`buy_<id>`, in the
 * form's order) with the options it was given, and the billing country and VAT number when filled in. Also the
 * product of each item, to put a refusal of `/items/<i>/…` beside that product's field.
 */
function orderInput(form: Typed, listingId: number): { input: Record<string, unknown>; products: string[] } {
  const products = Object.keys(form)
    .filter((name) => name.startsWith('buy_') && form[name] !== '')
    .map((name) => name.slice(4));
  const items = products.map((product) => {
    const item: Record<string, unknown> = { product, listing_id: listingId };
    const week = form[`${product}.week`]?.trim();
    if (week) item.week = week;
    const categories = (form[`${product}.categories`] ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter((c) => c !== '');
    if (categories.length > 0) item.categories = categories;
    const amount = form[`${product}.amount`]?.trim();
    if (amount) item.amount = /^\d+$/.test(amount) ? Number(amount) : amount;
    return item;
  });
  const input: Record<string, unknown> = { items };
  for (const field of ORDER_FIELDS) {
    const value = form[field]?.trim();
    if (value) input[field] = value;
  }
  return { input, products };
}

/** Where a refusal of the order body goes on the page: a field's id, or undefined for the summary only. */
function fieldOf(path: string, products: string[], shown: Set<string>): string | undefined {
  if (path === '/billing_country') return 'pay-billing_country';
  if (path === '/vat_number') return 'pay-vat_number';
  const item = /^\/items\/(\d+)\/([a-z_]+)/.exec(path);
  const product = item ? products[Number(item[1])] : undefined;
  if (!item || product === undefined || !shown.has(product)) return undefined;
  if (item[2] === 'product' || item[2] === 'listing_id') return `buy-${product}`;
  return `pay-${product}-${item[2]}`;
}

interface PageState {
  problem?: ProblemError;
  /** The product of each item of the refused body. */
  products?: string[];
  quote?: QuoteView;
}

async function paidPage(
  ctx: Context,
  seen: Visit & { account: AccountRecord },
  site: SiteDeps,
  listing: OwnedListing,
  typed: Typed,
  state: PageState = {},
): Promise<void> {
  const answer = await runAsPerson(ctx, site, seen.account, 'list_products', {});
  ctx.status = state.problem?.status ?? 200;
  const products = answer.ok ? (answer.result.items as ProductView[]) : [];
  const testMode = site.services.payments.provider === 'test';
  const launchable = listing.status !== 'live' && listing.status !== 'hidden' && listing.plan !== 'paid';
  const launch = `/account/listings/${String(listing.listing_id)}/launch`;

  // Each refusal beside its field; the ones with no field of their own (a product no longer on sale) in the summary only.
  const shown = new Set(products.filter((p) => p.needs_listing).map((p) => p.id));
  const messages = new Map<string, string[]>();
  const summary: { field?: string; message: string }[] = [];
  for (const error of state.problem?.errors ?? []) {
    const field = fieldOf(error.path, state.products ?? [], shown);
    if (field) messages.set(field, [...(messages.get(field) ?? []), error.message]);
    summary.push({ field, message: error.message });
  }
  if (state.problem && summary.length === 0) summary.push({ message: state.problem.detail ?? state.problem.title });

  renderSitePage(ctx, seen.env, {
    title: `Paid launch: ${listing.profile.name}`,
    description: 'A paid launch of your listing: products, prices and a quote with VAT.',
    path: ctx.path,
    account: seen.account,
    noindex: true,
    noStore: true,
    body: html`${ownerLinks(listing, '')}${
      summary.length > 0
        ? html`<div class="error" role="alert" id="refused"><p>Nothing was ${ctx.path.endsWith('/checkout') ? 'ordered' : 'quoted'}: ${summary.length === 1 ? 'one thing needs' : `${String(summary.length)} things need`} a change.</p><ul>${summary.map(
            (s) => html`<li>${s.field ? html`<a href="#${s.field}">${s.message}</a>` : s.message}</li>`,
          )}</ul></div>`
        : ''
    }
${testMode ? html`<p class="notice" role="note"><strong>Test mode:</strong> no payment provider is set up, so no money is taken. The checkout page marks the order paid when you confirm it.</p>` : ''}
${state.quote && launchable ? quoteSection(ctx, site, listing, state.quote, typed, products) : ''}
<p>A paid launch needs no badge: it goes live as soon as it is paid, or in the week you choose. It also unlocks the founder story, milestones and media on the listing.</p>
${productTable(products)}
${
  !launchable
    ? html`<p class="notice" role="status">${listing.status === 'live' ? 'This listing is already live.' : listing.plan === 'paid' ? 'This listing is already paid for.' : 'The site team hid this listing.'} There is no launch to buy.</p>`
    : !products.some((p) => p.id === 'launch')
      ? html`<p class="notice" role="status">The paid launch is not on sale right now. The free launch is on <a href="${launch}">the launch page</a>.</p>`
      : orderForm(ctx, site, listing, products, typed, messages, state.quote !== undefined)
}
<p><a href="${launch}">Back to the launch page</a> · <a href="/account">Your account</a></p>`,
  });
}

function productTable(products: ProductView[]): SafeHtml {
  if (products.length === 0) return html`<p class="muted">Nothing is on sale right now.</p>`;
  return html`<h2>Products and prices</h2>
<table><thead><tr><th scope="col">Product</th><th scope="col">Price</th></tr></thead>
<tbody>${products.map(
    (p) =>
      html`<tr><td><strong>${p.name}</strong><br><span class="muted">${p.description}</span></td><td style="white-space:nowrap">${p.id === 'billboard' && p.price_cents === 0 ? 'You choose' : money(p.price_cents)}</td></tr>`,
  )}</tbody></table>
<p class="muted">Prices are in US dollars and exclude VAT; the quote adds the VAT that applies to you.</p>`;
}

/** A field's message (id `${id}-error`) and the attributes that tie the field to it. */
function fieldError(id: string, messages: Map<string, string[]>): { attrs: SafeHtml | ''; note: SafeHtml | '' } {
  const message = messages.get(id)?.join(' ');
  if (!message) return { attrs: '', note: '' };
  return {
    attrs: html` aria-invalid="true" aria-describedby="${id}-error"`,
    note: html`<p id="${id}-error" class="error" role="alert">${message}</p>`,
  };
}

function orderForm(
  ctx: Context,
  site: SiteDeps,
  listing: OwnedListing,
  products: ProductView[],
  typed: Typed,
  messages: Map<string, string[]>,
  quoted: boolean,
): SafeHtml {
  const parts = products
    .filter((p) => p.needs_listing)
    .map((p) => {
      const buyId = `buy-${p.id}`;
      const buyError = fieldError(buyId, messages);
      const head =
        p.id === 'launch'
          ? html`<legend style="font-weight:600">${p.name} · ${money(p.price_cents)}</legend><input type="hidden" name="buy_launch" value="1"><span id="${buyId}"></span>`
          : html`<legend style="font-weight:600">${p.name}</legend><label><input type="checkbox" id="${buyId}" name="buy_${p.id}" value="1"${typed[`buy_${p.id}`] === '1' ? ' checked' : ''}${buyError.attrs}> Add ${p.name.toLowerCase()}</label>`;
      const options = p.options
        .filter((o) => o.name !== 'listing_id')
        .map((o) => {
          const id = `pay-${p.id}-${o.name}`;
          const name = `${p.id}.${o.name}`;
          const error = fieldError(id, messages);
          const value = typed[name] ?? '';
          const label =
            o.name === 'week'
              ? 'Launch week (optional)'
              : o.name === 'categories'
                ? `Extra categories (optional, up to ${String(o.max_items ?? 3)})`
                : o.name === 'amount'
                  ? 'Amount in US cents, excluding VAT'
                  : o.name.replaceAll('_', ' ');
          const hint =
            o.name === 'week'
              ? 'Any day of the week you want, this week or later; it is snapped to its Monday. Leave it empty to go live as soon as the order is paid.'
              : o.name === 'categories'
                ? 'Category names or slugs, separated by commas, besides the listing’s primary category.'
                : o.name === 'amount' && o.minimum !== undefined
                  ? `At least ${String(o.minimum)} cents (${money(o.minimum)}).`
                  : o.description;
          const described = error.attrs || html` aria-describedby="${id}-hint"`;
          const box =
            o.format === 'date'
              ? html`<input id="${id}" name="${name}" type="date" value="${value}" style="font:inherit;padding:.4rem .5rem;border:1px solid var(--field);border-radius:6px;max-width:100%"${described}>`
              : o.type === 'integer'
                ? html`<input id="${id}" name="${name}" type="number" inputmode="numeric" min="${String(o.minimum ?? 1)}" step="1" value="${value}"${described}>`
                : html`<input id="${id}" name="${name}" type="text" value="${value}"${described}>`;
          return html`<p><label for="${id}" style="display:block">${label}</label><span class="muted" id="${id}-hint" style="display:block">${hint}</span>${box}</p>${error.note}`;
        });
      return html`<fieldset class="panel" style="border:1px solid var(--border);min-width:0">${head}${buyError.note}${options}</fieldset>`;
    });
  const country = fieldError('pay-billing_country', messages);
  const vat = fieldError('pay-vat_number', messages);
  const chosen = typed.billing_country?.trim().toUpperCase() ?? '';
  return html`<h2>${quoted ? 'Change your order' : 'Your order'}</h2>
<form method="post" action="/account/listings/${String(listing.listing_id)}/paid" novalidate>${site.kit.csrfField(ctx)}
${parts}
<fieldset class="panel" style="border:1px solid var(--border);min-width:0"><legend style="font-weight:600">Billing</legend>
<p><label for="pay-billing_country" style="display:block">Billing country</label><span class="muted" id="pay-billing_country-hint" style="display:block">The VAT depends on it.</span>
<select id="pay-billing_country" name="billing_country"${country.attrs || html` aria-describedby="pay-billing_country-hint"`}><option value="">Choose a country</option>${COUNTRIES.map(
    (c) => html`<option value="${c.code}"${c.code === chosen ? ' selected' : ''}>${c.name}</option>`,
  )}${chosen && !COUNTRIES.some((c) => c.code === chosen) ? html`<option value="${chosen}" selected>${chosen}</option>` : ''}</select></p>${country.note}
<p><label for="pay-vat_number" style="display:block">EU VAT number (businesses only, optional)</label><span class="muted" id="pay-vat_number-hint" style="display:block">A valid number of another EU country than the seller’s removes the VAT (reverse charge).</span>
<input id="pay-vat_number" name="vat_number" type="text" maxlength="20" autocomplete="off" spellcheck="false" value="${typed.vat_number ?? ''}" style="width:16rem"${vat.attrs || html` aria-describedby="pay-vat_number-hint"`}></p>${vat.note}
</fieldset>
<p><button type="submit">Quote</button> <span class="muted">Nothing is saved or charged.</span></p>
</form>`;
}

/** The quote: each line, the totals and why the VAT is what it is; then the checkout of exactly what was quoted. */
function quoteSection(
  ctx: Context,
  site: SiteDeps,
  listing: OwnedListing,
  quote: QuoteView,
  typed: Typed,
  products: ProductView[],
): SafeHtml {
  const kept = Object.entries(typed).filter(
    ([name]) =>
      name.startsWith('buy_') || (ORDER_FIELDS as readonly string[]).includes(name) || products.some((p) => name.startsWith(`${p.id}.`)),
  );
  return html`<h2 id="quote">Your quote</h2>
<div style="overflow-x:auto"><table><caption class="sr">The quote</caption>
<thead><tr><th scope="col">Item</th><th scope="col">Net</th><th scope="col">VAT</th><th scope="col">Total</th></tr></thead>
<tbody>${quote.lines.map(
    (line) =>
      html`<tr><td>${line.name}${line.product === 'launch' ? (line.week ? ` · week of ${line.week}` : ' · live when paid') : ''}${
        line.categories.length > 0 ? html`<br><span class="muted">Also in ${line.categories.join(', ')}</span>` : ''
      }</td><td>${money(line.net_cents)}</td><td>${money(line.vat_cents)}</td><td>${money(line.gross_cents)}</td></tr>`,
  )}</tbody>
<tfoot><tr><th scope="row">Total</th><td>${money(quote.net_cents)}</td><td>${money(quote.vat_cents)}</td><td><strong>${money(quote.gross_cents)}</strong></td></tr></tfoot>
</table></div>
<p class="notice" role="status"><strong>VAT ${String(quote.vat.rate_percent)}%.</strong> ${quote.vat.note}</p>
<form method="post" action="/account/listings/${String(listing.listing_id)}/checkout">${site.kit.csrfField(ctx)}${kept.map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`,
  )}<p><button type="submit">Go to checkout</button> <span class="muted">You pay ${money(quote.gross_cents)} on the next page${
    site.services.payments.provider === 'test' ? ' (test mode: no money is taken)' : ''
  }.</span></p></form>`;
}
