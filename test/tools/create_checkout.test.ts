import { describe, expect, it } from 'vitest';
import tool from '../../tools/create_checkout.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour end to end (checkout, the test-mode page, fulfilment, 404s, expiry): test/orders/checkout-flow.test.ts.

describe('create_checkout', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it.each([
    [{}, ['/items']],
    [{ items: [] }, ['/items']],
    [{ items: [{ product: 'launch', listing_id: -1 }] }, ['/items/0/listing_id']],
    [{ items: [{ product: 'launch', week: '25/11/2026' }] }, ['/items/0/week']],
    [{ items: [{ product: 'launch' }], billing_country: 'Germany' }, ['/billing_country']],
    [{ items: [{ product: 'launch' }], coupon: 'FREE' }, ['/coupon']],
  ])('answers 400 naming every bad field of %j, before any work', async (input, paths) => {
    expect(await refusedPaths(tool, input)).toEqual(paths);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
