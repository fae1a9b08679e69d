import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { pageOf, pageResult, paging, slug } from '../src/schema.js';
import { award, listAwards } from '../src/catalogue/awards.js';
import { loadSiteSettings } from '../src/catalogue/site-settings.js';
import { resolveWeek, WEEK_SPEC } from '../src/catalogue/weeks.js';

export default defineTool({
  name: 'list_awards',
  title: 'Launch of the Week awards',
  toolset: 'directory',
  description:
    '#1 to #3 of each ended week, won by the counted votes a launch got during its launch week (none can be bought), newest week first: the week\'s Monday, rank, title, votes, the listing and `proof_url`, the signed JWT proof\'s address (include_proof: true adds the JWT as `proof`, verifiable with /.well-known/jwks.json). "#1 last week" in votes of any listing is the community-weekly board (get_leaderboard), not an award.',
  http: { method: 'GET', path: '/awards', status: 200 },
  scopes: [],
  idempotencyKey: false,
  input: z.strictObject({
    listing: slug('listing').optional().describe("Only this listing's awards"),
    week: z
      .string()
      .max(10)
      .regex(WEEK_SPEC, 'Must be this, next, last or a date YYYY-MM-DD')
      .optional()
      .describe("Only this week's awards: last, or its Monday YYYY-MM-DD (any date of the week)"),
    rank: z.number().int().min(1).max(3).optional().describe('Only this rank; 1: the Hall of Fame'),
    include_proof: z.boolean().default(false).describe("Add each award's signed JWT as `proof` (default: only proof_url)"),
    ...paging,
  }),
  output: pageOf(award),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(input, { services }) {
    const { db, config } = services;
    const week =
      input.week === undefined ? undefined : resolveWeek(input.week, services.now(), (await loadSiteSettings(db)).time_zone).start;
    const { items, total } = await listAwards(
      db,
      { listing: input.listing, week, rank: input.rank },
      input,
      config.publicUrl,
      input.include_proof ? services.signAward : undefined,
    );
    return pageResult(items, total, input);
  },
});
