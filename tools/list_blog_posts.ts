import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { pageOf, pageResult, paging } from '../src/schema.js';
import { blogPostListItem, listBlogPosts } from '../src/catalogue/blog.js';

export default defineTool({
  name: 'list_blog_posts',
  title: 'List blog posts',
  toolset: 'directory',
  description:
    'Published blog posts (guides and news about launching software), newest first; with q, those whose title, excerpt, tags or text match (English word forms; "quoted phrases", or, -word as in web search), most relevant first. Items carry the excerpt; get_blog_post gives the full text and FAQs.',
  http: { method: 'GET', path: '/blog', status: 200 },
  scopes: [],
  idempotencyKey: false,
  input: z.strictObject({
    q: z.string().trim().max(200).optional(),
    ...paging,
  }),
  output: pageOf(blogPostListItem),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ q, page, per_page }, { services }) {
    const { items, total } = await listBlogPosts(services.db, { q, now: services.now() }, { page, per_page }, services.config.publicUrl);
    return pageResult(items, total, { page, per_page });
  },
});
