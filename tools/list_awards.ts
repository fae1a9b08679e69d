import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { isoDate, listingSummary, pageOf, pageResult, paging, slug } from '../src/schema.js';
import { listAwards } from '../src/catalogue/awards.js';

export default defineTool({
  name: 'list_awards',
  title: 'Launch of the Week awards',
  description:
    'Lists Launch of the Week awards (#1, #2 and #3 of each launch week, decided by community votes only; nobody can buy ' +
    "one), newest week first, then by rank. Each has the week's Monday, rank, title, the votes that won it and the " +
    'winning listing. Give listing (a listing slug) to see the awards of one product; a slug with no awards gives an ' +
    'empty page.',
  http: { method: 'GET', path: '/awards', status: 200 },
  scopes: [],
  idempotencyKey: false,
  errorStatuses: [],
  input: z.strictObject({
    listing: slug('listing').optional().describe('Only the awards of this listing'),
    ...paging,
  }),
  output: pageOf(
    z.object({
      week: isoDate.describe('Monday of the launch week'),
      rank: z.number().int().min(1).max(3),
      title: z.string().describe('e.g. "Launch of the Week #1"'),
      votes: z.number().int().describe('Community votes that won the award'),
      listing: listingSummary,
    }),
  ),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(input, { services }) {
    const { items, total } = await listAwards(services.db, input.listing, input, services.config.publicUrl);
    return pageResult(items, total, input);
  },
});
