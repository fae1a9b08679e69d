import type { Database } from '../../src/db/database.js';

/** Wednesday of the launch week below, 10:00 UTC: "today" is 2026-11-25 in the site's time zone (UTC). */
export const STATS_NOW = new Date('2026-11-25T10:00:00Z');
export const STATS_LAUNCH_WEEK = '2026-11-23';

/**
 * A week of numbers for a listing launched in the week of 2026-11-23, inserted straight into the tables (what the
 * counting code would have written), with what the public does not count beside it: a vote the vote check holds
 * out, a deleted and a hidden comment, a hidden review, a rank recorded outside the launch week.
 */
export async function insertStatsFixture(db: Database, listingId: number): Promise<void> {
  await db.query(
    `INSERT INTO listing_views (listing_id, day, views, visitors, clicks) VALUES
       ($1::int, '2026-11-23', 12, 9, 3), ($1::int, '2026-11-24', 5, 4, 1), ($1::int, '2026-11-10', 2, 2, 0)`,
    [listingId],
  );
  await db.query(
    `INSERT INTO votes (listing_id, voter_key, created_at, flag_status, counted) VALUES
       ($1::int, 'stats-a-' || $1::int, '2026-11-23T09:00:00Z', NULL, true), ($1::int, 'stats-b-' || $1::int, '2026-11-23T12:00:00Z', NULL, true),
       ($1::int, 'stats-c-' || $1::int, '2026-11-23T23:59:00Z', NULL, true), ($1::int, 'stats-d-' || $1::int, '2026-11-24T23:30:00Z', NULL, true),
       ($1::int, 'stats-e-' || $1::int, '2026-11-24T10:00:00Z', 'flagged', false), ($1::int, 'stats-f-' || $1::int, '2026-11-18T10:00:00Z', NULL, true)`,
    [listingId],
  );
  await db.query(
    `INSERT INTO follows (listing_id, follower_email, created_at) VALUES
       ($1::int, 'f1@example.com', '2026-11-23T08:00:00Z'), ($1::int, 'f2@example.com', '2026-11-23T20:00:00Z')`,
    [listingId],
  );
  await db.query(
    `INSERT INTO comments (listing_id, body, created_at, deleted_at, hidden_at) VALUES
       ($1::int, 'Nice', '2026-11-24T10:00:00Z', NULL, NULL), ($1::int, '', '2026-11-24T11:00:00Z', '2026-11-24T12:00:00Z', NULL),
       ($1::int, 'Spam', '2026-11-24T13:00:00Z', NULL, '2026-11-24T14:00:00Z')`,
    [listingId],
  );
  await db.query(
    `INSERT INTO reviews (listing_id, reviewer_key, rating, body, created_at, hidden_at) VALUES
       ($1::int, 'stats-r1-' || $1::int, 5, 'Great', '2026-11-25T08:00:00Z', NULL), ($1::int, 'stats-r2-' || $1::int, 1, 'Bad', '2026-11-25T09:00:00Z', '2026-11-25T09:30:00Z')`,
    [listingId],
  );
  await db.query(
    `INSERT INTO listing_daily_ranks (listing_id, day, rank, votes) VALUES
       ($1::int, '2026-11-20', 9, 0), ($1::int, '2026-11-23', 3, 3), ($1::int, '2026-11-24', 2, 4)`,
    [listingId],
  );
  await db.query(
    `INSERT INTO badge_impressions (listing_id, day, referrer_host, impressions) VALUES
       ($1::int, '2026-11-23', 'blog.example', 7), ($1::int, '2026-11-23', 'news.example', 3), ($1::int, '2026-11-23', '', 4),
       ($1::int, '2026-11-24', 'blog.example', 2), ($1::int, '2026-11-01', 'old.example', 50)`,
    [listingId],
  );
}

/** The last seven days (2026-11-19 to 2026-11-25) as loadListingStats answers them for the fixture. */
export const FIXTURE_WEEK = [
  { day: '2026-11-19', views: 0, visitors: 0, clicks: 0, votes: 0, followers: 0, comments: 0, reviews: 0, rank: null },
  { day: '2026-11-20', views: 0, visitors: 0, clicks: 0, votes: 0, followers: 0, comments: 0, reviews: 0, rank: null },
  { day: '2026-11-21', views: 0, visitors: 0, clicks: 0, votes: 0, followers: 0, comments: 0, reviews: 0, rank: null },
  { day: '2026-11-22', views: 0, visitors: 0, clicks: 0, votes: 0, followers: 0, comments: 0, reviews: 0, rank: null },
  { day: '2026-11-23', views: 12, visitors: 9, clicks: 3, votes: 3, followers: 2, comments: 0, reviews: 0, rank: 3 },
  { day: '2026-11-24', views: 5, visitors: 4, clicks: 1, votes: 1, followers: 0, comments: 1, reviews: 0, rank: 2 },
  { day: '2026-11-25', views: 0, visitors: 0, clicks: 0, votes: 0, followers: 0, comments: 0, reviews: 1, rank: null },
];
