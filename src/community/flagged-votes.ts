/**
 * The votes the vote check flagged (vote-check.ts), as the moderators see them, and their decision: confirm (the vote
 * stays out of every count for good) or clear (it counts again: on the boards, for the awards and in votes_count).
 * Every decision is in the audit log (vote.confirm, vote.clear, with the moderator's note), and reviews by the voter
 * are judged genuine again, or not, in the same statement (the votes trigger of migration 0036).
 */
import { z } from 'zod';
import type { Database, Statements } from '../db/database.js';
import { VOTE_FLAG_STATUSES, type VoteFlagStatus } from '../db/entities/vote.js';
import { InvalidStateError, NotFoundError } from '../errors.js';
import { isoDateTime, offsetOf } from '../schema.js';
import { recordAudit, type Actor } from '../staff/audit-log.js';
import { voteAccountSql } from './vote-check.js';
import { deltasOf, lockListings, moveVoteCounts } from './vote-counts.js';

/** A flagged vote as list_flagged_votes and decide_flagged_votes answer it (the published schema and the type in one). */
export const flaggedVoteView = z.object({
  id: z.number().int(),
  listing: z.object({ slug: z.string(), name: z.string() }),
  voter: z.string().nullable().describe("The voter's e-mail address (null: a vote without an account)"),
  account_created_at: isoDateTime.nullable(),
  rules: z.array(z.string()).describe('burst, network, own_domain, single_maker'),
  evidence: z.record(z.string(), z.unknown()).describe('What each rule saw'),
  cast_at: isoDateTime,
  flagged_at: isoDateTime.nullable(),
  status: z.enum(VOTE_FLAG_STATUSES).describe('flagged (awaiting a decision), confirmed, or cleared (counted)'),
});
export type FlaggedVoteView = z.infer<typeof flaggedVoteView>;

export const VOTE_DECISIONS = ['confirm', 'clear'] as const;
export type VoteDecision = (typeof VOTE_DECISIONS)[number];

const SELECT = `SELECT v.id::int AS id, l.slug, l.name, a.email AS voter, iso_time(a.created_at) AS account_created_at,
    v.flag_rules AS rules, coalesce(v.flag_evidence, '{}'::jsonb) AS evidence, iso_time(v.created_at) AS cast_at,
    iso_time(v.flagged_at) AS flagged_at, v.flag_status AS status
  FROM votes v JOIN listings l ON l.id = v.listing_id LEFT JOIN accounts a ON a.id = ${voteAccountSql('v')}`;

interface Row {
  [key: string]: unknown;
  id: number;
  slug: string;
  name: string;
  voter: string | null;
  account_created_at: string | null;
  rules: string[];
  evidence: Record<string, unknown>;
  cast_at: string;
  flagged_at: string | null;
  status: VoteFlagStatus;
}

const toView = ({ slug, name, ...row }: Row): FlaggedVoteView => ({
  id: row.id,
  listing: { slug, name },
  voter: row.voter,
  account_created_at: row.account_created_at,
  rules: row.rules,
  evidence: row.evidence,
  cast_at: row.cast_at,
  flagged_at: row.flagged_at,
  status: row.status,
});

/** The votes in one status, the latest flagged first, each run's flags together by listing. */
export async function listFlaggedVotes(
  db: Statements,
  query: { status: VoteFlagStatus; page: number; per_page: number },
): Promise<{ items: FlaggedVoteView[]; total: number }> {
  const [counted, rows] = await Promise.all([
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM votes WHERE flag_status = $1', [query.status]),
    db.query<Row>(`${SELECT} WHERE v.flag_status = $1 ORDER BY v.flagged_at DESC NULLS LAST, l.id, v.created_at, v.id LIMIT $2 OFFSET $3`, [
      query.status,
      query.per_page,
      offsetOf(query),
    ]),
  ]);
  return { items: rows.map(toView), total: counted[0]?.total ?? 0 };
}

type Decided = {
  id: number;
  listing_id: number;
  account_id: string | null;
  flag_status: VoteFlagStatus | null;
};

/** The votes, locked (their listings first, in id order); 404 for an id that is no vote, 409 for one not awaiting a decision. */
async function lockedFlaggedVotes(tx: Statements, ids: number[]): Promise<Decided[]> {
  const listings = await tx.query<{ listing_id: number }>('SELECT DISTINCT listing_id FROM votes WHERE id = ANY($1::bigint[])', [ids]);
  await lockListings(
    tx,
    listings.map((row) => row.listing_id),
  );
  const votes = await tx.query<Decided>(
    `SELECT v.id::int AS id, v.listing_id, ${voteAccountSql('v')}::text AS account_id, v.flag_status
     FROM votes v WHERE v.id = ANY($1::bigint[]) ORDER BY v.id FOR UPDATE`,
    [ids],
  );
  const found = new Map(votes.map((vote) => [vote.id, vote]));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw new NotFoundError('vote', missing, 'list_flagged_votes lists the flagged votes');
  const decided = votes.find((vote) => vote.flag_status !== 'flagged');
  if (decided)
    throw new InvalidStateError(
      `Vote ${decided.id} is ${decided.flag_status === null ? 'not flagged' : `already ${decided.flag_status}`}: only flagged votes await a decision.`,
    );
  return votes;
}

/**
 * Confirms or clears flagged votes, all or none: confirm keeps each out of every count (status confirmed); clear
 * counts it again (status cleared, which the check never flags again) and adds it back to its listing's votes_count.
 */
export async function decideFlaggedVotes(
  db: Database,
  decision: { actor: Actor; voteIds: number[]; decision: VoteDecision; note: string; now: Date },
): Promise<FlaggedVoteView[]> {
  const ids = [...new Set(decision.voteIds)];
  const status = decision.decision === 'confirm' ? 'confirmed' : 'cleared';
  return db.transaction(async (tx) => {
    const votes = await lockedFlaggedVotes(tx, ids);
    await tx.query('UPDATE votes SET flag_status = $2, counted = $3 WHERE id = ANY($1::bigint[])', [ids, status, status === 'cleared']);
    if (status === 'cleared')
      await moveVoteCounts(
        tx,
        deltasOf(
          votes.map((vote) => vote.listing_id),
          1,
        ),
      );
    for (const vote of votes)
      await recordAudit(tx, {
        actor: decision.actor,
        action: `vote.${decision.decision}`,
        target: { type: 'vote', id: vote.id },
        before: { status: 'flagged' },
        after: { status },
        reason: decision.note,
        at: decision.now,
      });
    const rows = await tx.query<Row>(`${SELECT} WHERE v.id = ANY($1::bigint[]) ORDER BY v.id`, [ids]);
    return rows.map(toView);
  });
}
