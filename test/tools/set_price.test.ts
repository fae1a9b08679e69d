import { describe, expect, it } from 'vitest';
import tool from '../../tools/set_price.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour over REST and from the command line (the audit entry, the price in quotes): test/orders/settings.test.ts.

describe('set_price', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it.each([
    [{}, ['/price_cents', '/product']],
    [{ product: 'launch', price_cents: -1 }, ['/price_cents']],
    [{ product: 'launch', price_cents: 49.5 }, ['/price_cents']],
    [{ product: 'launch', price_cents: 100_000_001 }, ['/price_cents']],
    [{ product: 'x'.repeat(41), price_cents: '4900' }, ['/price_cents', '/product']],
  ])('answers 400 naming every bad field of %j, before any work', async (input, paths) => {
    expect(await refusedPaths(tool, input)).toEqual(paths);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
