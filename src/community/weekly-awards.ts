/**
 * Launch of the Week awards, decided when a launch week ends (site time zone): #1, #2 and #3 go to the live
 * listings launched that week with the most counted community votes cast during the week (votes the vote check
 * flagged count only once a moderator clears them; the check runs right before), ranked as the
 * community-weekly board ranks (most votes; on a tie the earlier launch, then the listing added first). A
 * launch without a vote that week wins nothing. Money plays no part. A week is decided once (award_weeks),
 * whichever instance or operator decides it, and its winners' owners are mailed from a job queued in the
 * same transaction.
 */
import { emitWebhookEvent } from '../webhooks/events.js';
import type { Database, Statements } from '../db/database.js';
import { Award, AwardWeek } from '../db/entities/award.js';
import type { JobQueue } from '../jobs/queue.js';
import { withJobOutbox } from '../jobs/job-outbox.js';
import type { Mailer } from '../mail/mailer.js';
import { stableMailId } from '../mail/mail-id.js';
import { weekInstants, weekLabel, addDays } from '../catalogue/weeks.js';

export const MAIL_AWARD_WINNERS_JOB = 'mail_award_winners';

/** At most this many missed weeks are decided by one run (a later run takes the rest). */
const MAX_WEEKS_PER_RUN = 104;

export interface DecidedWeek {
  week: string;
  winners: { rank: number; listingId: number; votes: number }[];
}

/**
 * Decides every week that ended before `currentWeek` (a Monday) and has live launches but no decision yet,
 * oldest first: the week that just ended, and any a stopped service missed. Answers the weeks decided here.
 */
export async function awardEndedWeeks(
  db: Database,
  jobs: JobQueue,
  currentWeek: string,
  timeZone: string,
  now: Date,
): Promise<DecidedWeek[]> {
  const decided: DecidedWeek[] = [];
  for (const week of await undecidedWeeks(db, currentWeek)) {
    const result = await decideWeek(db, jobs, week, timeZone, now);
    if (result) decided.push(result);
  }
  return decided;
}

/** The weeks (Mondays) that ended before `currentWeek` with live launches and no decision yet, oldest first. */
export async function undecidedWeeks(db: Database, currentWeek: string): Promise<string[]> {
  const weeks = await db.query<{ week: string }>(
    `SELECT DISTINCT l.launch_week::text AS week FROM listings l
     WHERE l.status = 'live' AND l.launch_week < $1::date
       AND NOT EXISTS (SELECT 1 FROM award_weeks a WHERE a.week = l.launch_week)
     ORDER BY 1 LIMIT ${MAX_WEEKS_PER_RUN}`,
    [currentWeek],
  );
  return weeks.map((row) => row.week);
}

/** Whether `week` (a Monday) has live launches whose awards are not decided yet (what the weekly digest waits for). */
export async function awardsPending(db: Database, week: string): Promise<boolean> {
  const [row] = await db.query<{ pending: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM listings l WHERE l.status = 'live' AND l.launch_week = $1::date)
        AND NOT EXISTS (SELECT 1 FROM award_weeks a WHERE a.week = $1::date) AS pending`,
    [week],
  );
  return row?.pending ?? false;
}

/** Where the vote check before the awards starts: the start of the earliest week about to be decided (in the site's time zone). */
export function weekStart(week: string, timeZone: string): Date {
  return weekInstants({ start: week, end: addDays(week, 6) }, timeZone).from;
}

/**
 * The rule of the awards, the one place it is written (the weekly job and the demo seed both use it): up to three
 * live listings launched in `week` (a Monday) with the most counted votes (flagged ones excluded) cast from that
 * Monday to the end of its Sunday in the site's time zone; on a tie the earlier launch, then the listing added first.
 * A launch without such a vote wins nothing. Votes cast before or after the week do not count.
 */
export async function weekWinners(db: Statements, week: string, timeZone: string): Promise<DecidedWeek['winners']> {
  const window = weekInstants({ start: week, end: addDays(week, 6) }, timeZone);
  const ranked = await db.query<{ id: number; week_votes: number }>(
    `SELECT l.id, count(*)::int AS week_votes
     FROM listings l JOIN votes v ON v.listing_id = l.id AND v.created_at >= $2::timestamptz AND v.created_at < $3::timestamptz AND v.counted
     WHERE l.status = 'live' AND l.launch_week = $1::date
     GROUP BY l.id, l.launched_at
     ORDER BY week_votes DESC, l.launched_at ASC NULLS LAST, l.id
     LIMIT 3`,
    [week, window.from.toISOString(), window.to.toISOString()],
  );
  return ranked.map((row, index) => ({ rank: index + 1, listingId: row.id, votes: row.week_votes }));
}

/** Decides one ended week; undefined when it was already decided (by another run). */
export async function decideWeek(
  db: Database,
  jobs: JobQueue,
  week: string,
  timeZone: string,
  now: Date,
): Promise<DecidedWeek | undefined> {
  return withJobOutbox(db, jobs, (txDb, outbox) =>
    txDb.transaction(async (tx) => {
      // The claim: of two runs deciding the same week, the second waits here and then finds it taken.
      const [claimed] = await tx.query(
        'INSERT INTO award_weeks (week, decided_at, winners) VALUES ($1::date, $2, 0) ON CONFLICT DO NOTHING RETURNING 1',
        [week, now.toISOString()],
      );
      if (!claimed) return undefined;
      const winners = await weekWinners(tx, week, timeZone);
      for (const winner of winners) tx.em.create(Award, { week, rank: winner.rank, listing: winner.listingId, votes: winner.votes });
      const decision = await tx.em.findOneOrFail(AwardWeek, { week });
      decision.winners = winners.length;
      await tx.em.flush();
      if (winners.length > 0) await outbox.enqueue(MAIL_AWARD_WINNERS_JOB, { week });
      for (const winner of winners) {
        await emitWebhookEvent(tx, {
          type: 'award.won',
          listingId: winner.listingId,
          data: { week, rank: winner.rank, votes: winner.votes, listing_id: winner.listingId, title: `Launch of the Week #${winner.rank}` },
          at: now,
        });
      }
      return { week, winners };
    }),
  );
}

/**
 * Mails the owners of a week's winners. Each mail's id is fixed by week, rank and address, so a run that
 * is repeated sends only what was not sent.
 */
export async function mailAwardWinners(deps: { db: Database; mailer: Mailer; publicUrl: string }, week: string): Promise<number> {
  const rows = await deps.db.query<{ rank: number; votes: number; name: string; slug: string; email: string }>(
    `SELECT a.rank::int AS rank, a.votes, l.name, l.slug, acc.email
     FROM awards a JOIN listings l ON l.id = a.listing_id
     JOIN listing_owners o ON o.listing_id = l.id JOIN accounts acc ON acc.id = o.account_id
     WHERE a.week = $1::date ORDER BY a.rank, acc.email`,
    [week],
  );
  const label = weekLabel({ start: week, end: addDays(week, 6) });
  for (const row of rows) {
    await deps.mailer.send({
      id: stableMailId(`award:${week}:${row.rank}:${row.email}`),
      to: row.email,
      subject: `${row.name} is Launch of the Week #${row.rank} (${label})`,
      text:
        `Congratulations: ${row.name} is Launch of the Week #${row.rank} for ${label} (the week of ${week}), ` +
        `with ${row.votes} community ${row.votes === 1 ? 'vote' : 'votes'} cast that week.\n\n` +
        `Your listing: ${deps.publicUrl}/listings/${row.slug}\nAll awards: ${deps.publicUrl}/awards\n\n` +
        'Awards follow community votes only; they are permanent and shown on your listing and in the awards archive.',
    });
  }
  return rows.length;
}
