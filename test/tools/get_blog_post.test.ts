import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../tools/get_blog_post.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { callTool, callToolError, testServices, TEST_PUBLIC_URL, refusedPaths } from '../support/services.js';
import { expectContractUnchanged } from '../support/contract.js';

const NOW = new Date('2026-05-01T12:00:00Z');

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  const insert = `INSERT INTO blog_posts (slug, title, excerpt, body_markdown, author_name, tags, faqs, status, published_at, updated_at)
    VALUES ($1, $2, 'Short version.', $3, 'Ada Writer', $4::text[], $5::jsonb, $6, $7::timestamptz, '2026-04-02T09:30:00Z')`;
  const faqs = JSON.stringify([{ question: 'Is it free?', answer: 'Yes, with a badge.' }]);
  const body = '# Launching\n\nUse **the badge**:\n\n```html\n<a href="x">y</a>\n```\n';
  await t.db.query(insert, ['how-to-launch', 'How to launch', body, ['guides', 'launch'], faqs, 'published', '2026-04-01T08:00:00Z']);
  await t.db.query(insert, ['draft-post', 'Draft', 'Soon.', [], '[]', 'draft', '2026-04-01T08:00:00Z']);
  await t.db.query(insert, ['future-post', 'Future', 'Later.', [], '[]', 'published', '2026-05-01T12:00:01Z']);
  await t.db.query(insert, ['undated-post', 'Undated', 'Never.', [], '[]', 'published', null]);
});
afterAll(() => t.drop());

const services = () => testServices(t.db, () => NOW);

describe('get_blog_post', () => {
  it('returns the post with its Markdown text exactly as stored and its FAQs', async () => {
    expect(await callTool(tool, services(), { slug: 'how-to-launch' })).toEqual({
      slug: 'how-to-launch',
      title: 'How to launch',
      excerpt: 'Short version.',
      author: 'Ada Writer',
      tags: ['guides', 'launch'],
      published_at: '2026-04-01T08:00:00.000Z',
      updated_at: '2026-04-02T09:30:00.000Z',
      body_markdown: '# Launching\n\nUse **the badge**:\n\n```html\n<a href="x">y</a>\n```\n',
      faqs: [{ question: 'Is it free?', answer: 'Yes, with a badge.' }],
      url: `${TEST_PUBLIC_URL}/blog/how-to-launch`,
    });
  });

  it.each(['no-such-post', 'draft-post', 'future-post', 'undated-post'])('answers 404 for %s', async (slug) => {
    const problem = await callToolError(tool, services(), { slug });
    expect(problem.status).toBe(404);
    expect(problem.code).toBe('not_found');
  });

  it.each([
    [{ slug: '-starts-with-hyphen' }, '/slug'],
    [{ slug: 'UPPER' }, '/slug'],
    [{ slug: 'how-to-launch', format: 'html' }, '/format'],
  ])('refuses %j', async (input, path) => {
    expect(await refusedPaths(tool, input)).toEqual([path]);
  });

  it('keeps its public contract', async () => {
    await expectContractUnchanged(tool);
  });
});
