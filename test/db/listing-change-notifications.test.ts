/**
 * What the listings' update trigger tells listeners (migrations 0011, 0031 and 0032): a content change names the listings
 * alone (their profiles and search vectors are read again); a vote, a follow or a batch of page views names them with
 * their vote counts (nothing else of them to read), however many listings the batch names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedListingIds, changedVoteCounts, LISTING_CHANGES_CHANNEL } from '../../src/catalogue/listing-changes.js';
import { PageViews } from '../../src/community/page-views.js';
import { createLogger } from '../../src/logging/logger.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { insertCategory, insertListing } from '../support/fixtures.js';

const VIEWED = 401; // three notifications of at most 200 listings
let t: TestDatabase;
let ids: number[];
let stopListening: () => Promise<void>;
const heard: string[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  const category = await insertCategory(t.db);
  ids = [];
  for (let i = 0; i < VIEWED; i++) ids.push(await insertListing(t.db, { category_id: category, slug: `viewed-${i}` }));
  await t.db.query('UPDATE listings SET votes_count = id % 7 WHERE id = ANY($1::int[])', [ids]);
  ({ stop: stopListening } = await t.db.listen(LISTING_CHANGES_CHANNEL, {
    onChange: (payload) => heard.push(payload),
    onListening: () => {},
  }));
}, 60_000);
afterAll(async () => {
  await stopListening?.();
  await t?.drop();
});

/** The notifications heard while `write` ran and committed (a marker sent after it arrives after them). */
async function heardFrom(write: () => Promise<unknown>): Promise<string[]> {
  const from = heard.length;
  await write();
  const marker = `marker-${from}`;
  await t.db.query(`SELECT pg_notify('${LISTING_CHANGES_CHANNEL}', $1)`, [marker]);
  const deadline = Date.now() + 10_000;
  while (!heard.includes(marker)) {
    if (Date.now() > deadline) throw new Error('the marker was not heard');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return heard.slice(from, heard.indexOf(marker));
}

async function votesOf(listings: number[]): Promise<Map<number, number>> {
  const rows = await t.db.query<{ id: number; votes_count: number }>('SELECT id, votes_count FROM listings WHERE id = ANY($1::int[])', [
    listings,
  ]);
  return new Map(rows.map((r) => [r.id, r.votes_count]));
}

/** Each notification names its listings with their vote counts, at most 200 of them, and together they name `listings`. */
async function expectCountersOnly(payloads: string[], listings: number[]) {
  expect(payloads).toHaveLength(Math.ceil(listings.length / 200));
  const named = new Map<number, number>();
  for (const payload of payloads) {
    expect(payload.length).toBeLessThan(8000);
    const counts = changedVoteCounts(payload);
    expect(counts, payload.slice(0, 80)).toBeDefined();
    expect(counts!.size).toBeLessThanOrEqual(200);
    for (const [id, votes] of counts!) named.set(id, votes);
  }
  expect(named).toEqual(await votesOf(listings));
}

describe('listing change notifications', () => {
  it('name the listings of a batch of page views with their vote counts, 200 to a notification, never "everything"', async () => {
    const views = new PageViews(t.db, 'a secret of the test', createLogger({ level: 'silent' }));
    // One visitor per listing, each from a network of its own (one network's burst would not be counted).
    const at = new Date('2026-11-27T12:00:00Z');
    for (const [n, id] of ids.entries())
      views.record(id, { address: `10.${n >> 8}.${n & 255}.7`, userAgent: 'Mozilla/5.0 Firefox/133.0' }, { day: '2026-11-27', at });
    const payloads = await heardFrom(() => views.flush());
    expect(payloads).not.toContain('*');
    await expectCountersOnly(payloads, ids);
    const counted = await t.db.query<{ views_count: number }>('SELECT views_count FROM listings WHERE id = ANY($1::int[])', [ids]);
    expect(counted.every((r) => r.views_count === 1)).toBe(true);
  });

  it('name a vote count changed with the views too', async () => {
    const few = ids.slice(0, 3);
    const payloads = await heardFrom(() =>
      t.db.query('UPDATE listings SET votes_count = votes_count + 1, views_count = views_count + 1 WHERE id = ANY($1::int[])', [few]),
    );
    expect(payloads.length).toBeGreaterThan(0);
    for (const payload of payloads) expect(changedVoteCounts(payload)).toEqual(await votesOf(few));
  });

  it('name listings alone when anything else changed, with their views or not', async () => {
    const [one, two] = ids;
    const content = await heardFrom(() => t.db.query(`UPDATE listings SET tagline = 'A new tagline' WHERE id = $1`, [one]));
    expect(content).toEqual([`${one}`]);
    const both = await heardFrom(() =>
      t.db.query(`UPDATE listings SET tagline = 'Another tagline', views_count = views_count + 1 WHERE id = $1`, [two]),
    );
    // Read again by listeners: one notification names the listing without a vote count.
    expect(both.some((p) => changedVoteCounts(p) === undefined && (changedListingIds(p) as number[]).includes(two!))).toBe(true);
  });

  it("take a writer's word that it changes views alone for its one statement only", async () => {
    const [one, two] = ids;
    const payloads = await heardFrom(() =>
      t.db.transaction(async (tx) => {
        await tx.query(`SELECT set_config('launch.views_only', 'on', true)`);
        await tx.query('UPDATE listings SET views_count = views_count + 1 WHERE id = $1', [one]);
        await tx.query(`UPDATE listings SET tagline = 'Changed after the views' WHERE id = $1`, [two]);
      }),
    );
    expect(payloads).toEqual([`${one},=${one}:${(await votesOf([one!])).get(one!)}`, `${two}`]);
  });
});
