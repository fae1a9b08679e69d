import { describe, expect, it } from 'vitest';
import tool from '../../tools/list_reports.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour over REST, for each role, with reports filed on the site: test/moderation/reports.test.ts.

describe('list_reports', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it('refuses bad input, naming each bad field', async () => {
    expect(await refusedPaths(tool, { status: 'closed' })).toEqual(['/status']);
    expect(await refusedPaths(tool, { page: 0, per_page: 101 })).toEqual(['/page', '/per_page']);
    expect(await refusedPaths(tool, { reporter: 'x' })).toEqual(['/reporter']);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
