import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { isoDate, recordId } from '../src/schema.js';
import { deleteMilestone } from '../src/listings/milestones.js';

export default defineTool({
  name: 'delete_milestone',
  title: 'Delete a milestone of my listing',
  toolset: 'listings',
  description: "Answers the milestone removed. Unknown or another listing's milestone: 404.",
  http: { method: 'DELETE', path: '/me/listings/{listing_id}/milestones/{milestone_id}', status: 200 },
  scopes: ['listings:write'],
  idempotencyKey: true,
  errorStatuses: [404],
  input: z.strictObject({ listing_id: recordId('The listing id'), milestone_id: recordId('The milestone id') }),
  output: z.object({
    deleted: z.object({
      id: z.number().int(),
      date: isoDate,
      title: z.string(),
      description: z.string().nullable(),
      url: z.string().nullable(),
    }),
    listing_id: z.number().int(),
  }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ listing_id, milestone_id }, { services, caller }) {
    return { deleted: await deleteMilestone(services.db, caller.accountId, listing_id, milestone_id, services.now()), listing_id };
  },
});
