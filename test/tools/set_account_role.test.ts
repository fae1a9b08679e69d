import { describe, expect, it } from 'vitest';
import tool from '../../tools/set_account_role.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour over REST, MCP and the console (audit entry, the last admin, a demotion applying at once):
// test/console/staff-access.test.ts and staff-console.test.ts.

describe('set_account_role', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it.each([
    [{}, ['/email', '/role']],
    [{ email: 'ada@example.com' }, ['/role']],
    [{ email: 'not an address', role: 'editor' }, ['/email']],
    [{ email: 'ada@example.com', role: 'owner' }, ['/role']],
    [{ email: 'ada@example.com', role: 'none' }, ['/role']],
    [{ email: 'ada@example.com', role: 'editor', extra: 1 }, ['/extra']],
  ])('answers 400 naming every bad field of %j, before any work', async (input, paths) => {
    expect(await refusedPaths(tool, input)).toEqual(paths);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
