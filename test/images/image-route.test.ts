import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestApp, type TestApp } from '../support/app.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { processImage } from '../../src/images/process.js';
import { keepListingImage } from '../../src/images/image-store.js';
import { plainPng, svgWithScript } from './hostile-images.js';

let t: TestApp;
let slug: string;
let bare: string;
beforeAll(async () => {
  t = await startTestApp();
  const category = await insertCategory(t.db);
  slug = 'kept-logo';
  const id = await insertListing(t.db, { slug, category_id: category });
  bare = 'never-kept';
  await insertListing(t.db, { slug: bare, category_id: category });
  // A logo address the drafter read on the product's site, never kept: not handed out.
  await t.db.query(`UPDATE listings SET logo_url = 'https://elsewhere.example/logo.png' WHERE slug = $1`, [bare]);
  await keepListingImage(t.db, {
    listingId: id,
    kind: 'logo',
    image: await processImage(svgWithScript, 'logo'),
    source: 'owner',
    sourceUrl: null,
    now: new Date(),
  });
  await keepListingImage(t.db, {
    listingId: id,
    kind: 'screenshot',
    image: await processImage(await plainPng(1600, 900), 'screenshot'),
    source: 'owner',
    sourceUrl: null,
    now: new Date(),
  });
});
afterAll(() => t?.close());

const listing = async (s: string) => (await (await fetch(`${t.url}/api/v1/listings/${s}`)).json()) as { logo_url: string | null };

describe('kept images', () => {
  it('logo_url points at the kept logo, under PUBLIC_URL, and the image is served immutable', async () => {
    const { logo_url } = await listing(slug);
    expect(logo_url).toMatch(new RegExp(`^${t.url}/images/[0-9a-f]{64}\\.webp$`));
    const answer = await fetch(logo_url!);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/webp');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-security-policy')).toMatch(/^default-src 'none'(;|$)/);
    const bytes = Buffer.from(await answer.arrayBuffer());
    // The address is the hash of the bytes.
    const { createHash } = await import('node:crypto');
    expect(logo_url).toContain(createHash('sha256').update(bytes).digest('hex'));
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    // A second look at the same address is answered 304, also when the request says no-cache (fetch adds it to a
    // conditional request unless told otherwise).
    for (const cacheControl of ['max-age=0', 'no-cache']) {
      const again = await fetch(logo_url!, { headers: { 'If-None-Match': answer.headers.get('etag')!, 'Cache-Control': cacheControl } });
      expect(again.status, cacheControl).toBe(304);
    }
    expect((await fetch(logo_url!, { headers: { 'If-None-Match': '"another"' } })).status).toBe(200);
  });

  it('a listing whose logo was never kept has logo_url null, and its page still renders', async () => {
    expect((await listing(bare)).logo_url).toBeNull();
    const page = await fetch(`${t.url}/listings/${bare}`);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain('elsewhere.example/logo.png');
  });

  it('the listing page shows the kept logo from our own origin', async () => {
    const html = await (await fetch(`${t.url}/listings/${slug}`)).text();
    expect(html).toMatch(/\/images\/[0-9a-f]{64}\.webp/);
  });

  it('answers 404 for an unknown image, a wrong extension or a name that is not a hash', async () => {
    const { logo_url } = await listing(slug);
    for (const path of [`/images/${'0'.repeat(64)}.webp`, `${new URL(logo_url!).pathname.replace('.webp', '.png')}`, '/images/logo.svg']) {
      const answer = await fetch(`${t.url}${path}`);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('content-type')).not.toMatch(/svg|html/);
    }
  });

  it('a replaced image is deleted once no listing refers to it; one another listing shares stays', async () => {
    const category = await insertCategory(t.db);
    const first = await insertListing(t.db, { slug: 'replaces-logo', category_id: category });
    const second = await insertListing(t.db, { slug: 'shares-logo', category_id: category });
    const keep = async (listingId: number, image: Awaited<ReturnType<typeof processImage>>) =>
      keepListingImage(t.db, { listingId, kind: 'logo', image, source: 'owner', sourceUrl: null, now: new Date() });
    const shared = await processImage(await plainPng(300, 300), 'logo');
    const alone = await processImage(await plainPng(200, 120), 'logo');
    await keep(first, alone);
    await keep(second, shared);
    const stored = async (image: typeof shared) =>
      (await t.db.query('SELECT 1 FROM images WHERE sha256 = ANY($1::text[])', [[image.main.sha256, image.small.sha256]])).length;
    expect(await stored(alone)).toBe(2);
    await keep(first, shared); // replaces `alone`, which nothing else uses
    expect(await stored(alone)).toBe(0);
    expect((await fetch(`${t.url}/images/${alone.main.sha256}.webp`)).status).toBe(404);
    await keep(second, alone); // `shared` is still the first listing's logo
    expect(await stored(shared)).toBe(2);
    expect((await fetch(`${t.url}/images/${shared.main.sha256}.webp`)).status).toBe(200);
  });
});
