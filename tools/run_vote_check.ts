import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { loadSiteSettings } from '../src/catalogue/site-settings.js';
import { runVoteCheck } from '../src/community/vote-check.js';

export default defineTool({
  name: 'run_vote_check',
  title: 'Run the vote check now',
  toolset: 'admin',
  description:
    'Runs the vote check now (it also runs daily and before the weekly awards) on the votes of the last 14 days, with the ' +
    'vote_check settings; answers how many votes it flagged, by rule.',
  http: { method: 'POST', path: '/admin/votes/check', status: 200 },
  scopes: ['admin'],
  staffRole: 'admin',
  idempotencyKey: false,
  input: z.strictObject({}),
  output: z.object({
    flagged: z.number().int().describe('Votes flagged by this run'),
    by_rule: z
      .object({ burst: z.number().int(), network: z.number().int(), own_domain: z.number().int(), single_maker: z.number().int() })
      .describe('Of those, how many each rule matched (a vote may match several)'),
    listings: z.number().int().describe('Listings whose count went down'),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(_input, { services }) {
    const { vote_check } = await loadSiteSettings(services.db);
    return runVoteCheck(services.db, { now: services.now(), settings: vote_check });
  },
});
