/**
 * The launch report (issue 34): when a launch week ends, each live listing launched that week gets, once, a summary
 * of the week: page views, unique visitors, visits to its website, counted votes, its final rank on the weekly board
 * and its award, if any. Its owners get it by mail (launch-report-mail.ts, with a link to their stats page) and as
 * the webhook event `listing.launch_report`.
 *
 * Once per listing and week, across instances and runs: the launch_reports row is taken first (INSERT ... ON
 * CONFLICT DO NOTHING), in the transaction that queues the mail job and records the event; a second run, or a
 * second instance at the same moment, finds the row taken and sends nothing. The weekly awards job writes the
 * reports right after it decided the awards, so the award is known; a week that ended up to REPORT_WEEKS weeks ago
 * and was missed (the service was down) is reported late, older ones never.
 */
import { z } from 'zod';
import type { Database, Statements } from '../db/database.js';
import type { JobQueue } from '../jobs/queue.js';
import { withJobOutbox } from '../jobs/job-outbox.js';
import { emitWebhookEvent } from '../webhooks/events.js';
import { addDays } from '../catalogue/weeks.js';
import { recordDayRanks, type DayBoard } from './daily-ranks.js';

/** The follow-up job that mails a report to the listing's owners (launch-report-mail.ts). */
export const MAIL_LAUNCH_REPORT_JOB = 'mail_launch_report';

/** Weeks that ended at most this many weeks before the current one are reported (the last one, and one missed). */
const REPORT_WEEKS = 2;

/** The data of the webhook event `listing.launch_report` (and of the mail job): what the launch week did. */
export const launchReportData = z.object({
  listing_id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  week: z.string().describe('The launch week: its Monday, YYYY-MM-DD (site time zone)'),
  views: z.number().int().describe('Page views by people during the week (bots excluded)'),
  visitors: z.number().int().describe('Unique visitors, each counted once a day'),
  clicks: z.number().int().describe("Visits to the product's website from the listing page, once per visitor and day"),
  votes: z.number().int().describe('Counted community votes cast during the week'),
  final_rank: z.number().int().nullable().describe('Rank on the weekly board when the week ended; null: no counted vote that week'),
  ranked_listings: z.number().int().describe('How many listings the weekly board ranked'),
  award: z
    .object({ rank: z.number().int(), title: z.string() })
    .nullable()
    .describe('The Launch of the Week award it won that week; null: none'),
});

export type LaunchReport = z.infer<typeof launchReportData>;

export interface ReportedWeek {
  week: string;
  /** The reports this run wrote (another run may have written the rest). */
  sent: number;
}

/**
 * Writes the launch reports due before `currentWeek` (a Monday): for each week that ended at most REPORT_WEEKS weeks
 * ago, whose awards are decided and which has live launches not reported yet, records the week's final board (its
 * Sunday in listing_daily_ranks) and reports each such launch once. Answers the weeks it looked at.
 */
export async function sendLaunchReports(
  db: Database,
  jobs: JobQueue,
  currentWeek: string,
  timeZone: string,
  now: Date,
): Promise<ReportedWeek[]> {
  const reported: ReportedWeek[] = [];
  for (const week of await weeksToReport(db, currentWeek)) {
    const board = await recordDayRanks(db, addDays(week, 6), timeZone);
    const listings = await db.query<{ id: number }>(
      `SELECT l.id FROM listings l WHERE l.status = 'live' AND l.launch_week = $1::date
         AND NOT EXISTS (SELECT 1 FROM launch_reports r WHERE r.listing_id = l.id AND r.launch_week = l.launch_week)
       ORDER BY l.id`,
      [week],
    );
    let sent = 0;
    for (const { id } of listings) if (await reportLaunch(db, jobs, id, board, now)) sent += 1;
    reported.push({ week, sent });
  }
  return reported;
}

/** "; launch reports: 2026-11-16 (3 sent)" for a run's summary; nothing when no report was due. */
export function describeLaunchReports(weeks: readonly ReportedWeek[]): string {
  if (weeks.length === 0) return '';
  return `; launch reports: ${weeks.map((w) => `${w.week} (${w.sent} sent)`).join(', ')}`;
}

/** Ended weeks (Mondays) from REPORT_WEEKS weeks before `currentWeek`, decided, with a live launch not reported yet. */
async function weeksToReport(db: Database, currentWeek: string): Promise<string[]> {
  const rows = await db.query<{ week: string }>(
    `SELECT DISTINCT l.launch_week::text AS week FROM listings l
     WHERE l.status = 'live' AND l.launch_week < $1::date AND l.launch_week >= $2::date
       AND EXISTS (SELECT 1 FROM award_weeks a WHERE a.week = l.launch_week)
       AND NOT EXISTS (SELECT 1 FROM launch_reports r WHERE r.listing_id = l.id AND r.launch_week = l.launch_week)
     ORDER BY 1`,
    [currentWeek, addDays(currentWeek, -7 * REPORT_WEEKS)],
  );
  return rows.map((row) => row.week);
}

/**
 * Reports one launch of the week `board` ended: takes its launch_reports row, then, in the same transaction,
 * queues the owners' mail and records the webhook event. Answers the report, or undefined when it was taken
 * already (by another run or instance).
 */
async function reportLaunch(
  db: Database,
  jobs: JobQueue,
  listingId: number,
  board: DayBoard,
  now: Date,
): Promise<LaunchReport | undefined> {
  return withJobOutbox(db, jobs, (txDb, outbox) =>
    txDb.transaction(async (tx) => {
      // The claim: of two runs reporting the same launch, the second waits here and then finds it taken.
      const [claimed] = await tx.query(
        'INSERT INTO launch_reports (listing_id, launch_week, sent_at) VALUES ($1, $2::date, $3) ON CONFLICT DO NOTHING RETURNING 1',
        [listingId, board.week, now.toISOString()],
      );
      if (!claimed) return undefined;
      const report = await compileReport(tx, listingId, board);
      await outbox.enqueue(MAIL_LAUNCH_REPORT_JOB, report);
      await emitWebhookEvent(tx, { type: 'listing.launch_report', listingId, data: report, at: now });
      return report;
    }),
  );
}

/** The week's figures of one listing: its daily aggregates summed over the week, its final standing and its award. */
async function compileReport(tx: Statements, listingId: number, board: DayBoard): Promise<LaunchReport> {
  const [row] = await tx.query<{ slug: string; name: string; views: number; visitors: number; clicks: number; award_rank: number | null }>(
    `SELECT l.slug, l.name, coalesce(w.views, 0)::int AS views, coalesce(w.visitors, 0)::int AS visitors,
       coalesce(w.clicks, 0)::int AS clicks,
       (SELECT a.rank::int FROM awards a WHERE a.listing_id = l.id AND a.week = $2::date) AS award_rank
     FROM listings l
     LEFT JOIN LATERAL (SELECT sum(v.views) AS views, sum(v.visitors) AS visitors, sum(v.clicks) AS clicks FROM listing_views v
                        WHERE v.listing_id = l.id AND v.day BETWEEN $2::date AND $3::date) w ON true
     WHERE l.id = $1`,
    [listingId, board.week, board.day],
  );
  if (!row) throw new Error(`listing ${listingId} vanished while its launch report was written`);
  const standing = board.standings.get(listingId);
  return launchReportData.parse({
    listing_id: listingId,
    slug: row.slug,
    name: row.name,
    week: board.week,
    views: row.views,
    visitors: row.visitors,
    clicks: row.clicks,
    votes: standing?.votes ?? 0,
    final_rank: standing?.rank ?? null,
    ranked_listings: board.ranked,
    award: row.award_rank === null ? null : { rank: row.award_rank, title: `Launch of the Week #${row.award_rank}` },
  });
}
