import { describe, expect, it } from 'vitest';
import tool from '../../tools/list_my_orders.js';
import { invokeTool } from '../../src/registry/invoke.js';
import type { Services } from '../../src/services.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly } from '../support/services.js';

// Behaviour end to end (checkout, the test-mode page, fulfilment, 404s, expiry): test/orders/checkout-flow.test.ts.
const signedIn = {
  accountId: 'a',
  scopes: ['account:read', 'orders:write'] as const,
  credential: { kind: 'api_key' as const, keyId: 'k', name: 'n', prefix: 'ldk_x' },
};
const refusal = (input: unknown) => invokeTool(tool, input, { services: {} as Services, caller: signedIn, requestId: 't' });

describe('list_my_orders', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it.each([
    [{ page: 0 }, ['/page']],
    [{ per_page: 0 }, ['/per_page']],
    [{ status: 'paid' }, ['/status']],
  ])('answers 400 naming every bad field of %j, before any work', async (input, paths) => {
    const problem = await refusal(input).catch((error: { status: number; errors?: { path: string }[] }) => error);
    expect(problem).toMatchObject({ status: 400 });
    expect((problem as { errors: { path: string }[] }).errors.map((e) => e.path).sort()).toEqual(paths);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
