/**
 * Rank on the weekly board per day (issue 34): at the end of each day of a launch week, every listing on that
 * week's community-weekly board has its rank and votes recorded in listing_daily_ranks. The board is the one
 * get_leaderboard and the week page read (readBoard), over the votes cast from the week's Monday to the end of
 * the day, so the record of the week's Sunday is the week's final board. The daily refresh records the day that
 * ended (and any earlier day of its week a stopped service missed); the week's end records its Sunday again
 * before the launch reports are written. Recording a day again gives the same figures (upsert per listing and day).
 */
import type { Database } from '../db/database.js';
import { readBoard } from '../catalogue/leaderboards.js';
import { loadSiteSettings } from '../catalogue/site-settings.js';
import { addDays, resolveWeek, startOfDayIn, todayIn } from '../catalogue/weeks.js';

/** Board entries read per query. */
const PAGE_SIZE = 500;

/** Where a listing stood on the weekly board at the end of a day. */
interface BoardStanding {
  rank: number;
  votes: number;
}

/** The weekly board of the week containing `day`, as it stood at the end of `day`: each listing's standing, and how many were ranked. */
export interface DayBoard {
  week: string;
  day: string;
  standings: Map<number, BoardStanding>;
  ranked: number;
}

/** The Monday of the launch week containing `day` (YYYY-MM-DD). */
function launchWeekOf(day: string, timeZone: string): string {
  return resolveWeek(day, new Date(0), timeZone).start;
}

/**
 * Reads the community-weekly board of the week containing `day` over the votes cast from the week's start to the
 * end of `day` (site time zone), every page of it.
 */
async function boardAtEndOf(db: Database, day: string, timeZone: string): Promise<DayBoard> {
  const week = launchWeekOf(day, timeZone);
  const window = { from: startOfDayIn(week, timeZone), to: startOfDayIn(addDays(day, 1), timeZone) };
  const standings = new Map<number, BoardStanding>();
  for (let page = 1; ; page++) {
    const { entries, total } = await readBoard(db, 'community-weekly', { page, per_page: PAGE_SIZE }, '', { window });
    for (const entry of entries) standings.set(entry.listing.id, { rank: entry.rank, votes: entry.metric.value });
    if (entries.length < PAGE_SIZE || page * PAGE_SIZE >= total) break;
  }
  return { week, day, standings, ranked: standings.size };
}

/**
 * Records the board at the end of `day` in listing_daily_ranks: each ranked listing's rank and votes (upserted),
 * and no row for a listing no longer on it (its votes were flagged since). Answers the board it recorded.
 */
export async function recordDayRanks(db: Database, day: string, timeZone: string): Promise<DayBoard> {
  const board = await boardAtEndOf(db, day, timeZone);
  const ids = [...board.standings.keys()];
  const standings = [...board.standings.values()];
  await db.query(
    `INSERT INTO listing_daily_ranks (listing_id, day, rank, votes)
     SELECT s.listing_id, $1::date, s.rank, s.votes FROM unnest($2::int[], $3::int[], $4::int[]) AS s(listing_id, rank, votes)
     ON CONFLICT (listing_id, day) DO UPDATE SET rank = EXCLUDED.rank, votes = EXCLUDED.votes
     WHERE (listing_daily_ranks.rank, listing_daily_ranks.votes) IS DISTINCT FROM (EXCLUDED.rank, EXCLUDED.votes)`,
    [day, ids, standings.map((s) => s.rank), standings.map((s) => s.votes)],
  );
  await db.query('DELETE FROM listing_daily_ranks WHERE day = $1::date AND NOT (listing_id = ANY($2::int[]))', [day, ids]);
  return board;
}

/**
 * The daily refresh's step: records the board at the end of the day before `now` (site time zone), and of each
 * earlier day of its launch week that has no record yet (the service was down at its end). Answers a summary.
 */
export async function recordEndedDayRanks(db: Database, now: Date): Promise<string> {
  const { time_zone } = await loadSiteSettings(db);
  const yesterday = addDays(todayIn(now, time_zone), -1);
  const week = launchWeekOf(yesterday, time_zone);
  const recorded = await db.query<{ day: string }>(
    'SELECT DISTINCT day::text AS day FROM listing_daily_ranks WHERE day >= $1::date AND day < $2::date',
    [week, yesterday],
  );
  const done = new Set(recorded.map((row) => row.day));
  const missed: string[] = [];
  for (let day = week; day < yesterday; day = addDays(day, 1)) if (!done.has(day)) missed.push(day);
  for (const day of missed) await recordDayRanks(db, day, time_zone);
  const board = await recordDayRanks(db, yesterday, time_zone);
  const caughtUp = missed.length > 0 ? ` (and ${missed.length} missed ${missed.length === 1 ? 'day' : 'days'} of its week)` : '';
  return `${board.ranked} listings ranked at the end of ${yesterday}, week of ${week}${caughtUp}`;
}
