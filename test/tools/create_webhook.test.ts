import { describe, expect, it } from 'vitest';
import tool from '../../tools/create_webhook.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour end to end (deliveries, signatures, retries, disabling, 401/403/404/409 over REST): test/webhooks/webhooks.test.ts.

describe('create_webhook', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it.each([
    [{}, ['/events', '/url']],
    [{ url: 'ftp://hooks.example.com', events: ['order.paid'] }, ['/url']],
    [{ url: 'https://hooks.example.com', events: ['order.paid', 'order.shipped'] }, ['/events/1']],
    [{ url: 'https://hooks.example.com', events: ['order.paid'], secret: 'mine' }, ['/secret']],
  ])('answers 400 naming every bad field of %j, before any work', async (input, paths) => {
    expect(await refusedPaths(tool, input)).toEqual(paths);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
