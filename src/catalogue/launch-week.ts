/** One launch week's page: its live launches ranked by community votes, and what is scheduled for it. */
import type { Database } from '../db/database.js';
import type { ListingSummary } from '../schema.js';
import { BY_VOTES } from './launch-feed.js';
import { SUMMARY_COLUMNS, SUMMARY_FROM, toSummary, type SummaryRow } from './listing-summary.js';
import type { Week } from './weeks.js';

/**
 * Weeks exist from the directory's first launch week (the earliest launch week of a live listing) on;
 * the current and future weeks always exist.
 */
async function isKnownWeek(db: Database, week: Week, current: Week): Promise<boolean> {
  if (week.start >= current.start) return true;
  const first = await db.one<{ week: string | null }>(`SELECT min(launch_week)::text AS week FROM listings WHERE status = 'live'`);
  return first?.week != null && week.start >= first.week;
}

/** The live listings of a launch week, most voted first, each with its rank (1 = most voted). */
async function rankedLaunches(db: Database, week: Week, publicUrl: string): Promise<(ListingSummary & { rank: number })[]> {
  const rows = await db.query<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM} WHERE l.status = 'live' AND l.launch_week = $1::date ORDER BY ${BY_VOTES}`,
    [week.start],
  );
  return rows.map((row, i) => ({ ...toSummary(row, publicUrl), rank: i + 1 }));
}

/** Listings scheduled to launch in a week, by name. */
async function scheduledLaunches(db: Database, week: Week, publicUrl: string): Promise<ListingSummary[]> {
  const rows = await db.query<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM} WHERE l.status = 'scheduled' AND l.launch_week = $1::date ORDER BY l.name, l.id`,
    [week.start],
  );
  return rows.map((row) => toSummary(row, publicUrl));
}

export interface LaunchWeekView {
  week: Week;
  current: Week;
  isCurrent: boolean;
  isFuture: boolean;
  launches: (ListingSummary & { rank: number })[];
  scheduled: ListingSummary[];
}

/**
 * A launch week as get_launch_week and the site's week page show it, or undefined for a week before the directory's
 * first one. `week` is resolved (resolveWeek) against `now` in the site's time zone, as `current` is.
 */
export async function readLaunchWeek(db: Database, week: Week, current: Week, publicUrl: string): Promise<LaunchWeekView | undefined> {
  if (!(await isKnownWeek(db, week, current))) return undefined;
  const isFuture = week.start > current.start;
  const [launches, scheduled] = await Promise.all([
    rankedLaunches(db, week, publicUrl),
    isFuture ? scheduledLaunches(db, week, publicUrl) : [],
  ]);
  return { week, current, isCurrent: week.start === current.start, isFuture, launches, scheduled };
}
