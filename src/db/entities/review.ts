import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Account } from './account.js';
import { Listing } from './listing.js';

/**
 * reviews: one per listing and reviewer; only `genuine` ones count towards the community rating (the community code
 * keeps the column true to the rule). A person's review carries their account; seeded ones a reviewer_name.
 */
export const Review = defineEntity({
  name: 'Review',
  tableName: 'reviews',
  properties: {
    id: p.integer().primary().autoincrement(),
    listing: () => p.manyToOne(Listing).ref().deleteRule('cascade').updateRule('no action').foreignKeyName('reviews_listing_id_fkey'),
    reviewerKey: p.text(),
    /** 1 to 5 */
    rating: p.smallint().check('rating >= 1 AND rating <= 5'),
    body: p.text().default(''),
    genuine: p.boolean().default(true),
    createdAt: p.datetime().defaultRaw('now()'),
    account: () =>
      p.manyToOne(Account).ref().nullable().deleteRule('cascade').updateRule('no action').foreignKeyName('reviews_account_id_fkey'),
    reviewerName: p.text().nullable(),
    updatedAt: p.datetime().nullable(),
    hiddenAt: p.datetime().nullable(),
    hiddenReason: p.text().nullable(),
  },
  uniques: [{ name: 'reviews_listing_id_reviewer_key_key', properties: ['listing', 'reviewerKey'] }],
  indexes: [
    {
      name: 'reviews_listing_created_idx',
      expression: 'CREATE INDEX reviews_listing_created_idx ON reviews (listing_id, created_at DESC, id DESC)',
    },
    {
      name: 'reviews_account_idx',
      expression: 'CREATE INDEX reviews_account_idx ON reviews (account_id) WHERE account_id IS NOT NULL',
    },
  ],
});
export type Review = InferEntity<typeof Review>;

/** comments: a listing's discussion, with one level of replies. */
export const Comment = defineEntity({
  name: 'Comment',
  tableName: 'comments',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    listing: () => p.manyToOne(Listing).ref().deleteRule('cascade').updateRule('no action').foreignKeyName('comments_listing_id_fkey'),
    parent: () =>
      p.manyToOne(Comment).ref().nullable().deleteRule('cascade').updateRule('no action').foreignKeyName('comments_parent_id_fkey'),
    account: () =>
      p.manyToOne(Account).ref().nullable().deleteRule('set null').updateRule('no action').foreignKeyName('comments_account_id_fkey'),
    body: p.text(),
    /** Written by an owner of the listing (the "Maker" mark). */
    byMaker: p.boolean().default(false),
    createdAt: p.datetime(),
    /** Deleted by its author: the body is emptied, the row stays while replies hang on it. */
    deletedAt: p.datetime().nullable(),
    hiddenAt: p.datetime().nullable(),
    hiddenReason: p.text().nullable(),
  },
  indexes: [
    { name: 'comments_listing_idx', properties: ['listing', 'createdAt', 'id'] },
    { name: 'comments_parent_idx', expression: 'CREATE INDEX comments_parent_idx ON comments (parent_id) WHERE parent_id IS NOT NULL' },
    {
      name: 'comments_account_idx',
      expression: 'CREATE INDEX comments_account_idx ON comments (account_id) WHERE account_id IS NOT NULL',
    },
  ],
});
export type Comment = InferEntity<typeof Comment>;

/** comment_mail_state: per listing, the newest comment already mailed to its owners, and when the last mail went. */
export const CommentMailState = defineEntity({
  name: 'CommentMailState',
  tableName: 'comment_mail_state',
  properties: {
    listing: () =>
      p
        .oneToOne(Listing)
        .ref()
        .primary()
        .owner()
        .deleteRule('cascade')
        .updateRule('no action')
        .foreignKeyName('comment_mail_state_listing_id_fkey'),
    mailedThrough: p.bigint('number').defaultRaw('0'),
    lastMailedAt: p.datetime().nullable(),
  },
});
export type CommentMailState = InferEntity<typeof CommentMailState>;
