import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import tool from '../../tools/set_listing_image.js';
import { invokeTool } from '../../src/registry/invoke.js';
import type { Services } from '../../src/services.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { expectSignedInOnly, testServices, TEST_PUBLIC_URL } from '../support/services.js';
import { expectContractUnchanged } from '../support/contract.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { makeAccount } from '../support/oauth.js';
import { htmlAsPng } from '../images/hostile-images.js';

let t: TestDatabase;
let server: http.Server;
let base: string;
let owner: string;
let stranger: string;
let listingId: number;

/** Services whose image fetches may reach the loopback fixture (OUTBOUND_ALLOW_HOSTS in tests). */
const services = (allowHosts: string[]): Services => {
  const s = testServices(t.db);
  return { ...s, config: { ...s.config, outboundAllowHosts: allowHosts } };
};
const call = (accountId: string, input: unknown, allowHosts = ['127.0.0.1']) =>
  invokeTool(tool, input, {
    services: services(allowHosts),
    caller: { accountId, scopes: ['listings:write'], credential: { kind: 'api_key', keyId: 'k', name: 'n', prefix: 'ldk_x' } },
    requestId: 't',
  });

beforeAll(async () => {
  t = await createTestDatabase();
  const logo = await sharp({ create: { width: 200, height: 100, channels: 4, background: '#118866' } })
    .png()
    .toBuffer();
  server = http.createServer((req, res) => {
    if (req.url === '/logo.png') return res.writeHead(200, { 'Content-Type': 'image/png' }).end(logo);
    if (req.url === '/page.png') return res.writeHead(200, { 'Content-Type': 'image/png' }).end(htmlAsPng);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  owner = (await makeAccount(t.db)).id;
  stranger = (await makeAccount(t.db)).id;
  listingId = await insertListing(t.db, { slug: 'imaged', category_id: await insertCategory(t.db) });
  await t.db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2)', [listingId, owner]);
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.drop();
});

describe('set_listing_image', () => {
  it('needs a signed-in caller with its scope (401, 403)', () => expectSignedInOnly(tool));

  it("answers 404 for another account's listing, fetching nothing", async () => {
    await expect(call(stranger, { listing_id: listingId, kind: 'logo', url: `${base}/logo.png` })).rejects.toMatchObject({ status: 404 });
    await expect(call(owner, { listing_id: 999_999, kind: 'logo', url: `${base}/logo.png` })).rejects.toMatchObject({ status: 404 });
  });

  it('answers 400 for an address that does not give an image', async () => {
    const error = await call(owner, { listing_id: listingId, kind: 'logo', url: `${base}/page.png` }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, errors: [{ path: '/url' }] });
    expect((error as Error).message).toMatch(/not an image|could not be read/);
    const missing = await call(owner, { listing_id: listingId, kind: 'logo', url: `${base}/gone.png` }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 400 });
    expect((missing as Error).message).toMatch(/HTTP 404/);
  });

  it('answers 400 for a private or loopback address (the address guard)', async () => {
    for (const url of [`${base}/logo.png`, 'http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/logo.png']) {
      const error = await call(owner, { listing_id: listingId, kind: 'logo', url }, []).catch((e: unknown) => e);
      expect(error, url).toMatchObject({ status: 400 });
      expect((error as Error).message).toMatch(/private, loopback or reserved/);
    }
  });

  it('keeps the logo and answers the new logo_url, served by the directory', async () => {
    const { result } = await call(owner, { listing_id: listingId, kind: 'logo', url: `${base}/logo.png` });
    expect(result).toMatchObject({ listing_id: listingId, kind: 'logo', width: 256, height: 256 });
    expect(result.logo_url).toBe(result.image_url);
    expect(result.logo_url).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/images/[0-9a-f]{64}\\.webp$`));
    const row = await t.db.one<{ source: string; source_url: string }>(
      `SELECT source, source_url FROM listing_images WHERE listing_id = $1 AND kind = 'logo'`,
      [listingId],
    );
    expect(row).toEqual({ source: 'owner', source_url: `${base}/logo.png` });
  });

  it('keeps a screenshot without changing the logo', async () => {
    const before = await t.db.one<{ logo_url: string }>('SELECT logo_url FROM listings WHERE id = $1', [listingId]);
    const { result } = await call(owner, { listing_id: listingId, kind: 'screenshot', url: `${base}/logo.png` });
    expect(result).toMatchObject({ kind: 'screenshot', width: 200, height: 100 });
    expect(result.logo_url).toBe(`${TEST_PUBLIC_URL}${before?.logo_url}`);
  });

  it('keeps its published contract', () => expectContractUnchanged(tool));
});
