import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import { randomToken, sha256 } from '../security/random.js';
import { withoutControls } from '../text/control-characters.js';
import { ADMIN_SCOPE, refusedScopes } from './caller.js';

/** Keys start with this, so a leaked one is recognisable (secret scanners, logs). */
const API_KEY_PREFIX = 'ldk_';
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;
export const MAX_API_KEY_NAME_LENGTH = 100;

export type ApiKeyRecord = {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

export type ApiKeyOwner = {
  keyId: string;
  accountId: string;
  name: string;
  prefix: string;
  scopes: string[];
};

const KEY_COLUMNS = `id, name, prefix, scopes, iso_time(created_at) AS "createdAt", iso_time(last_used_at) AS "lastUsedAt", iso_time(revoked_at) AS "revokedAt"`;

export function looksLikeApiKey(credential: string): boolean {
  return credential.startsWith(API_KEY_PREFIX);
}

/** A key was asked for with a scope the account cannot be given (admin, without a staff role). */
export class StaffOnlyScopeError extends Error {
  constructor(readonly scopes: readonly string[]) {
    super(`Only accounts with a staff role can be given the scope ${scopes.join(', ')}.`);
  }
}

/**
 * Makes a key; the full key is in the answer only, the store keeps its hash. The admin scope is refused to an
 * account without a staff role (StaffOnlyScopeError); whoever holds it is checked against the role at every call too.
 */
export async function createApiKey(
  db: Database,
  input: { accountId: string; name: string; scopes: readonly string[]; now: Date },
): Promise<{ key: string; record: ApiKeyRecord }> {
  if (input.scopes.includes(ADMIN_SCOPE)) {
    const account = await db.one<{ role: string | null }>('SELECT role FROM accounts WHERE id = $1', [input.accountId]);
    const refused = refusedScopes(input.scopes, account?.role ?? null);
    if (refused.length > 0) throw new StaffOnlyScopeError(refused);
  }
  const key = `${API_KEY_PREFIX}${randomToken(32)}`;
  const record = await db.one<ApiKeyRecord>(
    `INSERT INTO api_keys (id, account_id, name, prefix, key_hash, scopes, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     RETURNING ${KEY_COLUMNS}`,
    [
      randomUUID(),
      input.accountId,
      withoutControls(input.name),
      key.slice(0, SHOWN_PREFIX_LENGTH),
      sha256(key),
      [...input.scopes],
      input.now.toISOString(),
    ],
  );
  if (!record) throw new Error('api key insert returned nothing');
  return { key, record };
}

export function listApiKeys(db: Database, accountId: string): Promise<ApiKeyRecord[]> {
  return db.query<ApiKeyRecord>(
    `SELECT ${KEY_COLUMNS} FROM api_keys WHERE account_id = $1 ORDER BY revoked_at IS NOT NULL, created_at DESC`,
    [accountId],
  );
}

/** Revokes one of the account's own keys; false when it has no such live key. */
export async function revokeApiKey(db: Database, accountId: string, keyId: string, now: Date): Promise<boolean> {
  const row = await db.one('UPDATE api_keys SET revoked_at = $3 WHERE id = $1 AND account_id = $2 AND revoked_at IS NULL RETURNING id', [
    keyId,
    accountId,
    now.toISOString(),
  ]);
  return row !== undefined;
}

/** The live key behind a presented credential; notes when it was last used (to the minute, to spare writes). */
export async function findApiKeyOwner(db: Database, key: string, now: Date): Promise<ApiKeyOwner | undefined> {
  const row = await db.one<ApiKeyOwner & { stale: boolean }>(
    `SELECT id AS "keyId", account_id AS "accountId", name, prefix, scopes,
            (last_used_at IS NULL OR last_used_at < $2::timestamptz - interval '1 minute') AS stale
     FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL`,
    [sha256(key), now.toISOString()],
  );
  if (!row) return undefined;
  if (row.stale) await db.query('UPDATE api_keys SET last_used_at = $2 WHERE id = $1', [row.keyId, now.toISOString()]);
  const { stale: _stale, ...owner } = row;
  return owner;
}
