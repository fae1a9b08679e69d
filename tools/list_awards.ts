import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { pageOf, pageResult, paging, slug } from '../src/schema.js';
import { award, listAwards } from '../src/catalogue/awards.js';

export default defineTool({
  name: 'list_awards',
  title: 'Launch of the Week awards',
  toolset: 'directory',
  description:
    '#1 to #3 of each ended week by community votes (none can be bought), newest week first: the week\'s Monday, rank, title, the votes that won it, the listing and `proof`, a signed JWT verifiable with /.well-known/jwks.json. "#1 last week" in votes of any listing is the community-weekly board (get_leaderboard), not an award.',
  http: { method: 'GET', path: '/awards', status: 200 },
  scopes: [],
  idempotencyKey: false,
  input: z.strictObject({
    listing: slug('listing').optional().describe("Only this listing's awards"),
    rank: z.number().int().min(1).max(3).optional().describe('Only this rank; 1: the Hall of Fame'),
    ...paging,
  }),
  output: pageOf(award),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(input, { services }) {
    const { items, total } = await listAwards(
      services.db,
      { listing: input.listing, rank: input.rank },
      input,
      services.config.publicUrl,
      services.signAward,
    );
    return pageResult(items, total, input);
  },
});
