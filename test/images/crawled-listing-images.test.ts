/**
 * End to end: a founder submits a product's website; the crawler reads it, the draft is submitted, and the
 * job the submission leaves behind (handed over when the submission commits) keeps the site's own icon and
 * Open Graph image. The listing's logo_url then points at the service's copy, never at the product's site.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestApp, type TestApp } from '../support/app.js';
import { insertCategory } from '../support/fixtures.js';
import { makeAccount } from '../support/oauth.js';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { crawlSite, crawlerUserAgent } from '../../src/crawler/crawl-site.js';

let t: TestApp;
let site: http.Server;
let siteUrl: string;
let categoryName: string;
const siteRequests: string[] = [];

async function startProductSite(): Promise<void> {
  const icon = await sharp({ create: { width: 180, height: 180, channels: 4, background: '#7a3cff' } })
    .png()
    .toBuffer();
  const og = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#0f8a5f' } })
    .jpeg()
    .toBuffer();
  site = http.createServer((req, res) => {
    siteRequests.push(`${req.method} ${req.url}`);
    if (req.url === '/apple-touch-icon.png') return res.writeHead(200, { 'Content-Type': 'image/png' }).end(icon);
    if (req.url === '/social.jpg') return res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(og);
    if (req.url === '/')
      return res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head>
<title>Lantern Notes - Meeting notes that write themselves</title>
<meta name="description" content="Lantern Notes turns your meetings into searchable notes for small remote teams.">
<link rel="apple-touch-icon" href="/apple-touch-icon.png" sizes="180x180">
<meta property="og:image" content="/social.jpg">
</head><body><h1>Lantern Notes</h1>
<p>Lantern Notes turns your meetings into searchable notes for small remote teams.</p>
<p>Founded in 2021 in Ghent, Belgium.</p></body></html>`);
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  await startProductSite();
  t = await startTestApp({
    env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' },
    jobs: { processEveryMs: 100 },
    drafting: {
      crawl: (url) => crawlSite(url, { allowHosts: ['127.0.0.1'], userAgent: crawlerUserAgent('http://directory.test'), timeoutMs: 5_000 }),
    },
  });
  categoryName = `Notes ${Date.now()}`;
  await insertCategory(t.db, { name: categoryName });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => site?.close(resolve));
});

async function call(key: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${t.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never: ${what}`);
}

describe('a crawled product gets its real icon and screenshot', () => {
  it("keeps them after submission; the owner's view points at the kept copies, which the service serves", async () => {
    const account = await makeAccount(t.db);
    const { key } = await createApiKey(t.db, {
      accountId: account.id,
      name: 'test',
      scopes: ['account:read', 'listings:write'],
      now: new Date(),
    });
    const created = await call(key, 'POST', '/drafts', { url: `${siteUrl}/` });
    expect(created.status).toBe(201);
    await until('the draft settles', async () => {
      const { status, body } = await call(key, 'GET', `/drafts/${created.body.id}`);
      expect(status).toBe(200);
      return body.status === 'crawling' || body.status === 'drafting' ? undefined : body;
    });
    await call(key, 'PATCH', `/drafts/${created.body.id}`, { fields: { categories: [categoryName] } });
    const submitted = await call(key, 'POST', `/drafts/${created.body.id}/submit`);
    expect(submitted.body).toMatchObject({ listing_id: expect.any(Number) });
    expect(submitted.status).toBe(200);
    const listingId = submitted.body.listing_id;

    const kinds = await until('both images are kept', async () => {
      const rows = await t.db.query<{ kind: string; source_url: string }>(
        'SELECT kind, source_url FROM listing_images WHERE listing_id = $1 ORDER BY kind',
        [listingId],
      );
      return rows.length === 2 ? rows : undefined;
    });
    expect(kinds).toEqual([
      { kind: 'logo', source_url: `${siteUrl}/apple-touch-icon.png` },
      { kind: 'screenshot', source_url: `${siteUrl}/social.jpg` },
    ]);

    const own = await call(key, 'GET', `/me/listings/${listingId}`);
    expect(own.status).toBe(200);
    const listing = own.body.profile;
    expect(listing.logo_url).toMatch(new RegExp(`^${t.url}/images/[0-9a-f]{64}\\.webp$`));
    const logo = await fetch(listing.logo_url);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/webp');
    const logoMeta = await sharp(Buffer.from(await logo.arrayBuffer())).metadata();
    expect([logoMeta.format, logoMeta.width, logoMeta.height]).toEqual(['webp', 256, 256]);

    const screenshot = await t.db.one<{ sha: string }>(
      `SELECT image_sha256 AS sha FROM listing_images WHERE listing_id = $1 AND kind = 'screenshot'`,
      [listingId],
    );
    const shot = await sharp(Buffer.from(await (await fetch(`${t.url}/images/${screenshot!.sha}.webp`)).arrayBuffer())).metadata();
    expect([shot.format, shot.width, shot.height]).toEqual(['webp', 1200, 630]);
    expect(siteRequests).toEqual(expect.arrayContaining(['GET /apple-touch-icon.png', 'GET /social.jpg']));
  }, 60_000);
});
