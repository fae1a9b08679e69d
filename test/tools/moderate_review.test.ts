import { describe, expect, it } from 'vitest';
import tool from '../../tools/moderate_review.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour over REST for each role (404, 409, the audit entries, the rating): test/moderation/content-moderation.test.ts.

describe('moderate_review', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it('refuses bad input, naming each bad field', async () => {
    expect(await refusedPaths(tool, {})).toEqual(['/action', '/reason', '/review_id']);
    expect(await refusedPaths(tool, { review_id: 0, action: 'delete', reason: '   ' })).toEqual(['/action', '/reason', '/review_id']);
    expect(await refusedPaths(tool, { review_id: '7', action: 'hide', reason: 'x'.repeat(501) })).toEqual(['/reason', '/review_id']);
    expect(await refusedPaths(tool, { review_id: 7, action: 'hide', reason: 'spam', extra: 1 })).toEqual(['/extra']);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
