import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Account } from './account.js';
import { Listing } from './listing.js';

const accountRef = (foreignKeyName: string) => () =>
  p.manyToOne(Account).ref().deleteRule('cascade').updateRule('no action').foreignKeyName(foreignKeyName);

/** listing_owners: accounts that own a listing (its submitter and accepted co-founders). */
export const ListingOwner = defineEntity({
  name: 'ListingOwner',
  tableName: 'listing_owners',
  properties: {
    listing: () =>
      p.manyToOne(Listing).ref().primary().deleteRule('cascade').updateRule('no action').foreignKeyName('listing_owners_listing_id_fkey'),
    account: () =>
      p.manyToOne(Account).ref().primary().deleteRule('cascade').updateRule('no action').foreignKeyName('listing_owners_account_id_fkey'),
    createdAt: p.datetime().defaultRaw('now()'),
  },
  primaryKeys: ['listing', 'account'],
  indexes: [{ name: 'listing_owners_account_idx', properties: ['account'] }],
});
export type ListingOwner = InferEntity<typeof ListingOwner>;

export const DRAFT_STATUSES = ['crawling', 'drafting', 'ready', 'failed', 'submitted'] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];
export const DRAFTERS = ['claude', 'extractive'] as const;
export type DrafterKind = (typeof DRAFTERS)[number];

/** drafts: a profile being drafted from a product's website, then edited and submitted. */
export const Draft = defineEntity({
  name: 'Draft',
  tableName: 'drafts',
  properties: {
    id: p.uuid().primary(),
    account: accountRef('drafts_account_id_fkey'),
    url: p.text(),
    status: p.enum(DRAFT_STATUSES),
    failureReason: p.text().nullable(),
    drafter: p.enum(DRAFTERS).nullable(),
    fields: p.json<Record<string, unknown>>().defaultRaw(`'{}'::jsonb`),
    faqs: p.json<unknown[]>().defaultRaw(`'[]'::jsonb`),
    founders: p.json<unknown[]>().defaultRaw(`'[]'::jsonb`),
    companySocials: p.json<Record<string, string>>().defaultRaw(`'{}'::jsonb`),
    founderSocials: p.json<Record<string, string>>().defaultRaw(`'{}'::jsonb`),
    story: p.json<Record<string, string>>().defaultRaw(`'{}'::jsonb`),
    milestones: p.json<unknown[]>().defaultRaw(`'[]'::jsonb`),
    competitorUrl: p.text().nullable(),
    seo: p.json<Record<string, string>>().defaultRaw(`'{}'::jsonb`),
    regenerating: p.array().defaultRaw(`'{}'`),
    listing: () =>
      p.manyToOne(Listing).ref().nullable().deleteRule('set null').updateRule('no action').foreignKeyName('drafts_listing_id_fkey'),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p.datetime().defaultRaw('now()'),
  },
  indexes: [{ name: 'drafts_account_idx', expression: 'CREATE INDEX drafts_account_idx ON drafts(account_id, created_at DESC, id)' }],
});
export type Draft = InferEntity<typeof Draft>;

/** draft_pages: the pages read from the site, which drafted values must quote. */
export const DraftPage = defineEntity({
  name: 'DraftPage',
  tableName: 'draft_pages',
  properties: {
    draft: () =>
      p.manyToOne(Draft).ref().primary().deleteRule('cascade').updateRule('no action').foreignKeyName('draft_pages_draft_id_fkey'),
    position: p.integer().primary(),
    url: p.text(),
    title: p.text().default(''),
    textContent: p.text(),
    markup: p.json<string[]>().defaultRaw(`'[]'::jsonb`),
    html: p.text().default(''),
    fetchedAt: p.datetime().defaultRaw('now()'),
  },
  primaryKeys: ['draft', 'position'],
});
export type DraftPage = InferEntity<typeof DraftPage>;

/** draft_invites: co-founders invited by e-mail to own the draft and its listing. */
export const DraftInvite = defineEntity({
  name: 'DraftInvite',
  tableName: 'draft_invites',
  properties: {
    id: p.uuid().primary(),
    draft: () => p.manyToOne(Draft).ref().deleteRule('cascade').updateRule('no action').foreignKeyName('draft_invites_draft_id_fkey'),
    email: p.text(),
    tokenHash: p.text().unique('draft_invites_token_hash_key'),
    invitedBy: () =>
      p
        .manyToOne(Account)
        .ref()
        .fieldName('invited_by')
        .deleteRule('cascade')
        .updateRule('no action')
        .foreignKeyName('draft_invites_invited_by_fkey'),
    createdAt: p.datetime().defaultRaw('now()'),
    acceptedAt: p.datetime().nullable(),
    acceptedBy: () =>
      p
        .manyToOne(Account)
        .ref()
        .fieldName('accepted_by')
        .nullable()
        .deleteRule('set null')
        .updateRule('no action')
        .foreignKeyName('draft_invites_accepted_by_fkey'),
  },
  uniques: [{ name: 'draft_invites_draft_id_email_key', properties: ['draft', 'email'] }],
});
export type DraftInvite = InferEntity<typeof DraftInvite>;

/** draft_owners: co-owners of a draft through an accepted invite. */
export const DraftOwner = defineEntity({
  name: 'DraftOwner',
  tableName: 'draft_owners',
  properties: {
    draft: () =>
      p.manyToOne(Draft).ref().primary().deleteRule('cascade').updateRule('no action').foreignKeyName('draft_owners_draft_id_fkey'),
    account: () =>
      p.manyToOne(Account).ref().primary().deleteRule('cascade').updateRule('no action').foreignKeyName('draft_owners_account_id_fkey'),
    createdAt: p.datetime().defaultRaw('now()'),
  },
  primaryKeys: ['draft', 'account'],
  indexes: [{ name: 'draft_owners_account_idx', properties: ['account'] }],
});
export type DraftOwner = InferEntity<typeof DraftOwner>;
