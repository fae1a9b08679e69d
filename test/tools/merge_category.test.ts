import { describe, expect, it } from 'vitest';
import tool from '../../tools/merge_category.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour over REST for each role, with the audit entries: test/editorial/categories.test.ts.

describe('merge_category', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it('refuses bad input, naming every path', async () => {
    expect(await refusedPaths(tool, {})).toEqual(['/into', '/slug']);
    expect(await refusedPaths(tool, { slug: 'ok', into: 'Not ok', keep: true })).toEqual(['/into', '/keep']);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
