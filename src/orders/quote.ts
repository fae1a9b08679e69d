/**
 * Pricing an order: every line priced from the products table (never a literal), every item checked against the
 * caller's listings and the site's rules (decisions: Products and order items), VAT per line (vat.ts), each line
 * saying why (vat_reason). Extra categories are named by slug or by name (any case) and answered as slugs. Nothing is
 * saved. Every problem of the body is reported at once, each at its item and field; a listing that is not the
 * caller's is 404, as everywhere.
 */
import type { Database } from '../db/database.js';
import { NotFoundError, type ProblemFieldError, ValidationError } from '../errors.js';
import { findCategories } from '../catalogue/categories.js';
import { loadSiteSettings } from '../catalogue/site-settings.js';
import { resolveWeek } from '../catalogue/weeks.js';
import { type VatReason, type VatTreatment, vatOf, vatTreatment } from './vat.js';

interface OrderItemInput {
  product: string;
  listing_id?: number;
  week?: string;
  categories?: string[];
  amount?: number;
}

export interface QuoteInput {
  items: OrderItemInput[];
  billing_country?: string;
  vat_number?: string;
}

interface QuoteLine {
  product: string;
  name: string;
  listing_id: number | null;
  week: string | null;
  categories: string[];
  net_cents: number;
  vat_cents: number;
  /** The order's VAT reason, on each line (null without a billing country). */
  vat_reason: VatReason | null;
  gross_cents: number;
}

export interface Quote {
  currency: 'usd';
  lines: QuoteLine[];
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
  vat: Omit<VatTreatment, 'rate_basis_points'> & { rate_percent: number };
}

/** The options each product takes besides product and listing_id (others are refused). */
const OPTIONS: Record<string, readonly (keyof OrderItemInput)[]> = { launch: ['week', 'categories'], billboard: ['amount'] };

interface ProductRow {
  [column: string]: unknown;
  id: string;
  name: string;
  price_cents: number;
  needs_listing: boolean;
}

interface ListingRow {
  [column: string]: unknown;
  id: number;
  status: string;
  plan: string;
  primary_category_id: number;
}

export async function quoteOrder(db: Database, accountId: string, input: QuoteInput, now: Date, viesUrl?: string): Promise<Quote> {
  const settings = await loadSiteSettings(db);
  const [products, listings, categories] = await Promise.all([
    db.query<ProductRow>('SELECT id, name, price_cents, needs_listing FROM products WHERE active'),
    db.query<ListingRow>(
      `SELECT l.id, l.status, l.plan, l.primary_category_id FROM listings l
       JOIN listing_owners o ON o.listing_id = l.id AND o.account_id = $2::uuid WHERE l.id = ANY($1::int[])`,
      [input.items.flatMap((item) => (item.listing_id === undefined ? [] : [item.listing_id])), accountId],
    ),
    findCategories(
      db,
      input.items.flatMap((item) => item.categories ?? []),
    ),
  ]);
  const productOf = new Map(products.map((p) => [p.id, p]));
  const listingOf = new Map(listings.map((l) => [l.id, l]));
  // Named by slug or name (findCategories: a slug wins over another category's name spelled the same way).
  const refs = input.items.flatMap((item) => item.categories ?? []);
  const categoryOf = new Map(refs.flatMap((ref, i) => (categories[i] ? [[ref.trim().toLowerCase(), categories[i]] as const] : [])));
  const thisWeek = resolveWeek('this', now, settings.time_zone).start;
  const errors: ProblemFieldError[] = [];
  const launched = new Set<number>();
  const lines: Omit<QuoteLine, 'vat_cents' | 'vat_reason' | 'gross_cents'>[] = [];

  for (const [i, item] of input.items.entries()) {
    const at = (field: string) => `/items/${i}/${field}`;
    const fail = (field: string, message: string): void => {
      errors.push({ path: at(field), message });
    };
    const product = productOf.get(item.product);
    if (!product) {
      fail('product', `No product "${item.product}" is on sale; list_products names them`);
      continue;
    }
    for (const option of ['week', 'categories', 'amount'] as const) {
      if (item[option] !== undefined && !OPTIONS[product.id]?.includes(option)) fail(option, `${product.id} takes no ${option}`);
    }
    let listing: ListingRow | undefined;
    if (product.needs_listing) {
      if (item.listing_id === undefined) {
        fail('listing_id', `${product.id} is bought for one of your listings: give its listing_id`);
        continue;
      }
      listing = listingOf.get(item.listing_id);
      if (!listing) throw new NotFoundError('listing', item.listing_id, 'list_my_listings lists the listings you own');
    } else if (item.listing_id !== undefined) fail('listing_id', `${product.id} is not bought for a listing`);
    let week: string | null = null;
    const extra: string[] = [];
    let net = product.price_cents;
    if (product.id === 'launch' && listing) {
      if (listing.status === 'live') fail('listing_id', 'This listing is already live: a launch is for a listing not yet published');
      else if (listing.plan === 'paid') fail('listing_id', 'This listing is already paid for');
      else if (launched.has(listing.id)) fail('listing_id', 'This order already launches this listing');
      launched.add(listing.id);
      if (item.week !== undefined) {
        week = snapWeek(item.week, now, settings.time_zone) ?? null;
        if (!week) fail('week', 'Not a date: give YYYY-MM-DD');
        else if (week < thisWeek) fail('week', `The week of ${week} is past; the earliest is this week (${thisWeek})`);
      }
      (item.categories ?? []).forEach((named, j) => {
        const category = categoryOf.get(named.trim().toLowerCase());
        if (category === undefined) fail(`categories/${j}`, `No category "${named}"; list_categories names them (slug or name)`);
        else if (category.id === listing.primary_category_id)
          fail(`categories/${j}`, `${category.slug} is the listing's primary category already`);
        else if (extra.includes(category.slug)) fail(`categories/${j}`, `${category.slug} is named twice`);
        else extra.push(category.slug);
      });
    }
    if (product.id === 'billboard') {
      if (item.amount === undefined) fail('amount', 'Give the contribution in cents (amount)');
      else if (item.amount < settings.billboard_minimum_cents)
        fail('amount', `The billboard takes at least ${settings.billboard_minimum_cents} cents`);
      else net = item.amount;
    }
    lines.push({ product: product.id, name: product.name, listing_id: listing?.id ?? null, week, categories: extra, net_cents: net });
  }

  const vat = await vatTreatment(db, {
    billingCountry: input.billing_country,
    vatNumber: input.vat_number,
    sellerCountry: settings.seller_country,
    viesUrl,
  });
  if ('path' in vat) errors.push(vat);
  if (errors.length > 0 || 'path' in vat) throw new ValidationError(errors);
  const priced = lines.map((line) => {
    const vatCents = vatOf(line.net_cents, vat.rate_basis_points);
    return { ...line, vat_cents: vatCents, vat_reason: vat.reason, gross_cents: line.net_cents + vatCents };
  });
  const sum = (field: 'net_cents' | 'vat_cents' | 'gross_cents') => priced.reduce((total, line) => total + line[field], 0);
  const { rate_basis_points, ...treatment } = vat;
  return {
    currency: 'usd',
    lines: priced,
    net_cents: sum('net_cents'),
    vat_cents: sum('vat_cents'),
    gross_cents: sum('gross_cents'),
    vat: { ...treatment, rate_percent: rate_basis_points / 100 },
  };
}

/** The Monday of the week of `date` (YYYY-MM-DD) in the site's time zone, or undefined for a date that does not exist. */
function snapWeek(date: string, now: Date, timeZone: string): string | undefined {
  try {
    return resolveWeek(date, now, timeZone).start;
  } catch (error) {
    if (error instanceof ValidationError) return undefined; // resolveWeek's own check of the calendar date
    throw error;
  }
}
