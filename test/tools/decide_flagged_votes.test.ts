import { describe, expect, it } from 'vitest';
import tool from '../../tools/decide_flagged_votes.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour over REST for each role (404, 409, the counts, the audit): test/console/vote-console.test.ts.

describe('decide_flagged_votes', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it('refuses bad input, naming each bad field', async () => {
    expect(await refusedPaths(tool, {})).toEqual(['/decision', '/note', '/vote_ids']);
    expect(await refusedPaths(tool, { vote_ids: [], decision: 'ban', note: ' ' })).toEqual(['/decision', '/note', '/vote_ids']);
    expect(await refusedPaths(tool, { vote_ids: [1, 0, 'x'], decision: 'clear', note: 'ok' })).toEqual(['/vote_ids/1', '/vote_ids/2']);
    expect(await refusedPaths(tool, { vote_ids: Array.from({ length: 101 }, (_, i) => i + 1), decision: 'clear', note: 'ok' })).toEqual([
      '/vote_ids',
    ]);
    expect(await refusedPaths(tool, { vote_ids: [1], decision: 'confirm', note: 'x'.repeat(501) })).toEqual(['/note']);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
