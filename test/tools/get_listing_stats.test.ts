import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tool from '../../tools/get_listing_stats.js';
import { expectContractUnchanged } from '../support/contract.js';
import { expectSignedInOnly, refusedPaths } from '../support/services.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { bearerChallenge, rawToolCall, readJsonRpc } from '../support/oauth.js';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { caller, ownedListing, person, type Call, type Person } from '../listings/support.js';
import { FIXTURE_WEEK, insertStatsFixture, STATS_LAUNCH_WEEK, STATS_NOW } from '../support/listing-stats.js';

let t: TestApp;
let call: Call;
let owner: Person;
let stranger: Person;
let listingId: number;

beforeAll(async () => {
  t = await startTestApp({ now: () => new Date(STATS_NOW) });
  call = caller(t);
  [owner, stranger] = [await person(t.db), await person(t.db)];
  listingId = (await ownedListing(t.db, owner, { status: 'live', name: 'Statsy', launch_week: STATS_LAUNCH_WEEK })).id;
  await insertStatsFixture(t.db, listingId);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** A tools/call over MCP with the person's API key: the answer's structured content, or the problem of a tool error. */
async function overMcp(who: Person, args: Record<string, unknown>): Promise<{ result?: any; problem?: any }> {
  const message = await readJsonRpc(await rawToolCall(t.url, 'get_listing_stats', args, `Bearer ${who.key}`));
  if (message.result?.isError) return { problem: JSON.parse(message.result.content[0].text) };
  return { result: message.result.structuredContent };
}

describe('get_listing_stats', () => {
  it('answers the owner a week of numbers, every day present, over REST and MCP alike', async () => {
    const rest = await call(owner, 'GET', `/me/listings/${listingId}/stats?days=7`);
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ listing_id: listingId, name: 'Statsy', from: '2026-11-19', to: '2026-11-25' });
    expect(rest.body.launch_week).toBe(STATS_LAUNCH_WEEK);
    expect(rest.body.days).toEqual(FIXTURE_WEEK);
    expect(rest.body.totals).toEqual({
      views: 17,
      visitors: 13,
      clicks: 4,
      votes: 4,
      followers: 2,
      comments: 1,
      reviews: 1,
      badge_impressions: 16,
      best_rank: 2,
    });
    expect(rest.body.badge_referrers).toEqual([
      { host: 'blog.example', impressions: 9 },
      { host: 'news.example', impressions: 3 },
      { host: null, impressions: 4 },
    ]);
    expect((await overMcp(owner, { listing_id: listingId, days: 7 })).result).toEqual(rest.body);
  });

  it('reaches 30 days back by default and fills the days with nothing in them', async () => {
    const answer = await call(owner, 'GET', `/me/listings/${listingId}/stats`);
    expect(answer.status).toBe(200);
    expect(answer.body.days).toHaveLength(30);
    expect(answer.body.from).toBe('2026-10-27');
    expect(answer.body.days.find((d: { day: string }) => d.day === '2026-11-10')).toMatchObject({ views: 2, visitors: 2, rank: null });
    expect(answer.body.days.find((d: { day: string }) => d.day === '2026-11-18')).toMatchObject({ votes: 1, views: 0 });
    expect(answer.body.totals).toMatchObject({ views: 19, votes: 5, badge_impressions: 66 });
    expect(answer.body.badge_referrers[0]).toEqual({ host: 'old.example', impressions: 50 });
  });

  it("counts the community's days in the site's time zone", async () => {
    await t.db.query(`INSERT INTO site_settings (key, value) VALUES ('time_zone', '"Europe/Berlin"')`);
    try {
      const answer = await call(owner, 'GET', `/me/listings/${listingId}/stats?days=7`);
      // 23:59 UTC on the 23rd is past midnight in Berlin; 23:30 UTC on the 24th is the 25th there.
      expect(answer.body.days.slice(4).map((d: { votes: number }) => d.votes)).toEqual([2, 1, 1]);
      expect(answer.body.days.slice(4).map((d: { views: number }) => d.views)).toEqual([12, 5, 0]);
    } finally {
      await t.db.query(`DELETE FROM site_settings WHERE key = 'time_zone'`);
    }
  });

  it("answers 404 for another account's listing and for an unknown one, over both surfaces", async () => {
    for (const id of [listingId, 2_000_000_000]) {
      const rest = await call(stranger, 'GET', `/me/listings/${id}/stats`);
      expect(rest.status).toBe(404);
      expect(rest.body.code).toBe('not_found');
      expect((await overMcp(stranger, { listing_id: id })).problem).toMatchObject({ status: 404, code: 'not_found' });
    }
    const unknown = await call(owner, 'GET', '/me/listings/2000000000/stats');
    expect(unknown.status).toBe(404);
  });

  it('refuses days outside 7 to 365 with a 400 naming /days', async () => {
    for (const days of [6, 366, 0, 7.5]) expect(await refusedPaths(tool, { listing_id: 1, days })).toEqual(['/days']);
    for (const days of ['6', '366', 'week']) {
      const answer = await call(owner, 'GET', `/me/listings/${listingId}/stats?days=${days}`);
      expect(answer.status).toBe(400);
      expect(answer.body.errors.map((e: { path: string }) => e.path)).toEqual(['/days']);
    }
    const mcp = await overMcp(owner, { listing_id: listingId, days: 400 });
    expect(mcp.problem).toMatchObject({ status: 400 });
    expect(mcp.problem.errors.map((e: { path: string }) => e.path)).toEqual(['/days']);
    expect((await call(owner, 'GET', `/me/listings/${listingId}/stats?days=365`)).body.days).toHaveLength(365);
  });

  it('needs a token (401) with account:read (403)', async () => {
    await expectSignedInOnly(tool);
    const anonymous = await call(null, 'GET', `/me/listings/${listingId}/stats`);
    expect(anonymous.status).toBe(401);
    const { key } = await createApiKey(t.db, { accountId: owner.id, name: 'writer', scopes: ['listings:write'], now: new Date() });
    const narrow = { ...owner, key };
    const refused = await call(narrow, 'GET', `/me/listings/${listingId}/stats`);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('insufficient_scope');
    const mcp = await rawToolCall(t.url, 'get_listing_stats', { listing_id: listingId }, `Bearer ${key}`);
    expect(mcp.status).toBe(403);
    expect(bearerChallenge(mcp)).toMatchObject({ error: 'insufficient_scope' });
    expect((await rawToolCall(t.url, 'get_listing_stats', { listing_id: listingId })).status).toBe(401);
  });

  it('keeps its published contract', () => expectContractUnchanged(tool));
});
