import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { seedDemo } from '../../src/seed/demo.js';
import { CardCache } from '../../src/cards/card-cache.js';
import { socialCard } from '../../src/cards/cards.js';
import { hearListingChange, LISTING_CHANGES_CHANNEL } from '../../src/catalogue/listing-changes.js';
import { ChangeNotifications } from '../../src/caching/change-notifications.js';

/**
 * The social cards on the demo directory: each kind answers a 1200 × 630 PNG with an ETag and a cache lifetime;
 * unknown, hidden and unpublished objects have none; the pages name their card in og:image and twitter:card with an
 * absolute address that answers; a listing's card follows its name, and the change notification drops the old one.
 */
let t: TestApp;
const NOW = new Date('2026-11-18T12:00:00Z');

beforeAll(async () => {
  t = await startTestApp({ now: () => NOW, prepare: (db) => seedDemo(db, { now: NOW }).then(() => undefined) });
}, 120_000);
afterAll(() => t?.close());

const api = async (path: string) => (await fetch(`${t.url}/api/v1${path}`)).json() as Promise<any>;

async function expectCard(url: string) {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/png');
  expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/);
  expect(response.headers.get('etag')).toBeTruthy();
  const png = Buffer.from(await response.arrayBuffer());
  expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
  return { png, etag: response.headers.get('etag')! };
}

/** The social tags of a page, after checking it has them all. */
async function socialTags(path: string) {
  const page = await (await fetch(`${t.url}${path}`)).text();
  const meta = (attribute: string, name: string) =>
    new RegExp(`<meta ${attribute}="${name}" content="([^"]*)">`).exec(page)?.[1].replace(/&amp;/g, '&');
  const image = meta('property', 'og:image');
  expect(image, path).toMatch(new RegExp(`^${t.url}/cards/.+\\.png$`));
  expect(meta('property', 'og:title'), path).toBeTruthy();
  expect(meta('property', 'og:description'), path).toBeTruthy();
  expect(meta('property', 'og:image:width')).toBe('1200');
  expect(meta('property', 'og:image:height')).toBe('630');
  expect(meta('name', 'twitter:card')).toBe('summary_large_image');
  return { image: image! };
}

describe('social cards', () => {
  it('the home, listing, week, blog and award pages name their cards, and each card answers', async () => {
    const listing = (await api('/listings?per_page=1')).items[0];
    const post = (await api('/blog?per_page=1')).items[0];
    const award = (await api('/awards?per_page=1')).items[0];
    const pages = [`/listings/${listing.slug}`, '/weeks/2026-11-16', new URL(post.url).pathname, '/awards', '/awards/hall-of-fame', '/'];
    const images = [];
    for (const path of pages) images.push((await socialTags(path)).image);
    expect(images[0]).toBe(`${t.url}/cards/listings/${listing.slug}.png`);
    expect(images[1]).toBe(`${t.url}/cards/weeks/2026-11-16.png`);
    expect(images[3]).toBe(`${t.url}/cards/awards/${award.week}/${award.rank}.png`);
    expect(images[5]).toBe(`${t.url}/cards/weeks/2026-11-16.png`); // the home page: this week's card
    for (const image of new Set(images)) await expectCard(image);
  });

  it('a card is revalidated by its ETag', async () => {
    const listing = (await api('/listings?per_page=1')).items[0];
    const url = `${t.url}/cards/listings/${listing.slug}.png`;
    const { etag } = await expectCard(url);
    // fetch adds no-cache to a conditional request unless told otherwise.
    expect((await fetch(url, { headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } })).status).toBe(304);
  });

  it('unknown objects, hidden listings and unpublished posts have no card', async () => {
    const listing = (await api('/listings?per_page=2')).items[1];
    await t.db.query(`UPDATE blog_posts SET status = 'draft' WHERE slug = (SELECT slug FROM blog_posts ORDER BY id DESC LIMIT 1)`);
    const draft = await t.db.one<{ slug: string }>(`SELECT slug FROM blog_posts WHERE status = 'draft' LIMIT 1`);
    await t.db.query(`UPDATE listings SET status_before_hidden = status, status = 'hidden' WHERE slug = $1`, [listing.slug]);
    for (const path of [
      '/cards/listings/no-such-listing.png',
      `/cards/listings/${listing.slug}.png`,
      '/cards/listings/..%2F..%2Fetc.png',
      '/cards/weeks/2026-11-17.png', // not a Monday
      '/cards/weeks/1990-01-01.png', // before the directory's first week
      '/cards/weeks/2026-02-30.png',
      '/cards/awards/2026-11-16/4.png',
      '/cards/awards/1990-01-01/1.png',
      '/cards/blog/no-such-post.png',
      `/cards/blog/${draft!.slug}.png`,
      '/cards/other/x.png',
    ]) {
      const response = await fetch(`${t.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).not.toBe('image/png');
    }
  });

  it("a listing's card follows its name, and the change notification drops the card drawn before", async () => {
    const changes = new ChangeNotifications();
    const cache = new CardCache(changes);
    const { stop } = await t.db.listen(LISTING_CHANGES_CHANNEL, {
      onChange: (payload) => hearListingChange(changes, payload),
      onListening: () => {},
    });
    try {
      const listing = (await api('/listings?per_page=3')).items[2];
      const deps = { db: t.db, publicUrl: t.url, now: () => NOW, signAward: t.app.services.signAward, cache };
      const url = `${t.url}/cards/listings/${listing.slug}.png`;
      const before = await expectCard(url);
      const drawn = await socialCard(deps, { kind: 'listing', slug: listing.slug });
      expect(cache.size).toBe(1);
      await t.db.query('UPDATE listings SET name = $2 WHERE slug = $1', [listing.slug, `<script>&${listing.name} 🚀 مرحبا`]);
      await expect.poll(() => cache.size, { timeout: 5_000 }).toBe(0);
      const after = await expectCard(url);
      expect(after.etag).not.toBe(before.etag);
      expect(after.png.equals(before.png)).toBe(false);
      const again = await socialCard(deps, { kind: 'listing', slug: listing.slug });
      expect(again!.key).not.toBe(drawn!.key);
    } finally {
      await stop();
    }
  });
});
