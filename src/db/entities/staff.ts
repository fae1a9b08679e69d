import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Account } from './account.js';
import { Category } from './category.js';
import { Listing } from './listing.js';
import type { JsonValue } from './json-types.js';

/**
 * audit_log: every staff action, append-only (a trigger of migration 0021 refuses UPDATE and DELETE). The actor is
 * kept as written at the time (an e-mail, or 'command line'), with no foreign key: an entry outlives its actor.
 */
export const AuditEntry = defineEntity({
  name: 'AuditEntry',
  tableName: 'audit_log',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    occurredAt: p.datetime(),
    actorId: p.uuid().nullable(),
    actor: p.text(),
    action: p.text(),
    targetType: p.text(),
    targetId: p.text(),
    before: p.json<JsonValue>().nullable(),
    after: p.json<JsonValue>().nullable(),
    reason: p.text().nullable(),
  },
  indexes: [
    { name: 'audit_log_occurred_idx', expression: 'CREATE INDEX audit_log_occurred_idx ON audit_log (occurred_at DESC, id DESC)' },
    {
      name: 'audit_log_target_idx',
      expression: 'CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id, occurred_at DESC)',
    },
    { name: 'audit_log_actor_idx', expression: 'CREATE INDEX audit_log_actor_idx ON audit_log (actor, occurred_at DESC)' },
  ],
  triggers: [
    {
      // Declared so that the schema generator leaves it alone; the migration is what creates it.
      name: 'audit_log_append_only_trg',
      timing: 'before',
      events: ['update', 'delete'],
      expression: 'EXECUTE FUNCTION audit_log_append_only()',
    },
  ],
});
export type AuditEntry = InferEntity<typeof AuditEntry>;

export const REPORT_TARGET_TYPES = ['listing', 'review', 'comment'] as const;
export const REPORT_REASONS = ['spam', 'abuse', 'misleading', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;

/** reports: what people reported to the moderators, and how each was resolved. */
export const Report = defineEntity({
  name: 'Report',
  tableName: 'reports',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    targetType: p.enum(REPORT_TARGET_TYPES),
    targetId: p.text(),
    listing: () =>
      p.manyToOne(Listing).ref().nullable().deleteRule('cascade').updateRule('no action').foreignKeyName('reports_listing_id_fkey'),
    reporter: () =>
      p.manyToOne(Account).ref().nullable().deleteRule('set null').updateRule('no action').foreignKeyName('reports_reporter_id_fkey'),
    reason: p.enum(REPORT_REASONS),
    details: p.text().default(''),
    status: p.enum(REPORT_STATUSES).default('open'),
    createdAt: p.datetime(),
    resolvedAt: p.datetime().nullable(),
    resolvedBy: () =>
      p.manyToOne(Account).ref().nullable().deleteRule('set null').updateRule('no action').foreignKeyName('reports_resolved_by_id_fkey'),
    resolutionNote: p.text().nullable(),
  },
  indexes: [
    { name: 'reports_queue_idx', properties: ['status', 'createdAt', 'id'] },
    { name: 'reports_listing_idx', properties: ['listing'] },
    {
      name: 'reports_open_once_idx',
      expression: "CREATE UNIQUE INDEX reports_open_once_idx ON reports (reporter_id, target_type, target_id) WHERE status = 'open'",
    },
  ],
});
export type Report = InferEntity<typeof Report>;

/** category_redirects: the old slugs of merged or renamed categories, each leading to the category that took its place. */
export const CategoryRedirect = defineEntity({
  name: 'CategoryRedirect',
  tableName: 'category_redirects',
  properties: {
    oldSlug: p.text().primary(),
    category: () =>
      p.manyToOne(Category).ref().deleteRule('cascade').updateRule('no action').foreignKeyName('category_redirects_category_id_fkey'),
    createdAt: p.datetime().defaultRaw('now()'),
  },
  indexes: [{ name: 'category_redirects_category_idx', properties: ['category'] }],
});
export type CategoryRedirect = InferEntity<typeof CategoryRedirect>;
