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
import { loadSiteSettings, type SiteSettings } from '../catalogue/site-settings.js';
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

/** What pricing reads besides the body: the site's settings, the products on sale, the caller's listings and the categories named. */
interface QuoteContext {
  settings: SiteSettings;
  now: Date;
  /** The Monday of this week in the site's time zone: the earliest week a launch takes. */
  thisWeek: string;
  productOf: Map<string, ProductRow>;
  listingOf: Map<number, ListingRow>;
  /** By slug or name, trimmed and lower-cased, as the body named them. */
  categoryOf: Map<string, CategoryRow>;
  /** Listings an earlier item of the order launches. */
  launched: Set<number>;
}

type CategoryRow = { id: number; slug: string; name: string };
type UnpricedLine = Omit<QuoteLine, 'vat_cents' | 'vat_reason' | 'gross_cents'>;
type Fail = (field: string, message: string) => void;

export async function quoteOrder(db: Database, accountId: string, input: QuoteInput, now: Date, viesUrl?: string): Promise<Quote> {
  const context = await loadQuoteContext(db, accountId, input, now);
  const errors: ProblemFieldError[] = [];
  const lines: UnpricedLine[] = [];
  for (const [i, item] of input.items.entries()) {
    const fail: Fail = (field, message) => {
      errors.push({ path: `/items/${i}/${field}`, message });
    };
    const line = quoteLine(context, item, fail);
    if (line) lines.push(line);
  }
  const vat = await vatTreatment(db, {
    billingCountry: input.billing_country,
    vatNumber: input.vat_number,
    sellerCountry: context.settings.seller_country,
    viesUrl,
  });
  if ('path' in vat) errors.push(vat);
  if (errors.length > 0 || 'path' in vat) throw new ValidationError(errors);
  return priceLines(lines, vat);
}

/** Reads, all at once, the products on sale, the caller's listings the items name and the categories they name. */
async function loadQuoteContext(db: Database, accountId: string, input: QuoteInput, now: Date): Promise<QuoteContext> {
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
  // Named by slug or name (findCategories: a slug wins over another category's name spelled the same way).
  const refs = input.items.flatMap((item) => item.categories ?? []);
  return {
    settings,
    now,
    thisWeek: resolveWeek('this', now, settings.time_zone).start,
    productOf: new Map(products.map((p) => [p.id, p])),
    listingOf: new Map(listings.map((l) => [l.id, l])),
    categoryOf: new Map(refs.flatMap((ref, i) => (categories[i] ? [[ref.trim().toLowerCase(), categories[i]] as const] : []))),
    launched: new Set(),
  };
}

/** One item checked and priced before VAT, or undefined when it cannot be (its problems reported through `fail`). */
function quoteLine(context: QuoteContext, item: OrderItemInput, fail: Fail): UnpricedLine | undefined {
  const product = context.productOf.get(item.product);
  if (!product) {
    fail('product', `No product "${item.product}" is on sale; list_products names them`);
    return undefined;
  }
  for (const option of ['week', 'categories', 'amount'] as const) {
    if (item[option] !== undefined && !OPTIONS[product.id]?.includes(option)) fail(option, `${product.id} takes no ${option}`);
  }
  let listing: ListingRow | undefined;
  if (product.needs_listing) {
    if (item.listing_id === undefined) {
      fail('listing_id', `${product.id} is bought for one of your listings: give its listing_id`);
      return undefined;
    }
    listing = context.listingOf.get(item.listing_id);
    if (!listing) throw new NotFoundError('listing', item.listing_id, 'list_my_listings lists the listings you own');
  } else if (item.listing_id !== undefined) fail('listing_id', `${product.id} is not bought for a listing`);
  const launch = product.id === 'launch' && listing ? checkLaunch(context, item, listing, fail) : { week: null, categories: [] };
  const net = product.id === 'billboard' ? billboardNet(context.settings, item, product.price_cents, fail) : product.price_cents;
  return { product: product.id, name: product.name, listing_id: listing?.id ?? null, ...launch, net_cents: net };
}

/** A launch's listing, week and extra categories checked: the week it is shown in and the extra categories as slugs. */
function checkLaunch(
  context: QuoteContext,
  item: OrderItemInput,
  listing: ListingRow,
  fail: Fail,
): { week: string | null; categories: string[] } {
  if (listing.status === 'live') fail('listing_id', 'This listing is already live: a launch is for a listing not yet published');
  else if (listing.plan === 'paid') fail('listing_id', 'This listing is already paid for');
  else if (context.launched.has(listing.id)) fail('listing_id', 'This order already launches this listing');
  context.launched.add(listing.id);
  let week: string | null = null;
  if (item.week !== undefined) {
    week = snapWeek(item.week, context.now, context.settings.time_zone) ?? null;
    if (!week) fail('week', 'Not a date: give YYYY-MM-DD');
    else if (week < context.thisWeek) fail('week', `The week of ${week} is past; the earliest is this week (${context.thisWeek})`);
  }
  const extra: string[] = [];
  (item.categories ?? []).forEach((named, j) => {
    const category = context.categoryOf.get(named.trim().toLowerCase());
    if (category === undefined) fail(`categories/${j}`, `No category "${named}"; list_categories names them (slug or name)`);
    else if (category.id === listing.primary_category_id)
      fail(`categories/${j}`, `${category.slug} is the listing's primary category already`);
    else if (extra.includes(category.slug)) fail(`categories/${j}`, `${category.slug} is named twice`);
    else extra.push(category.slug);
  });
  return { week, categories: extra };
}

/** The billboard's price: the contribution the buyer names, at least the site's minimum. */
function billboardNet(settings: SiteSettings, item: OrderItemInput, price: number, fail: Fail): number {
  if (item.amount === undefined) {
    fail('amount', 'Give the contribution in cents (amount)');
    return price;
  }
  if (item.amount < settings.billboard_minimum_cents) {
    fail('amount', `The billboard takes at least ${settings.billboard_minimum_cents} cents`);
    return price;
  }
  return item.amount;
}

/** The lines with the order's VAT on each, and the totals. */
function priceLines(lines: readonly UnpricedLine[], vat: VatTreatment): Quote {
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
