import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { createTestDatabase } from '../support/database.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { makeAccount } from '../support/oauth.js';
import { castVote, hasVoted, withdrawVote } from '../../src/community/votes.js';
import { isFollowing, setFollowing } from '../../src/community/follows.js';
import { ProblemError } from '../../src/errors.js';

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
const voter = async (verified = true) => {
  const account = await makeAccount(db, { verified });
  return { id: account.id, email: account.email, emailVerified: verified };
};
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof ProblemError ? { status: error.status, code: error.code } : error),
  );

describe('votes', () => {
  it('one vote per person per listing, counted with the listing, and taken back', async () => {
    const target = await listing();
    const person = await voter();
    expect(await castVote(db, target.slug, person, now)).toEqual({ slug: target.slug, votes: 1, voted: true });
    expect(await castVote(db, target.slug, person, now)).toEqual({ slug: target.slug, votes: 1, voted: true });
    expect(await counts(target.id)).toMatchObject({ votes: 1, rows: 1 });
    expect(await hasVoted(db, target.id, person.id)).toBe(true);
    expect(await withdrawVote(db, target.slug, person, now)).toEqual({ slug: target.slug, votes: 0, voted: false });
    expect(await withdrawVote(db, target.slug, person, now)).toMatchObject({ votes: 0 });
    expect(await counts(target.id)).toMatchObject({ votes: 0, rows: 0 });
  });

  it('concurrent votes of many people are each counted once', async () => {
    const target = await listing();
    const people = await Promise.all(Array.from({ length: 8 }, () => voter()));
    await Promise.all(people.flatMap((p) => [castVote(db, target.slug, p, now), castVote(db, target.slug, p, now)]));
    expect(await counts(target.id)).toMatchObject({ votes: 8, rows: 8 });
  });

  it('needs a confirmed e-mail address (403)', async () => {
    const target = await listing();
    expect(await refusal(castVote(db, target.slug, await voter(false), now))).toEqual({ status: 403, code: 'vote_refused' });
    expect(await counts(target.id)).toMatchObject({ votes: 0, rows: 0 });
  });

  it('an owner cannot vote for their own listing (409)', async () => {
    const target = await listing();
    const owner = await voter();
    await db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2::uuid)', [target.id, owner.id]);
    expect(await refusal(castVote(db, target.slug, owner, now))).toEqual({ status: 409, code: 'invalid_state' });
    expect(await counts(target.id)).toMatchObject({ votes: 0 });
  });

  it('only live listings take votes: upcoming 409, unpublished and unknown 404', async () => {
    const person = await voter();
    expect(await refusal(castVote(db, (await listing('scheduled')).slug, person, now))).toEqual({ status: 409, code: 'invalid_state' });
    expect(await refusal(castVote(db, (await listing('draft')).slug, person, now))).toEqual({ status: 404, code: 'not_found' });
    expect(await refusal(castVote(db, 'no-such-listing', person, now))).toEqual({ status: 404, code: 'not_found' });
  });

  it('at most 30 votes and take-backs in 10 minutes per person (429)', async () => {
    const targets = await Promise.all(Array.from({ length: 31 }, () => listing()));
    const person = await voter();
    for (const target of targets.slice(0, 30)) await castVote(db, target.slug, person, now);
    const refused = await castVote(db, targets[30].slug, person, now).catch((error: ProblemError) => error);
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited' });
    expect((refused as ProblemError).headers['Retry-After']).toMatch(/^\d+$/);
    expect(await counts(targets[30].id)).toMatchObject({ votes: 0 });
  });
});

describe('follows', () => {
  it('follow and unfollow a live or upcoming listing, counted once', async () => {
    for (const status of ['live', 'scheduled'] as const) {
      const target = await listing(status);
      const person = await voter();
      await setFollowing(db, target.slug, person.email, true, now);
      await setFollowing(db, target.slug, person.email, true, now);
      expect(await counts(target.id)).toMatchObject({ follows: 1 });
      expect(await isFollowing(db, target.id, person.email)).toBe(true);
      await setFollowing(db, target.slug, person.email, false, now);
      expect(await counts(target.id)).toMatchObject({ follows: 0 });
      expect(await isFollowing(db, target.id, person.email)).toBe(false);
    }
    expect(await refusal(setFollowing(db, (await listing('draft')).slug, 'a@b.example', true, now))).toEqual({
      status: 404,
      code: 'not_found',
    });
  });
});
