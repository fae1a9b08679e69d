import type { Statements } from '../db/database.js';
import type { SiteSettings } from '../catalogue/site-settings.js';
import { addDays, resolveWeek } from '../catalogue/weeks.js';

/** Statuses that hold a place in a free launch week. */
const HOLDING = ['awaiting_badge', 'scheduled', 'live'];

/** Free weeks are chosen one caller at a time, so two listings never take the last place of a week together. */
const FREE_WEEKS_LOCK = 'free launch weeks';

/**
 * The first week from `free_launch_weeks.min` weeks out (site time zone) with room for another free
 * launch (`free_launches_per_week`), skipping `after` and earlier weeks when given. Takes a
 * transaction-scoped lock: call it in the transaction that stores the week.
 */
export async function nextFreeWeek(tx: Statements, settings: SiteSettings, now: Date, after?: string): Promise<string> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [FREE_WEEKS_LOCK]);
  const thisWeek = resolveWeek('this', now, settings.time_zone).start;
  let week = addDays(thisWeek, 7 * Math.max(1, settings.free_launch_weeks.min));
  if (after && week <= after) week = addDays(after, 7);
  const capacity = Math.max(1, settings.free_launches_per_week);
  const taken = new Map(
    (
      await tx.query<{ week: string; n: number }>(
        `SELECT launch_week::text AS week, count(*)::int AS n FROM listings
         WHERE plan = 'free' AND status = ANY($1::text[]) AND launch_week >= $2::date GROUP BY launch_week`,
        [HOLDING, week],
      )
    ).map((row) => [row.week, row.n]),
  );
  while ((taken.get(week) ?? 0) >= capacity) week = addDays(week, 7);
  return week;
}
