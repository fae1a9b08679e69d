import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { staffOf } from '../src/registry/context.js';
import { staffActor } from '../src/staff/roles.js';
import { createBlogPost, editorialPost, postFieldsInput } from '../src/editorial/blog-posts.js';

export default defineTool({
  name: 'create_blog_post',
  title: 'Write a blog post',
  toolset: 'admin',
  description:
    'Creates a blog post. publish true makes it public now, or at publish_at (a future time schedules it: public ' +
    'from then on); false saves a draft. The slug defaults to one made from the title (-2, -3… when taken); a given ' +
    'slug that is taken is 409. author defaults to the site team. Audited.',
  http: { method: 'POST', path: '/admin/blog-posts', status: 201 },
  scopes: ['admin'],
  staffRole: 'editor',
  idempotencyKey: true,
  errorStatuses: [409],
  input: z.strictObject({
    title: postFieldsInput.title,
    body_markdown: postFieldsInput.body_markdown,
    publish: z.boolean().describe('true publishes (now, or at publish_at); false saves a draft'),
    publish_at: postFieldsInput.publish_at.optional(),
    slug: postFieldsInput.slug.optional(),
    excerpt: postFieldsInput.excerpt.optional(),
    tags: postFieldsInput.tags.optional(),
    faqs: postFieldsInput.faqs.optional(),
    author: postFieldsInput.author.optional(),
  }),
  output: editorialPost,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async handler({ publish, publish_at, ...fields }, ctx) {
    const { db, now, config } = ctx.services;
    return createBlogPost(
      db,
      fields,
      { publish, publish_at },
      { actor: staffActor(staffOf(ctx)), now: now(), publicUrl: config.publicUrl },
    );
  },
});
