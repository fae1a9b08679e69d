/**
 * Issue 52, item 2, second bullet: until the vote check has looked at them, a network's votes count on the public
 * board at most up to the network limit. A scripted ring on one network spreads its votes over several ten-minute
 * windows (the per-network limit refuses only what one window holds); the public board and the listing's count show at
 * most the limit, every vote is recorded ("Voted"), the check lets the rest count when it finds nothing, and a ring it
 * flags stays out. A voter on another network counts at once throughout.
 *
 * The app believes X-Forwarded-For from loopback (TRUSTED_PROXIES), so each request speaks for its own network.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../support/browser.js';
import { startTestApp } from '../support/app.js';
import { makeAccount, signIn, type PagesApp } from '../auth/pages/page-flows.js';
import { insertCategory, insertLiveListing } from '../support/fixtures.js';
import { runVoteCheck } from '../../src/community/vote-check.js';
import type { VoteCheckSettings } from '../../src/catalogue/site-settings.js';

const NOW = new Date('2026-11-25T12:00:00Z');
/** network_limits.votes_per_10_minutes for this test: low, to keep it fast. */
const LIMIT = 3;
/** The check's rules, set so that they find nothing (the ring's votes are then counted), and as the site has them. */
const FINDS_NOTHING: VoteCheckSettings = {
  burst_votes: 1000,
  burst_minutes: 60,
  young_account_hours: 72,
  network_votes: 1000,
  single_maker_votes: 1000,
};
const DEFAULT_RULES: VoteCheckSettings = {
  burst_votes: 5,
  burst_minutes: 60,
  young_account_hours: 72,
  network_votes: 3,
  single_maker_votes: 3,
};

let t: PagesApp;
let category: number;

beforeAll(async () => {
  const clock = { now: new Date(NOW) };
  const app = await startTestApp({
    now: () => new Date(clock.now),
    env: { TRUSTED_PROXIES: '127.0.0.1' },
    prepare: (db) =>
      db
        .query(
          `INSERT INTO site_settings (key, value) VALUES ('network_limits', $1::jsonb)
           ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
          [JSON.stringify({ signups_per_hour: 20, votes_per_10_minutes: LIMIT })],
        )
        .then(() => undefined),
  });
  t = Object.assign(app, {
    clock,
    advance(seconds: number) {
      clock.now = new Date(clock.now.getTime() + seconds * 1000);
    },
  });
  category = await insertCategory(t.db);
}, 60_000);
afterAll(() => t?.close());

/** A confirmed person signed in, who votes from `address` (sent as X-Forwarded-For); a member for a month when `ordinary`. */
async function person(address: string, ordinary = false) {
  const account = await makeAccount(t);
  if (ordinary) await t.db.query("UPDATE accounts SET created_at = created_at - interval '30 days' WHERE id = $1::uuid", [account.id]);
  const browser = new TestBrowser();
  expect((await signIn(t, browser, account.email)).status).toBe(303);
  return {
    async vote(slug: string) {
      const page = await browser.get(`${t.url}/listings/${slug}`);
      return browser.post(`${t.url}/listings/${slug}/vote`, { csrf: page.field('csrf') }, { headers: { 'x-forwarded-for': address } });
    },
  };
}

/** What the public sees of the listing: its count (get_listing) and its votes on this week's community board. */
async function publicVotes(slug: string): Promise<{ listing: number; board: number }> {
  const api = `${t.url}/api/v1`;
  const listing = (await (await fetch(`${api}/listings/${slug}`)).json()) as { votes: number };
  const board = (await (await fetch(`${api}/leaderboards/community-weekly?per_page=100`)).json()) as {
    items: { listing: { slug: string }; metric: { value: number } }[];
  };
  return { listing: listing.votes, board: board.items.find((entry) => entry.listing.slug === slug)?.metric.value ?? 0 };
}

/** The vote check's run now, as the daily job runs it; the app then reads what it changed. */
async function check(settings: VoteCheckSettings) {
  const summary = await runVoteCheck(t.db, { now: t.clock.now, settings });
  await t.app.services.changes.catchUp();
  return summary;
}

/**
 * Twice the limit of votes for `slug` from fresh accounts on `network` (a /24 such as "198.51.100"): the limit's worth,
 * then, the network's ten minutes over, as many again. Every vote is recorded: the voter sees "Voted".
 */
async function ringVotes(slug: string, network: string): Promise<void> {
  const ring = await Promise.all(Array.from({ length: 2 * LIMIT }, (_, i) => person(`${network}.${i + 10}`)));
  for (const [i, member] of ring.entries()) {
    if (i === LIMIT) t.advance(11 * 60);
    const voted = await member.vote(slug);
    expect(voted.status).toBe(200);
    expect(voted.text).toContain('Voted · <span class="count">');
  }
  const recorded = await t.db.one<{ n: number }>(
    'SELECT count(*)::int AS n FROM votes v JOIN listings l ON l.id = v.listing_id WHERE l.slug = $1',
    [slug],
  );
  expect(recorded?.n).toBe(2 * LIMIT);
}

describe('a ring from one network before the vote check', () => {
  it('counts on the public board at most up to the network limit; the rest count once the check lets them', async () => {
    const target = await insertLiveListing(t.db, category);
    await ringVotes(target.slug, '198.51.100');
    expect(await publicVotes(target.slug)).toEqual({ listing: LIMIT, board: LIMIT });

    // An ordinary voter on another network counts at once, the ring's network over its limit or not.
    const ordinary = await person('203.0.113.9', true);
    expect((await ordinary.vote(target.slug)).text).toContain(`Voted · <span class="count">${LIMIT + 1}</span>`);
    expect(await publicVotes(target.slug)).toEqual({ listing: LIMIT + 1, board: LIMIT + 1 });

    expect(await check(FINDS_NOTHING)).toMatchObject({ flagged: 0 });
    expect(await publicVotes(target.slug)).toEqual({ listing: 2 * LIMIT + 1, board: 2 * LIMIT + 1 });
  });

  it('a ring the check flags stays out, the votes it held and those it counted alike; the ordinary voter still counts', async () => {
    const target = await insertLiveListing(t.db, category);
    await ringVotes(target.slug, '198.51.101');
    const ordinary = await person('203.0.114.9', true);
    await ordinary.vote(target.slug);
    expect(await publicVotes(target.slug)).toEqual({ listing: LIMIT + 1, board: LIMIT + 1 });

    // Six fresh accounts voting within the hour: the burst rule flags all of them (the check runs over every listing).
    await check(DEFAULT_RULES);
    const flags = await t.db.query<{ flag_status: string | null; n: number }>(
      'SELECT v.flag_status, count(*)::int AS n FROM votes v JOIN listings l ON l.id = v.listing_id WHERE l.slug = $1 GROUP BY 1 ORDER BY 1',
      [target.slug],
    );
    expect(flags).toEqual([
      { flag_status: 'flagged', n: 2 * LIMIT },
      { flag_status: null, n: 1 },
    ]);
    expect(await publicVotes(target.slug)).toEqual({ listing: 1, board: 1 });
  });

  it('after a check, the network counts again up to its limit until the next one', async () => {
    const target = await insertLiveListing(t.db, category);
    t.advance(11 * 60);
    await ringVotes(target.slug, '198.51.100'); // the first test's network, checked since
    expect(await publicVotes(target.slug)).toEqual({ listing: LIMIT, board: LIMIT });
  });
});
