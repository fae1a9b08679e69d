import { describe, expect, it } from 'vitest';
import tool from '../../tools/list_my_claims.js';
import { invokeTool } from '../../src/registry/invoke.js';
import type { Services } from '../../src/services.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly } from '../support/services.js';

// Behaviour end to end (DNS, meta, file and e-mail proofs, owners, 404s, limits, expiry): test/claims/claims-flow.test.ts.
const signedIn = {
  accountId: 'a',
  scopes: ['account:read', 'listings:write'] as const,
  credential: { kind: 'api_key' as const, keyId: 'k', name: 'n', prefix: 'ldk_x' },
};
const refusal = (input: unknown) => invokeTool(tool, input, { services: {} as Services, caller: signedIn, requestId: 't' });

describe('list_my_claims', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it.each([
    [{ page: 0 }, ['/page']],
    [{ per_page: 101 }, ['/per_page']],
    [{ page: 'two', status: 'x' }, ['/page', '/status']],
  ])('answers 400 naming every bad field of %j, before any work', async (input, paths) => {
    await expect(refusal(input)).rejects.toMatchObject({ status: 400 });
    const problem = await refusal(input).catch((error: { errors?: { path: string }[] }) => error);
    expect((problem as { errors: { path: string }[] }).errors.map((e) => e.path).sort()).toEqual(paths);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
