import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { staffOf } from '../src/registry/context.js';
import { slug } from '../src/schema.js';
import { staffActor } from '../src/staff/roles.js';
import { deleteBlogPost, editorialPost } from '../src/editorial/blog-posts.js';

export default defineTool({
  name: 'delete_blog_post',
  title: 'Delete a blog post',
  toolset: 'admin',
  description:
    'Deletes a post of any state for good (to take a post down but keep it, update_blog_post with publish false). ' +
    'Answers the post as it was; unknown slug 404. Audited.',
  http: { method: 'DELETE', path: '/admin/blog-posts/{slug}', status: 200 },
  scopes: ['admin'],
  staffRole: 'editor',
  idempotencyKey: false,
  errorStatuses: [404],
  input: z.strictObject({ slug: slug('post') }),
  output: editorialPost,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  async handler({ slug }, ctx) {
    const { db, now, config } = ctx.services;
    return deleteBlogPost(db, slug, { actor: staffActor(staffOf(ctx)), now: now(), publicUrl: config.publicUrl });
  },
});
