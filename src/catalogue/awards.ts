/** Launch of the Week awards: the three most voted launches of each week, decided by community votes only. */
import type { Database } from '../db/database.js';
import { z } from 'zod';
import { isoDate, listingSummary } from '../schema.js';
import { findSummaryPage, toSummary, type SummaryRow } from './listing-summary.js';
import type { AwardSigner } from './award-proofs.js';

/** A Launch of the Week award, as list_awards answers it (the published schema and the type in one). */
export const award = z.object({
  week: isoDate.describe('Monday of the launch week'),
  rank: z.number().int().min(1).max(3),
  title: z.string().describe('e.g. "Launch of the Week #1"'),
  votes: z.number().int().describe('Counted votes that won the award'),
  listing: listingSummary,
  proof: z
    .string()
    .optional()
    .describe('Only when asked for (include_proof): the JWT (EdDSA) stating this award, verifiable offline with /.well-known/jwks.json'),
  proof_url: z.string().describe("Where the award's signed proof (a JWT) is published: fetch it, or link to it from a badge or a page"),
});
export type Award = z.infer<typeof award>;

/** The award of a week and rank (a live listing's), with its proof signed by `sign`; undefined when there is none. */
export async function findAward(
  db: Database,
  week: string,
  rank: number,
  publicUrl: string,
  sign: AwardSigner,
): Promise<(Award & { proof: string }) | undefined> {
  const { items } = await readAwards(
    db,
    { where: 'a.week = $1::date AND a.rank = $2', params: [week, rank], prepare: 'award_of_week_rank' },
    { page: 1, per_page: 1 },
    publicUrl,
    sign,
  );
  return items[0] as (Award & { proof: string }) | undefined;
}

/** The address of an award's proof (src/web/award-proof-routes.ts serves it). */
const awardProofUrl = (publicUrl: string, week: string, rank: number) => `${publicUrl}/awards/${week}/${rank}.jwt`;

/**
 * Awards of live listings, newest week first, then by rank; optionally those of one listing (its trophy cabinet),
 * of one week (a Monday) or of one rank (rank 1: the Hall of Fame, every week's Launch of the Week #1). Each award
 * carries its proof only when `sign` is given (signing costs a signature per award; proof_url always leads to it).
 * Without `count`, the total is the page's length (a page that shows no total reads one statement less).
 */
export async function listAwards(
  db: Database,
  filter: { listing?: string; week?: string; rank?: number },
  paging: { page: number; per_page: number },
  publicUrl: string,
  sign: AwardSigner | undefined,
  count = true,
): Promise<{ items: Award[]; total: number }> {
  // Only the filters given are in the statement (each combination a prepared statement of its own): "$1 IS NULL OR"
  // conditions kept PostgreSQL from planning it once, and a listing page's trophy cabinet was planned on every read.
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filter.listing !== undefined) conditions.push(`l.slug = $${params.push(filter.listing)}::text`);
  if (filter.week !== undefined) conditions.push(`a.week = $${params.push(filter.week)}::date`);
  if (filter.rank !== undefined) conditions.push(`a.rank = $${params.push(filter.rank)}::int`);
  const where = conditions.length ? conditions.join(' AND ') : 'true';
  const variant = ['listing', 'week', 'rank'].map((key) => (filter[key as keyof typeof filter] !== undefined ? `_${key}` : '')).join('');
  return readAwards(db, { where, params, count, prepare: `awards_page${variant}` }, paging, publicUrl, sign);
}

async function readAwards(
  db: Database,
  filter: { where: string; params: unknown[]; count?: boolean; prepare: string },
  paging: { page: number; per_page: number },
  publicUrl: string,
  sign: AwardSigner | undefined,
): Promise<{ items: Award[]; total: number }> {
  const { rows, total } = await findSummaryPage<SummaryRow & { award_week: string; award_rank: number; award_votes: number }>(
    db,
    {
      joins: 'JOIN awards a ON a.listing_id = l.id',
      columns: 'a.week::text AS award_week, a.rank::int AS award_rank, a.votes AS award_votes',
      where: `l.status = 'live' AND ${filter.where}`,
      orderBy: 'a.week DESC, a.rank',
      params: filter.params,
      prepare: filter.prepare,
    },
    paging,
    { count: filter.count },
  );
  const items = await Promise.all(
    rows.map(async (row) => {
      const listing = toSummary(row, publicUrl);
      const stated = { week: row.award_week, rank: row.award_rank, title: `Launch of the Week #${row.award_rank}`, votes: row.award_votes };
      const proof_url = awardProofUrl(publicUrl, row.award_week, row.award_rank);
      if (!sign) return { ...stated, listing, proof_url };
      const proof = await sign({ ...stated, listing: { slug: listing.slug, name: listing.name, profile_url: listing.profile_url } });
      return { ...stated, listing, proof, proof_url };
    }),
  );
  return { items, total };
}
