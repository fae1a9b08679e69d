import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/database.js';
import { setRateLimits, freePort } from '../support/app.js';
import { startFixtureSites, type FixtureSites } from '../support/fixture-sites.js';
import { discover, makeAccount, obtainTokens, readJsonRpc, registerClient } from '../support/oauth.js';
import { openDatabase, MEMORY, type Database } from '../../src/db/database.js';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { insertCategory, insertListing } from '../support/fixtures.js';

/**
 * Two service processes on one PostgreSQL behind one public address, as a load balancer would run
 * them. (The embedded database belongs to one process, so this needs DATABASE_URL.)
 */
const serverUrl = process.env.DATABASE_URL;
const SIGNED_IN_LIMIT = 8;
let scratch: ScratchDatabase;
let db: Database;
let sites: FixtureSites;
let a: ServiceProcess;
let b: ServiceProcess;
let publicUrl: string;

beforeAll(async () => {
  if (!serverUrl) return;
  scratch = await createScratchDatabase(serverUrl);
  db = await openDatabase({ databaseUrl: scratch.url, dataDir: MEMORY });
  await setRateLimits(db, { signed_in_per_minute: SIGNED_IN_LIMIT });
  sites = await startFixtureSites();
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  const env = { DATABASE_URL: scratch.url, PUBLIC_URL: publicUrl, OUTBOUND_ALLOW_HOSTS: '127.0.0.1' };
  [a, b] = await Promise.all([startServiceProcess({ ...env, PORT: String(port) }), startServiceProcess(env)]);
}, 120_000);
afterAll(async () => {
  await Promise.all([a?.stop(10_000), b?.stop(10_000)]);
  await sites?.close();
  await db?.close();
  await scratch?.drop();
});

async function apiKey(): Promise<string> {
  const account = await makeAccount(db);
  return (await createApiKey(db, { accountId: account.id, name: 'test', scopes: ['account:read', 'listings:write'], now: new Date() })).key;
}

function mcp(url: string, message: Record<string, unknown>, token?: string) {
  return fetch(`${url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify({ jsonrpc: '2.0', ...message }),
  });
}

describe.skipIf(!serverUrl)('two service processes on one PostgreSQL', () => {
  it('honour a token issued by the other, and serve one MCP conversation in turns', async () => {
    const person = await makeAccount(db);
    const as = await discover(a.url);
    const client = await registerClient(as, 'http://127.0.0.1:9/callback');
    const tokens = await obtainTokens(as, client, person, `${publicUrl}/mcp`);

    const initialize = await readJsonRpc(
      await mcp(
        a.url,
        {
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'turns', version: '1' } },
        },
        tokens.access_token,
      ),
    );
    expect(initialize.result.serverInfo.name).toBeTruthy();
    expect((await mcp(b.url, { method: 'notifications/initialized' }, tokens.access_token)).status).toBe(202);
    const listed = await readJsonRpc(await mcp(a.url, { id: 2, method: 'tools/list' }, tokens.access_token));
    expect(listed.result.tools.map((tool: { name: string }) => tool.name)).toContain('get_account');
    const account = await readJsonRpc(
      await mcp(b.url, { id: 3, method: 'tools/call', params: { name: 'get_account', arguments: {} } }, tokens.access_token),
    );
    expect(account.result.structuredContent.account.email).toBe(person.email);
  });

  it('count one rate limit across both', async () => {
    const key = await apiKey();
    const me = (url: string) => fetch(`${url}/api/v1/me`, { headers: { authorization: `Bearer ${key}` } });
    const statuses: number[] = [];
    for (let i = 0; i < SIGNED_IN_LIMIT; i++) statuses.push((await me(i % 2 === 0 ? a.url : b.url)).status);
    expect(statuses).toEqual(Array(SIGNED_IN_LIMIT).fill(200));
    const refusedAtA = await me(a.url);
    const refusedAtB = await me(b.url);
    expect([refusedAtA.status, refusedAtB.status]).toEqual([429, 429]);
    expect(refusedAtB.headers.get('ratelimit')).toMatch(/^"signed-in";r=0;t=\d+$/);
  });

  it('run each job once: every submission is crawled by exactly one of them', async () => {
    const submissions = [sites.urls.acme, sites.urls.sparse, sites.urls.acme, sites.urls.sparse, sites.urls.acme, sites.urls.sparse];
    const ids: string[] = [];
    for (const [i, url] of submissions.entries()) {
      const key = await apiKey(); // one open draft of a product per account: each submission is another person's
      const response = await fetch(`${i % 2 === 0 ? a.url : b.url}/api/v1/drafts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url }),
      });
      expect(response.status).toBe(201);
      ids.push((await response.json()).id);
    }
    await expect
      .poll(
        async () =>
          (await db.query<{ status: string }>('SELECT status FROM drafts WHERE id = ANY($1::uuid[])', [ids]))
            .map((row) => row.status)
            .sort(),
        { timeout: 30_000, interval: 200 },
      )
      .toEqual(Array(ids.length).fill('ready'));
    const homePages = (site: 'acme' | 'sparse') => sites.requestsTo(site).filter((request) => request === 'GET /').length;
    expect([homePages('acme'), homePages('sparse')]).toEqual([3, 3]);
    expect(await db.query('SELECT 1 FROM agenda_jobs')).toEqual([]);
  });

  it("show an owner's edit made on one at once on the other, with no cache in between", async () => {
    const key = await apiKey();
    const [account] = await db.query<{ account_id: string }>('SELECT account_id FROM api_keys ORDER BY created_at DESC LIMIT 1');
    const category = await insertCategory(db);
    const listing = await insertListing(db, { category_id: category, status: 'live', tagline: 'Before the edit' });
    await db.query('INSERT INTO listing_owners (listing_id, account_id) VALUES ($1, $2::uuid)', [listing, account.account_id]);
    const slug = (await db.one<{ slug: string }>('SELECT slug FROM listings WHERE id = $1', [listing]))!.slug;
    const read = async () => (await (await fetch(`${b.url}/api/v1/listings/${slug}`)).json()).tagline;
    expect(await read()).toBe('Before the edit');
    const edit = await fetch(`${a.url}/api/v1/me/listings/${listing}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ fields: { tagline: 'After the edit' } }),
    });
    expect(edit.status).toBe(200);
    expect(await read()).toBe('After the edit');
  });
});
