import { describe, expect, it } from 'vitest';
import tool from '../../tools/resolve_report.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour over REST, for each role, with reports filed on the site: test/moderation/reports.test.ts.

describe('resolve_report', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it('refuses bad input, naming each bad field', async () => {
    expect(await refusedPaths(tool, {})).toEqual(['/decision', '/note', '/report_id']);
    expect(await refusedPaths(tool, { report_id: 0, decision: 'ban', note: '' })).toEqual(['/decision', '/note', '/report_id']);
    expect(await refusedPaths(tool, { report_id: 1, decision: 'act', note: 'x'.repeat(501) })).toEqual(['/note']);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
