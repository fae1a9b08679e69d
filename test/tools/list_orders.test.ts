import { describe, expect, it } from 'vitest';
import tool from '../../tools/list_orders.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour over REST, for each role, with filters: test/orders/admin-orders.test.ts.

describe('list_orders', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it.each([
    [{ status: 'lost' }, ['/status']],
    [{ since: '2026-01-01' }, ['/since']],
    [{ until: '1999-12-31T00:00:00Z' }, ['/until']],
    [{ listing: 'Not A Slug' }, ['/listing']],
    [{ buyer: 'nobody' }, ['/buyer']],
    [{ per_page: 101, page: 0 }, ['/page', '/per_page']],
    [{ number: 'LD-2026-000001' }, ['/number']],
  ])('answers 400 naming every bad field of %j, before any work', async (input, paths) => {
    expect(await refusedPaths(tool, input)).toEqual(paths);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
