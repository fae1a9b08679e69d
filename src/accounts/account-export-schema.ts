/**
 * The shape of export_my_data's document: everything the service holds about one account, section by section. No
 * secret is in it: no password hash, no API key or its hash, no webhook signing secret, no e-mail link or session.
 */
import { z } from 'zod';
import { isoDateTime } from '../schema.js';

const when = isoDateTime.nullable();
const json = z.unknown();

const listingRef = { listing_id: z.number().int(), listing_slug: z.string(), listing_name: z.string() };

export const accountExport = z.object({
  exported_at: isoDateTime,
  account: z.object({
    id: z.string(),
    email: z.string(),
    email_verified: z.boolean(),
    created_at: isoDateTime,
    role: z.string().nullable().describe('Staff role, or null'),
    display_name: z.string().nullable().describe('The name shown with reviews and comments'),
  }),
  drafts: z.array(
    z.object({
      id: z.string(),
      url: z.string(),
      status: z.string(),
      role: z.enum(['maker', 'co_founder']),
      listing_id: z.number().int().nullable(),
      created_at: isoDateTime,
      updated_at: isoDateTime,
      content: json.describe('The drafted fields, FAQs, founders, socials, story, milestones and SEO texts'),
    }),
  ),
  listings: z.array(
    z.object({
      ...listingRef,
      url: z.string(),
      status: z.string(),
      plan: z.string(),
      owner_since: isoDateTime,
      other_owners: z.number().int().describe('How many other accounts own it too'),
    }),
  ),
  votes: z.array(z.object({ ...listingRef, created_at: isoDateTime, counted: z.boolean() })),
  follows: z.array(z.object({ ...listingRef, created_at: isoDateTime })),
  mail_subscriptions: z
    .array(
      z.object({
        topic: z.string().describe("What is mailed: digest, category (a category's new launches) or launch (one listing's launch)"),
        subject_id: z.number().int().describe("The category's id (topic category) or the listing's id (topic launch); 0 for the digest"),
        cadence: z.string().describe('weekly, daily or once'),
        confirmed: z.boolean().describe('False while the confirmation link has not been used: nothing is sent before'),
        created_at: isoDateTime,
        confirmed_at: when,
      }),
    )
    .describe(
      'The mail this address asked for (the digest, categories followed by mail, launches awaited); every mail carries a link that stops it',
    ),
  reviews: z.array(
    z.object({ ...listingRef, rating: z.number().int(), body: z.string(), created_at: isoDateTime, updated_at: when, hidden: z.boolean() }),
  ),
  comments: z.array(
    z.object({
      id: z.number().int(),
      ...listingRef,
      parent_id: z.number().int().nullable(),
      body: z.string(),
      created_at: isoDateTime,
      deleted: z.boolean(),
      hidden: z.boolean(),
    }),
  ),
  orders: z.array(
    z.object({
      number: z.string(),
      status: z.string(),
      net_cents: z.number(),
      vat_cents: z.number(),
      gross_cents: z.number(),
      refunded_cents: z.number(),
      vat: json.describe('The VAT treatment: billing country, VAT number, rate, reason'),
      created_at: isoDateTime,
      paid_at: when,
      lines: json.describe('Product, name, listing, week and amounts of each line'),
    }),
  ),
  claims: z.array(
    z.object({
      id: z.number().int(),
      ...listingRef,
      method: z.string(),
      domain: z.string(),
      email: z.string().nullable(),
      status: z.string(),
      created_at: isoDateTime,
      verified_at: when,
    }),
  ),
  webhooks: z.array(
    z.object({
      id: z.string(),
      url: z.string(),
      events: z.array(z.string()),
      status: z.string(),
      disabled_reason: z.string().nullable(),
      created_at: isoDateTime,
    }),
  ),
  api_keys: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      prefix: z.string().describe('The first characters of the key (the key itself is never kept)'),
      scopes: z.array(z.string()),
      created_at: isoDateTime,
      last_used_at: when,
      revoked_at: when,
    }),
  ),
  connected_apps: z.array(z.object({ client_id: z.string(), client_name: z.string().nullable(), granted_at: when })),
  reports: z.array(
    z.object({
      id: z.number().int(),
      target_type: z.string(),
      target_id: z.string(),
      reason: z.string(),
      details: z.string(),
      status: z.string(),
      created_at: isoDateTime,
    }),
  ),
  founder_profile: z
    .object({
      slug: z.string(),
      name: z.string(),
      interview_answers: z.array(z.object({ question: z.string(), answer: z.string(), answered_at: isoDateTime })),
    })
    .nullable()
    .describe('The founder profile the account answers interviews for, if any'),
});
export type AccountExport = z.infer<typeof accountExport>;
