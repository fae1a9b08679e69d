import type Router from '@koa/router';
import type { Context } from 'koa';
import { html, type SafeHtml } from '../text/html.js';
import type { ProblemError } from '../errors.js';
import { loadSiteSettings, SETTINGS_CACHE_SECONDS, type SiteSettings } from '../catalogue/site-settings.js';
import { allProducts, vatRates } from '../orders/prices.js';
import { staffVisit, type ConsoleDeps, type StaffVisit } from './console-deps.js';
import { problemBox, renderConsolePage } from './layout.js';
import { noticeOf, runOperation, seeOther } from './run-operation.js';
import { checkbox, lines, postForm, textArea, textField } from './form-fields.js';

const PATH = '/admin/settings';
const NOTICES = {
  saved: `The settings were saved; every instance of the service applies them within ${SETTINGS_CACHE_SECONDS} seconds.`,
  unchanged: 'Nothing was changed.',
  price: 'The price was set; new quotes and checkouts use it now (orders already made keep theirs).',
  vat: 'The VAT rate was set; new quotes use it now.',
};

/** The integer settings of the form: field name, label, and where the value goes in update_site_settings' input. */
const NUMBER_FIELDS: readonly { name: string; label: string; hint?: string; path: [string] | [string, string] }[] = [
  { name: 'free_launches_per_week', label: 'Free launches per week', path: ['free_launches_per_week'] },
  { name: 'free_launch_weeks_min', label: 'Free launch: at least this many weeks out', path: ['free_launch_weeks', 'min'] },
  { name: 'free_launch_weeks_max', label: 'Free launch: at most this many weeks out', path: ['free_launch_weeks', 'max'] },
  { name: 'billboard_minimum_cents', label: 'Billboard minimum contribution, in US cents', path: ['billboard_minimum_cents'] },
  { name: 'order_lifetime_hours', label: 'Unpaid orders expire after (hours, 1 to 24)', path: ['order_lifetime_hours'] },
  {
    name: 'rate_limits_anonymous_per_minute',
    label: 'Requests per minute of an anonymous client (at least 10)',
    path: ['rate_limits', 'anonymous_per_minute'],
  },
  {
    name: 'rate_limits_signed_in_per_minute',
    label: 'Requests per minute of a signed-in account (at least 30)',
    path: ['rate_limits', 'signed_in_per_minute'],
  },
  {
    name: 'rate_limits_submit_listing_per_hour',
    label: 'Listing submissions per account per hour',
    path: ['rate_limits', 'submit_listing_per_hour'],
  },
  {
    name: 'vote_check_burst_votes',
    label: 'Vote check, burst: at least this many votes on one listing (at least 2) ...',
    path: ['vote_check', 'burst_votes'],
  },
  { name: 'vote_check_burst_minutes', label: '... within this many minutes ...', path: ['vote_check', 'burst_minutes'] },
  {
    name: 'vote_check_young_account_hours',
    label: '... from accounts at most this many hours old at their vote',
    path: ['vote_check', 'young_account_hours'],
  },
  {
    name: 'vote_check_network_votes',
    label: 'Vote check, network: votes on one listing from one network beyond this many are flagged',
    path: ['vote_check', 'network_votes'],
  },
  {
    name: 'vote_check_single_maker_votes',
    label: 'Vote check, single maker: an account with at least this many votes, all for one maker, is flagged',
    path: ['vote_check', 'single_maker_votes'],
  },
  { name: 'network_limits_signups_per_hour', label: 'Sign-ups per network per hour', path: ['network_limits', 'signups_per_hour'] },
  {
    name: 'network_limits_votes_per_10_minutes',
    label: 'Votes and take-backs per network in 10 minutes',
    path: ['network_limits', 'votes_per_10_minutes'],
  },
];

/** The e-mail domain lists, typed one domain a line; a list is only changed when its field was sent. */
const DOMAIN_FIELDS = [
  {
    name: 'email_domains_blocked',
    key: 'blocked',
    label: 'E-mail domains refused at sign-up, on top of the maintained list of throwaway domains (one a line)',
  },
  { name: 'email_domains_allowed', key: 'allowed', label: 'E-mail domains allowed although the maintained list has them (one a line)' },
] as const;

type Problems = {
  settings?: ProblemError;
  price?: { product: string; problem: ProblemError };
  vat?: { country: string; problem: ProblemError };
};

/**
 * /admin/settings: the site settings (update_site_settings), product prices (set_price, a form per product) and VAT
 * rates (set_vat_rate, a form per country and one to add a country). Admins only.
 */
export function settingsPages(router: Router, deps: ConsoleDeps): void {
  router.get(PATH, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'admin');
    if (visit) await render(ctx, deps, visit, {});
  });

  router.post(PATH, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'admin');
    if (!visit) return;
    const form = deps.kit.form(ctx);
    const input: Record<string, unknown> = {};
    for (const name of ['site_name', 'site_purpose', 'time_zone', 'seller_country'] as const)
      if (form[name] !== undefined) input[name] = form[name].trim();
    for (const field of NUMBER_FIELDS) {
      const raw = form[field.name]?.trim();
      if (raw === undefined || raw === '') continue;
      const value = /^\d{1,9}$/.test(raw) ? Number(raw) : raw; // not a whole number: the operation names the field
      if (field.path.length === 1) input[field.path[0]] = value;
      else {
        const [group, key] = field.path;
        input[group] = { ...(input[group] as object | undefined), [key]: value };
      }
    }
    for (const field of DOMAIN_FIELDS)
      if (form[field.name] !== undefined)
        input.email_domains = { ...(input.email_domains as object | undefined), [field.key]: lines(form[field.name]) };
    const outcome = await runOperation(ctx, deps, visit, 'update_site_settings', input);
    if (outcome.ok) return seeOther(ctx, PATH, (outcome.result.changed as string[]).length > 0 ? 'saved' : 'unchanged');
    await render(ctx, deps, visit, { settings: outcome.problem }, form);
  });

  router.post(`${PATH}/prices/:product`, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'admin');
    if (!visit) return;
    const form = deps.kit.form(ctx);
    const product = ctx.params.product;
    const outcome = await runOperation(ctx, deps, visit, 'set_price', { product, price_cents: whole(form.price_cents) });
    if (outcome.ok) return seeOther(ctx, PATH, 'price');
    await render(ctx, deps, visit, { price: { product, problem: outcome.problem } });
  });

  router.post(`${PATH}/vat-rates`, async (ctx) => {
    const visit = await staffVisit(ctx, deps, 'admin');
    if (!visit) return;
    const form = deps.kit.form(ctx);
    const country = (form.country ?? '').trim();
    const outcome = await runOperation(ctx, deps, visit, 'set_vat_rate', {
      country,
      rate_percent: decimal(form.rate_percent),
      eu: form.eu === 'true',
    });
    if (outcome.ok) return seeOther(ctx, PATH, 'vat');
    await render(
      ctx,
      deps,
      visit,
      { vat: { country: form.existing === 'true' ? country.toUpperCase() : '', problem: outcome.problem } },
      form,
    );
  });
}

/** A whole number as typed, or the text itself (so the operation names the field). */
function whole(value: string | undefined): unknown {
  const text = (value ?? '').trim();
  return /^\d{1,12}$/.test(text) ? Number(text) : text;
}

function decimal(value: string | undefined): unknown {
  const text = (value ?? '').trim().replace(',', '.');
  return /^\d{1,3}(\.\d+)?$/.test(text) ? Number(text) : text;
}

function valueAt(settings: SiteSettings, path: readonly string[]): number {
  return path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], settings) as number;
}

async function render(ctx: Context, deps: ConsoleDeps, visit: StaffVisit, problems: Problems, typed: Record<string, string> = {}) {
  const { db } = deps.services;
  const [settings, products, rates] = await Promise.all([loadSiteSettings(db), allProducts(db), vatRates(db)]);
  const csrf = deps.kit.csrfField(ctx);
  const shown = (name: string, stored: string | number) => (problems.settings && typed[name] !== undefined ? typed[name] : stored);
  renderConsolePage(ctx, visit, {
    title: 'Settings',
    path: PATH,
    notice: noticeOf(ctx, NOTICES),
    body: html`${settingsSection(problems, csrf, settings, shown)}
${pricesSection(problems, csrf, products)}
${vatSection(problems, csrf, rates, typed)}`,
  });
}

/** The site settings' form: what was typed is shown again when it was refused. */
function settingsSection(
  problems: Problems,
  csrf: SafeHtml,
  settings: SiteSettings,
  shown: (name: string, stored: string | number) => string | number,
): SafeHtml {
  return html`<h2>Site settings</h2>
<p class="muted">Every instance of the service applies a change within ${SETTINGS_CACHE_SECONDS} seconds. Each change is recorded in the audit log.</p>
${problemBox(problems.settings)}
${postForm(
  PATH,
  csrf,
  [
    textField('site_name', 'Site name', shown('site_name', settings.site_name), { required: true, maxLength: 80 }),
    textArea(
      'site_purpose',
      'Purpose (what get_site_info and the pages say the site is)',
      String(shown('site_purpose', settings.site_purpose)),
      {
        rows: 3,
        required: true,
      },
    ),
    textField('time_zone', 'Time zone of launch weeks (IANA, e.g. Europe/Berlin)', shown('time_zone', settings.time_zone), {
      required: true,
      maxLength: 64,
    }),
    textField('seller_country', "Seller's country (ISO code, for VAT)", shown('seller_country', settings.seller_country), {
      required: true,
      maxLength: 2,
    }),
    ...NUMBER_FIELDS.map((field) =>
      textField(field.name, field.label, shown(field.name, valueAt(settings, field.path)), { type: 'number', required: true }),
    ),
    ...DOMAIN_FIELDS.map((field) =>
      textArea(field.name, field.label, String(shown(field.name, settings.email_domains[field.key].join('\n'))), { rows: 4 }),
    ),
  ],
  'Save settings',
)}`;
}

/** Each product's price, with a form that sets it. */
function pricesSection(problems: Problems, csrf: SafeHtml, products: Awaited<ReturnType<typeof allProducts>>): SafeHtml {
  return html`<h2>Prices</h2>
<p class="muted">In US cents, excluding VAT (4900 is $49.00). New quotes and checkouts use a new price at once.</p>
${problems.price ? html`<p>Setting the price of <code>${problems.price.product}</code> failed:</p>${problemBox(problems.price.problem)}` : ''}
<table><caption class="sr">Products and prices</caption><thead><tr><th scope="col">Product</th><th scope="col">Offered</th><th scope="col">Price</th><th scope="col">New price</th></tr></thead><tbody>
${products.map(
  (product) =>
    html`<tr><td>${product.name} <code>${product.id}</code></td><td>${product.active ? 'yes' : 'no'}</td><td>$${(product.price_cents / 100).toFixed(2)}</td><td>${inlineForm(
      `${PATH}/prices/${encodeURIComponent(product.id)}`,
      csrf,
      html`<label for="price-${product.id}">Price of ${product.name} in cents</label> <input type="number" min="0" id="price-${product.id}" name="price_cents" value="${product.price_cents}" required>`,
      'Set price',
    )}</td></tr>`,
)}
</tbody></table>`;
}

/** Each country's VAT rate, with a form that changes it, and the form that adds a country. */
function vatSection(
  problems: Problems,
  csrf: SafeHtml,
  rates: Awaited<ReturnType<typeof vatRates>>,
  typed: Record<string, string>,
): SafeHtml {
  const newCountry = problems.vat && !problems.vat.country;
  return html`<h2>VAT rates</h2>
<p class="muted">In percent, up to two decimals. EU: EU VAT rules apply to buyers in that country.</p>
${problems.vat && !newCountry ? html`<p>Setting the VAT rate of <code>${problems.vat.country}</code> failed:</p>${problemBox(problems.vat.problem)}` : ''}
<table><caption class="sr">VAT rates by country</caption><thead><tr><th scope="col">Country</th><th scope="col">Rate</th><th scope="col">EU</th><th scope="col">Change</th></tr></thead><tbody>
${rates.map(
  (rate) =>
    html`<tr><td>${rate.country}</td><td>${rate.rate_percent}%</td><td>${rate.eu ? 'yes' : 'no'}</td><td>${inlineForm(
      `${PATH}/vat-rates`,
      csrf,
      html`<input type="hidden" name="country" value="${rate.country}"><input type="hidden" name="existing" value="true"><label for="vat-${rate.country}">VAT of ${rate.country} in percent</label> <input type="text" inputmode="decimal" id="vat-${rate.country}" name="rate_percent" value="${rate.rate_percent}" size="6" required> <label><input type="checkbox" name="eu" value="true"${rate.eu ? html` checked` : ''}> EU</label>`,
      'Set rate',
    )}</td></tr>`,
)}
</tbody></table>
<h3>Add a country</h3>
${newCountry ? problemBox(problems.vat?.problem) : ''}
${postForm(
  `${PATH}/vat-rates`,
  csrf,
  [
    textField('country', 'Country (ISO code, e.g. CH)', newCountry ? typed.country : '', { required: true, maxLength: 2 }),
    textField('rate_percent', 'VAT rate in percent (e.g. 8.1)', newCountry ? typed.rate_percent : '', { required: true }),
    checkbox('eu', 'EU VAT rules apply there', newCountry ? typed.eu === 'true' : false),
  ],
  'Add country',
)}`;
}

function inlineForm(action: string, csrf: SafeHtml, fields: SafeHtml, submit: string): SafeHtml {
  return html`<form method="post" action="${action}" class="inline">${csrf}${fields} <button type="submit">${submit}</button></form>`;
}
