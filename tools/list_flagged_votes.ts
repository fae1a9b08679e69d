import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { pageOf, pageResult, paging } from '../src/schema.js';
import { VOTE_FLAG_STATUSES } from '../src/db/entities/vote.js';
import { flaggedVoteView, listFlaggedVotes } from '../src/community/flagged-votes.js';

export default defineTool({
  name: 'list_flagged_votes',
  title: 'Read the flagged votes',
  toolset: 'admin',
  description:
    "Votes the vote check flagged (held out of boards and awards), latest first: listing, voter's e-mail and account age, " +
    'rules matched and their evidence. status: flagged (default), confirmed or cleared. decide_flagged_votes decides them.',
  http: { method: 'GET', path: '/admin/votes', status: 200 },
  scopes: ['admin'],
  staffRole: 'moderator',
  idempotencyKey: false,
  input: z.strictObject({
    status: z.enum(VOTE_FLAG_STATUSES).default('flagged').describe('flagged (default), confirmed or cleared'),
    ...paging,
  }),
  output: pageOf(flaggedVoteView),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ status, page, per_page }, { services }) {
    const { items, total } = await listFlaggedVotes(services.db, { status, page, per_page });
    return pageResult(items, total, { page, per_page });
  },
});
