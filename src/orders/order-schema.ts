/** Quotes and orders as the order operations answer them (the published schemas, shared by the four tools). */
import { z } from 'zod';
import { ORDER_STATUSES } from '../db/entities/order.js';
import { country, isoDate, isoDateTime, recordId, someText } from '../schema.js';
import { VAT_REASONS } from './vat.js';

const cents = z.number().int();
/** Why the VAT is what it is; null without a billing_country. */
const vatReason = z
  .enum(VAT_REASONS)
  .nullable()
  .describe(
    "domestic: buyer in the seller's country, VAT even with a VAT number; reverse_charge: EU business elsewhere, 0%; eu_consumer: the buyer country's rate; outside_eu: 0%; null: no billing_country",
  );

/** The 400s of an order body that its schema cannot state (tools' crossFieldRules): each item, the VAT number, the country. */
export const ORDER_BODY_RULES = [
  {
    path: /^\/items\/\d+\/(product|listing_id|week|amount|categories(\/\d+)?)$/,
    message:
      /No product|takes no|give its listing_id|not bought for a listing|already|Not a date|past|No category|primary|twice|at least|contribution/,
  },
  { path: /^\/vat_number$/, message: /not a valid VAT number|not a registered VAT number|is a VAT number of/ },
  { path: /^\/billing_country$/, message: /No VAT rate|billing country of the VAT number/ },
] as const;

/** The body of quote_order and create_checkout. */
export const orderBody = z.strictObject({
  items: z
    .array(
      z.strictObject({
        product: z.string().min(1).max(40).describe('From list_products'),
        listing_id: recordId('Your listing (list_my_listings), if the product needs one').optional(),
        week: isoDate.optional().describe('launch: any date of its week; leave out to go live when paid'),
        categories: z.array(someText(220)).max(3).optional().describe('launch: extra categories besides the primary, by slug or name'),
        amount: cents.min(1).max(100_000_000).optional().describe('billboard: the contribution in USD cents, excluding VAT'),
      }),
    )
    .min(1)
    .max(20)
    .describe('What to buy'),
  billing_country: country.optional().describe('ISO code, for VAT'),
  vat_number: z.string().min(4).max(20).optional().describe('EU businesses; reverse charge when valid and from another EU country'),
});

export const quoteSchema = z.object({
  currency: z.literal('usd'),
  lines: z.array(
    z.object({
      product: z.string(),
      name: z.string(),
      listing_id: z.number().int().nullable(),
      week: z.string().nullable().describe('launch: the Monday of the launch week; null: live when paid'),
      categories: z.array(z.string()).describe('Slugs'),
      net_cents: cents,
      vat_cents: cents,
      vat_reason: vatReason,
      gross_cents: cents,
    }),
  ),
  net_cents: cents,
  vat_cents: cents,
  gross_cents: cents,
  vat: z.object({
    country: z.string().nullable(),
    rate_percent: z.number(),
    reverse_charge: z.boolean(),
    reason: vatReason,
    note: z.string().describe('What applies, in words to show the buyer'),
    vat_number: z
      .object({
        value: z.string(),
        valid: z.boolean(),
        checked: z.enum(['vies', 'offline']).describe("vies: the EU's VIES service confirmed it; offline: format and check digits only"),
      })
      .nullable(),
  }),
});

export const orderSchema = quoteSchema.extend({
  number: z.string().describe('The order number, e.g. LD-2026-000042'),
  status: z
    .enum(ORDER_STATUSES)
    .describe(
      'pending until paid; expired when unpaid at expires_at; canceled when a newer checkout launches the same listing; refunded when the payment was given back in full',
    ),
  lines: z.array(
    quoteSchema.shape.lines.element.extend({
      fulfilled: z.boolean().describe('Done on payment: the launch made, the contribution counted'),
    }),
  ),
  created_at: isoDateTime,
  expires_at: isoDateTime,
  paid_at: isoDateTime.nullable(),
  checkout_url: z.string().nullable().describe('While pending: the page where the person pays (give them this link again); otherwise null'),
  refunded_cents: cents.describe('Money given back so far, e.g. for a line that could not be fulfilled'),
});
