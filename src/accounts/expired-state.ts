import type { Database } from '../db/database.js';

/**
 * Removes what can never be used again: expired browser sessions, e-mail links, OAuth records
 * (codes, tokens, interactions), idempotency records and rate-limit windows older than a day.
 * Run once a day by the daily refresh (src/schedule/daily-refresh.ts); every read checks expiry itself, so this
 * only reclaims space, and the deletes are harmless to repeat.
 */
export async function deleteExpiredState(db: Database, now: Date): Promise<number> {
  const at = now.toISOString();
  const deleted = await Promise.all([
    db.query('DELETE FROM web_sessions WHERE expires_at < $1 RETURNING 1', [at]),
    db.query('DELETE FROM account_tokens WHERE expires_at < $1 RETURNING 1', [at]),
    db.query('DELETE FROM oauth_records WHERE expires_at < $1 RETURNING 1', [at]),
    db.query('DELETE FROM idempotency_keys WHERE expires_at < $1 RETURNING 1', [at]),
    db.query(`DELETE FROM rate_limit_windows WHERE window_start < $1::timestamptz - interval '1 day' RETURNING 1`, [at]),
  ]);
  return deleted.reduce((sum, rows) => sum + rows.length, 0);
}
