import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { recordId } from '../src/schema.js';
import { loadSiteSettings } from '../src/catalogue/site-settings.js';
import { todayIn } from '../src/catalogue/weeks.js';
import { listingStats, loadListingStats } from '../src/listings/listing-stats.js';

export default defineTool({
  name: 'get_listing_stats',
  title: 'Get my listing stats',
  toolset: 'listings',
  description:
    "Daily numbers of one of your listings: views, visitors, website clicks, votes, followers, comments, reviews, launch-week rank; totals; top sites showing its badge. Another account's listing answers 404.",
  http: { method: 'GET', path: '/me/listings/{listing_id}/stats', status: 200 },
  scopes: ['account:read'],
  idempotencyKey: false,
  errorStatuses: [404],
  input: z.strictObject({
    listing_id: recordId('The listing id'),
    days: z.number().int().min(7).max(365).default(30).describe('Days ending today'),
  }),
  output: listingStats,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler({ listing_id, days }, { services, caller }) {
    const { time_zone: timeZone } = await loadSiteSettings(services.db);
    const today = todayIn(services.now(), timeZone);
    return loadListingStats(services.db, { accountId: caller.accountId, listingId: listing_id, days, today, timeZone });
  },
});
