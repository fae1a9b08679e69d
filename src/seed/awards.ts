import type { Queryable } from './bulk.js';
import { isoDate, mondayOf } from './dates.js';

/**
 * (Re)computes Launch of the Week awards for every launch week that ended before the week of `now`:
 * ranks 1-3 are the three live listings launched that week with the most votes (listings.votes_count,
 * ties broken by earlier launch, then lower id); `votes` is that count. Run refreshListingCounters first.
 * Those weeks are recorded as decided (award_weeks). Returns the number of awards written.
 */
export async function computeAwards(db: Queryable, now: Date): Promise<number> {
  const currentWeek = isoDate(mondayOf(now));
  await db.query(`DELETE FROM awards WHERE week < $1::date`, [currentWeek]);
  // Every ended week with launches counts as decided: the weekly awards job does not decide it again.
  await db.query(
    `INSERT INTO award_weeks (week, decided_at, winners)
     SELECT l.launch_week, $2::timestamptz, least(count(*), 3) FROM listings l
     WHERE l.status = 'live' AND l.launch_week < $1::date GROUP BY l.launch_week
     ON CONFLICT (week) DO UPDATE SET decided_at = EXCLUDED.decided_at, winners = EXCLUDED.winners`,
    [currentWeek, now.toISOString()],
  );
  const rows = await db.query<{ n: number }>(
    `WITH ranked AS (
       SELECT l.launch_week AS week, l.id, l.votes_count,
              row_number() OVER (PARTITION BY l.launch_week ORDER BY l.votes_count DESC, l.launched_at, l.id) AS rank
       FROM listings l
       WHERE l.status = 'live' AND l.launch_week < $1::date),
     ins AS (
       INSERT INTO awards (week, rank, listing_id, votes)
       SELECT week, rank, id, votes_count FROM ranked WHERE rank <= 3 ORDER BY week, rank
       RETURNING 1)
     SELECT count(*)::int AS n FROM ins`,
    [currentWeek],
  );
  return rows[0]?.n ?? 0;
}
