import { describe, expect, it } from 'vitest';
import tool from '../../tools/list_staff.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour over REST and MCP, for each role: test/console/staff-access.test.ts.

describe('list_staff', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it('takes no input', async () => {
    expect(await refusedPaths(tool, { page: 1 })).toEqual(['/page']);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
