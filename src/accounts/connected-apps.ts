import type { Database } from '../db/database.js';

/** An app (OAuth client) the account allowed on the consent page: one authorization server Grant. */
export interface ConnectedApp {
  grantId: string;
  clientId: string;
  /** The client's registered client_name, when the authorization server has a Client record with one. */
  clientName?: string;
  /** When the grant was made (its iat), if recorded. */
  grantedAt?: Date;
}

/**
 * The account's live grants, newest first. A client registered dynamically has a Client record
 * (with the name it gave itself); a Client ID Metadata Document client may have none, and is then
 * known by its client id (an https URL).
 */
export async function listConnectedApps(db: Database, accountId: string): Promise<ConnectedApp[]> {
  const rows = await db.query<{ id: string; client_id: string | null; client_name: string | null; iat: number | null }>(
    `SELECT g.id, g.payload->>'clientId' AS client_id, c.payload->>'client_name' AS client_name,
            (g.payload->>'iat')::float8 AS iat
     FROM oauth_records g
     LEFT JOIN oauth_records c ON c.model = 'Client' AND c.id = g.payload->>'clientId'
     WHERE g.model = 'Grant' AND g.payload->>'accountId' = $1 AND (g.expires_at IS NULL OR g.expires_at > now())
     ORDER BY iat DESC NULLS LAST, g.id`,
    [accountId],
  );
  return rows.map((row) => ({
    grantId: row.id,
    clientId: row.client_id ?? '',
    clientName: row.client_name?.trim() || undefined,
    grantedAt: typeof row.iat === 'number' && Number.isFinite(row.iat) ? new Date(row.iat * 1000) : undefined,
  }));
}

/**
 * Disconnects an app: deletes the grant and every record bound to it (codes, access and refresh
 * tokens), in one statement and only when the grant belongs to `accountId`. False when the account
 * has no such grant; then nothing is deleted.
 */
export async function revokeConnectedApp(db: Database, accountId: string, grantId: string): Promise<boolean> {
  const rows = await db.query<{ model: string }>(
    `WITH owned AS (SELECT id FROM oauth_records WHERE model = 'Grant' AND id = $1 AND payload->>'accountId' = $2)
     DELETE FROM oauth_records
     WHERE (model = 'Grant' AND id IN (SELECT id FROM owned)) OR grant_id IN (SELECT id FROM owned)
     RETURNING model`,
    [grantId, accountId],
  );
  return rows.some((row) => row.model === 'Grant');
}
