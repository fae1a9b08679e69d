/** The audit log: every staff action, who took it, on what, before and after, why and when. Append-only. */
import { z } from 'zod';
import type { Database, Statements } from '../db/database.js';
import type { JsonValue } from '../db/entities/json-types.js';
import { isoDateTime, offsetOf } from '../schema.js';

/** Who acted: a staff account, or the operator at the command line (npm run admin). */
export interface Actor {
  accountId: string | null;
  /** The staff member's e-mail address, or 'command line'. */
  label: string;
}

export const COMMAND_LINE: Actor = { accountId: null, label: 'command line' };

export interface AuditRecord {
  actor: Actor;
  /** `<target type>.<verb>`, e.g. listing.hide, blog_post.publish, order.refund, account.role. */
  action: string;
  target: { type: string; id: string | number };
  before?: JsonValue;
  after?: JsonValue;
  reason?: string | null;
  at: Date;
}

/** Writes one entry, in the caller's transaction: the entry exists exactly when the change does. */
export async function recordAudit(tx: Statements, entry: AuditRecord): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log (occurred_at, actor_id, actor, action, target_type, target_id, before, after, reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9)`,
    [
      entry.at.toISOString(),
      entry.actor.accountId,
      entry.actor.label,
      entry.action,
      entry.target.type,
      String(entry.target.id),
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
      entry.reason ?? null,
    ],
  );
}

/** An entry as list_audit_log answers it (the published schema and the type in one). */
export const auditEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  actor: z.string().describe("The staff member's e-mail address, or 'command line'"),
  target_type: z.string(),
  target_id: z.string(),
  before: z.unknown().describe('The state before the action (null when it created something)'),
  after: z.unknown().describe('The state after the action (null when it deleted something)'),
  reason: z.string().nullable(),
  occurred_at: isoDateTime,
});
export type AuditEntryView = z.infer<typeof auditEntry>;

export interface AuditFilter {
  action?: string;
  actor?: string;
  target_type?: string;
  target_id?: string;
  since?: string;
  until?: string;
}

/** Entries newest first, filtered by action (exact, or a prefix ending in "."), actor, target and time. */
export async function listAuditLog(
  db: Database,
  filter: AuditFilter,
  paging: { page: number; per_page: number },
): Promise<{ items: AuditEntryView[]; total: number }> {
  const action = filter.action ?? null;
  const params = [
    action && !action.endsWith('.') ? action : null,
    action?.endsWith('.') ? `${action.replace(/[\\%_]/g, '\\$&')}%` : null,
    filter.actor?.toLowerCase() ?? null,
    filter.target_type ?? null,
    filter.target_id ?? null,
    filter.since ?? null,
    filter.until ?? null,
  ];
  const where = `($1::text IS NULL OR action = $1) AND ($2::text IS NULL OR action LIKE $2)
    AND ($3::text IS NULL OR lower(actor) = $3) AND ($4::text IS NULL OR target_type = $4) AND ($5::text IS NULL OR target_id = $5)
    AND ($6::timestamptz IS NULL OR occurred_at >= $6) AND ($7::timestamptz IS NULL OR occurred_at < $7)`;
  const [counted, items] = await Promise.all([
    db.one<{ total: number }>(`SELECT count(*)::int AS total FROM audit_log WHERE ${where}`, params),
    db.query<AuditEntryView & Record<string, unknown>>(
      `SELECT id::int AS id, action, actor, target_type, target_id, before, after, reason, iso_time(occurred_at) AS occurred_at
       FROM audit_log WHERE ${where} ORDER BY occurred_at DESC, id DESC LIMIT $8 OFFSET $9`,
      [...params, paging.per_page, offsetOf(paging)],
    ),
  ]);
  return { items, total: counted?.total ?? 0 };
}
