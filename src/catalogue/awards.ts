/** Launch of the Week awards: the three most voted launches of each week, decided by community votes only. */
import type { Database } from '../db/database.js';
import { z } from 'zod';
import { isoDate, listingSummary } from '../schema.js';
import { findListingPage } from './listing-page.js';
import { toSummary, type SummaryRow } from './listing-summary.js';

/** A Launch of the Week award, as list_awards answers it (the published schema and the type in one). */
export const award = z.object({
  week: isoDate.describe('Monday of the launch week'),
  rank: z.number().int().min(1).max(3),
  title: z.string().describe('e.g. "Launch of the Week #1"'),
  votes: z.number().int().describe('Community votes that won the award'),
  listing: listingSummary,
});
export type Award = z.infer<typeof award>;

/** Awards of live listings, newest week first, then by rank; optionally those of one listing. */
export async function listAwards(
  db: Database,
  listingSlug: string | undefined,
  paging: { page: number; per_page: number },
  publicUrl: string,
): Promise<{ items: Award[]; total: number }> {
  const { rows, total } = await findListingPage<SummaryRow & { award_week: string; award_rank: number; award_votes: number }>(
    db,
    {
      joins: 'JOIN awards a ON a.listing_id = l.id',
      columns: 'a.week::text AS award_week, a.rank::int AS award_rank, a.votes AS award_votes',
      where: `l.status = 'live' AND ($1::text IS NULL OR l.slug = $1::text)`,
      orderBy: 'a.week DESC, a.rank',
      params: [listingSlug ?? null],
    },
    paging,
  );
  const items = rows.map((row) => ({
    week: row.award_week,
    rank: row.award_rank,
    title: `Launch of the Week #${row.award_rank}`,
    votes: row.award_votes,
    listing: toSummary(row, publicUrl),
  }));
  return { items, total };
}
