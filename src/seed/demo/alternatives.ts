/** Alternatives suggested for 120 live demo listings: others of the same subcategory, else of the same top category. */
import type { Random } from '../random.js';
import type { DemoData, Draft } from './types.js';

export function buildAlternatives(r: Random, live: Draft[]): DemoData['alternatives'] {
  const alternatives: DemoData['alternatives'] = [];
  for (const d of r.sample(live, 120)) {
    const sameSub = live.filter((o) => o !== d && o.category.id === d.category.id);
    const pool = sameSub.length >= 2 ? sameSub : live.filter((o) => o !== d && o.category.top === d.category.top);
    for (const o of r.sample(pool, r.int(1, 3)))
      alternatives.push({ listing_id: d.row.id, alternative_id: o.row.id, approved: r.chance(0.35) });
  }
  return alternatives;
}
