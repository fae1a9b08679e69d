import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { staffOf } from '../src/registry/context.js';
import { recordId, someText } from '../src/schema.js';
import { staffActor } from '../src/staff/roles.js';
import { CONTENT_ACTIONS, moderateReview, moderatedContent } from '../src/moderation/content-moderation.js';

export default defineTool({
  name: 'moderate_review',
  title: 'Hide or restore a review',
  toolset: 'admin',
  description:
    'hide takes a review off its listing page and out of the community rating at once; restore shows and counts it ' +
    'again (if genuine). The reason is required and audited. 409 when the action does not fit the state.',
  http: { method: 'POST', path: '/admin/reviews/{review_id}/moderation', status: 200 },
  scopes: ['admin'],
  staffRole: 'moderator',
  idempotencyKey: true,
  errorStatuses: [404, 409],
  input: z.strictObject({
    review_id: recordId('The review id (from list_reports)'),
    action: z.enum(CONTENT_ACTIONS).describe('hide or restore'),
    reason: someText(500).describe('Why (audited)'),
  }),
  output: moderatedContent,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  async handler({ review_id, action, reason }, ctx) {
    const { services } = ctx;
    return moderateReview(services.db, { actor: staffActor(staffOf(ctx)), id: review_id, action, reason, now: services.now() });
  },
});
