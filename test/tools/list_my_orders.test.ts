import { describe, expect, it } from 'vitest';
import tool from '../../tools/list_my_orders.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour end to end (checkout, the test-mode page, fulfilment, 404s, expiry): test/orders/checkout-flow.test.ts.

describe('list_my_orders', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it.each([
    [{ page: 0 }, ['/page']],
    [{ per_page: 0 }, ['/per_page']],
    [{ status: 'paid' }, ['/status']],
  ])('answers 400 naming every bad field of %j, before any work', async (input, paths) => {
    expect(await refusedPaths(tool, input)).toEqual(paths);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
