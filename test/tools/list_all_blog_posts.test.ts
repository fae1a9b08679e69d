import { describe, expect, it } from 'vitest';
import tool from '../../tools/list_all_blog_posts.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour over REST for each role, with the audit entries: test/editorial/blog.test.ts.

describe('list_all_blog_posts', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it('refuses bad input, naming every path', async () => {
    expect(await refusedPaths(tool, { state: 'hidden', with_text: 'yes', page: 0, per_page: 101 })).toEqual([
      '/page',
      '/per_page',
      '/state',
      '/with_text',
    ]);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
