import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Account } from './account.js';
import { Listing } from './listing.js';

export const CLAIM_METHODS = ['dns', 'meta', 'file', 'email'] as const;
export type ClaimMethod = (typeof CLAIM_METHODS)[number];
export const CLAIM_STATUSES = ['pending', 'verified', 'failed', 'expired'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** claims: an account's proof of control of a listing's domain, which makes it an owner once verified (migration 0013). */
export const Claim = defineEntity({
  name: 'Claim',
  tableName: 'claims',
  properties: {
    id: p.integer().primary().autoincrement(),
    listing: () => p.manyToOne(Listing).ref().deleteRule('cascade').updateRule('no action').foreignKeyName('claims_listing_id_fkey'),
    account: () => p.manyToOne(Account).ref().deleteRule('cascade').updateRule('no action').foreignKeyName('claims_account_id_fkey'),
    method: p.enum(CLAIM_METHODS),
    /** The listing's domain (without "www.") when claimed: what the proof must be published on. */
    domain: p.text(),
    /** What the claimant publishes (DNS, meta, file): public by design. */
    token: p.text(),
    email: p.text().nullable(),
    /** SHA-256 of the mailed link's token (method email). */
    emailTokenHash: p.text().nullable(),
    status: p.enum(CLAIM_STATUSES).defaultRaw(`'pending'`),
    /** What the last check found, while the claim is pending. */
    finding: p.text().nullable(),
    checkedAt: p.datetime().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    expiresAt: p.datetime(),
    verifiedAt: p.datetime().nullable(),
  },
  indexes: [
    { name: 'claims_account_idx', expression: 'CREATE INDEX claims_account_idx ON claims (account_id, created_at DESC, id DESC)' },
    {
      name: 'claims_pending_idx',
      expression: `CREATE UNIQUE INDEX claims_pending_idx ON claims (listing_id, account_id) WHERE status = 'pending'`,
    },
    { name: 'claims_email_token_idx', expression: 'CREATE UNIQUE INDEX claims_email_token_idx ON claims (email_token_hash)' },
    { name: 'claims_expiry_idx', expression: `CREATE INDEX claims_expiry_idx ON claims (expires_at) WHERE status = 'pending'` },
  ],
});
export type Claim = InferEntity<typeof Claim>;
