import { describe, expect, it } from 'vitest';
import tool from '../../tools/get_site_settings.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour over REST, for each role: test/orders/settings.test.ts.

describe('get_site_settings', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it('takes no input', async () => {
    expect(await refusedPaths(tool, { site_name: 'x' })).toEqual(['/site_name']);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
