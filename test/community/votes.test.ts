import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { createTestDatabase } from '../support/database.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { makeAccount } from '../support/oauth.js';
import { castVote, withdrawVote } from '../../src/community/votes.js';
import { setFollowing } from '../../src/community/follows.js';
import { ownStanding } from '../../src/community/own-standing.js';
import { ProblemError } from '../../src/errors.js';
import { networkKeyOf } from '../../src/community/network.js';
import { COMMAND_LINE } from '../../src/staff/audit-log.js';
import { loadSiteSettings } from '../../src/catalogue/site-settings.js';
import { updateSiteSettings } from '../../src/staff/settings-writer.js';

/** Each rule of votes and follows, on the real database. */
let db: Database;
let drop: () => Promise<void>;
let category: number;
const now = new Date('2026-11-25T12:00:00Z');

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  category = await insertCategory(db);
}, 60_000);
afterAll(() => drop?.());

const listing = async (status: 'live' | 'scheduled' | 'draft' = 'live') => {
  const id = await insertListing(db, { category_id: category, status, launch_week: '2026-11-23' });
  return (await db.one<{ id: number; slug: string }>('SELECT id, slug FROM listings WHERE id = $1', [id]))!;
};
const counts = async (id: number) =>
  (await db.one<{ votes: number; follows: number; rows: number }>(
    'SELECT votes_count AS votes, follows_count AS follows, (SELECT count(*)::int FROM votes WHERE listing_id = $1) AS rows FROM listings WHERE id = $1',
    [id],
  ))!;
/** Each person votes from a network of their own (198.18.n.0/24), unless given an address. */
let networks = 0;
const voter = async (verified = true, address = `10.${Math.floor(++networks / 250)}.${networks % 250}.7`) => {
  const account = await makeAccount(db, { verified });
  return { id: account.id, email: account.email, emailVerified: verified, address };
};
type Person = Awaited<ReturnType<typeof voter>>;
const vote = async (slug: string, person: Person) => castVote(db, slug, person, now, person.address, await loadSiteSettings(db));
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof ProblemError ? { status: error.status, code: error.code } : error),
  );

describe('votes', () => {
  it("a person's standing on a listing page: their votes among the listings shown, and whether they follow it", async () => {
    const [target, alternative, unvoted] = [await listing(), await listing(), await listing()];
    const person = await voter();
    await vote(target.slug, person);
    await vote(alternative.slug, person);
    await vote(unvoted.slug, await voter());
    expect(await ownStanding(db, person, target.id, [alternative.id, unvoted.id])).toEqual({
      voted: new Set([target.id, alternative.id]),
      following: false,
    });
    await setFollowing(db, target.slug, person, true, now);
    expect(await ownStanding(db, person, unvoted.id, [target.id])).toEqual({ voted: new Set([target.id]), following: false });
    expect((await ownStanding(db, person, target.id, [])).following).toBe(true);
  });

  it('one vote per person per listing, counted with the listing, and taken back', async () => {
    const target = await listing();
    const person = await voter();
    expect(await vote(target.slug, person)).toEqual({ slug: target.slug, votes: 1, voted: true });
    expect(await vote(target.slug, person)).toEqual({ slug: target.slug, votes: 1, voted: true });
    expect(await counts(target.id)).toMatchObject({ votes: 1, rows: 1 });
    expect((await ownStanding(db, person, target.id, [])).voted).toEqual(new Set([target.id]));
    expect(await withdrawVote(db, target.slug, person, now)).toEqual({ slug: target.slug, votes: 0, voted: false });
    expect(await withdrawVote(db, target.slug, person, now)).toMatchObject({ votes: 0 });
    expect(await counts(target.id)).toMatchObject({ votes: 0, rows: 0 });
  });

  it('concurrent votes of many people are each counted once', async () => {
    const target = await listing();
    const people = await Promise.all(Array.from({ length: 8 }, () => voter()));
    await Promise.all(people.flatMap((p) => [vote(target.slug, p), vote(target.slug, p)]));
    expect(await counts(target.id)).toMatchObject({ votes: 8, rows: 8 });
  });

  it('votes, take-backs and follows of one listing at once each move its counts once', async () => {
    const target = await listing();
    const people = await Promise.all(Array.from({ length: 12 }, () => voter()));
    const leaving = people.slice(0, 4);
    await Promise.all(leaving.map((p) => vote(target.slug, p)));
    await Promise.all(leaving.map((p) => setFollowing(db, target.slug, p, true, now)));
    // Everyone at once: the first four take their vote back and stop following, the others vote and follow twice.
    await Promise.all(
      people.flatMap((p) =>
        leaving.includes(p)
          ? [withdrawVote(db, target.slug, p, now), setFollowing(db, target.slug, p, false, now)]
          : [
              vote(target.slug, p),
              vote(target.slug, p),
              setFollowing(db, target.slug, p, true, now),
              setFollowing(db, target.slug, p, true, now),
            ],
      ),
    );
    const follows = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM follows WHERE listing_id = $1', [target.id]);
    expect(await counts(target.id)).toMatchObject({ votes: 8, rows: 8, follows: 8 });
    expect(follows).toEqual({ n: 8 });
  });

  it('needs a confirmed e-mail address (403)', async () => {
    const target = await listing();
    expect(await refusal(vote(target.slug, await voter(false)))).toEqual({ status: 403, code: 'vote_refused' });
    expect(await counts(target.id)).toMatchObject({ votes: 0, rows: 0 });
  });

  it('an owner cannot vote for their own listing (409)', async () => {
    const target = await listing();
    const owner = await voter();
    await db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2::uuid)', [target.id, owner.id]);
    expect(await refusal(vote(target.slug, owner))).toEqual({ status: 409, code: 'invalid_state' });
    expect(await counts(target.id)).toMatchObject({ votes: 0 });
  });

  it('only live listings take votes: upcoming 409, unpublished and unknown 404', async () => {
    const person = await voter();
    expect(await refusal(vote((await listing('scheduled')).slug, person))).toEqual({ status: 409, code: 'invalid_state' });
    expect(await refusal(vote((await listing('draft')).slug, person))).toEqual({ status: 404, code: 'not_found' });
    expect(await refusal(vote('no-such-listing', person))).toEqual({ status: 404, code: 'not_found' });
  });

  it('at most 30 votes and take-backs in 10 minutes per person (429)', async () => {
    const targets = await Promise.all(Array.from({ length: 31 }, () => listing()));
    const person = await voter();
    for (const target of targets.slice(0, 30)) await vote(target.slug, person);
    const refused = await vote(targets[30].slug, person).catch((error: ProblemError) => error);
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited' });
    expect((refused as ProblemError).headers['Retry-After']).toMatch(/^\d+$/);
    expect(await counts(targets[30].id)).toMatchObject({ votes: 0 });
  });

  it('a vote refused (404, 409) counts against no limit: a person who met none can still vote 30 times', async () => {
    const person = await voter();
    const scheduled = await listing('scheduled');
    for (let i = 0; i < 20; i++) {
      expect(await refusal(vote('no-such-listing', person))).toEqual({ status: 404, code: 'not_found' });
      expect(await refusal(vote(scheduled.slug, person))).toEqual({ status: 409, code: 'invalid_state' });
    }
    const targets = await Promise.all(Array.from({ length: 31 }, () => listing()));
    for (const target of targets.slice(0, 30)) await vote(target.slug, person);
    expect(await refusal(vote(targets[30].slug, person))).toEqual({ status: 429, code: 'rate_limited' });
  });

  it('a ring voting all at once from one network gets exactly the network limit through', async () => {
    const change = (votes: number) =>
      updateSiteSettings(db, { actor: COMMAND_LINE, changes: { network_limits: { votes_per_10_minutes: votes } }, now });
    await change(3);
    try {
      const targets = await Promise.all(Array.from({ length: 4 }, () => listing()));
      const ring = await Promise.all(Array.from({ length: 8 }, (_, i) => voter(true, `192.0.5.${i + 1}`)));
      const outcomes = await Promise.all(ring.flatMap((person) => targets.map((target) => refusal(vote(target.slug, person)))));
      expect(outcomes.filter((o) => o === undefined)).toHaveLength(3);
      expect(outcomes.filter((o) => o !== undefined)).toEqual(Array(29).fill({ status: 429, code: 'rate_limited' }));
      const counted = await db.one<{ votes: number; rows: number }>(
        'SELECT sum(votes_count)::int AS votes, (SELECT count(*)::int FROM votes WHERE listing_id = ANY($1)) AS rows FROM listings WHERE id = ANY($1)',
        [targets.map((t) => t.id)],
      );
      expect(counted).toEqual({ votes: 3, rows: 3 });
    } finally {
      await change(60);
    }
  });

  it('keeps the account and a keyed hash of the network, never the address', async () => {
    const target = await listing();
    const [first, neighbour, stranger] = [
      await voter(true, '203.0.113.5'),
      await voter(true, '203.0.113.200'),
      await voter(true, '2001:db8:7::1'),
    ];
    for (const person of [first, neighbour, stranger]) await vote(target.slug, person);
    const rows = await db.query<{ account_id: string; network: string }>(
      'SELECT account_id, network FROM votes WHERE listing_id = $1 ORDER BY id',
      [target.id],
    );
    expect(rows.map((r) => r.account_id)).toEqual([first.id, neighbour.id, stranger.id]);
    expect(rows[0].network).toMatch(/^[0-9a-f]{32}$/);
    expect(rows[0].network).toBe(await networkKeyOf(db, '203.0.113.5'));
    expect(rows[1].network).toBe(rows[0].network); // one /24
    expect(rows[2].network).not.toBe(rows[0].network);
    expect(JSON.stringify(rows)).not.toContain('203.0.113');
  });

  it('at most network_limits.votes_per_10_minutes votes from one network (429), other networks unaffected', async () => {
    const change = (votes: number) =>
      updateSiteSettings(db, { actor: COMMAND_LINE, changes: { network_limits: { votes_per_10_minutes: votes } }, now });
    await change(2);
    try {
      const target = await listing();
      const ring = await Promise.all(['192.0.2.10', '192.0.2.11', '192.0.2.12'].map((address) => voter(true, address)));
      await vote(target.slug, ring[0]);
      await vote(target.slug, ring[1]);
      const refused = await vote(target.slug, ring[2]).catch((error: ProblemError) => error);
      expect(refused).toMatchObject({ status: 429, code: 'rate_limited' });
      expect((refused as ProblemError).detail).toContain('one network');
      expect(await counts(target.id)).toMatchObject({ votes: 2, rows: 2 });
      await vote(target.slug, await voter(true, '192.0.3.10')); // the next /24 is another network
      expect(await counts(target.id)).toMatchObject({ votes: 3, rows: 3 });
    } finally {
      await change(60);
    }
  });

  it('taking back a vote the check held out leaves the count alone (it was never in it)', async () => {
    const target = await listing();
    const [counted, flagged] = [await voter(), await voter()];
    await vote(target.slug, counted);
    await vote(target.slug, flagged);
    // As the vote check does: the vote held out, and the count without it.
    await db.query(
      `UPDATE votes SET flag_status = 'flagged', counted = false, flagged_at = now() WHERE listing_id = $1 AND account_id = $2`,
      [target.id, flagged.id],
    );
    await db.query('UPDATE listings SET votes_count = 1 WHERE id = $1', [target.id]);
    await db.query(
      `INSERT INTO reviews (listing_id, reviewer_key, rating, body, account_id, genuine) VALUES ($1, $2, 5, 'A review by the flagged voter', $3, false)`,
      [target.id, `account:${flagged.id}`, flagged.id],
    );
    expect(await withdrawVote(db, target.slug, flagged, now)).toEqual({ slug: target.slug, votes: 1, voted: false });
    expect(await counts(target.id)).toMatchObject({ votes: 1, rows: 1 });
    // No flagged vote left: the person's review counts again.
    expect(await db.one('SELECT genuine FROM reviews WHERE account_id = $1', [flagged.id])).toEqual({ genuine: true });
    expect(await withdrawVote(db, target.slug, counted, now)).toMatchObject({ votes: 0 });
    expect(await counts(target.id)).toMatchObject({ votes: 0, rows: 0 });
  });
});

describe('follows', () => {
  it('follow and unfollow a live or upcoming listing, counted once', async () => {
    for (const status of ['live', 'scheduled'] as const) {
      const target = await listing(status);
      const person = await voter();
      await setFollowing(db, target.slug, person, true, now);
      await setFollowing(db, target.slug, person, true, now);
      expect(await counts(target.id)).toMatchObject({ follows: 1 });
      expect((await ownStanding(db, person, target.id, [])).following).toBe(true);
      await setFollowing(db, target.slug, person, false, now);
      expect(await counts(target.id)).toMatchObject({ follows: 0 });
      expect((await ownStanding(db, person, target.id, [])).following).toBe(false);
    }
    expect(
      await refusal(setFollowing(db, (await listing('draft')).slug, { email: 'a@b.example', emailVerified: true }, true, now)),
    ).toEqual({
      status: 404,
      code: 'not_found',
    });
  });

  it('needs a confirmed e-mail address (403 follow_refused); stopping always works', async () => {
    const target = await listing();
    const unconfirmed = await voter(false);
    expect(await refusal(setFollowing(db, target.slug, unconfirmed, true, now))).toEqual({ status: 403, code: 'follow_refused' });
    expect(await counts(target.id)).toMatchObject({ follows: 0 });
    expect((await ownStanding(db, unconfirmed, target.id, [])).following).toBe(false);
    // A row from before following needed a confirmed address can still be removed.
    await db.query('INSERT INTO follows (listing_id, follower_email) VALUES ($1, $2)', [target.id, unconfirmed.email]);
    await db.query('UPDATE listings SET follows_count = 1 WHERE id = $1', [target.id]);
    expect(await setFollowing(db, target.slug, unconfirmed, false, now)).toMatchObject({ follows: 0, following: false });
    expect((await ownStanding(db, unconfirmed, target.id, [])).following).toBe(false);
  });
});
