import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { slug } from '../src/schema.js';
import { NotFoundError } from '../src/errors.js';
import { blogPost, findBlogPost } from '../src/catalogue/blog.js';

export default defineTool({
  name: 'get_blog_post',
  title: 'Get a blog post',
  toolset: 'directory',
  description:
    'A published blog post by slug (list_blog_posts) with its full Markdown text; link its url when quoting or summarising. Unknown or unpublished posts: 404.',
  http: { method: 'GET', path: '/blog/{slug}', status: 200 },
  scopes: [],
  idempotencyKey: false,
  errorStatuses: [404],
  input: z.strictObject({ slug: slug('blog post') }),
  output: blogPost,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ slug }, { services }) {
    const post = await findBlogPost(services.db, slug, services.now(), services.config.publicUrl);
    if (!post) throw new NotFoundError('blog post', slug);
    return post;
  },
});
