import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Account } from './account.js';
import { Listing } from './listing.js';
import type { JsonValue } from './json-types.js';

/**
 * The vote check's verdicts: flagged (held out of the count), confirmed (a moderator agreed), cleared (counted). An
 * unflagged vote counts, unless it is held until checked (`unchecked`, beyond its network's limit).
 */
export const VOTE_FLAG_STATUSES = ['flagged', 'confirmed', 'cleared'] as const;
export type VoteFlagStatus = (typeof VOTE_FLAG_STATUSES)[number];

/** votes: one per listing and person on the site (voterKey identifies an account or a device). */
export const Vote = defineEntity({
  name: 'Vote',
  tableName: 'votes',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    listing: () => p.manyToOne(Listing).ref().deleteRule('cascade').updateRule('no action').foreignKeyName('votes_listing_id_fkey'),
    voterKey: p.text(),
    createdAt: p.datetime().defaultRaw('now()'),
    account: () =>
      p.manyToOne(Account).ref().nullable().deleteRule('set null').updateRule('no action').foreignKeyName('votes_account_id_fkey'),
    /** A keyed hash of the voter's network (never the address). */
    network: p.text().nullable(),
    flagStatus: p.enum(VOTE_FLAG_STATUSES).nullable(),
    /** Whether the vote counts on the boards and for the awards: unflagged and not held until checked, or cleared by a moderator. */
    counted: p.boolean().default(true),
    /** Cast on the site and not yet looked at by the vote check: beyond its network's limit, held out (not counted). */
    unchecked: p.boolean().default(false),
    flagRules: p.array().defaultRaw(`'{}'`),
    flagEvidence: p.json<JsonValue>().nullable(),
    flaggedAt: p.datetime().nullable(),
  },
  uniques: [{ name: 'votes_listing_id_voter_key_key', properties: ['listing', 'voterKey'] }],
  indexes: [
    { name: 'votes_created_idx', properties: ['createdAt', 'listing'] },
    { name: 'votes_flagged_idx', expression: "CREATE INDEX votes_flagged_idx ON votes (flagged_at, id) WHERE flag_status = 'flagged'" },
    {
      name: 'votes_account_idx',
      expression: 'CREATE INDEX votes_account_idx ON votes (account_id, created_at) WHERE account_id IS NOT NULL',
    },
    { name: 'votes_unchecked_idx', expression: 'CREATE INDEX votes_unchecked_idx ON votes (network) WHERE unchecked' },
    {
      name: 'votes_counted_created_idx',
      expression: 'CREATE INDEX votes_counted_created_idx ON votes (created_at, listing_id) WHERE counted',
    },
  ],
  checks: [
    {
      name: 'votes_counted_check',
      expression: "CASE WHEN flag_status IS NULL THEN counted OR unchecked ELSE counted = (flag_status = 'cleared') END",
    },
  ],
});
export type Vote = InferEntity<typeof Vote>;

/** vote_flags: the flag of a flagged or confirmed vote its account took back, kept for the account's next vote. */
export const VoteFlag = defineEntity({
  name: 'VoteFlag',
  tableName: 'vote_flags',
  properties: {
    listing: () =>
      p.manyToOne(Listing).ref().primary().deleteRule('cascade').updateRule('no action').foreignKeyName('vote_flags_listing_id_fkey'),
    account: () =>
      p.manyToOne(Account).ref().primary().deleteRule('cascade').updateRule('no action').foreignKeyName('vote_flags_account_id_fkey'),
    status: p.enum(['flagged', 'confirmed'] as const),
    rules: p.array().defaultRaw(`'{}'`),
    evidence: p.json<JsonValue>().nullable(),
    flaggedAt: p.datetime().nullable(),
  },
  primaryKeys: ['listing', 'account'],
});
export type VoteFlag = InferEntity<typeof VoteFlag>;
