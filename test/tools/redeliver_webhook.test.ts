import { describe, expect, it } from 'vitest';
import tool from '../../tools/redeliver_webhook.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour end to end (deliveries, signatures, retries, disabling, 401/403/404/409 over REST): test/webhooks/webhooks.test.ts.

describe('redeliver_webhook', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it.each([
    [{}, ['/delivery_id', '/webhook_id']],
    [{ webhook_id: 'wh_a', delivery_id: 'whd_xyz' }, ['/delivery_id']],
    [{ webhook_id: 'wh_a', delivery_id: `whd_${'A'.repeat(24)}` }, ['/delivery_id']],
    [{ webhook_id: 'a', delivery_id: `whd_${'a'.repeat(24)}` }, ['/webhook_id']],
  ])('answers 400 naming every bad field of %j, before any work', async (input, paths) => {
    expect(await refusedPaths(tool, input)).toEqual(paths);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
