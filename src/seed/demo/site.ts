/** The demo's site content: blog posts, interview questions, products, and the VAT rates of a few countries outside the EU (the settings are their defaults). */
import { BLOG_POSTS, INTERVIEW_QUESTIONS, PRODUCTS, NON_EU_VAT_RATES } from '../content.js';
import { addDays, isoTime, startOfDay } from '../dates.js';
import type { Random } from '../random.js';
import type { DemoData } from './types.js';

type SiteContent = Pick<DemoData, 'blogPosts' | 'interviewQuestions' | 'products' | 'vatRates'>;

/** The blog posts; published ones about every 20 days back from today, newest first. */
function buildBlogPosts(r: Random, today: Date): DemoData['blogPosts'] {
  let published = 0;
  return BLOG_POSTS.map((post) => {
    const body = [post.excerpt, ...post.sections.flatMap(([heading, ...paragraphs]) => [`## ${heading}`, ...paragraphs])].join('\n\n');
    const publishedAt = post.draft
      ? null
      : new Date(
          Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (published++ * 20 + r.int(1, 6)), 9, r.int(0, 59)),
        );
    return {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      body_markdown: body,
      author_name: post.author,
      tags: post.tags,
      faqs: post.faqs,
      status: post.draft ? 'draft' : 'published',
      published_at: publishedAt ? isoTime(publishedAt) : null,
      updated_at: isoTime(publishedAt ?? addDays(today, -r.int(1, 10))),
    };
  });
}

export function buildSiteContent(r: Random, now: Date): SiteContent {
  const today = startOfDay(now);
  return {
    blogPosts: buildBlogPosts(r, today),
    interviewQuestions: INTERVIEW_QUESTIONS.map(([text, hint], position) => ({ text, hint, position, active: true })),
    products: PRODUCTS.map((p) => ({ ...p, active: true, updated_at: isoTime(today) })),
    vatRates: NON_EU_VAT_RATES.map(([country, rate, eu]) => ({ country, rate_basis_points: rate, eu })),
  };
}
