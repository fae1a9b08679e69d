import { describe, expect, it } from 'vitest';
import tool from '../../tools/create_category.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour over REST for each role, with the audit entries: test/editorial/categories.test.ts.

describe('create_category', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it('refuses bad input, naming every path', async () => {
    expect(await refusedPaths(tool, {})).toEqual(['/name']);
    expect(
      await refusedPaths(tool, {
        name: 'n'.repeat(81),
        slug: 'a b',
        description: 'd'.repeat(1001),
        parent: 'X',
        faqs: [{}],
        keywords: [' '],
      }),
    ).toEqual(['/description', '/faqs/0/answer', '/faqs/0/question', '/keywords/0', '/name', '/parent', '/slug']);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
