/** Measured numbers of live demo listings: weekly domain ratings, verified revenues and billboard contributions. */
import { DEFAULT_SITE_SETTINGS } from '../../catalogue/site-settings.js';
import { DAY_MS, addDays, between, isoDate, isoTime, startOfDay } from '../dates.js';
import type { Random } from '../random.js';
import type { DemoData, Draft } from './types.js';

type Metrics = Pick<DemoData, 'domainRatings' | 'verifiedRevenues' | 'billboardContributions'>;

const REVENUE_SOURCE_WEIGHTS = [
  ['stripe', 60],
  ['paddle', 20],
  ['lemon_squeezy', 20],
] as const;
const BILLBOARD_MULTIPLES = [1, 1, 2, 2.5, 5, 10, 25, 50];
const BILLBOARD_BACKERS = 25;
const BILLBOARD_CONTRIBUTIONS = 60;

/** A weekly series, up to 40 weeks since the listing was created, drifting upwards, for most live listings. */
function buildDomainRatings(r: Random, live: Draft[], now: Date): DemoData['domainRatings'] {
  const today = startOfDay(now);
  const domainRatings: DemoData['domainRatings'] = [];
  for (const d of live) {
    if (!r.chance(0.85)) continue;
    const weeks = Math.min(40, Math.floor((today.getTime() - startOfDay(d.createdAt).getTime()) / (7 * DAY_MS)) + 1);
    let rating = r.int(0, 35);
    const drift = r.next() * 1.5;
    for (let k = weeks - 1; k >= 0; k--) {
      rating = Math.max(0, Math.min(100, rating + drift + (r.next() - 0.4) * 2));
      domainRatings.push({ listing_id: d.row.id, measured_on: isoDate(addDays(today, -7 * k)), rating: Math.round(rating) });
    }
  }
  return domainRatings;
}

/** One to four monthly, growing revenue figures for 40 live listings that charge. */
function buildVerifiedRevenues(r: Random, live: Draft[], now: Date): DemoData['verifiedRevenues'] {
  const verifiedRevenues: DemoData['verifiedRevenues'] = [];
  const earning = live.filter((d) => d.row.pricing_model !== null && d.row.pricing_model !== 'free');
  for (const d of r.sample(earning, 40)) {
    const months = r.int(1, 4);
    let mrr = r.int(200, 20_000) * 100;
    const growth = 1 + r.next() * 0.2;
    const source = r.weighted(REVENUE_SOURCE_WEIGHTS);
    for (let k = months - 1; k >= 0; k--) {
      const verifiedAt = new Date(Math.floor((now.getTime() - k * 30 * DAY_MS - r.int(1, 72) * 3_600_000) / 1000) * 1000);
      verifiedRevenues.push({ listing_id: d.row.id, mrr_cents: mrr, source, verified_at: isoTime(verifiedAt) });
      mrr = Math.round((mrr * growth) / 100) * 100;
    }
  }
  return verifiedRevenues;
}

/** 60 contributions by 25 live listings (a few backers give often), numbered as orders in time order. */
function buildBillboardContributions(r: Random, live: Draft[], now: Date): DemoData['billboardContributions'] {
  const backers = r.sample(live, BILLBOARD_BACKERS);
  const perBacker = backers.map(() => 1);
  for (let extra = BILLBOARD_CONTRIBUTIONS - backers.length; extra > 0; extra--) perBacker[Math.floor(backers.length * r.next() ** 2)] += 1;
  const contributions: { listing_id: number; amount_cents: number; created_at: Date }[] = [];
  backers.forEach((d, i) => {
    for (let k = 0; k < perBacker[i]; k++) {
      contributions.push({
        listing_id: d.row.id,
        amount_cents: DEFAULT_SITE_SETTINGS.billboard_minimum_cents * r.pick(BILLBOARD_MULTIPLES),
        created_at: between(d.launchedAt!, now, r.next()),
      });
    }
  });
  contributions.sort((x, y) => x.created_at.getTime() - y.created_at.getTime());
  return contributions.map((c, i) => ({
    listing_id: c.listing_id,
    amount_cents: c.amount_cents,
    order_number: `LD-${c.created_at.getUTCFullYear()}-${String(1000 + i * 7).padStart(6, '0')}`,
    created_at: isoTime(c.created_at),
  }));
}

export function buildMetrics(r: Random, live: Draft[], now: Date): Metrics {
  const domainRatings = buildDomainRatings(r, live, now);
  const verifiedRevenues = buildVerifiedRevenues(r, live, now);
  const billboardContributions = buildBillboardContributions(r, live, now);
  return { domainRatings, verifiedRevenues, billboardContributions };
}
