import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { Database } from '../src/db/database.js';

/**
 * oidc-provider's storage in PostgreSQL (oauth_records): clients, grants, codes, sessions,
 * interactions and tokens survive a restart and are shared by every instance.
 */
export function postgresAdapter(db: Database): new (model: string) => Adapter {
  return class PostgresAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      await db.query(
        `INSERT INTO oauth_records (model, id, payload, grant_id, user_code, uid, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::int IS NULL THEN NULL ELSE now() + make_interval(secs => $7::int) END)
         ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
           user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
        [
          this.model,
          id,
          JSON.stringify(payload),
          payload.grantId ?? null,
          payload.userCode ?? null,
          payload.uid ?? null,
          expiresIn ?? null,
        ],
      );
    }

    find(id: string): Promise<AdapterPayload | undefined> {
      return this.findWhere('id = $2', id);
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findWhere('uid = $2', uid);
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findWhere('user_code = $2', userCode);
    }

    /** Codes and refresh tokens are used once: of two racing requests (even on two instances) only one wins. */
    async consume(id: string): Promise<void> {
      const rows = await db.query(
        'UPDATE oauth_records SET consumed_at = now() WHERE model = $1 AND id = $2 AND consumed_at IS NULL RETURNING 1',
        [this.model, id],
      );
      if (rows.length === 0) throw new errors.InvalidGrant('grant request is invalid');
    }

    async destroy(id: string): Promise<void> {
      await db.query('DELETE FROM oauth_records WHERE model = $1 AND id = $2', [this.model, id]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.query('DELETE FROM oauth_records WHERE model = $1 AND grant_id = $2', [this.model, grantId]);
    }

    private async findWhere(condition: string, value: string): Promise<AdapterPayload | undefined> {
      const row = await db.one<{ payload: AdapterPayload; consumed: number | null }>(
        `SELECT payload, extract(epoch FROM consumed_at)::int AS consumed FROM oauth_records
         WHERE model = $1 AND ${condition} AND (expires_at IS NULL OR expires_at > now())`,
        [this.model, value],
      );
      if (!row) return undefined;
      const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as AdapterPayload) : row.payload;
      return row.consumed === null ? payload : { ...payload, consumed: row.consumed };
    }
  };
}
