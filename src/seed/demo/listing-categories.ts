/** The categories of each demo listing: its primary one, and up to three more for paid listings. */
import type { CategoryRecord } from '../categories.js';
import type { Random } from '../random.js';
import type { DemoData, Draft } from './types.js';

const EXTRA_COUNT_WEIGHTS = [
  [0, 2],
  [1, 4],
  [2, 3],
  [3, 2],
] as const;

export function buildListingCategories(r: Random, drafts: Draft[], categories: CategoryRecord[]): DemoData['listingCategories'] {
  const subcategories = categories.filter((c) => c.sub);
  const listingCategories: DemoData['listingCategories'] = [];
  for (const d of drafts) {
    listingCategories.push({ listing_id: d.row.id, category_id: d.category.id, is_primary: true });
    if (d.row.plan === 'paid') {
      const extra = r.sample(
        subcategories.filter((c) => c.id !== d.category.id),
        r.weighted(EXTRA_COUNT_WEIGHTS),
      );
      for (const c of extra) listingCategories.push({ listing_id: d.row.id, category_id: c.id, is_primary: false });
    }
  }
  return listingCategories;
}
