import { describe, expect, it } from 'vitest';
import tool from '../../tools/list_webhooks.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour end to end (deliveries, signatures, retries, disabling, 401/403/404/409 over REST): test/webhooks/webhooks.test.ts.

describe('list_webhooks', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it.each([
    [{ page: 0 }, ['/page']],
    [{ per_page: 101 }, ['/per_page']],
    [{ status: 'enabled' }, ['/status']],
  ])('answers 400 naming every bad field of %j, before any work', async (input, paths) => {
    expect(await refusedPaths(tool, input)).toEqual(paths);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
