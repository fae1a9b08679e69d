import { describe, expect, it } from 'vitest';
import tool from '../../tools/list_webhook_deliveries.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour end to end (deliveries, signatures, retries, disabling, 401/403/404/409 over REST): test/webhooks/webhooks.test.ts.

describe('list_webhook_deliveries', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it.each([
    [{}, ['/webhook_id']],
    [{ webhook_id: 'wh_a', page: 0 }, ['/page']],
    [{ webhook_id: 'hook', per_page: 0 }, ['/per_page', '/webhook_id']],
  ])('answers 400 naming every bad field of %j, before any work', async (input, paths) => {
    expect(await refusedPaths(tool, input)).toEqual(paths);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
