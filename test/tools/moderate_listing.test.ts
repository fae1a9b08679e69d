import { describe, expect, it } from 'vitest';
import tool from '../../tools/moderate_listing.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour over REST and MCP, for each role, with the public reads it affects: test/moderation/.

describe('moderate_listing', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it('refuses bad input, naming each bad field', async () => {
    expect(await refusedPaths(tool, {})).toEqual(['/action', '/listing', '/reason']);
    expect(await refusedPaths(tool, { listing: 'Not A Slug', action: 'delete', reason: '   ' })).toEqual([
      '/action',
      '/listing',
      '/reason',
    ]);
    expect(await refusedPaths(tool, { listing: 'ok', action: 'hide', reason: 'x'.repeat(501) })).toEqual(['/reason']);
    expect(await refusedPaths(tool, { listing: 'ok', action: 'hide', reason: 'spam', extra: 1 })).toEqual(['/extra']);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
