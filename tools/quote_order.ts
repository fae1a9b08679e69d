import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { country, isoDate, recordId, slug } from '../src/schema.js';
import { quoteOrder } from '../src/orders/quote.js';

const cents = z.number().int();

export default defineTool({
  name: 'quote_order',
  title: 'Quote an order',
  description:
    'Prices a launch and extras before paying, nothing saved or charged: each item is checked (your listing, a launch ' +
    'week not past, existing categories, the billboard minimum) and priced from the current prices (list_products), with ' +
    'net, VAT and gross per line and in total. VAT follows billing_country; an EU business with a valid VAT number from ' +
    "another EU country than the seller's is reverse charged at 0%. Every problem is a 400 naming the item and field. " +
    'create_checkout takes the same body. Needs orders:write.',
  http: { method: 'POST', path: '/orders/quote', status: 200 },
  scopes: ['orders:write'],
  idempotencyKey: false,
  errorStatuses: [401, 403, 404],
  input: z.strictObject({
    items: z
      .array(
        z.strictObject({
          product: z.string().min(1).max(40).describe('A product id from list_products, e.g. "launch" or "billboard"'),
          listing_id: recordId('One of your listings (list_my_listings), for products that need one').optional(),
          week: isoDate.optional().describe('launch: any date of the launch week (snapped to its Monday); leave out to go live when paid'),
          categories: z.array(slug('category')).max(3).optional().describe('launch: up to 3 categories besides the primary one'),
          amount: cents.min(1).max(100_000_000).optional().describe('billboard: the contribution in USD cents, excluding VAT'),
        }),
      )
      .min(1)
      .max(20)
      .describe('What to buy; list_products says what each product takes'),
    billing_country: country.optional().describe("The buyer's country (ISO code), for VAT"),
    vat_number: z
      .string()
      .min(4)
      .max(20)
      .optional()
      .describe('EU businesses: the VAT number (reverse charge when valid and from another EU country)'),
  }),
  output: z.object({
    currency: z.literal('usd'),
    lines: z.array(
      z.object({
        product: z.string(),
        name: z.string(),
        listing_id: z.number().int().nullable(),
        week: z.string().nullable().describe('launch: the Monday of the launch week; null: live when paid'),
        categories: z.array(z.string()),
        net_cents: cents,
        vat_cents: cents,
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
      note: z.string().describe('What applies, in words to show the buyer'),
      vat_number: z.object({ value: z.string(), valid: z.boolean(), checked: z.literal('offline') }).nullable(),
    }),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(input, { services, caller }) {
    return quoteOrder(services.db, caller.accountId, input, services.now());
  },
});
