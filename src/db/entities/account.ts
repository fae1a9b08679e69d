import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** The site team's roles (issue 29): admin may do everything, editor the blog, categories and interview questions, moderator listings and reports. */
export const STAFF_ROLES = ['admin', 'editor', 'moderator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** accounts: people who sign in. */
export const Account = defineEntity({
  name: 'Account',
  tableName: 'accounts',
  properties: {
    id: p.uuid().primary(),
    email: p.text().unique('accounts_email_key'),
    /**
     * The mailbox the address reaches (canonicalEmail, src/text/email.ts): one account per mailbox. NULL only for the
     * younger accounts of a mailbox that had several before migration 0039.
     */
    emailCanonical: p.text().nullable().unique('accounts_email_canonical_key'),
    passwordHash: p.text(),
    emailVerifiedAt: p.datetime().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    /** A staff role, or null for everyone else. */
    role: p.enum(STAFF_ROLES).nullable(),
    /** The name shown with the person's reviews and comments; null until they choose one. */
    displayName: p.text().nullable(),
    /** confusableKey of the display name (src/text/confusables.ts), for refusing a name that looks like another's; filled by the service. */
    displayNameSkeleton: p.text().nullable(),
    /** A keyed hash of the network the account signed up from (never the address itself). */
    signupNetwork: p.text().nullable(),
  },
  indexes: [
    { name: 'accounts_role_idx', expression: 'CREATE INDEX accounts_role_idx ON accounts (role) WHERE role IS NOT NULL' },
    {
      name: 'accounts_display_name_skeleton_idx',
      expression:
        'CREATE INDEX accounts_display_name_skeleton_idx ON accounts (display_name_skeleton) WHERE display_name_skeleton IS NOT NULL',
    },
    {
      name: 'accounts_display_name_unkeyed_idx',
      expression:
        'CREATE INDEX accounts_display_name_unkeyed_idx ON accounts (id) WHERE display_name IS NOT NULL AND display_name_skeleton IS NULL',
    },
  ],
});
export type Account = InferEntity<typeof Account>;

const accountRef = (foreignKeyName: string) => () =>
  p.manyToOne(Account).ref().deleteRule('cascade').updateRule('no action').foreignKeyName(foreignKeyName);

/** web_sessions: signed-in browsers (the cookie holds the id, the table its hash). */
export const WebSession = defineEntity({
  name: 'WebSession',
  tableName: 'web_sessions',
  properties: {
    idHash: p.text().primary(),
    account: accountRef('web_sessions_account_id_fkey'),
    createdAt: p.datetime().defaultRaw('now()'),
    expiresAt: p.datetime(),
  },
  indexes: [{ name: 'web_sessions_account_idx', properties: ['account'] }],
});
export type WebSession = InferEntity<typeof WebSession>;

const ACCOUNT_TOKEN_PURPOSES = ['verify_email', 'reset_password'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/** account_tokens: one-time e-mail links. */
export const AccountToken = defineEntity({
  name: 'AccountToken',
  tableName: 'account_tokens',
  properties: {
    tokenHash: p.text().primary(),
    account: accountRef('account_tokens_account_id_fkey'),
    purpose: p.enum(ACCOUNT_TOKEN_PURPOSES),
    createdAt: p.datetime().defaultRaw('now()'),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
  indexes: [{ name: 'account_tokens_account_idx', properties: ['account', 'purpose'] }],
});
export type AccountToken = InferEntity<typeof AccountToken>;

/** api_keys: long-lived credentials for REST integrators, stored as hashes. */
export const ApiKey = defineEntity({
  name: 'ApiKey',
  tableName: 'api_keys',
  properties: {
    id: p.uuid().primary(),
    account: accountRef('api_keys_account_id_fkey'),
    name: p.text(),
    prefix: p.text(),
    keyHash: p.text().unique('api_keys_key_hash_key'),
    scopes: p.array(),
    createdAt: p.datetime().defaultRaw('now()'),
    lastUsedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
  },
  indexes: [{ name: 'api_keys_account_idx', expression: 'CREATE INDEX api_keys_account_idx ON api_keys(account_id, created_at DESC)' }],
});
export type ApiKey = InferEntity<typeof ApiKey>;

/** oauth_records: oidc-provider's adapter storage. */
export const OAuthRecord = defineEntity({
  name: 'OAuthRecord',
  tableName: 'oauth_records',
  properties: {
    model: p.text().primary(),
    id: p.text().primary(),
    payload: p.json<Record<string, unknown>>(),
    grantId: p.text().nullable(),
    userCode: p.text().nullable(),
    uid: p.text().nullable(),
    expiresAt: p.datetime().nullable(),
    consumedAt: p.datetime().nullable(),
  },
  primaryKeys: ['model', 'id'],
  indexes: [
    {
      name: 'oauth_records_grant_idx',
      expression: 'CREATE INDEX oauth_records_grant_idx ON oauth_records(grant_id) WHERE grant_id IS NOT NULL',
    },
    { name: 'oauth_records_uid_idx', expression: 'CREATE INDEX oauth_records_uid_idx ON oauth_records(uid) WHERE uid IS NOT NULL' },
    { name: 'oauth_records_expires_idx', properties: ['expiresAt'] },
    {
      name: 'oauth_records_grant_account_idx',
      expression: `CREATE INDEX oauth_records_grant_account_idx ON oauth_records ((payload->>'accountId')) WHERE model = 'Grant'`,
    },
  ],
});
export type OAuthRecord = InferEntity<typeof OAuthRecord>;

/** service_secrets: keys every instance shares. */
export const ServiceSecret = defineEntity({
  name: 'ServiceSecret',
  tableName: 'service_secrets',
  properties: {
    name: p.text().primary(),
    value: p.json<unknown>(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
export type ServiceSecret = InferEntity<typeof ServiceSecret>;

/** mail_outbox: every message sent, and the developer's outbox without SMTP. */
export const OutboxMail = defineEntity({
  name: 'OutboxMail',
  tableName: 'mail_outbox',
  properties: {
    id: p.uuid().primary(),
    toAddress: p.text(),
    subject: p.text(),
    textBody: p.text(),
    htmlBody: p.text().nullable(),
    headers: p.json().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    sentAt: p.datetime().nullable(),
    error: p.text().nullable(),
    sendClaimedAt: p.datetime().nullable(),
  },
  indexes: [{ name: 'mail_outbox_created_idx', expression: 'CREATE INDEX mail_outbox_created_idx ON mail_outbox(created_at DESC)' }],
});
export type OutboxMail = InferEntity<typeof OutboxMail>;

/** idempotency_keys: stored answers of operations called with an Idempotency-Key (24 hours). */
export const IdempotencyRecord = defineEntity({
  name: 'IdempotencyRecord',
  tableName: 'idempotency_keys',
  properties: {
    account: accountRef('idempotency_keys_account_id_fkey')().primary(),
    operation: p.text().primary(),
    key: p.text().primary(),
    fingerprint: p.text(),
    status: p.smallint(),
    answer: p.json(),
    createdAt: p.datetime(),
    expiresAt: p.datetime().index('idempotency_keys_expires_idx'),
  },
});
export type IdempotencyRecord = InferEntity<typeof IdempotencyRecord>;

/** job_outbox: jobs enqueued inside a transaction, waiting to be handed to the job queue after it commits. */
export const JobOutboxEntry = defineEntity({
  name: 'JobOutboxEntry',
  tableName: 'job_outbox',
  properties: {
    id: p.bigint().primary().autoincrement(),
    name: p.text(),
    data: p.json(),
    createdAt: p.datetime().defaultRaw('now()'),
    claimedAt: p.datetime().nullable(),
  },
});
export type JobOutboxEntry = InferEntity<typeof JobOutboxEntry>;

/** rate_limit_windows: fixed-window counters shared by every instance. */
export const RateLimitWindow = defineEntity({
  name: 'RateLimitWindow',
  tableName: 'rate_limit_windows',
  properties: {
    key: p.text().primary(),
    windowStart: p.datetime(),
    hits: p.integer(),
  },
});
export type RateLimitWindow = InferEntity<typeof RateLimitWindow>;
