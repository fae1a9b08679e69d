import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { isoDateTime, recordId, someText } from '../src/schema.js';
import { COMMENT_BODY_MAX, replyAsMaker } from '../src/community/comments.js';

export default defineTool({
  name: 'reply_to_comment',
  title: 'Answer a comment as the maker',
  toolset: 'listings',
  description: "The reply carries the Maker mark, like one written on the page. Others' listings: 403.",
  http: { method: 'POST', path: '/comments/{comment_id}/replies', status: 201 },
  scopes: ['listings:write'],
  idempotencyKey: true,
  errorStatuses: [404, 409],
  input: z.strictObject({
    comment_id: recordId('From list_comments'),
    body: someText(COMMENT_BODY_MAX).describe('Plain text'),
  }),
  output: z.object({
    id: z.number().int(),
    parent_id: z.number().int().describe('The top comment of the thread'),
    slug: z.string().describe("The listing's slug"),
    body: z.string(),
    author: z.string(),
    maker: z.boolean(),
    created_at: isoDateTime,
    url: z.string().describe('The reply on the listing page'),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async handler({ comment_id, body }, { services, caller }) {
    const reply = await replyAsMaker(services.db, services.jobs, caller.accountId, comment_id, body, services.now());
    return {
      id: reply.id,
      parent_id: reply.parent_id ?? comment_id,
      slug: reply.slug,
      body: reply.body ?? '',
      author: reply.author ?? '',
      maker: reply.maker,
      created_at: reply.created_at,
      url: `${services.config.publicUrl}/listings/${reply.slug}#comment-${reply.id}`,
    };
  },
});
