import { z } from 'zod';
import { defineTool } from '../src/registry/tool.js';
import { listingSummary, slug } from '../src/schema.js';
import { unknownListing } from '../src/catalogue/close-slugs.js';
import { toSummary } from '../src/catalogue/listing-summary.js';
import { comparisonRows, loadComparedListings } from '../src/catalogue/compare.js';

export default defineTool({
  name: 'compare_listings',
  title: 'Compare two listings',
  toolset: 'directory',
  description:
    'Two public listings side by side: rows for the standard facts (pricing, stage, country, founded_year, votes, community_rating) and each attribute their primary categories compare on (e.g. open_source, platforms, api); null: the listing does not state it. Unknown slugs 404; get_alternatives suggests what to compare.',
  http: { method: 'GET', path: '/compare', status: 200 },
  scopes: [],
  idempotencyKey: false,
  errorStatuses: [404],
  crossFieldRules: [{ path: /^\/b$/, message: /differ/i }],
  input: z
    .strictObject({ a: slug('first listing'), b: slug('second listing') })
    .refine((input) => input.a !== input.b, { path: ['b'], message: 'Must name a different listing than a' }),
  output: z.object({
    a: listingSummary,
    b: listingSummary,
    rows: z.array(
      z.object({
        attribute: z.string(),
        a: z.unknown().describe("Listing a's value (text, number, yes/no or list); null when not stated"),
        b: z.unknown().describe("Listing b's value; null when not stated"),
      }),
    ),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async handler(input, { services }) {
    const listings = await loadComparedListings(services.db, [input.a, input.b]);
    const a = listings.get(input.a);
    if (!a) throw await unknownListing(services.db, input.a);
    const b = listings.get(input.b);
    if (!b) throw await unknownListing(services.db, input.b);
    const publicUrl = services.config.publicUrl;
    return { a: toSummary(a, publicUrl), b: toSummary(b, publicUrl), rows: comparisonRows(a, b) };
  },
});
