/**
 * What a person's images may cost the service (issue 52, item 10): images given to a listing count against the
 * account's hourly budget, and the service decodes one at a time, which /metrics shows (launch_image_decodes).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { insertCategory, insertListing } from '../support/fixtures.js';
import { makeAccount } from '../support/oauth.js';

const METRICS_TOKEN = 'upload-limits-metrics-token-0123456789';
let t: TestApp;
let server: http.Server;
let images: string;
let categoryId: number;

beforeAll(async () => {
  t = await startTestApp({ env: { METRICS_TOKEN, OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } });
  categoryId = await insertCategory(t.db);
  const small = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#118866' } })
    .png()
    .toBuffer();
  // Large enough that its decode lasts while the other uploads arrive.
  const large = await sharp({ create: { width: 4000, height: 4000, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  server = http.createServer((req, res) => {
    if (req.url === '/small.png') return res.writeHead(200, { 'Content-Type': 'image/png' }).end(small);
    if (req.url === '/large.png') return res.writeHead(200, { 'Content-Type': 'image/png' }).end(large);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  images = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

let listings = 0;
/** An account owning a listing, with an API key that may change it. */
async function owner() {
  const account = await makeAccount(t.db);
  const listingId = await insertListing(t.db, { slug: `imaged-${++listings}`, category_id: categoryId });
  await t.db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2)', [listingId, account.id]);
  const { key } = await createApiKey(t.db, { accountId: account.id, name: 'images', scopes: ['listings:write'], now: new Date() });
  return { listingId, key };
}

const setImage = (who: { listingId: number; key: string }, image: string, kind = 'logo') =>
  fetch(`${t.url}/api/v1/me/listings/${who.listingId}/images/${kind}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${who.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: `${images}/${image}` }),
  });

/** The launch_image_decodes gauge of /metrics: decodes running and waiting. */
async function decodes(): Promise<{ running: number; waiting: number }> {
  const text = await (await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const value = (state: string) =>
    Number(new RegExp(`^launch_image_decodes\\{state="${state}"\\} (\\S+)`, 'm').exec(text)?.[1] ?? Number.NaN);
  return { running: value('running'), waiting: value('waiting') };
}

describe('image uploads', () => {
  it('decodes four images sent at once one at a time, the others waiting their turn (launch_image_decodes)', async () => {
    expect(await decodes()).toEqual({ running: 0, waiting: 0 });
    const people = await Promise.all(Array.from({ length: 4 }, () => owner()));
    const samples: { running: number; waiting: number }[] = [];
    let sending = true;
    const sampling = (async () => {
      while (sending) samples.push(await decodes());
    })();
    const answers = await Promise.all(people.map((who) => setImage(who, 'large.png', 'screenshot')));
    sending = false;
    await sampling;
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(samples.length).toBeGreaterThan(0);
    expect(Math.max(...samples.map((s) => s.running))).toBe(1);
    expect(Math.max(...samples.map((s) => s.waiting))).toBeGreaterThanOrEqual(1);
    expect(await decodes()).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses an account's 21st image of the hour with 429 and Retry-After, before fetching it; another account is not refused", async () => {
    const person = await owner();
    for (let i = 0; i < 20; i++) expect((await setImage(person, 'small.png')).status).toBe(200);
    const refused = await setImage(person, 'small.png');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({
      code: 'rate_limited',
      detail: expect.stringMatching(/At most 20 listing images an hour/),
    });
    // An address that answers nothing is not even fetched: the refusal comes first.
    expect((await setImage(person, 'missing.png')).status).toBe(429);
    expect((await setImage(await owner(), 'small.png')).status).toBe(200);
  });
});
