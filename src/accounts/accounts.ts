import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import type { StaffRole } from '../db/entities/account.js';
import { randomToken, sha256 } from '../security/random.js';
import { canonicalEmail, normalizeEmail } from '../text/email.js';
import { hashPassword, UNUSABLE_PASSWORD_HASH, verifyPassword } from './passwords.js';
import { acceptDisplayName } from './display-names.js';

export interface AccountRecord {
  id: string;
  email: string;
  emailVerified: boolean;
  createdAt: string;
  /** The account's staff role (the /admin console and the admin scope), or null. */
  role: StaffRole | null;
  /** The name shown with the person's reviews and comments, or null (then publicName makes one up). */
  displayName: string | null;
}

type AccountRow = {
  id: string;
  email: string;
  email_verified: boolean;
  created_at: string;
  password_hash: string;
  role: StaffRole | null;
  display_name: string | null;
};

/** The columns of an AccountRow, qualified by `table` (a name or alias) so that they can be read from a join. */
const accountColumns = (table: string) =>
  `${table}.id, ${table}.email, ${table}.email_verified_at IS NOT NULL AS email_verified, iso_time(${table}.created_at) AS created_at, ${table}.password_hash, ${table}.role, ${table}.display_name`;
const ACCOUNT_COLUMNS = accountColumns('accounts');

const toRecord = (row: AccountRow): AccountRecord => ({
  id: row.id,
  email: row.email,
  emailVerified: row.email_verified,
  createdAt: row.created_at,
  role: row.role,
  displayName: row.display_name,
});

/** The account of an unexpired browser session, found by the hash of the session id; one query. */
export async function findAccountBySession(db: Database, sessionIdHash: string, now: Date): Promise<AccountRecord | undefined> {
  const row = await db.one<AccountRow>(
    `SELECT ${accountColumns('a')} FROM web_sessions s JOIN accounts a ON a.id = s.account_id WHERE s.id_hash = $1 AND s.expires_at > $2`,
    [sessionIdHash, now.toISOString()],
    { prepare: 'account_by_session' },
  );
  return row && toRecord(row);
}

export function isPlausibleEmail(email: string): boolean {
  return email.length <= 254 && /^[^\s@<>()",;]+@[^\s@<>()",;]+\.[^\s@<>()",;.]+$/.test(email);
}

export async function findAccount(db: Database, id: string): Promise<AccountRecord | undefined> {
  const row = await db.one<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = $1`, [id]);
  return row && toRecord(row);
}

/**
 * The account of the mailbox an address reaches (canonicalEmail: ring+news@gmail.com and r.i.n.g@googlemail.com find
 * ring@gmail.com's). An account whose own address is exactly this one comes first: an account of before migration
 * 0039 that shares its mailbox with an older one (its email_canonical is NULL) is still found by its own address.
 */
function accountRowByEmail(db: Database, email: string): Promise<AccountRow | undefined> {
  return db.one<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE email = $1 OR email_canonical = $2 ORDER BY email = $1 DESC LIMIT 1`,
    [normalizeEmail(email), canonicalEmail(email)],
  );
}

export async function findAccountByEmail(db: Database, email: string): Promise<AccountRecord | undefined> {
  const row = await accountRowByEmail(db, email);
  return row && toRecord(row);
}

/**
 * Creates the account, or answers undefined when the address is taken (the caller must not tell): when an account has
 * this address or another address of the same mailbox (canonicalEmail; findAccountByEmail finds that account).
 * `network` is the keyed hash of the network it was made from (src/community/network.ts), for the vote check; none for
 * accounts made by an administrator.
 */
export async function createAccount(
  db: Database,
  input: { email: string; password: string; verified: boolean; now: Date; network?: string; displayName?: string },
): Promise<AccountRecord | undefined> {
  // The public name obeys the same rule as setDisplayName (a ValidationError before anything is hashed or written);
  // its skeleton is filled in at the next check (fillNameSkeletons).
  const displayName = input.displayName === undefined ? null : (await acceptDisplayName(db, input.displayName)).name;
  const passwordHash = await hashPassword(input.password);
  const row = await db.one<AccountRow>(
    `INSERT INTO accounts (id, email, password_hash, email_verified_at, created_at, signup_network, display_name, email_canonical)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT DO NOTHING RETURNING ${ACCOUNT_COLUMNS}`,
    [
      randomUUID(),
      normalizeEmail(input.email),
      passwordHash,
      input.verified ? input.now.toISOString() : null,
      input.now.toISOString(),
      input.network ?? null,
      displayName,
      canonicalEmail(input.email),
    ],
  );
  return row && toRecord(row);
}

/** The account for this e-mail and password, or undefined; as slow for an unknown address as for a wrong password. */
export async function authenticate(db: Database, email: string, password: string): Promise<AccountRecord | undefined> {
  const row = await accountRowByEmail(db, email);
  const matches = await verifyPassword(password, row?.password_hash ?? UNUSABLE_PASSWORD_HASH);
  return row && matches ? toRecord(row) : undefined;
}

export async function markEmailVerified(db: Database, accountId: string, now: Date): Promise<void> {
  await db.query('UPDATE accounts SET email_verified_at = coalesce(email_verified_at, $2) WHERE id = $1', [accountId, now.toISOString()]);
}

/**
 * Sets the name shown with the person's reviews and comments (the rule of checkDisplayName, src/accounts/display-names.ts:
 * a ValidationError on /display_name when it breaks it). Answers the name as stored.
 */
export async function setDisplayName(db: Database, accountId: string, name: string): Promise<string> {
  const accepted = await acceptDisplayName(db, name, accountId);
  await db.query('UPDATE accounts SET display_name = $2, display_name_skeleton = $3 WHERE id = $1::uuid', [
    accountId,
    accepted.name,
    accepted.skeleton,
  ]);
  return accepted.name;
}

/**
 * A new password ends every other way into the account that the old password (or whoever held it)
 * opened: browser sessions, the authorization server's state (its sessions, grants, codes, access
 * and refresh tokens all carry the accountId) and the account's outstanding one-time e-mail links.
 * API keys stay: they are listed on the API keys page, where the person can revoke them.
 * One statement (data-modifying CTEs), so it happens entirely or not at all.
 */
export async function changePassword(db: Database, accountId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.query(
    `WITH changed AS (UPDATE accounts SET password_hash = $2 WHERE id = $1::uuid RETURNING id),
          sessions AS (DELETE FROM web_sessions WHERE account_id = $1::uuid RETURNING 1),
          authorizations AS (DELETE FROM oauth_records WHERE payload->>'accountId' = $1::text RETURNING 1),
          links AS (UPDATE account_tokens SET used_at = now() WHERE account_id = $1::uuid AND used_at IS NULL RETURNING 1)
     SELECT count(*) FROM changed`,
    [accountId, passwordHash],
  );
}

import type { AccountTokenPurpose } from '../db/entities/account.js';

export const ACCOUNT_TOKEN_LIFETIME_SECONDS: Record<AccountTokenPurpose, number> = {
  verify_email: 48 * 3600,
  reset_password: 3600,
};

/** A one-time token for an e-mail link; only its hash is kept. */
export async function issueAccountToken(db: Database, accountId: string, purpose: AccountTokenPurpose, now: Date): Promise<string> {
  const token = randomToken();
  const expires = new Date(now.getTime() + ACCOUNT_TOKEN_LIFETIME_SECONDS[purpose] * 1000);
  await db.query('INSERT INTO account_tokens (token_hash, account_id, purpose, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
    sha256(token),
    accountId,
    purpose,
    now.toISOString(),
    expires.toISOString(),
  ]);
  return token;
}

/** Uses up a token: the account it was issued to, or undefined when unknown, used, expired or for another purpose. */
export async function redeemAccountToken(
  db: Database,
  token: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<string | undefined> {
  const row = await db.one<{ account_id: string }>(
    `UPDATE account_tokens SET used_at = $3
     WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
     RETURNING account_id`,
    [sha256(token), purpose, now.toISOString()],
  );
  return row?.account_id;
}

/**
 * The account a token would be redeemed for, without using it up (to show the reset form or the
 * confirmation button only for good links); undefined when unknown, used, expired or for another purpose.
 */
export async function accountTokenIsUsable(
  db: Database,
  token: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<{ accountId: string; email: string } | undefined> {
  const row = await db.one<{ account_id: string; email: string }>(
    `SELECT t.account_id, a.email FROM account_tokens t JOIN accounts a ON a.id = t.account_id
     WHERE t.token_hash = $1 AND t.purpose = $2 AND t.used_at IS NULL AND t.expires_at > $3`,
    [sha256(token), purpose, now.toISOString()],
  );
  return row && { accountId: row.account_id, email: row.email };
}
