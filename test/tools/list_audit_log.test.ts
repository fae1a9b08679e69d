import { describe, expect, it } from 'vitest';
import tool from '../../tools/list_audit_log.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Entries, filters and paging over REST and the console: test/console/staff-access.test.ts and staff-console.test.ts.

describe('list_audit_log', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it.each([
    [{ action: 'Listing.Hide' }, ['/action']],
    [{ action: 'listing.hide.twice' }, ['/action']],
    [{ target_type: 'listing; drop' }, ['/target_type']],
    [{ since: 'yesterday' }, ['/since']],
    [{ until: '0000-11-30T20:00:00-20:00' }, ['/until']],
    [{ since: '2026-11-01T00:00:00' }, ['/since']],
    [{ page: 0, per_page: 101 }, ['/page', '/per_page']],
  ])('answers 400 naming every bad field of %j, before any work', async (input, paths) => {
    expect(await refusedPaths(tool, input)).toEqual(paths);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
