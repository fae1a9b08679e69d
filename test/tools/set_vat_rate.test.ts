import { describe, expect, it } from 'vitest';
import tool from '../../tools/set_vat_rate.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour over REST (the rate in quotes, the audit entry): test/orders/settings.test.ts.

describe('set_vat_rate', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it.each([
    [{}, ['/country', '/rate_percent']],
    [{ country: 'DEU', rate_percent: 19 }, ['/country']],
    [{ country: 'DE', rate_percent: -1 }, ['/rate_percent']],
    [{ country: 'DE', rate_percent: 100.01 }, ['/rate_percent']],
    [{ country: 'DE', rate_percent: 19.125 }, ['/rate_percent']],
    [{ country: 'DE', rate_percent: 19, eu: 'yes' }, ['/eu']],
  ])('answers 400 naming every bad field of %j, before any work', async (input, paths) => {
    expect(await refusedPaths(tool, input)).toEqual(paths);
  });
  it('accepts rates with up to two decimals', async () => {
    for (const rate_percent of [0, 0.07, 0.29, 5.5, 19.99, 25.5, 100, 99.99999999999984, 0.1 + 0.2]) {
      expect(tool.input.safeParse({ country: 'fi', rate_percent }).data, String(rate_percent)).toEqual({ country: 'FI', rate_percent });
    }
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
