import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { Faq } from './json-types.js';

const BLOG_POST_STATUSES = ['draft', 'published'] as const;
export type BlogPostStatus = (typeof BLOG_POST_STATUSES)[number];

/** blog_posts */
export const BlogPost = defineEntity({
  name: 'BlogPost',
  tableName: 'blog_posts',
  properties: {
    id: p.integer().primary().autoincrement(),
    slug: p.text().unique('blog_posts_slug_key'),
    title: p.text(),
    excerpt: p.text().default(''),
    bodyMarkdown: p.text(),
    authorName: p.text(),
    tags: p
      .array()
      .defaultRaw(`'{}'`)
      .onCreate(() => []),
    faqs: p
      .json<Faq[]>()
      .defaultRaw(`'[]'`)
      .onCreate(() => []),
    status: p.enum(BLOG_POST_STATUSES).default('published'),
    publishedAt: p.datetime().nullable(),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
  },
  indexes: [
    {
      name: 'blog_posts_published_idx',
      expression: 'CREATE INDEX blog_posts_published_idx ON blog_posts(status, published_at DESC)',
    },
  ],
});
export type BlogPost = InferEntity<typeof BlogPost>;
