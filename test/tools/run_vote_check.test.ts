import { describe, expect, it } from 'vitest';
import tool from '../../tools/run_vote_check.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// What the check flags: test/community/vote-check.test.ts; over REST for each role: test/console/vote-console.test.ts.

describe('run_vote_check', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it('takes no input', async () => {
    expect(await refusedPaths(tool, { since: '2026-01-01' })).toEqual(['/since']);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
