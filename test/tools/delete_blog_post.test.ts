import { describe, expect, it } from 'vitest';
import tool from '../../tools/delete_blog_post.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour over REST for each role, with the audit entries: test/editorial/blog.test.ts.

describe('delete_blog_post', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it('refuses bad input, naming every path', async () => {
    expect(await refusedPaths(tool, {})).toEqual(['/slug']);
    expect(await refusedPaths(tool, { slug: 'UPPER', force: true })).toEqual(['/force', '/slug']);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
