/**
 * Moderators hide and restore reviews and comments (moderate_review, moderate_comment over REST), for each kind of
 * caller, with their audit entries; a hidden review leaves the community rating at once; resolve_report's act hides
 * a reported review or comment, and the queue shows what a moderator needs of it (excerpt, author, hidden).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { insertCategory, insertLiveListing } from '../support/fixtures.js';
import { person, type Person } from '../listings/support.js';
import { staffCast, type StaffPerson } from '../console/support.js';
import { fileContentReport } from '../../src/moderation/reports.js';
import { restCall } from './support.js';

const NOW = new Date('2026-11-25T12:00:00Z');
let t: TestApp;
let category: number;
let moderator: StaffPerson;
let editor: StaffPerson;
let admin: StaffPerson;
let nobody: Person;

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  category = await insertCategory(t.db);
  ({ moderator, editor, admin, nobody } = await staffCast(t.db));
}, 60_000);
afterAll(() => t?.close());

const liveListing = () => insertLiveListing(t.db, category);

/** A seeded review (by reviewer_name) or a person's review (by account). */
const seedReview = async (listingId: number, rating: number, body: string, by: { name?: string; accountId?: string } = {}) =>
  (await t.db.one<{ id: number }>(
    `INSERT INTO reviews (listing_id, reviewer_key, rating, body, reviewer_name, account_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::uuid, $7) RETURNING id`,
    [
      listingId,
      by.accountId ? `account:${by.accountId}` : `seed:${Math.random()}`,
      rating,
      body,
      by.name ?? null,
      by.accountId ?? null,
      NOW,
    ],
  ))!.id;

const seedComment = async (listingId: number, accountId: string | null, body: string) =>
  Number(
    (await t.db.one<{ id: string }>(
      'INSERT INTO comments (listing_id, account_id, body, created_at) VALUES ($1, $2::uuid, $3, $4) RETURNING id',
      [listingId, accountId, body, NOW],
    ))!.id,
  );

const moderate = (who: { key: string } | null, kind: 'reviews' | 'comments', id: number | string, body: Record<string, unknown>) =>
  restCall(t, who?.key ?? null, 'POST', `/admin/${kind}/${id}/moderation`, body);
const rating = async (slug: string) => (await restCall(t, null, 'GET', `/listings/${slug}`)).body.community_rating;
const audit = async (query: string) =>
  (await restCall(t, admin.key, 'GET', `/admin/audit-log?${query}`)).body.items.map(
    (e: { action: string; before: unknown; after: unknown; reason: string; actor: string }) => ({
      action: e.action,
      before: e.before,
      after: e.after,
      reason: e.reason,
      actor: e.actor,
    }),
  );

describe('moderate_review', () => {
  it('is for moderators and admins: 401 without a key, 403 without the scope or the role', async () => {
    const listing = await liveListing();
    const review = await seedReview(listing.id, 1, 'Terrible, truly');
    const body = { action: 'hide', reason: 'Spam' };
    expect((await moderate(null, 'reviews', review, body)).status).toBe(401);
    expect((await moderate(nobody, 'reviews', review, body)).body).toMatchObject({ status: 403, code: 'insufficient_scope' });
    expect((await moderate(editor, 'reviews', review, body)).body).toMatchObject({ status: 403, code: 'insufficient_role' });
    expect((await t.db.one<{ hidden_at: string | null }>('SELECT hidden_at FROM reviews WHERE id = $1', [review]))!.hidden_at).toBeNull();
    const bad = await moderate(moderator, 'reviews', 'abc', { action: 'delete' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['/action', '/reason', '/review_id']);
    expect((await moderate(moderator, 'reviews', 2_000_000_000, body)).body).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('hides a review (it leaves the rating at once) and restores it, 409 for each twice, audited', async () => {
    const listing = await liveListing();
    await seedReview(listing.id, 5, 'Lovely product', { name: 'Ada' });
    const review = await seedReview(listing.id, 1, 'Buy <b>cheap</b> pills at example.com', { name: 'Spammer' });
    expect(await rating(listing.slug)).toEqual({ average: 3, count: 2 });

    const hidden = await moderate(moderator, 'reviews', review, { action: 'hide', reason: 'Advertising' });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toEqual({
      id: review,
      listing: listing.slug,
      hidden: true,
      hidden_reason: 'Advertising',
      hidden_at: expect.stringMatching(/^2026-11-25T12:00:00/),
      excerpt: 'Buy <b>cheap</b> pills at example.com',
    });
    expect(await rating(listing.slug)).toEqual({ average: 5, count: 1 });
    const again = await moderate(moderator, 'reviews', review, { action: 'hide', reason: 'Again' });
    expect(again.body).toMatchObject({ status: 409, code: 'invalid_state' });

    const restored = await moderate(admin, 'reviews', review, { action: 'restore', reason: 'Not an advert after all' });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: review, hidden: false, hidden_reason: null, hidden_at: null });
    expect(await rating(listing.slug)).toEqual({ average: 3, count: 2 });
    expect((await moderate(admin, 'reviews', review, { action: 'restore', reason: 'x' })).body).toMatchObject({ status: 409 });

    expect(await audit(`target_type=review&target_id=${review}`)).toEqual([
      {
        action: 'review.restore',
        before: { hidden: true },
        after: { hidden: false },
        reason: 'Not an advert after all',
        actor: admin.email,
      },
      { action: 'review.hide', before: { hidden: false }, after: { hidden: true }, reason: 'Advertising', actor: moderator.email },
    ]);
  });

  it('a restored review counts again only when it is genuine (its author is not an owner)', async () => {
    const owner = await person(t.db);
    const listing = await liveListing();
    await t.db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2::uuid)', [listing.id, owner.id]);
    const review = await seedReview(listing.id, 5, 'My own product is great', { accountId: owner.id });
    await t.db.query('UPDATE reviews SET genuine = false WHERE id = $1', [review]);
    await moderate(moderator, 'reviews', review, { action: 'hide', reason: 'Self-review' });
    await moderate(moderator, 'reviews', review, { action: 'restore', reason: 'Shown, not counted' });
    expect((await t.db.one<{ genuine: boolean }>('SELECT genuine FROM reviews WHERE id = $1', [review]))!.genuine).toBe(false);
    expect(await rating(listing.slug)).toEqual({ average: null, count: 0 });
  });
});

describe('moderate_comment', () => {
  it('hides and restores a comment, 401, 403, 404 and 409 as for reviews, audited', async () => {
    const listing = await liveListing();
    const author = await person(t.db);
    const comment = await seedComment(listing.id, author.id, 'You all <script>alert(1)</script> are idiots');
    const body = { action: 'hide', reason: 'Abusive' };
    expect((await moderate(null, 'comments', comment, body)).status).toBe(401);
    expect((await moderate(nobody, 'comments', comment, body)).body).toMatchObject({ status: 403, code: 'insufficient_scope' });
    expect((await moderate(editor, 'comments', comment, body)).body).toMatchObject({ status: 403, code: 'insufficient_role' });
    expect((await moderate(moderator, 'comments', 2_000_000_000, body)).body).toMatchObject({ status: 404 });
    expect((await moderate(moderator, 'comments', comment, { action: 'restore', reason: 'x' })).body).toMatchObject({ status: 409 });

    const hidden = await moderate(moderator, 'comments', comment, body);
    expect(hidden.body).toMatchObject({ id: comment, listing: listing.slug, hidden: true, hidden_reason: 'Abusive' });
    const row = async () => t.db.one('SELECT hidden_at IS NOT NULL AS hidden, hidden_reason FROM comments WHERE id = $1', [comment]);
    expect(await row()).toEqual({ hidden: true, hidden_reason: 'Abusive' });
    expect((await moderate(moderator, 'comments', comment, body)).body).toMatchObject({ status: 409, code: 'invalid_state' });
    expect((await moderate(moderator, 'comments', comment, { action: 'restore', reason: 'Appeal granted' })).status).toBe(200);
    expect(await row()).toEqual({ hidden: false, hidden_reason: null });
    expect(await audit(`target_type=comment&target_id=${comment}`)).toEqual([
      { action: 'comment.restore', before: { hidden: true }, after: { hidden: false }, reason: 'Appeal granted', actor: moderator.email },
      { action: 'comment.hide', before: { hidden: false }, after: { hidden: true }, reason: 'Abusive', actor: moderator.email },
    ]);
  });
});

describe('reports about reviews and comments in the queue', () => {
  const queueItem = async (id: number) =>
    (await restCall(t, moderator.key, 'GET', '/admin/reports?status=all&per_page=100')).body.items.find((i: { id: number }) => i.id === id);
  const reportId = async (type: string, target: number, reporterId: string) =>
    (await t.db.one<{ id: number }>('SELECT id::int AS id FROM reports WHERE target_type = $1 AND target_id = $2 AND reporter_id = $3', [
      type,
      String(target),
      reporterId,
    ]))!.id;

  it('shows the excerpt, the author and the listing; act hides the review (the rating moves), audited', async () => {
    const listing = await liveListing();
    const reviewer = await person(t.db);
    await t.db.query("UPDATE accounts SET display_name = 'Grace <H>' WHERE id = $1", [reviewer.id]);
    await seedReview(listing.id, 4, 'Solid tool for the job', { name: 'Ada' });
    const review = await seedReview(listing.id, 1, `Awful ${'x'.repeat(400)}`, { accountId: reviewer.id });
    expect(await rating(listing.slug)).toEqual({ average: 2.5, count: 2 });
    const [first, second] = [await person(t.db), await person(t.db)];
    for (const who of [first, second]) {
      await fileContentReport(t.db, {
        slug: listing.slug,
        targetType: 'review',
        targetId: String(review),
        reporterId: who.id,
        reason: 'spam',
        details: 'Fake',
        now: NOW,
      });
    }
    const a = await reportId('review', review, first.id);
    const b = await reportId('review', review, second.id);
    expect((await queueItem(a)).target).toEqual({
      type: 'review',
      id: String(review),
      listing: { slug: listing.slug, name: listing.name, status: 'live' },
      excerpt: `Awful ${'x'.repeat(294)}`,
      author: 'Grace <H>',
      hidden: false,
    });

    const acted = await restCall(t, moderator.key, 'POST', `/admin/reports/${a}/resolve`, { decision: 'act', note: 'Review bombing' });
    expect(acted.status).toBe(200);
    expect(acted.body.target).toMatchObject({ type: 'review', hidden: true });
    expect(await rating(listing.slug)).toEqual({ average: 4, count: 1 });
    expect(await t.db.one('SELECT hidden_reason FROM reviews WHERE id = $1', [review])).toEqual({ hidden_reason: 'Review bombing' });
    // The second report about the now hidden review is resolved without a second hide.
    const again = await restCall(t, moderator.key, 'POST', `/admin/reports/${b}/resolve`, { decision: 'act', note: 'Same review' });
    expect(again.status).toBe(200);
    expect(await audit(`target_type=report&target_id=${a}`)).toEqual([
      {
        action: 'report.act',
        before: { status: 'open' },
        after: { status: 'actioned', review_hidden: true },
        reason: 'Review bombing',
        actor: moderator.email,
      },
    ]);
    expect((await audit(`target_type=report&target_id=${b}`))[0].after).toEqual({ status: 'actioned', review_hidden: false });
    expect(await audit(`target_type=review&target_id=${review}`)).toEqual([
      { action: 'review.hide', before: { hidden: false }, after: { hidden: true }, reason: 'Review bombing', actor: moderator.email },
    ]);
  });

  it('act hides a reported comment; dismiss leaves it; a seeded review shows its reviewer name', async () => {
    const listing = await liveListing();
    const author = await person(t.db);
    const comment = await seedComment(listing.id, author.id, 'Visit my shop');
    const kept = await seedComment(listing.id, null, 'A fair question');
    const seeded = await seedReview(listing.id, 3, 'Fine', { name: 'Seeded Sam' });
    const reporter = await person(t.db);
    for (const [targetType, id] of [
      ['comment', comment],
      ['comment', kept],
      ['review', seeded],
    ] as const) {
      await fileContentReport(t.db, {
        slug: listing.slug,
        targetType,
        targetId: String(id),
        reporterId: reporter.id,
        reason: 'abuse',
        details: '',
        now: NOW,
      });
    }
    const keptReport = await reportId('comment', kept, reporter.id);
    expect((await queueItem(keptReport)).target).toMatchObject({
      type: 'comment',
      excerpt: 'A fair question',
      author: null,
      hidden: false,
    });
    expect((await queueItem(await reportId('review', seeded, reporter.id))).target).toMatchObject({ author: 'Seeded Sam' });
    const commentReport = await reportId('comment', comment, reporter.id);
    expect((await queueItem(commentReport)).target.author).toMatch(/^Member [0-9A-F]{6}$/);

    await restCall(t, moderator.key, 'POST', `/admin/reports/${keptReport}/resolve`, { decision: 'dismiss', note: 'Fine' });
    const acted = await restCall(t, moderator.key, 'POST', `/admin/reports/${commentReport}/resolve`, {
      decision: 'act',
      note: 'Advertising',
    });
    expect(acted.body).toMatchObject({
      resolution: { status: 'actioned' },
      target: { type: 'comment', id: String(comment), hidden: true },
    });
    const rows = await t.db.query('SELECT id::int AS id, hidden_reason FROM comments WHERE listing_id = $1 ORDER BY id', [listing.id]);
    expect(rows).toEqual([
      { id: comment, hidden_reason: 'Advertising' },
      { id: kept, hidden_reason: null },
    ]);
    expect((await audit(`target_type=comment&target_id=${comment}`)).map((e: { action: string }) => e.action)).toEqual(['comment.hide']);
  });
});
