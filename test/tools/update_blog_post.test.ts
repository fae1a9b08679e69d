import { describe, expect, it } from 'vitest';
import tool from '../../tools/update_blog_post.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour over REST for each role, with the audit entries: test/editorial/blog.test.ts.

describe('update_blog_post', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it('refuses bad input, naming every path', async () => {
    expect(await refusedPaths(tool, {})).toEqual(['/slug']);
    expect(await refusedPaths(tool, { slug: 'Bad', new_slug: 'also bad', title: '', publish: 'no', tags: 'x', retired: true })).toEqual([
      '/new_slug',
      '/publish',
      '/retired',
      '/slug',
      '/tags',
      '/title',
    ]);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
