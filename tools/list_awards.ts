import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { pageOf, pageResult, paging, slug } from '../src/schema.js';
import { award, listAwards } from '../src/catalogue/awards.js';

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
  output: pageOf(award),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(input, { services }) {
    const { items, total } = await listAwards(services.db, input.listing, input, services.config.publicUrl);
    return pageResult(items, total, input);
  },
});
