import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { pageOf, pageResult, paging } from '../src/schema.js';
import { listReports, REPORT_FILTERS, reportView } from '../src/moderation/reports.js';

export default defineTool({
  name: 'list_reports',
  title: 'Read the reports queue',
  toolset: 'admin',
  description:
    'Reports people filed about listings, reviews and comments, open ones oldest first: target (type, id, listing slug, ' +
    "name and status; a review's or comment's excerpt and author; hidden), reason (spam, abuse, misleading, other), " +
    "details, the reporter's e-mail, when, and the resolution (status, note, by, at). status filters: open (default), " +
    'dismissed, actioned or all. resolve_report works through them.',
  http: { method: 'GET', path: '/admin/reports', status: 200 },
  scopes: ['admin'],
  staffRole: 'moderator',
  idempotencyKey: false,
  input: z.strictObject({
    status: z.enum(REPORT_FILTERS).default('open').describe('open (default), dismissed, actioned or all'),
    ...paging,
  }),
  output: pageOf(reportView),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ status, page, per_page }, { services }) {
    const { items, total } = await listReports(services.db, { status }, { page, per_page });
    return pageResult(items, total, { page, per_page });
  },
});
