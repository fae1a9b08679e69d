import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PageCache, type KeptPage } from '../../src/site/page-cache.js';
import { ChangeNotifications } from '../../src/caching/change-notifications.js';
import { encodeBody } from '../../src/web/content-encoding.js';

/** The kept pages' memory: at most the bound, in bytes of the pages and of the compressed copies made when kept. */
const T0 = Date.UTC(2026, 10, 27, 12);
const html = (n: number) => Buffer.from(`<!doctype html>${`<li class="card"><a href="/listings/p${n}">Listing ${n}</a></li>`.repeat(40)}`);
const page = (n: number): KeptPage => ({ body: html(n), etag: `"${n}"`, contentType: 'text/html', policy: '' });

function cache(maxBytes: number) {
  const notifications = new ChangeNotifications();
  notifications.setListening(true);
  return new PageCache(notifications, 5_000, maxBytes);
}

describe('the kept pages', () => {
  it('hold at most their bound, the least recently used going first', () => {
    const size = page(0).body.length;
    const pages = cache(size * 3);
    for (const n of [1, 2, 3]) pages.set(`/${n}`, page(n), 'any', 0, T0);
    expect(pages.get('/1', T0)?.etag).toBe('"1"'); // used: /2 is now the least recent
    pages.set('/4', page(4), 'any', 0, T0);
    expect(pages.size).toBe(3);
    expect(pages.get('/2', T0)).toBeUndefined();
    expect([1, 3, 4].map((n) => pages.get(`/${n}`, T0)?.etag)).toEqual(['"1"', '"3"', '"4"']);
  });

  it('count the compressed copies made when they were kept', () => {
    // Pages that compress to about half: three of them fit the bound as rendered, two with their copies.
    const coded = [1, 2, 3].map((n) => {
      const body = Buffer.from(`<!doctype html><p>${randomBytes(1_000).toString('hex')}</p>`);
      return { body, etag: `"${n}"`, contentType: 'text/html', policy: '', coded: { br: encodeBody(body, 'br') } };
    });
    const bytes = (p: KeptPage) => p.body.length + p.coded!.br!.length;
    const bound = bytes(coded[1]!) + bytes(coded[2]!);
    expect(coded.reduce((sum, p) => sum + p.body.length, 0)).toBeLessThan(bound);
    const pages = cache(bound);
    for (const p of coded) pages.set(`/${p.etag}`, p, 'any', 0, T0);
    expect(pages.size).toBe(2);
    expect(pages.get('/"1"', T0)).toBeUndefined();
  });
});
