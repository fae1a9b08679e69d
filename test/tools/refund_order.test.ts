import { describe, expect, it } from 'vitest';
import tool from '../../tools/refund_order.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour (test mode and Stripe, partial and full, 409s, audit, webhook event): test/orders/refunds.test.ts.

describe('refund_order', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it.each([
    [{}, ['/number', '/reason']],
    [{ number: 'LD-2026-000001', reason: '   ' }, ['/reason']],
    [{ number: '', reason: 'x'.repeat(501) }, ['/number', '/reason']],
    [{ number: 'LD-2026-000001', reason: 'duplicate', amount_cents: 0 }, ['/amount_cents']],
    [{ number: 'LD-2026-000001', reason: 'duplicate', amount_cents: 10.5 }, ['/amount_cents']],
    [{ number: 'LD-2026-000001', reason: 'duplicate', amount_cents: -100, full: true }, ['/amount_cents', '/full']],
  ])('answers 400 naming every bad field of %j, before any work', async (input, paths) => {
    expect(await refusedPaths(tool, input)).toEqual(paths);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
