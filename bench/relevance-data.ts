/**
 * The demo directory's live listings as the relevance judges read them (test/search/relevance/README.md): one line
 * per listing with its slug, name, primary and other categories, country, city, founders, tagline and short
 * description, at the fixed `now` of the judged query set. `npx tsx bench/relevance-data.ts [--json]`.
 */
import { buildDemo } from '../src/seed/demo-data.js';
import { loadQuerySet } from '../test/search/relevance/measure.js';

const demo = buildDemo(new Date(loadQuerySet().now));
const categorySlug = new Map(demo.categories.map((c) => [c.id, c.slug]));
const founderName = new Map(demo.founders.map((f) => [f.id, f.name]));

const rows = demo.listings
  .filter((l) => l.status === 'live')
  .map((l) => {
    const filed = demo.listingCategories.filter((lc) => lc.listing_id === l.id);
    return {
      slug: l.slug,
      name: l.name,
      primary: categorySlug.get(l.primary_category_id),
      others: filed.filter((lc) => !lc.is_primary).map((lc) => categorySlug.get(lc.category_id)),
      country: l.country,
      city: l.city,
      founders: demo.listingFounders.filter((lf) => lf.listing_id === l.id).map((lf) => founderName.get(lf.founder_id)),
      tagline: l.tagline,
      short_description: l.short_description,
    };
  });

if (process.argv.includes('--json')) console.log(JSON.stringify(rows, null, 2));
else {
  for (const r of rows)
    console.log(
      [
        r.slug,
        r.name,
        r.primary,
        r.others.join(','),
        r.country ?? '',
        r.city ?? '',
        r.founders.join(', '),
        r.tagline,
        r.short_description,
      ].join(' | '),
    );
  console.log(`${rows.length} live listings of ${demo.listings.length}`);
}
