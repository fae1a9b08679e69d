import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { insertCategory, insertFounder, insertListing, linkFounder } from '../support/fixtures.js';

/**
 * get_listing answers are kept in memory until PostgreSQL announces a change of the listing (NOTIFY at
 * commit, heard by the instance's listener): whatever path writes, the cached answer goes and the next
 * read shows the change.
 */
let t: TestApp;
let listingId: number;
beforeAll(async () => {
  t = await startTestApp();
  const category = await insertCategory(t.db, { slug: 'cached-category', name: 'Cached Category' });
  listingId = await insertListing(t.db, { slug: 'cached-listing', name: 'Cached', category_id: category, tagline: 'First words' });
});
afterAll(() => t?.close());

const cache = () => t.app.services.resultCache;
const read = async () => {
  const response = await fetch(`${t.url}/api/v1/listings/cached-listing`);
  expect(response.status).toBe(200);
  return response.json();
};

/** Waits until the instance has heard the change and forgotten its answer. */
async function forgotten() {
  const deadline = Date.now() + 5_000;
  while (cache().size > 0) {
    if (Date.now() > deadline) throw new Error('the change notification never arrived');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('cached listing profiles', () => {
  it('are kept while notifications are heard, and forgotten when the listing, its counters or a sub-record change', async () => {
    expect(t.app.services.changes.enabled).toBe(true);
    expect((await read()).tagline).toBe('First words');
    expect(cache().size).toBe(1);
    expect((await read()).tagline).toBe('First words'); // from the cache

    await t.db.query(`UPDATE listings SET tagline = 'Second words' WHERE id = $1`, [listingId]);
    await forgotten();
    expect((await read()).tagline).toBe('Second words');

    await t.db.query('UPDATE listings SET votes_count = votes_count + 5 WHERE id = $1', [listingId]);
    await forgotten();
    expect((await read()).votes).toBe(5);

    const founder = await insertFounder(t.db, { slug: 'cached-founder', name: 'Old Name' });
    await linkFounder(t.db, listingId, founder);
    await forgotten();
    expect((await read()).founders.map((f: { name: string }) => f.name)).toEqual(['Old Name']);
    await t.db.query(`UPDATE founders SET name = 'New Name' WHERE id = $1`, [founder]);
    await forgotten();
    expect((await read()).founders.map((f: { name: string }) => f.name)).toEqual(['New Name']);
  });

  it('are not kept for another listing’s change, and not at all once the listing is gone', async () => {
    await read();
    const other = await insertListing(t.db, { slug: 'other-listing', name: 'Other', category_id: (await insertCategory(t.db))! });
    await t.db.query(`UPDATE listings SET tagline = 'Unrelated' WHERE id = $1`, [other]);
    await t.db.query('SELECT pg_sleep(0.05)'); // time for the notification to arrive
    expect(cache().size).toBe(1);
    await t.db.query('DELETE FROM listings WHERE id = $1', [listingId]);
    await forgotten();
    expect((await fetch(`${t.url}/api/v1/listings/cached-listing`)).status).toBe(404);
  });
});
