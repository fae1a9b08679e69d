import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { staffOf } from '../src/registry/context.js';
import { recordId, someText } from '../src/schema.js';
import { staffActor } from '../src/staff/roles.js';
import { CONTENT_ACTIONS, moderateComment, moderatedContent } from '../src/moderation/content-moderation.js';

export default defineTool({
  name: 'moderate_comment',
  title: 'Hide or restore a comment',
  toolset: 'admin',
  description:
    'hide takes a comment off its listing page; restore shows it again. The reason is required and audited. 409 ' +
    'when the action does not fit the state.',
  http: { method: 'POST', path: '/admin/comments/{comment_id}/moderation', status: 200 },
  scopes: ['admin'],
  staffRole: 'moderator',
  idempotencyKey: true,
  errorStatuses: [404, 409],
  input: z.strictObject({
    comment_id: recordId('The comment id (from list_reports)'),
    action: z.enum(CONTENT_ACTIONS).describe('hide or restore'),
    reason: someText(500).describe('Why (audited)'),
  }),
  output: moderatedContent,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  async handler({ comment_id, action, reason }, ctx) {
    const { services } = ctx;
    return moderateComment(services.db, { actor: staffActor(staffOf(ctx)), id: comment_id, action, reason, now: services.now() });
  },
});
