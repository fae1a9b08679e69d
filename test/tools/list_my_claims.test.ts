import { describe, expect, it } from 'vitest';
import tool from '../../tools/list_my_claims.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour end to end (DNS, meta, file and e-mail proofs, owners, 404s, limits, expiry): test/claims/claims-flow.test.ts.

describe('list_my_claims', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it.each([
    [{ page: 0 }, ['/page']],
    [{ per_page: 101 }, ['/per_page']],
    [{ page: 'two', status: 'x' }, ['/page', '/status']],
  ])('answers 400 naming every bad field of %j, before any work', async (input, paths) => {
    expect(await refusedPaths(tool, input)).toEqual(paths);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
