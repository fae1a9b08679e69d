import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { staffOf } from '../src/registry/context.js';
import { slug, someText } from '../src/schema.js';
import { staffActor } from '../src/staff/roles.js';
import { MODERATION_ACTIONS, moderatedListing, moderateListing } from '../src/moderation/listing-moderation.js';

export default defineTool({
  name: 'moderate_listing',
  title: 'Hide, show or feature a listing',
  toolset: 'admin',
  description:
    'hide takes a listing off search, feeds, boards, the sitemap and its page at once (its owners are mailed the reason and ' +
    "see it in get_my_listing); unhide restores its previous status. feature puts a live listing in the home page's " +
    'featured spot (newest first); unfeature takes it out. The reason is required and audited. 409 when the action does ' +
    'not fit the state.',
  http: { method: 'POST', path: '/admin/listings/{listing}/moderation', status: 200 },
  scopes: ['admin'],
  staffRole: 'moderator',
  idempotencyKey: true,
  errorStatuses: [404, 409],
  input: z.strictObject({
    listing: slug('listing'),
    action: z.enum(MODERATION_ACTIONS).describe('hide, unhide, feature or unfeature'),
    reason: someText(500).describe('Why (audited; for hide, shown to the owners)'),
  }),
  output: moderatedListing,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  async handler({ listing, action, reason }, ctx) {
    const { services } = ctx;
    return moderateListing(services.db, services.jobs, {
      actor: staffActor(staffOf(ctx)),
      slug: listing,
      action,
      reason,
      now: services.now(),
      publicUrl: services.config.publicUrl,
    });
  },
});
