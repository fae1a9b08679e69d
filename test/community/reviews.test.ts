import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { createTestDatabase } from '../support/database.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { makeAccount } from '../support/oauth.js';
import { callTool, testServices } from '../support/services.js';
import getListing from '../../tools/get_listing.js';
import { createAccount } from '../../src/accounts/accounts.js';
import { deleteReview, listReviews, reviewStanding, writeReview, type Reviewer } from '../../src/community/reviews.js';
import { ProblemError } from '../../src/errors.js';
import { claimListing, recordCheck } from '../../src/claims/claims.js';

/** Each rule of reviews, on the real database. */
let db: Database;
let drop: () => Promise<void>;
let category: number;
const now = new Date('2026-11-25T12:00:00Z');
const BODY = 'Does what it says, and the support team answers fast.';

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  category = await insertCategory(db);
}, 60_000);
afterAll(() => drop?.());

const listing = async (status: 'live' | 'scheduled' | 'draft' | 'hidden' = 'live', url?: string) => {
  const id = await insertListing(db, { category_id: category, status, url });
  return (await db.one<{ id: number; slug: string }>('SELECT id, slug FROM listings WHERE id = $1', [id]))!;
};
const person = async (verified = true): Promise<Reviewer> => {
  const account = await makeAccount(db, { verified });
  return { id: account.id, email: account.email, emailVerified: verified };
};
const personAt = async (email: string): Promise<Reviewer> => {
  const account = await createAccount(db, { email, password: 'correct horse battery staple', verified: true, now });
  return { id: account!.id, email: account!.email, emailVerified: true };
};
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) =>
      error instanceof ProblemError ? { status: error.status, code: error.code, paths: error.errors?.map((e) => e.path) } : error,
  );
const rating = async (slug: string) =>
  ((await callTool(getListing, testServices(db), { slug })) as { community_rating: { average: number | null; count: number } })
    .community_rating;
const list = async (slug: string, order: 'newest' | 'highest' = 'newest', limit = 20, offset = 0) =>
  (await listReviews(db, slug, { order, limit, offset }))!;
const reviewRows = (listingId: number) =>
  db.query<{ rating: number; body: string; genuine: boolean }>('SELECT rating, body, genuine FROM reviews WHERE listing_id = $1', [
    listingId,
  ]);

describe('writing a review', () => {
  it('one review per person and listing: a second write edits it; the rating moves at once', async () => {
    const target = await listing();
    const reader = await person();
    expect(await rating(target.slug)).toEqual({ average: null, count: 0 });
    const first = await writeReview(db, target.slug, reader, { rating: 4, body: BODY }, now);
    expect(first.created).toBe(true);
    expect(first.review).toMatchObject({ rating: 4, body: BODY, updated_at: null, counted: true, hidden: false });
    expect(await rating(target.slug)).toEqual({ average: 4, count: 1 });
    const later = new Date(now.getTime() + 60_000);
    const edited = await writeReview(db, target.slug, reader, { rating: '2', body: `${BODY} Edited.` }, later);
    expect(edited.created).toBe(false);
    expect(edited.review).toMatchObject({ id: first.review.id, rating: 2, body: `${BODY} Edited.`, updated_at: later.toISOString() });
    expect(await reviewRows(target.id)).toEqual([{ rating: 2, body: `${BODY} Edited.`, genuine: true }]);
    expect(await rating(target.slug)).toEqual({ average: 2, count: 1 });
  });

  it('deleting the review takes it out of the list and the rating; deleting again changes nothing', async () => {
    const target = await listing();
    const [a, b] = [await person(), await person()];
    await writeReview(db, target.slug, a, { rating: 5, body: BODY }, now);
    await writeReview(db, target.slug, b, { rating: 2, body: BODY }, now);
    expect(await rating(target.slug)).toEqual({ average: 3.5, count: 2 });
    expect(await deleteReview(db, target.slug, a, now)).toBe(true);
    expect(await deleteReview(db, target.slug, a, now)).toBe(false);
    expect(await rating(target.slug)).toEqual({ average: 2, count: 1 });
    expect((await list(target.slug)).items.map((r) => r.rating)).toEqual([2]);
  });

  it('the text is 20 to 2,000 characters after trimming; invisible characters are stripped first', async () => {
    const target = await listing();
    const reader = await person();
    const write = (body: string) => writeReview(db, target.slug, reader, { rating: 3, body }, now);
    expect(await refusal(write('x'.repeat(19)))).toEqual({ status: 400, code: 'validation_failed', paths: ['/body'] });
    expect(await refusal(write(`   ${'x'.repeat(19)}\n\n  `))).toMatchObject({ status: 400, paths: ['/body'] });
    expect(await refusal(write(`${'x'.repeat(19)}\u200b\u202e`))).toMatchObject({ status: 400, paths: ['/body'] });
    expect(await refusal(write('x'.repeat(2001)))).toMatchObject({ status: 400, paths: ['/body'] });
    expect(await refusal(write(`${'x'.repeat(30)}\u0000`))).toMatchObject({ status: 400, paths: ['/body'] });
    expect((await write('x'.repeat(20))).review.body).toBe('x'.repeat(20));
    expect((await write('é'.repeat(2000))).review.body).toBe('é'.repeat(2000));
    const sneaky = await write('  \u202eGreat tool,\u200b honestly the best one.\u2066  ');
    expect(sneaky.review.body).toBe('Great tool, honestly the best one.');
  });

  it('the rating is a whole number from 1 to 5, and both bad fields are named at once', async () => {
    const target = await listing();
    const reader = await person();
    for (const bad of [0, 6, 2.5, '2.5', '', 'five', null])
      expect(await refusal(writeReview(db, target.slug, reader, { rating: bad, body: BODY }, now)), String(bad)).toMatchObject({
        status: 400,
        paths: ['/rating'],
      });
    expect(await refusal(writeReview(db, target.slug, reader, { rating: 9, body: 'short' }, now))).toMatchObject({
      paths: ['/rating', '/body'],
    });
    expect(await refusal(writeReview(db, target.slug, reader, { rating: 5, body: undefined }, now))).toMatchObject({
      paths: ['/body'],
    });
    for (const good of [1, 5, '3']) await writeReview(db, target.slug, reader, { rating: good, body: BODY }, now);
    expect(await reviewRows(target.id)).toEqual([expect.objectContaining({ rating: 3 })]);
  });

  it('an unconfirmed address is refused (403) and says what to do', async () => {
    const target = await listing();
    const unconfirmed = await person(false);
    const error = await writeReview(db, target.slug, unconfirmed, { rating: 5, body: BODY }, now).catch((e: ProblemError) => e);
    expect(error).toMatchObject({ status: 403, code: 'review_refused' });
    expect((error as ProblemError).detail).toContain('Confirm your e-mail address');
    expect(await reviewStanding(db, target.id, unconfirmed)).toMatchObject({ bar: 'unconfirmed', own: undefined });
    expect(await reviewRows(target.id)).toEqual([]);
  });

  it('an owner cannot review their own listing (403)', async () => {
    const target = await listing();
    const owner = await person();
    await db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2::uuid)', [target.id, owner.id]);
    expect(await refusal(writeReview(db, target.slug, owner, { rating: 5, body: BODY }, now))).toMatchObject({
      status: 403,
      code: 'review_refused',
    });
    expect(await reviewStanding(db, target.id, owner)).toMatchObject({ bar: 'owner', detail: expect.stringContaining('You own') });
    expect(await reviewRows(target.id)).toEqual([]);
  });

  it('a reviewer who becomes an owner (a verified claim) stops counting in the rating at once', async () => {
    const target = await listing('live', 'https://claimed-later.example');
    const reviewer = await person();
    await writeReview(db, target.slug, reviewer, { rating: 5, body: BODY }, now);
    expect(await rating(target.slug)).toEqual({ average: 5, count: 1 });
    const { claim } = await claimListing(db, {
      accountId: reviewer.id,
      slug: target.slug,
      method: 'dns',
      now,
      allowHosts: ['claimed-later.example'],
    });
    await recordCheck(db, claim.id, { found: true, finding: 'found' }, now);
    expect(await reviewRows(target.id)).toEqual([{ rating: 5, body: BODY, genuine: false }]);
    expect(await rating(target.slug)).toEqual({ average: null, count: 0 });
  });

  it("nor can an address at the listing's domain or a subdomain of it (403), whatever the case; other domains can", async () => {
    const target = await listing('live', 'https://www.acme-reviews.example/pricing');
    for (const email of ['boss@acme-reviews.example', 'dev@Mail.ACME-Reviews.example']) {
      const insider = await personAt(email);
      expect(await refusal(writeReview(db, target.slug, insider, { rating: 5, body: BODY }, now)), email).toMatchObject({
        status: 403,
        code: 'review_refused',
      });
      expect(await reviewStanding(db, target.id, insider)).toMatchObject({ bar: 'domain' });
    }
    for (const email of ['fan@notacme-reviews.example', 'fan@acme-reviews.example.org']) {
      const outsider = await personAt(email);
      expect(await reviewStanding(db, target.id, outsider)).toMatchObject({ bar: undefined });
      await writeReview(db, target.slug, outsider, { rating: 4, body: BODY }, now);
    }
    expect(await rating(target.slug)).toEqual({ average: 4, count: 2 });
  });

  it('only public listings: upcoming ones take reviews, unpublished and unknown ones are 404', async () => {
    const reader = await person();
    const upcoming = await listing('scheduled');
    await writeReview(db, upcoming.slug, reader, { rating: 5, body: BODY }, now);
    for (const slug of [(await listing('draft')).slug, (await listing('hidden')).slug, 'no-such-listing']) {
      expect(await refusal(writeReview(db, slug, reader, { rating: 5, body: BODY }, now)), slug).toMatchObject({
        status: 404,
        code: 'not_found',
      });
      expect(await refusal(deleteReview(db, slug, reader, now))).toMatchObject({ status: 404 });
      expect(await listReviews(db, slug, { order: 'newest', limit: 20, offset: 0 })).toBeNull();
    }
  });

  it('a person has at most 20 review changes an hour (429)', async () => {
    const target = await listing();
    const busy = await person();
    for (let i = 0; i < 20; i++) await writeReview(db, target.slug, busy, { rating: (i % 5) + 1, body: BODY }, now);
    expect(await refusal(writeReview(db, target.slug, busy, { rating: 5, body: BODY }, now))).toMatchObject({
      status: 429,
      code: 'rate_limited',
    });
    expect(await refusal(deleteReview(db, target.slug, busy, now))).toMatchObject({ status: 429 });
    await writeReview(db, target.slug, busy, { rating: 5, body: BODY }, new Date(now.getTime() + 3600_000));
  });
});

describe('genuineness is kept by the database, whatever statement changes what the rule reads', () => {
  const genuine = async (reviewId: number) =>
    (await db.one<{ genuine: boolean }>('SELECT genuine FROM reviews WHERE id = $1', [reviewId]))!.genuine;

  it('an owner added or removed, a vote flagged, confirmed, cleared or taken back, a review hidden, restored or forced', async () => {
    const target = await listing();
    const author = await person();
    const { review } = await writeReview(db, target.slug, author, { rating: 4, body: BODY }, now);
    expect(await genuine(review.id)).toBe(true);

    await db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2::uuid)', [target.id, author.id]);
    expect(await genuine(review.id)).toBe(false);
    expect(await rating(target.slug)).toEqual({ average: null, count: 0 });
    await db.query('DELETE FROM listing_owners WHERE listing_id = $1 AND account_id = $2::uuid', [target.id, author.id]);
    expect(await genuine(review.id)).toBe(true);

    // A vote of theirs on another listing: cast unflagged, flagged, confirmed, cleared, flagged again, taken back.
    const other = await listing();
    const [vote] = await db.query<{ id: number }>(
      `INSERT INTO votes (listing_id, voter_key, account_id, created_at) VALUES ($1, $2, $3::uuid, now()) RETURNING id::int AS id`,
      [other.id, `account:${author.id}`, author.id],
    );
    expect(await genuine(review.id)).toBe(true);
    for (const [status, expected] of [
      ['flagged', false],
      ['confirmed', false],
      ['cleared', true],
      ['flagged', false],
    ] as const) {
      await db.query('UPDATE votes SET flag_status = $2, counted = $3 WHERE id = $1', [vote.id, status, status === 'cleared']);
      expect(await genuine(review.id), status).toBe(expected);
    }
    await db.query('DELETE FROM votes WHERE id = $1', [vote.id]);
    expect(await genuine(review.id)).toBe(true);

    await db.query(`UPDATE reviews SET hidden_at = now(), hidden_reason = 'abuse' WHERE id = $1`, [review.id]);
    expect(await genuine(review.id)).toBe(false);
    await db.query('UPDATE reviews SET genuine = true WHERE id = $1', [review.id]);
    expect(await genuine(review.id)).toBe(false);
    await db.query('UPDATE reviews SET hidden_at = NULL, hidden_reason = NULL WHERE id = $1', [review.id]);
    expect(await genuine(review.id)).toBe(true);
    expect(await rating(target.slug)).toEqual({ average: 4, count: 1 });
  });

  it('a review by an unconfirmed address does not count until the address is confirmed', async () => {
    const target = await listing();
    const author = await person(false);
    const [row] = await db.query<{ id: number; genuine: boolean }>(
      `INSERT INTO reviews (listing_id, reviewer_key, account_id, rating, body, genuine, created_at)
       VALUES ($1, $2, $3::uuid, 3, $4, true, now()) RETURNING id, genuine`,
      [target.id, `account:${author.id}`, author.id, BODY],
    );
    expect(row.genuine).toBe(false);
    await db.query('UPDATE accounts SET email_verified_at = now() WHERE id = $1::uuid', [author.id]);
    expect(await genuine(row.id)).toBe(true);
  });
});

describe('the reviews a listing shows', () => {
  it('hidden reviews are left out of the list and the rating; a flagged voter is listed but not counted', async () => {
    const target = await listing();
    const [kept, hidden, flagged] = [await person(), await person(), await person()];
    await writeReview(db, target.slug, kept, { rating: 5, body: BODY }, now);
    const hiddenReview = await writeReview(db, target.slug, hidden, { rating: 1, body: BODY }, now);
    const flaggedReview = await writeReview(db, target.slug, flagged, { rating: 1, body: BODY }, now);
    expect(await rating(target.slug)).toEqual({ average: 2.3, count: 3 });
    // Plain statements, no call to keep the rule: the database's triggers keep reviews.genuine.
    await db.query(`UPDATE reviews SET hidden_at = now(), hidden_reason = 'abuse' WHERE id = $1`, [hiddenReview.review.id]);
    await db.query(
      `INSERT INTO votes (listing_id, voter_key, account_id, created_at, flag_status, counted, flagged_at)
       VALUES ($1, $2, $3::uuid, now(), 'flagged', false, now())`,
      [target.id, `account:${flagged.id}`, flagged.id],
    );
    expect(await rating(target.slug)).toEqual({ average: 5, count: 1 });
    const shown = await list(target.slug);
    expect(shown.total).toBe(2);
    expect(shown.items.map((r) => [r.id, r.counted])).toEqual([
      [flaggedReview.review.id, false],
      [expect.any(Number), true],
    ]);
    expect(await reviewStanding(db, target.id, hidden)).toMatchObject({ own: { hidden: true, counted: false } });
  });

  it('newest first (ties by id), or highest rated first; paged', async () => {
    const target = await listing();
    const at = (day: number) => new Date(`2026-11-${String(day).padStart(2, '0')}T10:00:00Z`);
    const written: number[] = [];
    for (const [day, stars] of [
      [1, 3],
      [2, 5],
      [3, 1],
      [3, 4],
      [4, 5],
    ] as const)
      written.push((await writeReview(db, target.slug, await person(), { rating: stars, body: BODY }, at(day))).review.id);
    const [d1, d2, d3a, d3b, d4] = written;
    expect((await list(target.slug)).items.map((r) => r.id)).toEqual([d4, d3b, d3a, d2, d1]);
    expect((await list(target.slug, 'highest')).items.map((r) => r.id)).toEqual([d4, d2, d3b, d1, d3a]);
    expect(await list(target.slug, 'highest', 2, 2)).toEqual({
      total: 5,
      items: [expect.objectContaining({ id: d3b }), expect.objectContaining({ id: d1 })],
    });
    expect(await list(target.slug, 'newest', 2, 4)).toEqual({ total: 5, items: [expect.objectContaining({ id: d1 })] });
    expect(await list(target.slug, 'newest', 2, 10)).toEqual({ total: 5, items: [] });
  });

  it("shows the reviewer's display name, a made-up member name without one, the seeded name, else 'A member'", async () => {
    const target = await listing();
    const named = await person();
    await db.query(`UPDATE accounts SET display_name = 'Grace H.' WHERE id = $1`, [named.id]);
    const unnamed = await person();
    await writeReview(db, target.slug, named, { rating: 5, body: BODY }, new Date('2026-11-04T00:00:00Z'));
    await writeReview(db, target.slug, unnamed, { rating: 4, body: BODY }, new Date('2026-11-03T00:00:00Z'));
    await db.query(
      `INSERT INTO reviews (listing_id, reviewer_key, reviewer_name, rating, body, created_at)
       VALUES ($1, 'r:1', 'Ada L.', 3, $2, '2026-11-02T00:00:00Z'), ($1, 'r:2', NULL, 2, $2, '2026-11-01T00:00:00Z')`,
      [target.id, BODY],
    );
    const names = (await list(target.slug)).items.map((r) => r.reviewer);
    expect(names).toEqual(['Grace H.', `Member ${unnamed.id.replaceAll('-', '').slice(0, 6).toUpperCase()}`, 'Ada L.', 'A member']);
  });
});
