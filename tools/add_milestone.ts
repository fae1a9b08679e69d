import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { isoDate, recordId, someText, webAddress } from '../src/schema.js';
import { addMilestone } from '../src/listings/milestones.js';

const milestoneOutput = z.object({
  id: z.number().int().describe('The milestone id (for delete_milestone)'),
  date: isoDate,
  title: z.string(),
  description: z.string().nullable(),
  url: z.string().nullable(),
});

export default defineTool({
  name: 'add_milestone',
  title: 'Add a milestone to my listing',
  toolset: 'listings',
  description:
    'Public once the listing is published with its paid sections unlocked (a launch unlocks them); get_my_listing always shows it.',
  http: { method: 'POST', path: '/me/listings/{listing_id}/milestones', status: 201 },
  scopes: ['listings:write'],
  idempotencyKey: true,
  errorStatuses: [404],
  input: z.strictObject({
    listing_id: recordId('The listing id'),
    date: z.iso.date(),
    title: someText(200),
    description: z.string().max(2000).nullable().optional(),
    url: webAddress('https', 500).nullable().optional().describe('https only'),
  }),
  output: milestoneOutput.extend({ listing_id: z.number().int() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async handler({ listing_id, ...milestone }, { services, caller }) {
    return { ...(await addMilestone(services.db, caller.accountId, listing_id, milestone, services.now())), listing_id };
  },
});
