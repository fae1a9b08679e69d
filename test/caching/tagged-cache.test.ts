import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaggedCache } from '../../src/caching/tagged-cache.js';
import { ChangeNotifications } from '../../src/caching/change-notifications.js';
import { answerCache } from '../../src/registry/result-cache.js';
import { PageCache, type KeptPage } from '../../src/site/page-cache.js';
import { CardCache } from '../../src/cards/card-cache.js';
import { hearListingChange, LISTING_CHANGES_CHANNEL, listingTag } from '../../src/catalogue/listing-changes.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { insertCategory, insertListing } from '../support/fixtures.js';

/**
 * The one cache class the kept answers, pages and cards are made of (values under keys, with tags, bounded, dropped
 * by tag), and the one subscriber to the change notifications that invalidates all of them at once.
 */
const kept = (cache: TaggedCache<string>, keys: string[]) => keys.filter((key) => cache.peek(key) !== undefined);

describe('TaggedCache', () => {
  it('forgets what is tagged with an invalidated tag, a key in two tags by either', () => {
    const cache = new TaggedCache<string>();
    cache.set('a', 'A', ['x']);
    cache.set('b', 'B', ['x', 'y']);
    cache.set('c', 'C', ['y']);
    cache.set('d', 'D', []);
    cache.invalidate(['z']);
    expect(cache.size).toBe(4);
    cache.invalidate(['x']);
    expect(kept(cache, ['a', 'b', 'c', 'd'])).toEqual(['c', 'd']);
    cache.set('b', 'B', ['x', 'y']);
    cache.invalidate(['y']);
    expect(kept(cache, ['a', 'b', 'c', 'd'])).toEqual(['d']);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('forgets the tags a replaced value had', () => {
    const cache = new TaggedCache<string>();
    cache.set('a', 'old', ['x']);
    cache.set('a', 'new', ['y']);
    cache.invalidate(['x']);
    expect(cache.get('a')).toBe('new');
    cache.delete('a');
    cache.invalidate(['y']);
    expect(cache.size).toBe(0);
  });

  it('holds at most its entries, the oldest (least recently used) dropped first; peek does not count as a use', () => {
    const cache = new TaggedCache<string>({ maxEntries: 3 });
    for (const key of ['a', 'b', 'c']) cache.set(key, key, ['t']);
    cache.get('a'); // b is now the oldest
    cache.peek('b');
    cache.set('d', 'd', ['t']);
    expect(kept(cache, ['a', 'b', 'c', 'd'])).toEqual(['a', 'c', 'd']);
    cache.set('e', 'e', []);
    expect(kept(cache, ['a', 'b', 'c', 'd', 'e'])).toEqual(['a', 'd', 'e']);
    cache.invalidate(['t']); // the dropped entries' tags went with them
    expect(kept(cache, ['a', 'b', 'c', 'd', 'e'])).toEqual(['e']);
  });

  it('holds at most its bytes, counted when kept, and does not keep what alone is larger', () => {
    const cache = new TaggedCache<string>({ maxBytes: 10, bytesOf: (value) => value.length });
    expect(cache.set('a', 'aaaa', [])).toBe(true);
    expect(cache.set('b', 'bbbb', [])).toBe(true);
    expect(cache.bytes).toBe(8);
    cache.set('c', 'cccc', []);
    expect(kept(cache, ['a', 'b', 'c'])).toEqual(['b', 'c']);
    expect(cache.bytes).toBe(8);
    expect(cache.set('huge', 'x'.repeat(11), [])).toBe(false);
    expect(cache.set('b', 'x'.repeat(11), [])).toBe(false); // what was under the key goes in any case
    expect(kept(cache, ['b', 'c', 'huge'])).toEqual(['c']);
    expect(cache.bytes).toBe(4);
  });
});

describe('ChangeNotifications', () => {
  it('invalidates every cache it tracks, clears them all on a change too large to name', () => {
    const changes = new ChangeNotifications();
    const one = changes.cache<string>({});
    const two = changes.cache<string>({ maxEntries: 10 });
    one.set('a', 'A', ['x']);
    two.set('b', 'B', ['x']);
    two.set('c', 'C', ['y']);
    const generation = changes.generation;
    changes.invalidate(['x']);
    expect([one.size, two.size]).toEqual([0, 1]);
    expect(changes.generation).toBeGreaterThan(generation);
    changes.clear();
    expect(two.size).toBe(0);
  });

  it('keeps nothing while not listening; a lost connection clears what relies on it, not what is kept while deaf', () => {
    const changes = new ChangeNotifications();
    const answers = changes.cache<string>({});
    const cards = changes.cache<string>({}, { keptWhileDeaf: true });
    expect(changes.keep(answers, 'a', 'A', ['x'], changes.generation)).toBe(false);
    changes.setListening(true);
    expect(changes.keep(answers, 'a', 'A', ['x'], changes.generation)).toBe(true);
    cards.set('c', 'C', ['x']);
    changes.setListening(false);
    expect([answers.size, cards.size]).toEqual([0, 1]);
    changes.clear();
    expect(cards.size).toBe(0);
  });
});

describe('one notification of the database', () => {
  let t: TestDatabase;
  let category: number;
  let stopListening: (() => Promise<void>) | undefined;
  const changes = new ChangeNotifications();

  beforeAll(async () => {
    t = await createTestDatabase();
    category = await insertCategory(t.db);
    const listening = await t.db.listen(LISTING_CHANGES_CHANNEL, {
      onChange: (payload) => hearListingChange(changes, payload),
      onListening: (heard) => changes.setListening(heard),
    });
    stopListening = () => listening.stop();
    changes.setMarkerSender((marker) => listening.notify(marker));
  }, 60_000);
  afterAll(async () => {
    await stopListening?.();
    await t?.drop();
  });

  it('drops the answers, pages and cards that show the changed listing, and keeps those of others', async () => {
    await expect.poll(() => changes.enabled, { timeout: 5_000 }).toBe(true);
    const changed = await insertListing(t.db, { category_id: category });
    const other = await insertListing(t.db, { category_id: category });
    await changes.catchUp(); // the inserts' own notifications are heard
    const answers = answerCache(changes);
    const pages = new PageCache(changes, 0);
    const cards = new CardCache(changes);
    const page = (text: string): KeptPage => ({ body: Buffer.from(text), etag: `"${text}"`, contentType: 'text/html', policy: '' });
    const now = Date.now();
    for (const id of [changed, other]) {
      expect(changes.keep(answers, `answer ${id}`, { id }, [listingTag(id)], changes.generation)).toBe(true);
      pages.set(`/listings/${id}`, page(`page ${id}`), [id], changes.generation, now);
      cards.set({ key: `card ${id}`, png: Buffer.from(`png ${id}`) }, [id]);
    }
    expect([answers.size, pages.size, cards.size]).toEqual([2, 2, 2]);

    await t.db.query(`UPDATE listings SET tagline = 'Changed' WHERE id = $1`, [changed]);
    await changes.catchUp();
    expect(answers.get(`answer ${changed}`)).toBeUndefined();
    expect(pages.get(`/listings/${changed}`, now)).toBeUndefined();
    expect(cards.get(`card ${changed}`)).toBeUndefined();
    expect(answers.get(`answer ${other}`)).toEqual({ id: other });
    expect(pages.get(`/listings/${other}`, now)?.etag).toBe(`"page ${other}"`);
    expect(cards.get(`card ${other}`)?.key).toBe(`card ${other}`);
    expect([answers.size, pages.size, cards.size]).toEqual([1, 1, 1]);
  });
});
