import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { staffOf } from '../src/registry/context.js';
import { slug } from '../src/schema.js';
import { staffActor } from '../src/staff/roles.js';
import { editorialPost, postFieldsInput, updateBlogPost } from '../src/editorial/blog-posts.js';

export default defineTool({
  name: 'update_blog_post',
  title: 'Edit, publish or unpublish a blog post',
  toolset: 'admin',
  description:
    'Changes a post of any state (slugs from list_all_blog_posts); send only what changes (tags and faqs replace the ' +
    'set). publish true publishes (a draft at its publish_at if still to come, else now), false makes it a draft ' +
    'again; publish_at reschedules. A new slug that is taken is 409; unknown slug 404. Audited.',
  http: { method: 'PATCH', path: '/admin/blog-posts/{slug}', status: 200 },
  scopes: ['admin'],
  staffRole: 'editor',
  idempotencyKey: true,
  errorStatuses: [404, 409],
  input: z.strictObject({
    slug: slug('post'),
    new_slug: postFieldsInput.slug.optional().describe('A new address for the post: /blog/{new_slug}'),
    title: postFieldsInput.title.optional(),
    body_markdown: postFieldsInput.body_markdown.optional(),
    excerpt: postFieldsInput.excerpt.optional(),
    tags: postFieldsInput.tags.optional(),
    faqs: postFieldsInput.faqs.optional(),
    author: postFieldsInput.author.optional(),
    publish: z.boolean().optional().describe('true publishes, false makes it a draft; absent keeps the state'),
    publish_at: postFieldsInput.publish_at.optional(),
  }),
  output: editorialPost,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ slug, new_slug, publish, publish_at, ...fields }, ctx) {
    const { db, now, config } = ctx.services;
    return updateBlogPost(
      db,
      slug,
      { ...fields, slug: new_slug },
      { publish, publish_at },
      { actor: staffActor(staffOf(ctx)), now: now(), publicUrl: config.publicUrl },
    );
  },
});
