/** Listing slots: which status, launch week and launch moment each demo listing gets, in listing-id order. */
import type { ListingStatus } from '../../db/entities/index.js';
import { DAY_MS, addDays, between, maxDate, mondayOf, startOfDay } from '../dates.js';
import type { Random } from '../random.js';

/** Number of past launch weeks (the current one included) that have live launches. */
const DEMO_WEEKS = 40;

/** How likely a past launch falls on each day of its week (0 = Monday). */
const LAUNCH_DAY_WEIGHTS = [
  [0, 3],
  [1, 2],
  [2, 1.5],
  [3, 1],
  [4, 1],
  [5, 0.5],
  [6, 0.5],
] as const;

export type Slot = { status: ListingStatus; week: Date | null; launchedAt: Date | null };

/** The moment the `i`th launch of the week `w` weeks back was launched. */
function launchMoment(r: Random, now: Date, week: Date, w: number, i: number): Date {
  if (w === 0) {
    // the current week: launched between Monday and now, the first few of them today
    const from = i < 3 ? maxDate(week, startOfDay(now)) : week;
    return between(from, now, r.next());
  }
  const day = r.weighted(LAUNCH_DAY_WEIGHTS);
  return new Date(week.getTime() + day * DAY_MS + r.int(0, 86_399) * 1000);
}

/** Launched slots week by week, oldest first, then scheduled, awaiting-badge and draft ones. */
export function buildSlots(r: Random, now: Date): Slot[] {
  const thisMonday = mondayOf(now);
  const slots: Slot[] = [];
  for (let w = DEMO_WEEKS - 1; w >= 0; w--) {
    const week = addDays(thisMonday, -7 * w);
    const count = w === 0 ? 8 : r.int(5, 10);
    for (let i = 0; i < count; i++) {
      const launchedAt = launchMoment(r, now, week, w, i);
      const hidden = w >= 3 && w <= 30 && r.chance(0.013);
      slots.push({ status: hidden ? 'hidden' : 'live', week, launchedAt });
    }
  }
  for (let i = 0; i < 15; i++) slots.push({ status: 'scheduled', week: addDays(thisMonday, 7 * (1 + (i % 8))), launchedAt: null });
  for (let i = 0; i < 4; i++) slots.push({ status: 'awaiting_badge', week: addDays(thisMonday, 7 * (6 + (i % 3))), launchedAt: null });
  for (let i = 0; i < 5; i++) slots.push({ status: 'draft', week: null, launchedAt: null });
  return slots;
}
