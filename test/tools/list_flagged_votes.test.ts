import { describe, expect, it } from 'vitest';
import tool from '../../tools/list_flagged_votes.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour over REST for each role, with votes the check flagged: test/console/vote-console.test.ts.

describe('list_flagged_votes', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it('refuses bad input, naming each bad field', async () => {
    expect(await refusedPaths(tool, { status: 'open' })).toEqual(['/status']);
    expect(await refusedPaths(tool, { page: 0, per_page: 101 })).toEqual(['/page', '/per_page']);
    expect(await refusedPaths(tool, { listing: 'x' })).toEqual(['/listing']);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
