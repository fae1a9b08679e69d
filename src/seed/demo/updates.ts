/** The updates a third of launched demo listings posted since their launch. */
import { UPDATE_TEMPLATES } from '../content.js';
import { between, isoTime } from '../dates.js';
import type { Random } from '../random.js';
import type { DemoData, Draft } from './types.js';

export function buildListingUpdates(r: Random, launched: Draft[], now: Date): DemoData['listingUpdates'] {
  const listingUpdates: DemoData['listingUpdates'] = [];
  for (const d of launched) {
    if (!r.chance(0.35)) continue;
    const times = Array.from({ length: r.int(1, 3) }, () => between(d.launchedAt!, now, r.next())).sort(
      (x, y) => x.getTime() - y.getTime(),
    );
    const templates = r.sample(UPDATE_TEMPLATES, times.length);
    for (const [i, t] of times.entries()) {
      listingUpdates.push({
        listing_id: d.row.id,
        title: templates[i][0],
        body: templates[i][1].replaceAll('{name}', d.row.name).replaceAll('{domain}', d.row.domain),
        published_at: isoTime(t),
      });
    }
  }
  return listingUpdates;
}
