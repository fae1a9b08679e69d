/** The crawler keeps a product's icon and Open Graph image, from a loopback fixture site, through the address guard. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { crawlSite, crawlerUserAgent } from '../../src/crawler/crawl-site.js';
import type { CrawledPage } from '../../src/crawler/crawled-page.js';
import { keepSiteImages } from '../../src/images/keep-site-images.js';
import { findSiteImageLinks } from '../../src/images/site-images.js';
import { keepListingImage } from '../../src/images/image-store.js';
import { processImage } from '../../src/images/process.js';
import { loadListingProfile } from '../../src/catalogue/listing-profile.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { insertCategory, insertListing } from '../support/fixtures.js';

const USER_AGENT = crawlerUserAgent('http://directory.test');
const PUBLIC_URL = 'http://directory.test';

let t: TestDatabase;
let server: http.Server;
let base: string;
let home: CrawledPage;
const requests: string[] = [];

async function startSite(): Promise<void> {
  const images: Record<string, Buffer> = {
    '/apple-touch-icon.png': await sharp({ create: { width: 180, height: 180, channels: 4, background: '#cc2244' } })
      .png()
      .toBuffer(),
    '/favicon-32.png': await sharp({ create: { width: 32, height: 32, channels: 4, background: '#22cc44' } })
      .png()
      .toBuffer(),
    '/og.jpg': await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#2244cc' } })
      .jpeg()
      .toBuffer(),
  };
  server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const image = images[req.url ?? ''];
    if (image) return res.writeHead(200, { 'Content-Type': 'image/png' }).end(image);
    if (req.url === '/')
      return res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head><title>Pixel Forge</title>
<link rel="icon" href="/favicon-32.png" sizes="32x32">
<link rel="apple-touch-icon" href="/apple-touch-icon.png" sizes="180x180">
<meta property="og:image" content="/og.jpg">
</head><body><h1>Pixel Forge</h1><p>Forges pixels for small teams.</p></body></html>`);
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  t = await createTestDatabase();
  await startSite();
  const crawled = await crawlSite(`${base}/`, { allowHosts: ['127.0.0.1'], userAgent: USER_AGENT, maxPages: 1 });
  if (!crawled.ok) throw new Error(crawled.reason);
  [home] = crawled.pages;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.drop();
});

const deps = (allowHosts: string[]) => ({ db: t.db, now: () => new Date(), fetch: { allowHosts, userAgent: USER_AGENT, timeoutMs: 5000 } });

describe('the images a crawled site names', () => {
  it('finds the apple-touch-icon first, then the icons by size, then /favicon.ico; and the og:image', () => {
    expect(findSiteImageLinks(home)).toEqual({
      icons: [`${base}/apple-touch-icon.png`, `${base}/favicon-32.png`],
      favicon: `${base}/favicon.ico`,
      screenshots: [`${base}/og.jpg`],
    });
  });

  it('keeps the icon as the logo and the og:image as the first screenshot', async () => {
    const category = await insertCategory(t.db);
    const id = await insertListing(t.db, { slug: 'pixel-forge', url: base, category_id: category });
    const before = requests.length;
    const { kept } = await keepSiteImages(deps(['127.0.0.1']), id, home);
    expect(kept).toEqual(['logo', 'screenshot']);
    expect(requests.slice(before)).toEqual(['GET /apple-touch-icon.png', 'GET /og.jpg']);
    const rows = await t.db.query<{ kind: string; source: string; source_url: string; width: number }>(
      `SELECT li.kind, li.source, li.source_url, i.width FROM listing_images li JOIN images i ON i.sha256 = li.image_sha256
       WHERE li.listing_id = $1 ORDER BY li.kind`,
      [id],
    );
    expect(rows).toEqual([
      { kind: 'logo', source: 'crawler', source_url: `${base}/apple-touch-icon.png`, width: 256 },
      { kind: 'screenshot', source: 'crawler', source_url: `${base}/og.jpg`, width: 1200 },
    ]);
    const profile = await loadListingProfile(t.db, 'pixel-forge', PUBLIC_URL);
    expect(profile?.logo_url).toMatch(/^http:\/\/directory\.test\/images\/[0-9a-f]{64}\.webp$/);
  });

  it('fetches nothing from a loopback site unless the host is allowed (the address guard)', async () => {
    const category = await insertCategory(t.db);
    const id = await insertListing(t.db, { slug: 'guarded', url: base, category_id: category });
    const before = requests.length;
    const { kept, refused } = await keepSiteImages(deps([]), id, home);
    expect(kept).toEqual([]);
    expect(refused[0]).toMatch(/private, loopback or reserved/);
    expect(requests.length).toBe(before);
  });

  it('never replaces a logo its owner gave', async () => {
    const category = await insertCategory(t.db);
    const id = await insertListing(t.db, { slug: 'owned-logo', url: base, category_id: category });
    const given = await processImage(
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
      'logo',
    );
    await keepListingImage(t.db, { listingId: id, kind: 'logo', image: given, source: 'owner', sourceUrl: null, now: new Date() });
    const { kept } = await keepSiteImages(deps(['127.0.0.1']), id, home);
    expect(kept).toEqual(['screenshot']);
    const logo = await t.db.one<{ image_sha256: string }>(
      `SELECT image_sha256 FROM listing_images WHERE listing_id = $1 AND kind = 'logo'`,
      [id],
    );
    expect(logo?.image_sha256).toBe(given.main.sha256);
  });
});
