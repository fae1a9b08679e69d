/**
 * Summaries that answer "best": every listing summary carries community_rating (genuine reviews' average and count)
 * and comments_count, kept by triggers on reviews and comments (migration 0034) whichever path writes them; search
 * sorts by rating; view: "brief" trims a summary to what choosing takes. Over REST and MCP alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { rawToolCall, readJsonRpc } from '../support/oauth.js';

const NOW = new Date('2026-11-25T12:00:00Z');
const WEEK = '2026-11-23';

let t: TestApp;
let category: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW });
  const categoryId = await insertCategory(t.db, { slug: 'rated-things', name: 'Rated things' });
  category = 'rated-things';
  for (const slug of ['rated-high', 'rated-low', 'rated-high-more', 'unrated']) {
    ids[slug] = await insertListing(t.db, {
      slug,
      category_id: categoryId,
      tagline: `Wombat ledgers ${slug}`,
      launch_week: WEEK,
      launched_at: `${WEEK}T10:00:00Z`,
    });
  }
}, 120_000);
afterAll(() => t?.close());

const rest = async (path: string) => {
  const response = await fetch(`${t.url}/api/v1${path}`);
  return { status: response.status, body: (await response.json()) as any };
};
async function overMcp(name: string, args: Record<string, unknown>): Promise<{ result?: any; problem?: any }> {
  const message = await readJsonRpc(await rawToolCall(t.url, name, args));
  if (message.result?.isError) return { problem: JSON.parse(message.result.content[0].text) };
  return { result: message.result.structuredContent };
}

let reviewer = 0;
/** A seeded review (no account); one that is not genuine is hidden (the database keeps reviews.genuine to its rule). */
async function review(slug: string, rating: number, genuine = true): Promise<number> {
  reviewer += 1;
  const row = await t.db.one<{ id: number }>(
    `INSERT INTO reviews (listing_id, reviewer_key, rating, reviewer_name, hidden_at, hidden_reason)
     VALUES ($1, $2, $3, $4, CASE WHEN $5 THEN NULL ELSE now() END, CASE WHEN $5 THEN NULL ELSE 'spam' END) RETURNING id`,
    [ids[slug], `key-${reviewer}`, rating, `Reviewer ${reviewer}`, genuine],
  );
  return row!.id;
}
async function comment(slug: string): Promise<number> {
  const row = await t.db.one<{ id: number }>(
    `INSERT INTO comments (listing_id, body, created_at) VALUES ($1, 'Nice wombats', now()) RETURNING id`,
    [ids[slug]],
  );
  return row!.id;
}
const summaryOf = async (slug: string) =>
  (await rest(`/listings?q=wombat&per_page=50`)).body.items.find((item: { slug: string }) => item.slug === slug);

describe('community_rating and comments_count on listing summaries', () => {
  it('follow the genuine reviews and visible comments, whatever writes them', async () => {
    expect(await summaryOf('rated-low')).toMatchObject({ community_rating: { average: null, count: 0 }, comments_count: 0 });
    await review('rated-low', 2);
    const second = await review('rated-low', 3);
    await review('rated-low', 5, false); // not genuine: not counted
    expect((await summaryOf('rated-low')).community_rating).toEqual({ average: 2.5, count: 2 });
    await t.db.query(`UPDATE reviews SET hidden_at = now(), hidden_reason = 'spam' WHERE id = $1`, [second]); // no longer genuine
    expect((await summaryOf('rated-low')).community_rating).toEqual({ average: 2, count: 1 });
    await t.db.query('UPDATE reviews SET rating = 1 WHERE listing_id = $1 AND genuine', [ids['rated-low']]); // edited
    expect((await summaryOf('rated-low')).community_rating).toEqual({ average: 1, count: 1 });

    const first = await comment('rated-low');
    const hidden = await comment('rated-low');
    await comment('rated-low');
    expect((await summaryOf('rated-low')).comments_count).toBe(3);
    await t.db.query(`UPDATE comments SET hidden_at = now(), hidden_reason = 'spam' WHERE id = $1`, [hidden]);
    await t.db.query(`UPDATE comments SET deleted_at = now(), body = '' WHERE id = $1`, [first]);
    expect((await summaryOf('rated-low')).comments_count).toBe(1);
    await t.db.query('DELETE FROM comments WHERE listing_id = $1', [ids['rated-low']]);
    await t.db.query('DELETE FROM reviews WHERE listing_id = $1', [ids['rated-low']]);
    expect(await summaryOf('rated-low')).toMatchObject({ community_rating: { average: null, count: 0 }, comments_count: 0 });
    await review('rated-low', 2);
  });

  it('agree with get_listing, and come the same over MCP, in search, categories and launches', async () => {
    await review('rated-high', 5);
    await review('rated-high', 4);
    await comment('rated-high');
    const profile = (await rest('/listings/rated-high')).body;
    expect(profile.community_rating).toEqual({ average: 4.5, count: 2 });
    expect(profile.comments_count).toBe(1);
    const fromSearch = await summaryOf('rated-high');
    expect(fromSearch).toMatchObject({ community_rating: profile.community_rating, comments_count: 1 });
    const viaMcp = (await overMcp('search_listings', { q: 'wombat', per_page: 50 })).result;
    expect(viaMcp.items.find((i: { slug: string }) => i.slug === 'rated-high')).toEqual(fromSearch);
    const inCategory = (await rest(`/categories/${category}?per_page=50`)).body.listings.items;
    expect(inCategory.find((i: { slug: string }) => i.slug === 'rated-high')).toEqual(fromSearch);
    const week = (await rest(`/launches/weeks/${WEEK}`)).body.launches;
    expect(week.find((i: { slug: string }) => i.slug === 'rated-high')).toMatchObject({ community_rating: profile.community_rating });
  });

  it('sort=rating puts the best rated first, ties by number of reviews, unrated last', async () => {
    await review('rated-high-more', 5);
    await review('rated-high-more', 4);
    await review('rated-high-more', 5);
    await review('rated-high-more', 4);
    const expected = ['rated-high-more', 'rated-high', 'rated-low', 'unrated'];
    // rated-high-more: 4.5 from 4 reviews, rated-high: 4.5 from 2, rated-low: 2.0 from 1.
    const { body } = await rest(`/listings?q=wombat&sort=rating`);
    expect(body.items.map((i: { slug: string }) => i.slug)).toEqual(expected);
    const filtered = await rest(`/listings?category=${category}&sort=rating`);
    expect(filtered.body.items.map((i: { slug: string }) => i.slug)).toEqual(expected);
    const viaMcp = (await overMcp('search_listings', { q: 'wombat', sort: 'rating' })).result;
    expect(viaMcp.items.map((i: { slug: string }) => i.slug)).toEqual(expected);
  });

  it('view: brief answers slug, name, tagline, category, votes and rating only, on every listing tool', async () => {
    const brief = { slug: 'rated-high', name: 'rated-high', tagline: 'Wombat ledgers rated-high', category, votes: 0 };
    const fromSearch = (await rest('/listings?q=wombat&view=brief&per_page=50')).body.items;
    expect(fromSearch.find((i: { slug: string }) => i.slug === 'rated-high')).toEqual({
      ...brief,
      community_rating: { average: 4.5, count: 2 },
    });
    for (const item of fromSearch)
      expect(Object.keys(item).sort()).toEqual(['category', 'community_rating', 'name', 'slug', 'tagline', 'votes']);
    const viaMcp = (await overMcp('search_listings', { q: 'wombat', view: 'brief', per_page: 50 })).result.items;
    expect(viaMcp).toEqual(fromSearch);
    const inCategory = (await rest(`/categories/${category}?view=brief&per_page=50`)).body.listings.items;
    expect(inCategory.find((i: { slug: string }) => i.slug === 'rated-high')).toMatchObject(brief);
    const week = (await rest(`/launches/weeks/${WEEK}?view=brief`)).body.launches;
    expect(Object.keys(week[0]).sort()).toEqual(['category', 'community_rating', 'name', 'rank', 'slug', 'tagline', 'votes']);
    const launches = (await rest('/launches?section=this-week&view=brief')).body.items;
    for (const item of launches) expect(item).not.toHaveProperty('profile_url');
    const board = (await overMcp('get_leaderboard', { board: 'community-all-time', view: 'brief' })).result.items;
    for (const entry of board)
      expect(Object.keys(entry.listing).sort()).toEqual(['category', 'community_rating', 'name', 'slug', 'tagline', 'votes']);
    // The default stays the full summary.
    expect((await rest('/listings?q=wombat')).body.items[0]).toHaveProperty('profile_url');
  });

  it('refuse an unknown sort or view, naming the path and the accepted values, over REST and MCP', async () => {
    for (const [path, field, accepted] of [
      ['/listings?q=wombat&sort=best', '/sort', 'rating'],
      ['/listings?q=wombat&view=tiny', '/view', 'brief'],
      [`/categories/${category}?view=tiny`, '/view', 'brief'],
      ['/launches?view=short', '/view', 'brief'],
      [`/launches/weeks/${WEEK}?view=compact`, '/view', 'brief'],
      ['/leaderboards/community-all-time?view=x', '/view', 'brief'],
    ] as const) {
      const { status, body } = await rest(path);
      expect(status, path).toBe(400);
      const error = body.errors.find((e: { path: string }) => e.path === field);
      expect(error.message, path).toContain(`"${accepted}"`);
    }
    const problem = (await overMcp('search_listings', { q: 'wombat', sort: 'best' })).problem;
    expect(problem).toMatchObject({ status: 400 });
    expect(problem.errors[0]).toMatchObject({ path: '/sort' });
    expect(problem.errors[0].message).toContain('"rating"');
    const tooLong = await rest(`/listings?q=${'a'.repeat(201)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors[0].path).toBe('/q');
  });
});
