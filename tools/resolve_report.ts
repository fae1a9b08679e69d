import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { staffOf } from '../src/registry/context.js';
import { recordId, someText } from '../src/schema.js';
import { staffActor } from '../src/staff/roles.js';
import { REPORT_DECISIONS, reportView, resolveReport } from '../src/moderation/reports.js';

export default defineTool({
  name: 'resolve_report',
  title: 'Resolve a report',
  toolset: 'admin',
  description:
    'Resolves an open report from list_reports with a note: dismiss, or act. act hides what was reported unless it is ' +
    'hidden already: a listing as moderate_listing hide (the note is the reason its owners see), a review or comment ' +
    'as moderate_review or moderate_comment. Audited. 409 when the report was resolved before.',
  http: { method: 'POST', path: '/admin/reports/{report_id}/resolve', status: 200 },
  scopes: ['admin'],
  staffRole: 'moderator',
  idempotencyKey: true,
  errorStatuses: [404, 409],
  input: z.strictObject({
    report_id: recordId('The report id (from list_reports)'),
    decision: z.enum(REPORT_DECISIONS).describe('dismiss, or act (hide the reported listing, review or comment)'),
    note: someText(500).describe('Why (audited; with act, the reason the owners see)'),
  }),
  output: reportView,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  async handler({ report_id, decision, note }, ctx) {
    const { services } = ctx;
    return resolveReport(services.db, services.jobs, {
      actor: staffActor(staffOf(ctx)),
      reportId: report_id,
      decision,
      note,
      now: services.now(),
      publicUrl: services.config.publicUrl,
    });
  },
});
