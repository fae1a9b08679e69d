/**
 * The vote check on the real database: each rule flags what it should and not its near miss; the ring of issue 30
 * (30 fresh accounts voting for one listing within ten minutes) is flagged and leaves the award, while 30 votes spread
 * over days by older accounts are not; the probe's five fresh accounts from one network; moderators confirm or clear
 * (404, 409, counts, audit); a flagged voter's review stops being genuine until cleared; the boards and trending count
 * only counted votes; the daily job and the awards step run the check.
 *
 * Each test works in a launch week of its own, three weeks after the previous one, so that the 14 days the check
 * looks at never reach another test's votes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { createTestDatabase } from '../support/database.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { runVoteCheck, VOTE_CHECK_ACTOR } from '../../src/community/vote-check.js';
import { decideFlaggedVotes, listFlaggedVotes } from '../../src/community/flagged-votes.js';
import { decideWeek } from '../../src/community/weekly-awards.js';
import { readBoard } from '../../src/catalogue/leaderboards.js';
import { trendingScoresSql } from '../../src/catalogue/trending.js';
import { weekInstants } from '../../src/catalogue/weeks.js';
import { deferredJobQueue } from '../../src/jobs/job-outbox.js';
import { recurringJobs, VOTE_CHECK_JOB, WEEKLY_AWARDS_JOB } from '../../src/schedule/recurring-jobs.js';
import type { VoteCheckSettings } from '../../src/catalogue/site-settings.js';
import { ProblemError } from '../../src/errors.js';
import { castVote, withdrawVote } from '../../src/community/votes.js';

let db: Database;
let drop: () => Promise<void>;
let category: number;
const SETTINGS: VoteCheckSettings = { burst_votes: 5, burst_minutes: 60, young_account_hours: 72, network_votes: 3, single_maker_votes: 3 };
const MODERATOR = { accountId: null, label: 'moderator@directory.test' };
const HOUR = 3_600_000;
const MINUTE = 60_000;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  category = await insertCategory(db);
}, 60_000);
afterAll(() => drop?.());

let era = 0;
/** A Monday of its own for each test (three weeks apart), as an ISO date and as an instant. */
function nextWeek(): { week: string; monday: Date } {
  const monday = new Date(Date.UTC(2026, 0, 5) + 21 * 86_400_000 * era++);
  return { week: monday.toISOString().slice(0, 10), monday };
}
const plus = (at: Date, ms: number) => new Date(at.getTime() + ms);

let seq = 0;
async function account(createdAt: Date, email = `voter${++seq}-${Math.random().toString(36).slice(2, 8)}@mail.example`): Promise<string> {
  const row = await db.one<{ id: string }>(
    `INSERT INTO accounts (id, email, password_hash, email_verified_at, created_at)
     VALUES (gen_random_uuid(), $1, 'x', $2, $2) RETURNING id::text AS id`,
    [email, createdAt.toISOString()],
  );
  return row!.id;
}

async function listing(week: string, fields: { url?: string; owner?: string } = {}): Promise<number> {
  const id = await insertListing(db, {
    category_id: category,
    status: 'live',
    launch_week: week,
    launched_at: `${week}T01:00:00Z`,
    url: fields.url ?? `https://listing-${++seq}.example`,
  });
  if (fields.owner) await db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2::uuid)', [id, fields.owner]);
  return id;
}

/** A vote as castVote stores it (or a seeded one, without an account), with the listing's count. */
async function vote(listingId: number, accountId: string | null, at: Date, network: string | null = `net-${++seq}`): Promise<number> {
  const row = await db.one<{ id: number }>(
    `INSERT INTO votes (listing_id, voter_key, account_id, network, created_at) VALUES ($1, $2, $3::uuid, $4, $5) RETURNING id::int AS id`,
    [listingId, accountId ? `account:${accountId}` : `seed:${++seq}`, accountId, network, at.toISOString()],
  );
  await db.query('UPDATE listings SET votes_count = votes_count + 1 WHERE id = $1', [listingId]);
  return row!.id;
}

/** `count` votes for a listing, from accounts created `ageHours` before their vote, the i-th vote at `at(i)`. */
async function votes(listingId: number, count: number, at: (i: number) => Date, ageHours: number, network?: (i: number) => string) {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const time = at(i);
    ids.push(await vote(listingId, await account(plus(time, -ageHours * HOUR)), time, network ? network(i) : undefined));
  }
  return ids;
}

const flagsOf = (listingId: number) =>
  db.query<{ id: number; flag_status: string | null; counted: boolean; flag_rules: string[] }>(
    'SELECT id::int AS id, flag_status, counted, flag_rules FROM votes WHERE listing_id = $1 ORDER BY created_at, id',
    [listingId],
  );
const flaggedIds = async (listingId: number) => (await flagsOf(listingId)).filter((v) => v.flag_status !== null).map((v) => v.id);
const votesCount = async (listingId: number) =>
  (await db.one<{ n: number }>('SELECT votes_count AS n FROM listings WHERE id = $1', [listingId]))!.n;
const problem = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof ProblemError ? { status: error.status, code: error.code } : error),
  );

describe('the rules', () => {
  it('burst: five votes within an hour from accounts under 72 hours old are flagged; four, or five over 64 minutes, or older accounts are not', async () => {
    const { monday } = nextWeek();
    const start = plus(monday, 24 * HOUR);
    const ringed = await listing(monday.toISOString().slice(0, 10));
    const ring = await votes(ringed, 5, (i) => plus(start, i * 12 * MINUTE), 2);
    // Near misses: four young ones and one from a 73-hour-old account within the hour; five young ones 16 minutes apart.
    const mixed = await listing(monday.toISOString().slice(0, 10));
    await votes(mixed, 4, (i) => plus(start, i * 10 * MINUTE), 71);
    await votes(mixed, 1, () => plus(start, 45 * MINUTE), 73);
    const slow = await listing(monday.toISOString().slice(0, 10));
    await votes(slow, 5, (i) => plus(start, i * 16 * MINUTE), 1);

    const summary = await runVoteCheck(db, { now: plus(monday, 3 * 24 * HOUR), settings: SETTINGS });
    expect(summary).toEqual({ flagged: 5, by_rule: { burst: 5, network: 0, own_domain: 0, single_maker: 0 }, listings: 1 });
    expect(await flaggedIds(ringed)).toEqual(ring);
    expect(await flaggedIds(mixed)).toEqual([]);
    expect(await flaggedIds(slow)).toEqual([]);
    expect(await votesCount(ringed)).toBe(0);
    expect(await votesCount(mixed)).toBe(5);
    const { items } = await listFlaggedVotes(db, { status: 'flagged', page: 1, per_page: 10 });
    const first = items.find((item) => item.id === ring[0]);
    expect(first).toMatchObject({
      rules: ['burst'],
      status: 'flagged',
      voter: expect.stringMatching(/@mail\.example$/),
      evidence: {
        burst: { votes: 5, minutes: 60, from: start.toISOString(), to: plus(start, 48 * MINUTE).toISOString() },
        account_age_hours: 2,
      },
    });
  });

  it('network: votes from one network beyond the first three, oldest first, seeded votes included; three are not flagged', async () => {
    const { week, monday } = nextWeek();
    const crowded = await listing(week);
    const old = 30 * 24;
    const [a, b] = await votes(
      crowded,
      2,
      (i) => plus(monday, i * 5 * HOUR),
      old,
      () => 'office',
    );
    const seeded = await vote(crowded, null, plus(monday, 11 * HOUR), 'office');
    const [d, e] = await votes(
      crowded,
      2,
      (i) => plus(monday, (15 + i * 5) * HOUR),
      old,
      () => 'office',
    );
    const noNetwork = await vote(crowded, null, plus(monday, 30 * HOUR), null);
    const fine = await listing(week);
    await votes(
      fine,
      3,
      (i) => plus(monday, i * 5 * HOUR),
      old,
      () => 'office',
    );

    const summary = await runVoteCheck(db, { now: plus(monday, 3 * 24 * HOUR), settings: SETTINGS });
    expect(summary).toMatchObject({ flagged: 2, by_rule: { network: 2 }, listings: 1 });
    expect(await flaggedIds(crowded)).toEqual([d, e]);
    expect([a, b, seeded, noNetwork].some((id) => id === d || id === e)).toBe(false);
    expect(await flaggedIds(fine)).toEqual([]);
    const [evidence] = await db.query<{ flag_evidence: unknown }>('SELECT flag_evidence FROM votes WHERE id = $1', [e]);
    expect(evidence!.flag_evidence).toEqual({ network_votes: 5, network: 'office', network_position: 5 });
  });

  it("own domain: the voter's domain is the listing's (without www) or a subdomain of it, or the listing's is a subdomain of the voter's", async () => {
    const { week, monday } = nextWeek();
    const at = (h: number) => plus(monday, h * HOUR);
    const old = plus(monday, -60 * 24 * HOUR);
    const acme = await listing(week, { url: 'https://www.acme-tools.test/pricing' });
    const app = await listing(week, { url: 'https://app.beta-works.test' });
    const same = await vote(acme, await account(old, 'founder@acme-tools.test'), at(1));
    const sub = await vote(acme, await account(old, 'pat@mail.acme-tools.test'), at(2));
    const parent = await vote(app, await account(old, 'sam@beta-works.test'), at(3));
    // Near misses: a longer name ending the same, and a domain that only starts like the listing's.
    await vote(acme, await account(old, 'kim@notacme-tools.test'), at(4));
    await vote(acme, await account(old, 'lee@acme-tools.test.example'), at(5));
    await vote(app, await account(old, 'max@works.test'), at(6));

    const summary = await runVoteCheck(db, { now: at(72), settings: SETTINGS });
    expect(summary).toMatchObject({ flagged: 3, by_rule: { own_domain: 3 } });
    expect(await flaggedIds(acme)).toEqual([same, sub]);
    expect(await flaggedIds(app)).toEqual([parent]);
    const [row] = await db.query<{ flag_evidence: unknown; flag_rules: string[] }>(
      'SELECT flag_evidence, flag_rules FROM votes WHERE id = $1',
      [sub],
    );
    expect(row).toEqual({
      flag_rules: ['own_domain'],
      flag_evidence: { voter_domain: 'mail.acme-tools.test', listing_domain: 'acme-tools.test' },
    });
  });

  it('single maker: an account with three votes, all for one owner’s listings, is flagged; two, or one vote elsewhere, are not', async () => {
    const { week, monday } = nextWeek();
    const at = (h: number) => plus(monday, h * HOUR);
    const old = plus(monday, -60 * 24 * HOUR);
    const maker = await account(old, `maker-${++seq}@maker.example`);
    const otherMaker = await account(old);
    const [m1, m2, m3] = [
      await listing(week, { owner: maker }),
      await listing(week, { owner: maker }),
      await listing(week, { owner: maker }),
    ];
    const elsewhere = await listing(week, { owner: otherMaker });
    const fan = await account(old);
    const fanVotes = [await vote(m1, fan, at(1)), await vote(m2, fan, at(20)), await vote(m3, fan, at(40))];
    const broad = await account(old);
    await vote(m1, broad, at(2));
    await vote(m2, broad, at(21));
    await vote(elsewhere, broad, at(41));
    const twice = await account(old);
    await vote(m1, twice, at(3));
    await vote(m2, twice, at(22));

    const summary = await runVoteCheck(db, { now: at(72), settings: SETTINGS });
    expect(summary).toEqual({ flagged: 3, by_rule: { burst: 0, network: 0, own_domain: 0, single_maker: 3 }, listings: 3 });
    const flagged = await db.query<{ id: number; evidence: unknown }>(
      `SELECT id::int AS id, flag_evidence AS evidence FROM votes WHERE flag_status = 'flagged' AND account_id = ANY($1::uuid[]) ORDER BY id`,
      [[fan, broad, twice]],
    );
    expect(flagged.map((row) => row.id)).toEqual(fanVotes);
    expect(flagged[0]!.evidence).toEqual({ maker: { email: expect.stringMatching(/^maker-\d+@maker\.example$/), votes: 3 } });
  });
});

describe('a ring and honest voters', () => {
  it('the ring test: 30 accounts made minutes before, voting within ten minutes, are flagged and the award goes to the honest listing', async () => {
    const { week, monday } = nextWeek();
    const ringed = await listing(week);
    const honest = await listing(week);
    // Honest people over the week: ten for one listing, five for the other, from accounts weeks old.
    await votes(honest, 10, (i) => plus(monday, (6 + i * 14) * HOUR), 40 * 24);
    const genuine = await votes(ringed, 5, (i) => plus(monday, (8 + i * 20) * HOUR), 40 * 24);
    // Wednesday 20:00: thirty accounts, each made a few minutes before its vote, from thirty networks, within ten minutes.
    const ringStart = plus(monday, (2 * 24 + 20) * HOUR);
    const ring = await votes(ringed, 30, (i) => plus(ringStart, i * 20_000), 0.1);
    expect(await votesCount(ringed)).toBe(35);

    const end = plus(monday, 7 * 24 * HOUR);
    const summary = await runVoteCheck(db, { now: plus(end, MINUTE), settings: SETTINGS });
    expect(summary).toMatchObject({ flagged: 30, by_rule: { burst: 30 }, listings: 1 });
    expect(await flaggedIds(ringed)).toEqual(ring);
    expect(genuine.every((id) => !ring.includes(id))).toBe(true);
    expect(await votesCount(ringed)).toBe(5);
    expect(await votesCount(honest)).toBe(10);

    const decided = await decideWeek(db, deferredJobQueue(db), week, 'UTC', plus(end, 2 * MINUTE));
    expect(decided?.winners).toEqual([
      { rank: 1, listingId: honest, votes: 10 },
      { rank: 2, listingId: ringed, votes: 5 },
    ]);
  });

  it('30 votes spread over days by accounts weeks old are not flagged', async () => {
    const { week, monday } = nextWeek();
    const popular = await listing(week);
    await votes(popular, 30, (i) => plus(monday, i * 5 * HOUR), 21 * 24);
    const summary = await runVoteCheck(db, { now: plus(monday, 7 * 24 * HOUR), settings: SETTINGS });
    expect(summary.flagged).toBe(0);
    expect(await flaggedIds(popular)).toEqual([]);
    expect(await votesCount(popular)).toBe(30);
  });

  it('the probe: five fresh accounts from one address voting within seconds are flagged (votes 2 → 7 → 2)', async () => {
    const { week, monday } = nextWeek();
    const target = await listing(week);
    await votes(target, 2, (i) => plus(monday, i * 10 * HOUR), 90 * 24);
    const at = plus(monday, 30 * HOUR);
    const probe = await votes(
      target,
      5,
      (i) => plus(at, i * 4000),
      0.01,
      () => 'one-address',
    );
    expect(await votesCount(target)).toBe(7);
    const summary = await runVoteCheck(db, { now: plus(at, 5 * MINUTE), settings: SETTINGS });
    expect(summary).toMatchObject({ flagged: 5, by_rule: { burst: 5, network: 2 } });
    expect(await votesCount(target)).toBe(2);
    const rules = (await flagsOf(target)).filter((v) => v.flag_status).map((v) => v.flag_rules);
    expect(rules).toEqual([['burst'], ['burst'], ['burst'], ['burst', 'network'], ['burst', 'network']]);
    expect((await flagsOf(target)).filter((v) => v.flag_status).map((v) => v.id)).toEqual(probe);
  });
});

describe('flagging and deciding', () => {
  it('each flag is audited; two runs at once flag each vote once', async () => {
    const { week, monday } = nextWeek();
    const target = await listing(week);
    const ring = await votes(target, 6, (i) => plus(monday, 10 * HOUR + i * MINUTE), 1);
    const now = plus(monday, 24 * HOUR);
    const [one, two] = await Promise.all([runVoteCheck(db, { now, settings: SETTINGS }), runVoteCheck(db, { now, settings: SETTINGS })]);
    expect(one.flagged + two.flagged).toBe(6);
    expect(await votesCount(target)).toBe(0);
    expect((await runVoteCheck(db, { now, settings: SETTINGS })).flagged).toBe(0);
    const audit = await db.query<{
      actor: string;
      actor_id: string | null;
      target_id: string;
      after: { rules: string[] };
      occurred_at: Date;
    }>(
      `SELECT actor, actor_id, target_id, after FROM audit_log WHERE action = 'vote.flag' AND target_type = 'vote' AND target_id = ANY($1::text[]) ORDER BY id`,
      [ring.map(String)],
    );
    expect(audit.map((entry) => entry.target_id).sort()).toEqual(ring.map(String).sort());
    expect(audit[0]).toMatchObject({
      actor: VOTE_CHECK_ACTOR.label,
      actor_id: null,
      after: { rules: ['burst'], evidence: { burst: { votes: 6 } } },
    });
  });

  it('confirm keeps votes out, clear counts them again (and they are never flagged again); 404 and 409 change nothing; audited', async () => {
    const { week, monday } = nextWeek();
    const target = await listing(week);
    const ring = await votes(target, 5, (i) => plus(monday, 10 * HOUR + i * MINUTE), 1);
    const now = plus(monday, 24 * HOUR);
    await runVoteCheck(db, { now, settings: SETTINGS });
    expect(await votesCount(target)).toBe(0);
    const [a, b, c, d, e] = ring as [number, number, number, number, number];

    expect(
      await problem(decideFlaggedVotes(db, { actor: MODERATOR, voteIds: [a, 2_000_000_000], decision: 'clear', note: 'x', now })),
    ).toEqual({
      status: 404,
      code: 'not_found',
    });
    const confirmed = await decideFlaggedVotes(db, { actor: MODERATOR, voteIds: [a, b], decision: 'confirm', note: 'A ring', now });
    expect(confirmed.map((v) => [v.id, v.status])).toEqual([
      [a, 'confirmed'],
      [b, 'confirmed'],
    ]);
    expect(await votesCount(target)).toBe(0);
    // All or none: one vote already decided refuses the lot.
    expect(await problem(decideFlaggedVotes(db, { actor: MODERATOR, voteIds: [c, a], decision: 'clear', note: 'x', now }))).toEqual({
      status: 409,
      code: 'invalid_state',
    });
    expect((await flagsOf(target)).find((v) => v.id === c)?.flag_status).toBe('flagged');
    const cleared = await decideFlaggedVotes(db, {
      actor: MODERATOR,
      voteIds: [c, d, e],
      decision: 'clear',
      note: 'Colleagues, checked',
      now,
    });
    expect(cleared.every((v) => v.status === 'cleared')).toBe(true);
    expect(await votesCount(target)).toBe(3);
    expect(await flagsOf(target)).toEqual([
      { id: a, flag_status: 'confirmed', counted: false, flag_rules: ['burst'] },
      { id: b, flag_status: 'confirmed', counted: false, flag_rules: ['burst'] },
      { id: c, flag_status: 'cleared', counted: true, flag_rules: ['burst'] },
      { id: d, flag_status: 'cleared', counted: true, flag_rules: ['burst'] },
      { id: e, flag_status: 'cleared', counted: true, flag_rules: ['burst'] },
    ]);
    expect((await runVoteCheck(db, { now, settings: SETTINGS })).flagged).toBe(0);
    expect(await votesCount(target)).toBe(3);
    const listed = await listFlaggedVotes(db, { status: 'cleared', page: 1, per_page: 50 });
    expect(
      listed.items
        .filter((v) => ring.includes(v.id))
        .map((v) => v.id)
        .sort(),
    ).toEqual([c, d, e].sort());

    const audit = await db.query<{ action: string; actor: string; target_id: string; reason: string; before: unknown; after: unknown }>(
      `SELECT action, actor, target_id, reason, before, after FROM audit_log WHERE action IN ('vote.confirm', 'vote.clear') AND target_id = ANY($1::text[]) ORDER BY id`,
      [ring.map(String)],
    );
    expect(audit).toEqual([
      {
        action: 'vote.confirm',
        actor: MODERATOR.label,
        target_id: String(a),
        reason: 'A ring',
        before: { status: 'flagged' },
        after: { status: 'confirmed' },
      },
      {
        action: 'vote.confirm',
        actor: MODERATOR.label,
        target_id: String(b),
        reason: 'A ring',
        before: { status: 'flagged' },
        after: { status: 'confirmed' },
      },
      ...[c, d, e].map((id) => ({
        action: 'vote.clear',
        actor: MODERATOR.label,
        target_id: String(id),
        reason: 'Colleagues, checked',
        before: { status: 'flagged' },
        after: { status: 'cleared' },
      })),
    ]);
  });

  it("a flagged voter's review stops being genuine, and comes back when the vote is cleared", async () => {
    const { week, monday } = nextWeek();
    const target = await listing(week);
    const reviewed = await listing(week);
    const ring = await votes(target, 5, (i) => plus(monday, 10 * HOUR + i * MINUTE), 1);
    const [reviewer] = await db.query<{ account_id: string }>('SELECT account_id::text AS account_id FROM votes WHERE id = $1', [ring[0]]);
    const review = await db.one<{ id: number }>(
      `INSERT INTO reviews (listing_id, reviewer_key, account_id, rating, body, genuine, created_at)
       VALUES ($1, $2, $3::uuid, 5, 'A great tool for the whole team, really.', true, $4) RETURNING id`,
      [reviewed, `account:${reviewer!.account_id}`, reviewer!.account_id, plus(monday, 11 * HOUR).toISOString()],
    );
    const genuine = async () => (await db.one<{ genuine: boolean }>('SELECT genuine FROM reviews WHERE id = $1', [review!.id]))!.genuine;
    const now = plus(monday, 24 * HOUR);
    await runVoteCheck(db, { now, settings: SETTINGS });
    expect(await genuine()).toBe(false);
    await decideFlaggedVotes(db, { actor: MODERATOR, voteIds: [ring[0]!], decision: 'clear', note: 'Known person', now });
    expect(await genuine()).toBe(true);
  });
});

describe('what counts', () => {
  it('the weekly and all-time boards and trending leave flagged votes out', async () => {
    const { week, monday } = nextWeek();
    const ringed = await listing(week);
    const honest = await listing(week);
    await votes(honest, 3, (i) => plus(monday, (5 + i * 10) * HOUR), 30 * 24);
    await votes(ringed, 6, (i) => plus(monday, 40 * HOUR + i * MINUTE), 1);
    const now = plus(monday, 48 * HOUR);
    const window = weekInstants({ start: week, end: new Date(monday.getTime() + 6 * 86_400_000).toISOString().slice(0, 10) }, 'UTC');
    const weekly = async () =>
      (await readBoard(db, 'community-weekly', { page: 1, per_page: 50 }, 'http://x.test', { window })).entries
        .filter((e) => [ringed, honest].includes(Number(e.listing.id)))
        .map((e) => [Number(e.listing.id), e.metric.value]);
    const trending = async () =>
      (
        await db.query<{ listing_id: number }>(
          `SELECT listing_id FROM (${trendingScoresSql('$1')}) s WHERE listing_id = ANY($2::int[]) ORDER BY score DESC`,
          [now.toISOString(), [ringed, honest]],
        )
      ).map((row) => row.listing_id);
    expect(await weekly()).toEqual([
      [ringed, 6],
      [honest, 3],
    ]);
    expect(await trending()).toEqual([ringed, honest]);

    await runVoteCheck(db, { now, settings: SETTINGS });
    expect(await weekly()).toEqual([[honest, 3]]);
    expect(await trending()).toEqual([honest]);
    const allTime = (await readBoard(db, 'community-all-time', { page: 1, per_page: 100 }, 'http://x.test', undefined)).entries
      .filter((e) => [ringed, honest].includes(Number(e.listing.id)))
      .map((e) => [Number(e.listing.id), e.metric.value]);
    expect(allTime).toEqual([[honest, 3]]);
  });

  it('the daily vote_check job runs the check, and the awards step runs it before deciding the week', async () => {
    const { week, monday } = nextWeek();
    const ringed = await listing(week);
    const honest = await listing(week);
    await votes(honest, 4, (i) => plus(monday, (5 + i * 10) * HOUR), 30 * 24);
    await votes(ringed, 5, (i) => plus(monday, 40 * HOUR + i * MINUTE), 1);
    const jobs = recurringJobs({ db, queue: deferredJobQueue(db), publicUrl: 'http://localhost:3000', digestMailsPerMinute: 600 });
    const daily = jobs.find((job) => job.name === VOTE_CHECK_JOB)!;
    expect(daily.cadence).toBe('daily');
    const day = plus(monday, 3 * 24 * HOUR);
    expect(await daily.run(day.toISOString().slice(0, 10), day)).toBe(
      '5 votes flagged on 1 listing (burst 5, network 0, own_domain 0, single_maker 0)',
    );

    // A second ring late on Sunday, after the daily run: the awards step finds it before deciding.
    const lateRing = await votes(ringed, 6, (i) => plus(monday, (6 * 24 + 22) * HOUR + i * MINUTE), 2);
    const nextMonday = plus(monday, 7 * 24 * HOUR);
    const awards = jobs.find((job) => job.name === WEEKLY_AWARDS_JOB)!;
    const summary = await awards.run(nextMonday.toISOString().slice(0, 10), plus(nextMonday, 5 * MINUTE));
    expect(summary).toMatch(/^vote check: 6 votes flagged on 1 listing \(burst 6, [^)]*\); decided [^;]*\b/);
    expect(summary).toContain(`${week} (1 winners)`);
    expect(await flaggedIds(ringed)).toHaveLength(11);
    expect((await flaggedIds(ringed)).slice(5)).toEqual(lateRing);
    const [award] = await db.query<{ listing_id: number; votes: number; rank: number }>(
      'SELECT listing_id, votes, rank::int AS rank FROM awards WHERE week = $1::date ORDER BY rank',
      [week],
    );
    expect(award).toEqual({ listing_id: honest, votes: 4, rank: 1 });
  });
});

describe('flags stick (issue 52, part 2)', () => {
  it('a flagged ring that takes its votes back and votes again stays off the board until a moderator clears it', async () => {
    const { week, monday } = nextWeek();
    const target = await listing(week);
    await votes(target, 3, (i) => plus(monday, (5 + i * 10) * HOUR), 30 * 24);
    const at = plus(monday, 40 * HOUR);
    const settings = { network_limits: { signups_per_hour: 20, votes_per_10_minutes: 100 } };
    const slug = (await db.one<{ slug: string }>('SELECT slug FROM listings WHERE id = $1', [target]))!.slug;
    const window = weekInstants({ start: week, end: new Date(monday.getTime() + 6 * 86_400_000).toISOString().slice(0, 10) }, 'UTC');
    const board = async () =>
      (await readBoard(db, 'community-weekly', { page: 1, per_page: 100 }, 'http://x.test', { window })).entries.find(
        (e) => Number(e.listing.id) === target,
      )?.metric.value;
    // Ten accounts made an hour before, voting from one address.
    const ring = [];
    for (let i = 0; i < 10; i++) ring.push({ id: await account(plus(at, -HOUR)), emailVerified: true });
    for (const [i, voter] of ring.entries()) await castVote(db, slug, voter, plus(at, i * 1000), '203.0.113.7', settings);
    expect([await board(), await votesCount(target)]).toEqual([13, 13]);
    await runVoteCheck(db, { now: plus(at, 10 * MINUTE), settings: SETTINGS });
    expect([await board(), await votesCount(target)]).toEqual([3, 3]);

    // Each takes the vote back and votes again: the new votes start flagged, held out of every count.
    const again = plus(at, 20 * MINUTE);
    for (const voter of ring) {
      await withdrawVote(db, slug, voter, again);
      expect(await castVote(db, slug, voter, again, '203.0.113.7', settings)).toEqual({ slug, votes: 3, voted: true });
    }
    expect([await board(), await votesCount(target)]).toEqual([3, 3]);
    const flagged = (await flagsOf(target)).filter((v) => v.flag_status !== null);
    expect(flagged.map((v) => [v.flag_status, v.counted])).toEqual(Array(10).fill(['flagged', false]));
    expect(await db.one('SELECT count(*)::int AS n FROM vote_flags WHERE listing_id = $1', [target])).toEqual({ n: 0 });

    // A moderator confirms two (they stay out after another take-back) and clears the rest (they count, and a
    // take-back and a new vote count as any vote).
    const [one, two, ...rest] = flagged.map((v) => v.id);
    await decideFlaggedVotes(db, { actor: MODERATOR, voteIds: [one!, two!], decision: 'confirm', note: 'A ring', now: again });
    await decideFlaggedVotes(db, { actor: MODERATOR, voteIds: rest, decision: 'clear', note: 'Checked', now: again });
    expect([await board(), await votesCount(target)]).toEqual([11, 11]);
    const later = plus(at, 30 * MINUTE);
    for (const voter of ring) {
      await withdrawVote(db, slug, voter, later);
      await castVote(db, slug, voter, later, '203.0.113.7', settings);
    }
    expect([await board(), await votesCount(target)]).toEqual([11, 11]);
    const statuses = (await flagsOf(target)).filter((v) => v.flag_status !== null).map((v) => v.flag_status);
    expect(statuses).toEqual(['confirmed', 'confirmed']);
  });
});
