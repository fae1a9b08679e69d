import { describe, expect, it } from 'vitest';
import tool from '../../tools/update_category.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour over REST for each role, with the audit entries: test/editorial/categories.test.ts.

describe('update_category', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it('refuses bad input, naming every path', async () => {
    expect(await refusedPaths(tool, {})).toEqual(['/slug']);
    expect(await refusedPaths(tool, { slug: 'ok', name: ' ', new_slug: 'Bad', parent: 3, position: 1 })).toEqual([
      '/name',
      '/new_slug',
      '/parent',
      '/position',
    ]);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
