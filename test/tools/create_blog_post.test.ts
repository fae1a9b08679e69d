import { describe, expect, it } from 'vitest';
import tool from '../../tools/create_blog_post.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour over REST for each role, with the audit entries: test/editorial/blog.test.ts.

describe('create_blog_post', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it('refuses bad input, naming every path', async () => {
    expect(await refusedPaths(tool, {})).toEqual(['/body_markdown', '/publish', '/title']);
    expect(
      await refusedPaths(tool, {
        title: 'x'.repeat(201),
        body_markdown: ' ',
        publish: 1,
        publish_at: '2026-01-01T10:00:00',
        slug: '-x',
        excerpt: 'e'.repeat(501),
        tags: [''],
        faqs: Array.from({ length: 11 }, () => ({ question: 'q', answer: 'a' })),
        author: '',
        extra: true,
      }),
    ).toEqual(['/author', '/body_markdown', '/excerpt', '/extra', '/faqs', '/publish', '/publish_at', '/slug', '/tags/0', '/title']);
    expect(await refusedPaths(tool, { title: 't', body_markdown: 'b', publish: true, publish_at: '1999-12-31T23:00:00Z' })).toEqual([
      '/publish_at',
    ]);
    expect(
      await refusedPaths(tool, {
        title: 't',
        body_markdown: 'b',
        publish: true,
        faqs: [{ question: 'q'.repeat(301), answer: 'a'.repeat(1501) }],
      }),
    ).toEqual(['/faqs/0/answer', '/faqs/0/question']);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
