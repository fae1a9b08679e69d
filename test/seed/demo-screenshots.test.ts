/**
 * The demo directory's screenshots: drawn app windows, kept like any image, that the paid listings' media point at,
 * so that a fresh directory's listing pages show a gallery.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestApp, type TestApp } from '../support/app.js';
import { seedDemo } from '../../src/seed/demo.js';
import { lookOf, screenshotSvg } from '../../src/seed/demo/screenshots.js';
import { processImage } from '../../src/images/process.js';
import { keepListingImage } from '../../src/images/image-store.js';

const NOW = new Date('2026-11-18T15:45:30.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ prepare: (db) => seedDemo(db, { now: NOW }).then(() => undefined) });
}, 120_000);
afterAll(() => t?.close());

/** A live paid listing whose media holds images, and how many. */
async function paidListing(): Promise<{ slug: string; images: number }> {
  const row = await t.db.one<{ slug: string; images: number }>(
    `SELECT l.slug, count(*)::int AS images FROM listings l JOIN listing_media m ON m.listing_id = l.id AND m.kind = 'image'
     WHERE l.status = 'live' AND l.plan = 'paid' AND 'media' = ANY(l.unlocked_sections) GROUP BY l.id ORDER BY l.id LIMIT 1`,
  );
  return row!;
}

describe('demo screenshots', () => {
  it('draws an app window of shapes only, the same for the same look, a screen per index', async () => {
    const svg = screenshotSvg(lookOf('acme-pulse', 0));
    expect(svg).toMatch(/^<svg [^>]*width="1024" height="640" viewBox="0 0 1280 800"/);
    expect(svg).not.toMatch(/<text|font-family|<image|href=/);
    expect(screenshotSvg(lookOf('acme-pulse', 0))).toBe(svg);
    const screens = new Set([0, 1, 2, 3].map((i) => lookOf('acme-pulse', i).screen));
    expect(screens.size).toBe(4);
    const image = await processImage(Buffer.from(svg), 'screenshot');
    expect([image.main.width, image.main.height]).toEqual([1024, 640]);
  });

  it('points every image of the paid listings’ media at a kept image', async () => {
    const rows = await t.db.query<{ n: number; kept: number; listings: number }>(
      `SELECT count(*)::int AS n, count(i.sha256)::int AS kept, count(DISTINCT m.listing_id)::int AS listings
       FROM listing_media m LEFT JOIN images i ON m.url = '/images/' || i.sha256 || '.webp' AND i.content_type = 'image/webp'
       WHERE m.kind = 'image'`,
    );
    expect(rows[0].listings).toBeGreaterThan(80);
    expect(rows[0].kept).toBe(rows[0].n);
  });

  it('shows them on the listing page as a gallery from our origin, at the size the images have', async () => {
    const { slug, images } = await paidListing();
    const html = await (await fetch(`${t.url}/listings/${slug}`)).text();
    expect(html).toContain('<ul class="gallery">');
    const gallery = html.slice(html.indexOf('<ul class="gallery">'), html.indexOf('</ul>', html.indexOf('<ul class="gallery">')));
    const sources = [...gallery.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toHaveLength(images);
    for (const src of sources) {
      expect(src).toMatch(new RegExp(`^${t.url}/images/[0-9a-f]{64}\\.webp$`));
      const answer = await fetch(src);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/webp');
      const bytes = Buffer.from(await answer.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      const sha = src.slice(src.lastIndexOf('/') + 1, -'.webp'.length);
      const kept = await t.db.one<{ width: number; height: number; byte_size: number }>(
        'SELECT width, height, byte_size FROM images WHERE sha256 = $1',
        [sha],
      );
      expect(kept).toEqual({ width: meta.width, height: meta.height, byte_size: bytes.length });
      expect([meta.width, meta.height]).toEqual([1024, 640]);
    }
  });

  it('gives absolute media addresses over REST, videos as they are', async () => {
    const { slug, images } = await paidListing();
    const answer = await fetch(`${t.url}/api/v1/listings/${slug}`);
    expect(answer.status).toBe(200);
    const { media } = (await answer.json()) as { media: { kind: string; url: string; caption: string | null }[] };
    const shots = media.filter((m) => m.kind === 'image');
    expect(shots).toHaveLength(images);
    for (const m of shots) expect(m.url).toMatch(new RegExp(`^${t.url}/images/[0-9a-f]{64}\\.webp$`));
    const videos = await t.db.query<{ url: string }>(`SELECT url FROM listing_media WHERE kind = 'video' LIMIT 5`);
    for (const { url } of videos) expect(url).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/);
  });

  it('keeps an image the media refer to when a listing image it also was is replaced', async () => {
    const media = await t.db.one<{ listing_id: number; url: string }>(
      `SELECT listing_id, url FROM listing_media WHERE kind = 'image' LIMIT 1`,
    );
    const sha = media!.url.slice('/images/'.length, -'.webp'.length);
    await t.db.query(
      `INSERT INTO listing_images (listing_id, kind, image_sha256, small_sha256, source) VALUES ($1, 'screenshot', $2, $2, 'owner')`,
      [media!.listing_id, sha],
    );
    const other = await processImage(
      Buffer.from(screenshotSvg({ hue: 0, screen: 2 }).replace('</svg>', '<circle cx="640" cy="400" r="90" fill="#000000"/></svg>')),
      'screenshot',
    );
    await keepListingImage(t.db, {
      listingId: media!.listing_id,
      kind: 'screenshot',
      image: other,
      source: 'owner',
      sourceUrl: null,
      now: NOW,
    });
    expect(await t.db.one('SELECT 1 AS kept FROM images WHERE sha256 = $1', [sha])).toEqual({ kept: 1 });
    expect((await fetch(`${t.url}${media!.url}`)).status).toBe(200);
  });
});
