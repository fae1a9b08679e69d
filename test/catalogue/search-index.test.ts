import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchIndex } from '../../src/catalogue/search-index.js';
import type { WordIndex } from '../../src/catalogue/word-index.js';
import { type ListingSearch, searchListings } from '../../src/catalogue/search.js';
import { changedListingIds, changedVoteCounts, LISTING_CHANGES_CHANNEL } from '../../src/catalogue/listing-changes.js';
import type { StopListening } from '../../src/db/change-listener.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { insertCategory, insertListing, insertVotes } from '../support/fixtures.js';
import { startTestApp } from '../support/app.js';

/**
 * Searches answered from the in-memory word index give the same pages and totals as PostgreSQL counting every
 * match, and stay so as listings change: the index hears each change through the listing change notifications.
 */
const NOW = new Date('2031-03-12T12:00:00Z');
let t: TestDatabase;
let index: SearchIndex;
let stopListening: StopListening;
let category: number;

/** Every notification payload heard, so that a test can wait until the index was told of its change. */
const heard: string[] = [];
const listen = async () =>
  (
    await t.db.listen(LISTING_CHANGES_CHANNEL, {
      onChange: (payload) => {
        heard.push(payload);
        index.changed(changedListingIds(payload), changedVoteCounts(payload));
      },
      onListening: (listening) => index.setListening(listening),
    })
  ).stop;

beforeAll(async () => {
  t = await createTestDatabase();
  category = await insertCategory(t.db);
  const statuses = ['live', 'live', 'live', 'live', 'live', 'scheduled', 'draft'] as const;
  for (let i = 0; i < 49; i++) {
    const status = statuses[i % statuses.length];
    const id = await insertListing(t.db, {
      category_id: category,
      slug: `quill-${i}`,
      name: i % 5 === 0 ? `Quillbar ${i}` : `Product ${i}`,
      tagline: i % 3 === 0 ? `quillbar for teams ${i}` : `notes for teams ${i}`,
      description: i % 4 === 0 ? 'A zephyr of quillbar notes, quillbar again.' : 'Made with quillbars and zephyrs.',
      status,
      launch_week: status === 'scheduled' ? '2031-04-07' : null,
    });
    await insertVotes(t.db, id, (i * 7) % 5); // many ties
  }
  await t.db.script(`TRUNCATE search_terms;
    INSERT INTO search_terms (term, documents)
    SELECT word, ndoc FROM ts_stat('SELECT search_vector FROM listings WHERE status IN (''live'', ''scheduled'')') WHERE length(word) >= 2`);
  index = new SearchIndex(t.db);
  stopListening = await listen();
  expect(index.usable(), 'not loaded before start').toBeUndefined();
  index.start();
  await until(() => index.usable() !== undefined);
});
afterAll(async () => {
  await stopListening?.();
  await index?.close();
  await t?.drop();
});

async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('the search index did not catch up');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

type Query = Pick<ListingSearch, 'q' | 'sort' | 'upcoming'>;
const page = (query: Query, offset: number): ListingSearch => ({
  ...query,
  limit: 7,
  offset,
  now: NOW,
  estimateAbove: { matches: 0, share: 0 },
});

/** The page from the index (every match counts as common) and from PostgreSQL counting every match. */
async function bothWays(query: Query, offset: number) {
  const indexed = await searchListings(t.db, { ...page(query, offset), index: await currentIndex() });
  const exact = await searchListings(t.db, { ...page(query, offset), estimateAbove: { matches: Number.MAX_SAFE_INTEGER, share: 1 } });
  return { indexed, exact };
}

const QUERIES: Query[] = ['quillbar', 'quilbar', 'quil', 'quillbar zephyr', 'zephyr notes', 'teams'].flatMap((q) =>
  (['relevance', 'votes'] as const).flatMap((sort) => [true, false].map((upcoming) => ({ q, sort, upcoming }))),
);

async function expectSameAsPostgres() {
  for (const query of QUERIES) {
    for (const offset of [0, 7, 14, 35, 70]) {
      const { indexed, exact } = await bothWays(query, offset);
      const label = `${JSON.stringify(query)} at ${offset}`;
      expect(
        indexed.rows.map((r) => r.slug),
        label,
      ).toEqual(exact.rows.map((r) => r.slug));
      expect(indexed.total, label).toBe(exact.total);
      expect(indexed.totalIsEstimate, label).toBe(false);
    }
  }
}

/**
 * The index with every change heard read into it, as search asks for it: a notification heard late (a vote count
 * after the check that the index caught up) is waited for rather than read past.
 */
async function currentIndex() {
  const current = await index.current(10_000);
  expect(current, 'the index is current').toBeDefined();
  return current;
}
const quillbarByVotes = async (usable: WordIndex | undefined) =>
  searchListings(t.db, { ...page({ q: 'quillbar', sort: 'votes', upcoming: false }, 0), index: usable });
const quillbarTotal = async () => (await quillbarByVotes(await currentIndex())).total;
const exactQuillbarTotal = async () =>
  (
    await searchListings(t.db, {
      ...page({ q: 'quillbar', sort: 'votes', upcoming: false }, 0),
      estimateAbove: { matches: Number.MAX_SAFE_INTEGER, share: 1 },
    })
  ).total;
/** Waits until the index has heard the last change (its count of "quillbar" is PostgreSQL's). */
const caughtUp = () =>
  until(async () => {
    const usable = index.usable();
    return usable !== undefined && (await quillbarByVotes(usable)).total === (await exactQuillbarTotal());
  });

describe('searches through the word index', () => {
  it('answer the pages and totals PostgreSQL answers, by relevance and by votes, live and upcoming', async () => {
    expect((await bothWays({ q: 'quillbar', sort: 'relevance', upcoming: false }, 0)).indexed.total).toBeGreaterThan(20);
    await expectSameAsPostgres();
  });

  it('follow a listing losing or gaining a word, new votes, a status change, a deletion and a new listing', async () => {
    const before = await exactQuillbarTotal();
    const idOf = async (slug: string) => (await t.db.one<{ id: number }>('SELECT id FROM listings WHERE slug = $1', [slug]))!.id;
    await t.db.query(`UPDATE listings SET name = 'Renamed', tagline = 'plain', description = 'plain' WHERE slug = 'quill-0'`);
    await caughtUp();
    expect(await quillbarTotal()).toBe(before - 1);
    await insertVotes(t.db, await idOf('quill-8'), 40);
    await t.db.query(`UPDATE listings SET status = 'hidden' WHERE slug = 'quill-1'`);
    await t.db.query(`DELETE FROM listings WHERE slug = 'quill-2'`);
    await insertListing(t.db, { category_id: category, slug: 'quill-new', name: 'Quillbar New', tagline: 'quillbar' });
    await caughtUp();
    expect(await quillbarTotal()).toBe(before - 2);
    await expectSameAsPostgres();
    const top = await quillbarByVotes(await currentIndex());
    expect(top.rows[0]!.slug).toBe('quill-8');
  });

  it('wait for the changes heard before them to be read: a search just after a change reads the index with it', async () => {
    await caughtUp();
    const before = await exactQuillbarTotal();
    const { id } = (await t.db.one<{ id: number }>(`SELECT id FROM listings WHERE slug = 'quill-15'`))!;
    // Changed unannounced, then announced by hand: the index has heard it and not read it yet.
    await t.asSuperuser(async (tx) => {
      await tx.query('SET LOCAL session_replication_role = replica');
      await tx.query(`UPDATE listings SET name = 'Plain', tagline = 'plain', description = 'plain' WHERE id = $1`, [id]);
      await tx.query(`UPDATE listing_search SET name = 'Plain', search_vector = to_tsvector('english', 'plain') WHERE id = $1`, [id]);
    });
    index.changed([id]);
    expect(index.usable()).toBeUndefined();
    const asked = index.current();
    index.changed([id + 1]); // heard after the search asked: not waited for
    const current = await asked;
    expect(current).toBeDefined();
    const search = { ...page({ q: 'quillbar', sort: 'votes', upcoming: false }, 0), index: current };
    expect((await searchListings(t.db, search)).total).toBe(before - 1);
    expect(await exactQuillbarTotal()).toBe(before - 1);
  });

  it("set a vote count at once from the vote's notification, with nothing to read; another change is read", async () => {
    await caughtUp();
    const { id } = (await t.db.one<{ id: number }>(`SELECT id FROM listings WHERE slug = 'quill-25'`))!;
    const top = async () =>
      (await searchListings(t.db, { ...page({ q: 'quillbar', sort: 'votes', upcoming: false }, 0), index: index.usable() })).rows[0]!.slug;
    expect(await top()).not.toBe('quill-25');
    const from = heard.length;
    await t.db.query('UPDATE listings SET votes_count = 1000, follows_count = follows_count + 1 WHERE id = $1', [id]);
    await until(() => heard.length > from);
    expect(heard.slice(from)).toEqual([`${id},=${id}:1000`]);
    expect(await index.current(0), 'nothing left to read').toBeDefined();
    expect(await top()).toBe('quill-25');
    await expectSameAsPostgres();

    const next = heard.length;
    await t.db.query(`UPDATE listings SET votes_count = 1001, tagline = 'quillbar, counted' WHERE id = $1`, [id]);
    await caughtUp();
    await until(() => heard.length > next);
    expect(heard.slice(next)[0], 'more than the counters changed: the listing alone is named').toBe(`${id}`);
    await expectSameAsPostgres();
  });

  it('are not answered from the index while changes may be missed, and are again after a full reload', async () => {
    await stopListening();
    expect(index.usable()).toBeUndefined();
    await t.db.query(`UPDATE listings SET tagline = 'quillbar at last' WHERE slug = 'quill-4'`); // heard by nobody
    stopListening = await listen();
    await caughtUp();
    await expectSameAsPostgres();
  });

  it('reload everything when a change is too large to name its listings', async () => {
    await t.db.query(`UPDATE listings SET tagline = 'quillbar once more' WHERE slug = 'quill-10'`);
    const told = heard.length;
    await t.db.query(`SELECT pg_notify('listing_changed', '*')`);
    // Until the '*' is heard, the index may still look current from the UPDATE's own notification.
    await until(() => heard.slice(told).includes('*'));
    await caughtUp();
    await expectSameAsPostgres();
  });
});

describe('the service', () => {
  it('keeps a search index by default, and none with SEARCH_INDEX=off', async () => {
    const on = await startTestApp();
    const off = await startTestApp({ env: { SEARCH_INDEX: 'off' } });
    try {
      expect(on.app.services.searchIndex).toBeDefined();
      await until(() => on.app.services.searchIndex!.usable() !== undefined);
      expect(off.app.services.searchIndex).toBeUndefined();
    } finally {
      await Promise.all([on.close(), off.close()]);
    }
  });
});
