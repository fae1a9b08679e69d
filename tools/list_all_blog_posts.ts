import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { pageOf, pageResult, paging } from '../src/schema.js';
import { BLOG_POST_STATES, editorialPost, listAllBlogPosts } from '../src/editorial/blog-posts.js';

export default defineTool({
  name: 'list_all_blog_posts',
  title: 'List every blog post',
  toolset: 'admin',
  description:
    'Every blog post of any state, newest first: draft (not public), scheduled (public from published_at) or ' +
    'published, optionally one state. with_text adds the Markdown and FAQs, to finish a draft with update_blog_post.',
  http: { method: 'GET', path: '/admin/blog-posts', status: 200 },
  scopes: ['admin'],
  staffRole: 'editor',
  idempotencyKey: false,
  input: z.strictObject({
    state: z.enum(BLOG_POST_STATES).optional().describe('Only posts in this state'),
    with_text: z.boolean().default(false).describe("Include each post's body_markdown and faqs (default false)"),
    ...paging,
  }),
  output: pageOf(editorialPost.partial({ body_markdown: true, faqs: true })),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ state, with_text, page, per_page }, { services }) {
    const { items, total } = await listAllBlogPosts(
      services.db,
      { state, withText: with_text, now: services.now(), publicUrl: services.config.publicUrl },
      { page, per_page },
    );
    return pageResult(items, total, { page, per_page });
  },
});
