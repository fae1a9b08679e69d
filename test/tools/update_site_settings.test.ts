import { describe, expect, it } from 'vitest';
import tool from '../../tools/update_site_settings.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';

// Behaviour over REST (the change seen by get_site_info, list_products and quotes; the audit entry): test/orders/settings.test.ts.

describe('update_site_settings', () => {
  it('needs a signed-in caller with its scope', () => expectSignedInOnly(tool));
  it.each([
    [{ site_name: '  ' }, ['/site_name']],
    [{ site_purpose: 'x'.repeat(501) }, ['/site_purpose']],
    [{ time_zone: '+02:00' }, ['/time_zone']],
    [{ free_launch_weeks: { min: 0, max: 53 } }, ['/free_launch_weeks/max', '/free_launch_weeks/min']],
    [{ free_launch_weeks: { from: 2 } }, ['/free_launch_weeks/from']],
    [{ free_launches_per_week: 0, billboard_minimum_cents: 0 }, ['/billboard_minimum_cents', '/free_launches_per_week']],
    [{ seller_country: 'DEU' }, ['/seller_country']],
    [{ order_lifetime_hours: 0 }, ['/order_lifetime_hours']],
    [{ order_lifetime_hours: 25 }, ['/order_lifetime_hours']],
    [
      { rate_limits: { anonymous_per_minute: 1, signed_in_per_minute: 29, submit_listing_per_hour: 0 } },
      ['/rate_limits/anonymous_per_minute', '/rate_limits/signed_in_per_minute', '/rate_limits/submit_listing_per_hour'],
    ],
    [{ rate_limits: { per_second: 5 } }, ['/rate_limits/per_second']],
    [{ theme: 'dark' }, ['/theme']],
  ])('answers 400 naming every bad field of %j, before any work', async (input, paths) => {
    expect(await refusedPaths(tool, input)).toEqual(paths);
  });
  it('keeps its published contract', () => expectContractUnchanged(tool));
});
