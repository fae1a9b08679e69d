import { describe, expect, it } from 'vitest';
import tool from '../../tools/claim_listing.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour end to end (DNS, meta, file and e-mail proofs, owners, 404s, limits, expiry): test/claims/claims-flow.test.ts.

describe('claim_listing', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it.each([
    [{ slug: 'Not A Slug', method: 'dns' }, ['/slug']],
    [{ slug: 'acme', method: 'carrier-pigeon' }, ['/method']],
    [{ slug: 'acme' }, ['/method']],
    [{ method: 'dns' }, ['/slug']],
    [{ slug: 'acme', method: 'email', email: 'not-an-address' }, ['/email']],
    [{ slug: 'a'.repeat(221), method: 'dns' }, ['/slug']],
    [{ slug: 'acme', method: 'dns', color: 'red' }, ['/color']],
    [{ slug: 7, method: 3 }, ['/method', '/slug']],
  ])('answers 400 naming every bad field of %j, before any work', async (input, paths) => {
    expect(await refusedPaths(tool, input)).toEqual(paths);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
