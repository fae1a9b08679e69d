import { describe, expect, it } from 'vitest';
import tool from '../../tools/verify_claim.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour end to end (DNS, meta, file and e-mail proofs, owners, 404s, limits, expiry): test/claims/claims-flow.test.ts.

describe('verify_claim', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it.each([
    [{}, ['/claim_id']],
    [{ claim_id: 0 }, ['/claim_id']],
    [{ claim_id: 1.5 }, ['/claim_id']],
    [{ claim_id: 'one' }, ['/claim_id']],
    [{ claim_id: 1, force: true }, ['/force']],
  ])('answers 400 naming every bad field of %j, before any work', async (input, paths) => {
    expect(await refusedPaths(tool, input)).toEqual(paths);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
