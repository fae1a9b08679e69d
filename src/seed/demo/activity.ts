/** What visitors did with launched demo listings: daily views, follows and reviews. */
import { REVIEW_BODIES, SPAM_REVIEW_BODIES } from '../content.js';
import { DAY_MS, addDays, between, isoDate, isoTime, maxDate, startOfDay } from '../dates.js';
import type { Random } from '../random.js';
import { reviewerName } from './text.js';
import type { DemoData, Draft } from './types.js';

type Activity = Pick<DemoData, 'listingViews' | 'follows' | 'reviews'>;

const GENUINE_RATING_WEIGHTS = [
  [5, 45],
  [4, 30],
  [3, 12],
  [2, 8],
  [1, 5],
] as const;

/**
 * Visitors per day over the last 60 days, peaking at the launch and growing with the votes `n`; each views the
 * page a little more than once, and about one in six goes on to the website.
 */
function viewsOf(r: Random, d: Draft, n: number, now: Date): DemoData['listingViews'] {
  const today = startOfDay(now);
  const launchDay = startOfDay(d.launchedAt!);
  const base = 2 + n / 12 + r.int(0, 6);
  const views: DemoData['listingViews'] = [];
  for (let day = maxDate(launchDay, addDays(today, -59)); day <= today; day = addDays(day, 1)) {
    const sinceLaunch = (day.getTime() - launchDay.getTime()) / DAY_MS;
    const count = Math.round(base * (1 + 6 * Math.exp(-sinceLaunch / 2)) * (0.5 + r.next()));
    // Page views and clicks follow from the visitors (no draw of the generator: the other demo numbers stay as they were).
    if (count > 0)
      views.push({
        listing_id: d.row.id,
        day: isoDate(day),
        views: count + Math.floor(count * 0.35),
        visitors: count,
        clicks: Math.round(count / 6),
      });
  }
  return views;
}

function followsOf(r: Random, d: Draft, n: number, now: Date): DemoData['follows'] {
  const followCount = Math.round(n * (0.04 + 0.12 * r.next())) + r.int(0, 2);
  const followers = new Set<number>();
  while (followers.size < followCount) followers.add(r.int(1, 4000));
  return [...followers].map((f) => ({
    listing_id: d.row.id,
    follower_email: `follower${f}@example.com`,
    created_at: isoTime(between(d.launchedAt!, now, r.next())),
  }));
}

/** One review; spam (one in ten) comes hidden. */
function reviewOf(r: Random, d: Draft, reviewer: number, now: Date): DemoData['reviews'][number] {
  const genuine = !r.chance(0.1);
  const rating = genuine ? r.weighted(GENUINE_RATING_WEIGHTS) : r.pick([5, 5, 1]);
  // The random draws in their original order (the body, then the time), so the rest of the demo stays the same.
  const body = genuine ? r.pick(REVIEW_BODIES[rating]) : r.pick(SPAM_REVIEW_BODIES);
  const createdAt = between(d.launchedAt!, now, r.next());
  return {
    listing_id: d.row.id,
    reviewer_key: `r:${reviewer}`,
    reviewer_name: reviewerName(reviewer),
    rating,
    body,
    genuine,
    created_at: isoTime(createdAt),
    hidden_at: genuine ? null : isoTime(createdAt),
    hidden_reason: genuine ? null : 'Spam',
  };
}

/** One to six reviews for a little under half the live listings. */
function reviewsOf(r: Random, d: Draft, now: Date): DemoData['reviews'] {
  if (d.row.status !== 'live' || !r.chance(0.45)) return [];
  const reviewers = new Set<number>();
  const count = r.int(1, 6);
  while (reviewers.size < count) reviewers.add(r.int(1, 3000));
  return [...reviewers].map((reviewer) => reviewOf(r, d, reviewer, now));
}

export function buildActivity(r: Random, launched: Draft[], votesByListing: Map<number, number>, now: Date): Activity {
  const activity: Activity = { listingViews: [], follows: [], reviews: [] };
  for (const d of launched) {
    const n = votesByListing.get(d.row.id) ?? 0;
    activity.listingViews.push(...viewsOf(r, d, n, now));
    activity.follows.push(...followsOf(r, d, n, now));
    activity.reviews.push(...reviewsOf(r, d, now));
  }
  return activity;
}
