import { describe, expect, it } from 'vitest';
import { PageCache, type KeptPage } from '../../src/site/page-cache.js';
import { ChangeNotifications } from '../../src/caching/change-notifications.js';
import { listingTag } from '../../src/catalogue/listing-changes.js';

/**
 * The kept pages' rules while listings change all the time (a launch day): a page that ranks every listing is
 * answered for the settling time after a change, then read again; a listing's page is dropped by a change of what
 * it shows only, and kept though other listings changed while it was read.
 */
const page = (text: string): KeptPage => ({ body: Buffer.from(text), etag: `"${text}"`, contentType: 'text/html', policy: '' });
const T0 = Date.UTC(2026, 10, 27, 12);

function caches(settleMs: number) {
  const notifications = new ChangeNotifications();
  notifications.setListening(true);
  return { notifications, pages: new PageCache(notifications, settleMs) };
}

describe('a page that ranks every listing', () => {
  it('is answered for the settling time after a change, and read again after it', () => {
    const { notifications, pages } = caches(5_000);
    pages.set('/', page('home'), 'any', notifications.generation, T0);
    notifications.invalidate([listingTag(1)]);
    expect(pages.get('/', T0 + 4_999)?.etag).toBe('"home"');
    expect(pages.get('/', T0 + 5_000)).toBeUndefined();
  });

  it('is kept though listings changed while it was read, for what is left of the settling time', () => {
    const { notifications, pages } = caches(5_000);
    const generation = notifications.generation;
    notifications.invalidate([listingTag(1)]);
    pages.set('/', page('home'), 'any', generation, T0);
    expect(pages.get('/', T0 + 1_000)?.etag).toBe('"home"');
    expect(pages.get('/', T0 + 5_000)).toBeUndefined();
  });

  it('without settling time, is dropped by the next change and not kept when one came while it was read', () => {
    const { notifications, pages } = caches(0);
    pages.set('/', page('home'), 'any', notifications.generation, T0);
    expect(pages.get('/', T0)?.etag).toBe('"home"');
    notifications.invalidate([listingTag(1)]);
    expect(pages.get('/', T0)).toBeUndefined();
    const generation = notifications.generation;
    notifications.invalidate([listingTag(2)]);
    pages.set('/', page('home'), 'any', generation, T0);
    expect(pages.get('/', T0)).toBeUndefined();
  });

  it('past its settling time, stays the settled page (answered while it is read again) until the kept page age ends', () => {
    const { notifications, pages } = caches(5_000);
    pages.set('/', page('home'), 'any', notifications.generation, T0);
    expect(pages.settled('/', T0)?.etag).toBe('"home"');
    notifications.invalidate([listingTag(1)]);
    expect(pages.get('/', T0 + 5_000)).toBeUndefined();
    expect(pages.settled('/', T0 + 59_999)?.etag).toBe('"home"');
    expect(pages.settled('/', T0 + 60_000)).toBeUndefined();
    const unsettled = caches(0);
    unsettled.pages.set('/', page('home'), 'any', unsettled.notifications.generation, T0);
    expect(unsettled.pages.settled('/', T0)).toBeUndefined();
  });

  it('with no change at all, is answered until the kept page age ends, settling time or not', () => {
    const { notifications, pages } = caches(5_000);
    pages.set('/', page('home'), 'any', notifications.generation, T0);
    expect(pages.get('/', T0 + 59_999)?.etag).toBe('"home"');
    expect(pages.get('/', T0 + 60_000)).toBeUndefined();
  });
});

describe("a listing's page", () => {
  it('is dropped at once by a change of a listing it shows, whatever the settling time', () => {
    const { notifications, pages } = caches(5_000);
    pages.set('/listings/a', page('a'), [1, 2], notifications.generation, T0);
    notifications.invalidate([listingTag(3)]);
    expect(pages.get('/listings/a', T0)?.etag).toBe('"a"');
    notifications.invalidate([listingTag(2)]);
    expect(pages.get('/listings/a', T0)).toBeUndefined();
    expect(pages.settled('/listings/a', T0)).toBeUndefined();
  });

  it('is kept though other listings changed while it was read, and not when one it shows did', () => {
    const { notifications, pages } = caches(5_000);
    const generation = notifications.generation;
    notifications.invalidate([listingTag(3)]);
    pages.set('/listings/a', page('a'), [1, 2], generation, T0);
    expect(pages.get('/listings/a', T0)?.etag).toBe('"a"');
    const again = notifications.generation;
    notifications.invalidate([listingTag(1)]);
    pages.set('/listings/b', page('b'), [1], again, T0);
    expect(pages.get('/listings/b', T0)).toBeUndefined();
  });
});
