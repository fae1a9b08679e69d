/** The console's dashboard: what needs the site team today, counted from the records themselves. */
import type { Database } from '../db/database.js';
import { resolveWeek, startOfDayIn, todayIn } from '../catalogue/weeks.js';

export interface DashboardCounts {
  signups_today: number;
  submissions_today: number;
  launches_this_week: number;
  pending_orders: number;
  open_reports: number;
  /** Recurring jobs whose run failed or was abandoned in the last 7 days (the clock's job_runs). */
  failed_job_runs: number;
  /** Queue jobs (crawls, drafts, mail, deliveries) that failed in the last 7 days and have not succeeded since. */
  failed_queue_jobs: number;
  disabled_webhooks: number;
}

/** "Today" and "this week" are the site's, in its time zone. One statement. */
export async function dashboardCounts(db: Database, now: Date, timeZone: string): Promise<DashboardCounts> {
  const week = resolveWeek('this', now, timeZone);
  const today = startOfDayIn(todayIn(now, timeZone), timeZone);
  const row = await db.one<Record<keyof DashboardCounts, number>>(
    `SELECT
       (SELECT count(*)::int FROM accounts WHERE created_at >= $1) AS signups_today,
       (SELECT count(*)::int FROM drafts WHERE created_at >= $1) AS submissions_today,
       (SELECT count(*)::int FROM listings WHERE status = 'live' AND launch_week = $2::date) AS launches_this_week,
       (SELECT count(*)::int FROM orders WHERE status = 'pending' AND expires_at > $3) AS pending_orders,
       (SELECT count(*)::int FROM reports WHERE status = 'open') AS open_reports,
       (SELECT count(*)::int FROM job_runs WHERE outcome IN ('failed', 'abandoned') AND started_at >= $3::timestamptz - interval '7 days') AS failed_job_runs,
       (SELECT count(*)::int FROM agenda_jobs WHERE failed_at >= $3::timestamptz - interval '7 days'
          AND (last_finished_at IS NULL OR last_finished_at <= failed_at)) AS failed_queue_jobs,
       (SELECT count(*)::int FROM webhooks WHERE status = 'disabled') AS disabled_webhooks`,
    [today.toISOString(), week.start, now.toISOString()],
  );
  if (!row) throw new Error('the dashboard counts returned no row');
  return row;
}
