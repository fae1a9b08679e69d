import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { instantInput, pageOf, pageResult, paging } from '../src/schema.js';
import { auditEntry, listAuditLog } from '../src/staff/audit-log.js';

export default defineTool({
  name: 'list_audit_log',
  title: 'Read the audit log',
  toolset: 'admin',
  description:
    'Every staff action, newest first: action (e.g. listing.hide, blog_post.publish, order.refund, account.role), ' +
    'actor (e-mail, or "command line"), target, the state before and after, reason and time. Append-only. Filter by ' +
    'action (exact, or a prefix ending in ".", e.g. "listing."), actor, target and time.',
  http: { method: 'GET', path: '/admin/audit-log', status: 200 },
  scopes: ['admin'],
  staffRole: 'admin',
  idempotencyKey: false,
  input: z.strictObject({
    action: z
      .string()
      .regex(/^[a-z_]+(\.[a-z_]*)?$/, 'Must be an action such as listing.hide, or a prefix such as listing.')
      .max(60)
      .optional(),
    actor: z.string().min(1).max(254).optional().describe("The actor's e-mail, or 'command line'"),
    target_type: z
      .string()
      .regex(/^[a-z_]+$/, 'Must be a target type such as listing')
      .max(40)
      .optional(),
    target_id: z.string().min(1).max(254).optional().describe('With target_type: one slug, id, number or e-mail'),
    since: instantInput('Entries at or after this time').optional(),
    until: instantInput('Entries before this time').optional(),
    ...paging,
  }),
  output: pageOf(auditEntry),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ page, per_page, ...filter }, { services }) {
    const { items, total } = await listAuditLog(services.db, filter, { page, per_page });
    return pageResult(items, total, { page, per_page });
  },
});
