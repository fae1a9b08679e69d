import type { Statements } from '../db/database.js';
import { insertRows } from './bulk.js';

import { loadSiteSettings } from '../catalogue/site-settings.js';
import { resolveWeek } from '../catalogue/weeks.js';
import { weekWinners } from '../community/weekly-awards.js';

/**
 * (Re)computes Launch of the Week awards for every launch week that ended before the week of `now` (site time zone)
 * and had live launches, by the weekly awards job's own rule (weekWinners): the counted votes cast during the week,
 * not the votes a listing has gathered since. Those weeks are recorded as decided (award_weeks), with their number of
 * winners, so the job does not decide them again. Returns the number of awards written.
 */
export async function computeAwards(db: Statements, now: Date): Promise<number> {
  const { time_zone: timeZone } = await loadSiteSettings(db);
  const currentWeek = resolveWeek('this', now, timeZone).start;
  await db.query('DELETE FROM awards WHERE week < $1::date', [currentWeek]);
  const weeks = await db.query<{ week: string }>(
    `SELECT DISTINCT launch_week::text AS week FROM listings WHERE status = 'live' AND launch_week < $1::date ORDER BY 1`,
    [currentWeek],
  );
  const decided: { week: string; decided_at: string; winners: number }[] = [];
  const awards: { week: string; rank: number; listing_id: number; votes: number }[] = [];
  for (const { week } of weeks) {
    const winners = await weekWinners(db, week, timeZone);
    decided.push({ week, decided_at: now.toISOString(), winners: winners.length });
    for (const w of winners) awards.push({ week, rank: w.rank, listing_id: w.listingId, votes: w.votes });
  }
  await insertRows(
    db,
    'award_weeks',
    [
      ['week', 'date'],
      ['decided_at', 'timestamptz'],
      ['winners', 'int'],
    ],
    decided,
    'ON CONFLICT (week) DO UPDATE SET decided_at = EXCLUDED.decided_at, winners = EXCLUDED.winners',
  );
  return insertRows(
    db,
    'awards',
    [
      ['week', 'date'],
      ['rank', 'int'],
      ['listing_id', 'int'],
      ['votes', 'int'],
    ],
    awards,
  );
}
