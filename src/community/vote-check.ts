/**
 * The vote check: flags the votes whose pattern a ring leaves, so that they count in neither the boards nor the
 * awards until a moderator clears them (flagged-votes.ts). It runs once a day (the `vote_check` job) and right before
 * the weekly awards are decided, on the thresholds of the site setting `vote_check`.
 *
 * It looks at the votes not yet judged (never flagged; a vote a moderator cleared is never flagged again) cast in the
 * last 14 days (or, when the awards step asks, since the start of the earliest week it is about to decide), and flags a
 * vote when any of these rules matches it:
 *
 * - `burst`: on one listing, a window of `burst_minutes` minutes holds at least `burst_votes` votes from accounts
 *   created at most `young_account_hours` hours before their vote: those young accounts' votes in the window.
 * - `network`: on one listing, the votes from one network (the keyed hash of the voter's IPv4 /24 or IPv6 /48) beyond
 *   the first `network_votes`, oldest first.
 * - `own_domain`: the voter's e-mail domain is the listing's domain (its host without `www.`) or a subdomain of it, or
 *   the listing's domain is a subdomain of the voter's.
 * - `single_maker`: the account has cast at least `single_maker_votes` votes, all for listings owned by one account.
 *
 * Votes without an account (seeded votes) are only subject to the network rule, when they have a network.
 *
 * Votes held out of the counts until checked (beyond their network's limit: unchecked-votes.ts) are judged like the
 * others; once the flags are applied, those left unflagged count, and every vote the run covered is checked.
 *
 * A flagged vote keeps the rules that matched and their evidence for the moderators; the listing's votes_count drops by
 * one (unless the vote was held out until checked); reviews by its voter stop being genuine (the votes trigger of migration 0036); each flag is in the audit log (vote.flag, by "vote check"). One
 * transaction, under an advisory lock: two runs at once flag each vote once.
 */
import type { Statements, Transaction } from '../db/database.js';
import type { Database } from '../db/database.js';
import type { JsonValue } from '../db/entities/json-types.js';
import type { VoteCheckSettings } from '../catalogue/site-settings.js';
import { recordAudit, type Actor } from '../staff/audit-log.js';
import { accountKeySql, accountOfKeySql } from './account-key.js';
import { releaseCheckedVotes } from './unchecked-votes.js';
import { deltasOf, lockListings, moveVoteCounts } from './vote-counts.js';

const VOTE_CHECK_RULES = ['burst', 'network', 'own_domain', 'single_maker'] as const;
type VoteCheckRule = (typeof VOTE_CHECK_RULES)[number];

/** Votes older than this are not looked at again (unless the awards step asks from an earlier week). */
export const VOTE_CHECK_DAYS = 14;

/** Who flags, in the audit log. */
export const VOTE_CHECK_ACTOR: Actor = { accountId: null, label: 'vote check' };

const LOCK = 'vote check';

/**
 * The account that cast a vote: votes.account_id, or the account named by the voter key of a vote cast before
 * votes kept it (`account:<uuid>`); null for seeded votes.
 */
export const voteAccountSql = (v: string) => `coalesce(${v}.account_id, ${accountOfKeySql(`${v}.voter_key`)})`;

/** The votes the check judges: not yet judged, cast in [$1, $2]. */
const CANDIDATE = (v: string) => `${v}.flag_status IS NULL AND ${v}.created_at >= $1::timestamptz AND ${v}.created_at <= $2::timestamptz`;

type Finding = {
  id: number;
  listing_id: number;
  account_id: string | null;
  evidence: Record<string, JsonValue>;
};

type Detector = (db: Statements, range: [string, string], settings: VoteCheckSettings) => Promise<Finding[]>;

const burst: Detector = (db, range, s) =>
  db.query<Finding>(
    `WITH young AS MATERIALIZED (
       SELECT v.id, v.listing_id, v.created_at, v.flag_status, a.id AS account_id,
              round((extract(epoch FROM v.created_at - a.created_at) / 3600)::numeric, 1)::float8 AS age_hours
       FROM votes v JOIN accounts a ON a.id = ${voteAccountSql('v')}
       WHERE v.created_at >= $1::timestamptz - make_interval(mins => $3::int) AND v.created_at <= $2::timestamptz
         AND a.created_at >= v.created_at - make_interval(hours => $4::int)
     ), bursts AS (
       SELECT s.listing_id, s.created_at AS from_at, max(o.created_at) AS last_at, count(*)::int AS n
       FROM young s JOIN young o ON o.listing_id = s.listing_id
         AND o.created_at >= s.created_at AND o.created_at < s.created_at + make_interval(mins => $3::int)
       GROUP BY s.id, s.listing_id, s.created_at HAVING count(*) >= $5::int
     )
     SELECT DISTINCT ON (y.id) y.id::int AS id, y.listing_id, y.account_id::text AS account_id,
       jsonb_build_object('burst', jsonb_build_object('votes', b.n, 'minutes', $3::int, 'from', iso_time(b.from_at), 'to', iso_time(b.last_at)),
                          'account_age_hours', y.age_hours) AS evidence
     FROM young y JOIN bursts b ON b.listing_id = y.listing_id
       AND y.created_at >= b.from_at AND y.created_at < b.from_at + make_interval(mins => $3::int)
     WHERE ${CANDIDATE('y')}
     ORDER BY y.id, b.n DESC, b.from_at`,
    [...range, s.burst_minutes, s.young_account_hours, s.burst_votes],
  );

const network: Detector = (db, range, s) =>
  db.query<Finding>(
    `WITH ranked AS (
       SELECT v.id, v.listing_id, v.created_at, v.flag_status, v.network, ${voteAccountSql('v')} AS account_id,
              row_number() OVER (PARTITION BY v.listing_id, v.network ORDER BY v.created_at, v.id) AS position,
              count(*) OVER (PARTITION BY v.listing_id, v.network) AS from_network
       FROM votes v
       WHERE v.network IS NOT NULL AND v.created_at <= $2::timestamptz
         AND v.listing_id IN (SELECT c.listing_id FROM votes c WHERE ${CANDIDATE('c')} AND c.network IS NOT NULL)
     )
     SELECT r.id::int AS id, r.listing_id, r.account_id::text AS account_id,
       jsonb_build_object('network_votes', r.from_network, 'network', left(r.network, 8), 'network_position', r.position) AS evidence
     FROM ranked r WHERE r.position > $3::int AND ${CANDIDATE('r')}`,
    [...range, s.network_votes],
  );

const ownDomain: Detector = (db, range) =>
  db.query<Finding>(
    `SELECT v.id::int AS id, v.listing_id, a.id::text AS account_id,
       jsonb_build_object('voter_domain', d.vd, 'listing_domain', d.ld) AS evidence
     FROM votes v JOIN accounts a ON a.id = ${voteAccountSql('v')} JOIN listings l ON l.id = v.listing_id
     CROSS JOIN LATERAL (SELECT lower(split_part(a.email, '@', 2)) AS vd, regexp_replace(lower(l.domain), '^www\\.', '') AS ld) d
     WHERE ${CANDIDATE('v')} AND d.vd <> '' AND d.ld <> ''
       AND (d.vd = d.ld OR right(d.vd, length(d.ld) + 1) = '.' || d.ld OR right(d.ld, length(d.vd) + 1) = '.' || d.vd)`,
    range,
  );

const singleMaker: Detector = (db, range, s) =>
  db.query<Finding>(
    `WITH voters AS (
       SELECT DISTINCT ${voteAccountSql('c')} AS account_id FROM votes c WHERE ${CANDIDATE('c')}
     ), cast_votes AS MATERIALIZED (
       SELECT v.id, v.listing_id, v.created_at, v.flag_status, ${voteAccountSql('v')} AS account_id FROM votes v
       WHERE v.account_id IN (SELECT account_id FROM voters) OR v.voter_key IN (SELECT ${accountKeySql('account_id')} FROM voters)
     ), totals AS (
       SELECT account_id, count(*)::int AS n FROM cast_votes WHERE account_id IS NOT NULL GROUP BY account_id HAVING count(*) >= $3::int
     ), makers AS (
       SELECT DISTINCT ON (t.account_id) t.account_id, t.n, o.account_id AS maker_id
       FROM totals t JOIN cast_votes cv ON cv.account_id = t.account_id JOIN listing_owners o ON o.listing_id = cv.listing_id
       GROUP BY t.account_id, t.n, o.account_id HAVING count(DISTINCT cv.id) = t.n
       ORDER BY t.account_id, o.account_id
     )
     SELECT cv.id::int AS id, cv.listing_id, cv.account_id::text AS account_id,
       jsonb_build_object('maker', jsonb_build_object('email', ma.email, 'votes', m.n)) AS evidence
     FROM makers m JOIN cast_votes cv ON cv.account_id = m.account_id JOIN accounts ma ON ma.id = m.maker_id
     WHERE ${CANDIDATE('cv')}`,
    [...range, s.single_maker_votes],
  );

const DETECTORS: Record<VoteCheckRule, Detector> = { burst, network, own_domain: ownDomain, single_maker: singleMaker };

interface Flag {
  id: number;
  listing_id: number;
  account_id: string | null;
  rules: VoteCheckRule[];
  evidence: Record<string, JsonValue>;
}

/** Every rule's findings, one flag per vote with all the rules that matched it and their evidence together. */
async function findFlags(db: Statements, range: [string, string], settings: VoteCheckSettings): Promise<Flag[]> {
  const flags = new Map<number, Flag>();
  for (const rule of VOTE_CHECK_RULES) {
    for (const found of await DETECTORS[rule](db, range, settings)) {
      const flag = flags.get(found.id) ?? {
        id: found.id,
        listing_id: found.listing_id,
        account_id: found.account_id,
        rules: [],
        evidence: {},
      };
      flag.rules.push(rule);
      Object.assign(flag.evidence, found.evidence);
      flags.set(found.id, flag);
    }
  }
  return [...flags.values()].sort((a, b) => a.id - b.id);
}

export interface VoteCheckSummary {
  /** Votes flagged by this run. */
  flagged: number;
  /** Of those, how many each rule matched (a vote may match several). */
  by_rule: Record<VoteCheckRule, number>;
  /** Listings whose count went down. */
  listings: number;
}

/**
 * Flags the votes found (those still unjudged under the listings' locks); answers the flags applied. A flagged vote
 * that counted leaves its listing's votes_count; one held until checked (unchecked-votes.ts) was never in it.
 */
async function applyFlags(tx: Transaction, flags: Flag[], now: Date): Promise<Flag[]> {
  if (flags.length === 0) return [];
  await lockListings(
    tx,
    flags.map((f) => f.listing_id),
  );
  // `before` is the row as the statement found it: whether the vote counted until now.
  const flagged = await tx.query<{ id: number; counted: boolean }>(
    `UPDATE votes v SET flag_status = 'flagged', counted = false, flag_rules = ARRAY(SELECT jsonb_array_elements_text(f.rules)),
       flag_evidence = f.evidence, flagged_at = $2
     FROM jsonb_to_recordset($1::jsonb) AS f(id bigint, rules jsonb, evidence jsonb), votes before
     WHERE v.id = f.id AND before.id = v.id AND v.flag_status IS NULL
     RETURNING v.id::int AS id, before.counted`,
    [JSON.stringify(flags.map(({ id, rules, evidence }) => ({ id, rules, evidence }))), now.toISOString()],
  );
  const applied = new Set(flagged.map((row) => row.id));
  const wasCounted = new Set(flagged.filter((row) => row.counted).map((row) => row.id));
  const done = flags.filter((flag) => applied.has(flag.id));
  await moveVoteCounts(
    tx,
    deltasOf(
      done.filter((flag) => wasCounted.has(flag.id)).map((flag) => flag.listing_id),
      -1,
    ),
  );
  for (const flag of done)
    await recordAudit(tx, {
      actor: VOTE_CHECK_ACTOR,
      action: 'vote.flag',
      target: { type: 'vote', id: flag.id },
      after: { rules: flag.rules, evidence: flag.evidence },
      at: now,
    });
  return done;
}

/**
 * Runs the check as of `now` over the votes cast since `since` (default: VOTE_CHECK_DAYS days before now), and
 * answers what it flagged.
 */
export async function runVoteCheck(
  db: Database,
  check: { now: Date; settings: VoteCheckSettings; since?: Date },
): Promise<VoteCheckSummary> {
  const { now, settings } = check;
  const from = check.since ?? new Date(now.getTime() - VOTE_CHECK_DAYS * 86_400_000);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [LOCK]);
    const flags = await findFlags(tx, [from.toISOString(), now.toISOString()], settings);
    const done = await applyFlags(tx, flags, now);
    await releaseCheckedVotes(tx, now);
    const by_rule = Object.fromEntries(VOTE_CHECK_RULES.map((rule) => [rule, done.filter((f) => f.rules.includes(rule)).length]));
    return {
      flagged: done.length,
      by_rule: by_rule as Record<VoteCheckRule, number>,
      listings: new Set(done.map((f) => f.listing_id)).size,
    };
  });
}

/** "3 votes flagged on 1 listing (burst 3, network 0, own_domain 0, single_maker 0)" for job summaries. */
export function describeVoteCheck(summary: VoteCheckSummary): string {
  const rules = VOTE_CHECK_RULES.map((rule) => `${rule} ${summary.by_rule[rule]}`).join(', ');
  return `${summary.flagged} ${summary.flagged === 1 ? 'vote' : 'votes'} flagged on ${summary.listings} ${summary.listings === 1 ? 'listing' : 'listings'} (${rules})`;
}
