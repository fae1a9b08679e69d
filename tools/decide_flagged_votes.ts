import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { staffOf } from '../src/registry/context.js';
import { recordId, someText } from '../src/schema.js';
import { staffActor } from '../src/staff/roles.js';
import { decideFlaggedVotes, flaggedVoteView, VOTE_DECISIONS } from '../src/community/flagged-votes.js';

export default defineTool({
  name: 'decide_flagged_votes',
  title: 'Confirm or clear flagged votes',
  toolset: 'admin',
  description:
    'Decides flagged votes from list_flagged_votes, all or none, with a note: confirm keeps them out of every count; clear ' +
    'counts them again. Audited. 404 for an unknown vote, 409 for one not flagged.',
  http: { method: 'POST', path: '/admin/votes/decisions', status: 200 },
  scopes: ['admin'],
  staffRole: 'moderator',
  idempotencyKey: true,
  errorStatuses: [404, 409],
  input: z.strictObject({
    vote_ids: z.array(recordId('A vote id')).min(1).max(100).describe('The votes (from list_flagged_votes)'),
    decision: z.enum(VOTE_DECISIONS).describe('confirm (never counted) or clear (counted again)'),
    note: someText(500).describe('Why (audited)'),
  }),
  output: z.object({ votes: z.array(flaggedVoteView) }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ vote_ids, decision, note }, ctx) {
    const { services } = ctx;
    const votes = await decideFlaggedVotes(services.db, {
      actor: staffActor(staffOf(ctx)),
      voteIds: vote_ids,
      decision,
      note,
      now: services.now(),
    });
    return { votes };
  },
});
