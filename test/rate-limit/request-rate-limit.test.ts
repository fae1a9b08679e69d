import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setRateLimits, startTestApp, type TestApp } from '../support/app.js';
import { makeAccount, rawToolCall } from '../support/oauth.js';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { partitionKey } from '../../src/rate-limit/request-policy.js';
import { loadSiteSettings } from '../../src/catalogue/site-settings.js';

/** The site-wide request quota on the real app: anonymous per address, signed-in per account, REST and MCP together. */
const ANONYMOUS = 4;
const SIGNED_IN = 6;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ rateLimits: { anonymous_per_minute: ANONYMOUS, signed_in_per_minute: SIGNED_IN } });
});
afterAll(() => t?.close());
afterEach(() => t.db.query('DELETE FROM rate_limit_windows'));

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, { headers });

async function newKey(): Promise<string> {
  const account = await makeAccount(t.db);
  return (await createApiKey(t.db, { accountId: account.id, name: 'test', scopes: ['account:read', 'listings:write'], now: new Date() }))
    .key;
}

describe('request rate limits', () => {
  it('allows the anonymous quota per minute, then answers 429 problem+json with Retry-After; every answer carries the RateLimit fields', async () => {
    const remaining: string[] = [];
    for (let i = 0; i < ANONYMOUS; i++) {
      const response = await get('/api/v1/categories');
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-policy')).toBe(`"anonymous";q=${ANONYMOUS};w=60`);
      remaining.push(/r=(\d+)/.exec(response.headers.get('ratelimit') ?? '')![1]!);
    }
    expect(remaining).toEqual(['3', '2', '1', '0']);
    const refused = await get('/api/v1/categories');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit')).toBe(`"anonymous";r=0;t=${retryAfter}`);
    expect(await refused.json()).toMatchObject({ status: 429, code: 'rate_limited', request_id: refused.headers.get('request-id') });
  });

  it('counts REST and MCP requests in one quota', async () => {
    for (let i = 0; i < ANONYMOUS / 2; i++) {
      expect((await get('/api/v1/categories')).status).toBe(200);
      expect((await rawToolCall(t.url, 'list_categories', {})).status).toBe(200);
    }
    const mcp = await rawToolCall(t.url, 'list_categories', {});
    expect(mcp.status).toBe(429);
    expect(mcp.headers.get('retry-after')).not.toBeNull();
    expect((await get('/api/v1/categories')).status).toBe(429);
  });

  it('counts each message of a JSON-RPC batch', async () => {
    const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'list_categories', arguments: {} } });
    const batch = (size: number) =>
      fetch(`${t.url}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-03-26',
        },
        body: JSON.stringify(Array.from({ length: size }, (_, i) => call(i + 1))),
      });
    expect((await batch(ANONYMOUS - 1)).status).toBe(200);
    const refused = await batch(2);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'rate_limited' });
  });

  it('gives each account its own signed-in quota, whichever credential it uses, apart from its address', async () => {
    const alice = await newKey();
    const bob = await newKey();
    for (let i = 0; i < SIGNED_IN; i++) {
      const response = await get('/api/v1/me', { authorization: `Bearer ${alice}` });
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-policy')).toBe(`"signed-in";q=${SIGNED_IN};w=60`);
    }
    expect((await get('/api/v1/me', { authorization: `Bearer ${alice}` })).status).toBe(429);
    expect((await rawToolCall(t.url, 'get_account', {}, `Bearer ${alice}`)).status).toBe(429);
    expect((await get('/api/v1/me', { authorization: `Bearer ${bob}` })).status).toBe(200);
    expect((await get('/api/v1/categories')).status).toBe(200);
  });

  it('counts a request with an unknown credential against its address, and still answers it 401', async () => {
    for (let i = 0; i < ANONYMOUS; i++) expect((await get('/api/v1/me', { authorization: 'Bearer ldk_not-a-key' })).status).toBe(401);
    expect((await get('/api/v1/categories')).status).toBe(429);
  });

  it('does not believe X-Forwarded-For from a client that is not a configured proxy', async () => {
    for (let i = 0; i < ANONYMOUS; i++) expect((await get('/api/v1/categories', { 'x-forwarded-for': `203.0.113.${i}` })).status).toBe(200);
    expect((await get('/api/v1/categories', { 'x-forwarded-for': '203.0.113.99' })).status).toBe(429);
  });

  it('counts the OAuth endpoints that clients call directly, but not health checks or pages', async () => {
    for (let i = 0; i < 6; i++) {
      const health = await get('/healthz');
      expect(health.status).toBe(200);
      expect(health.headers.get('ratelimit')).toBeNull();
      expect((await get('/signin')).status).toBe(200);
    }
    const register = (path: string) =>
      fetch(`${t.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    // The OAuth server matches paths without regard to case or a trailing slash; so does the limiter.
    for (const path of ['/oauth/register', '/oauth/Register', '/oauth/register/', '/OAUTH/TOKEN/'])
      expect((await register(path)).status).not.toBe(429);
    expect((await register('/oauth/register')).status).toBe(429);
  });

  it('applies a limit an administrator changes, and one count serves every instance on the database', async () => {
    await setRateLimits(t.db, { anonymous_per_minute: 2, signed_in_per_minute: SIGNED_IN });
    const config = { ...loadConfig({ PORT: '0', PUBLIC_URL: t.url }), host: '127.0.0.1' };
    const second = await createApp({ config, db: t.db, registry: t.registry });
    try {
      const secondUrl = await second.listen(0, '127.0.0.1');
      expect((await fetch(`${secondUrl}/api/v1/categories`)).status).toBe(200);
      expect((await fetch(`${secondUrl}/api/v1/categories`)).status).toBe(200);
      const refused = await fetch(`${secondUrl}/api/v1/categories`);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('ratelimit-policy')).toBe('"anonymous";q=2;w=60');
    } finally {
      await second.close();
      await setRateLimits(t.db, { anonymous_per_minute: ANONYMOUS, signed_in_per_minute: SIGNED_IN });
    }
  });
});

describe('behind a configured proxy', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await startTestApp({ rateLimits: { anonymous_per_minute: 2 }, env: { TRUSTED_PROXIES: '127.0.0.1' } });
  });
  afterAll(() => proxied?.close());

  it('counts each forwarded client address on its own', async () => {
    const from = (client: string) =>
      fetch(`${proxied.url}/api/v1/categories`, { headers: { 'x-forwarded-for': `198.51.100.1, ${client}` } });
    expect((await from('203.0.113.1')).status).toBe(200);
    expect((await from('203.0.113.1')).status).toBe(200);
    expect((await from('203.0.113.1')).status).toBe(429);
    expect((await from('203.0.113.2')).status).toBe(200);
  });
});

describe('rate limit settings', () => {
  it('takes each limit from the settings when it is a positive integer, else its default', async () => {
    await t.db.query(
      `UPDATE site_settings SET value = '{"anonymous_per_minute": 60, "signed_in_per_minute": "lots", "submit_listing_per_hour": 0}' WHERE key = 'rate_limits'`,
    );
    try {
      expect((await loadSiteSettings(t.db)).rate_limits).toEqual({
        anonymous_per_minute: 60,
        signed_in_per_minute: 600,
        submit_listing_per_hour: 20,
      });
    } finally {
      await setRateLimits(t.db, { anonymous_per_minute: ANONYMOUS, signed_in_per_minute: SIGNED_IN });
    }
  });
});

describe('partitionKey', () => {
  /** A stand-in for the keyed hash that shows what is hashed. */
  const hash = (value: string) => `#${value}`;
  it('counts by account when signed in, else by address; IPv6 by /64 and IPv4-mapped as IPv4', () => {
    expect(partitionKey('acc-1', '203.0.113.7', hash)).toBe('requests:account:acc-1');
    expect(partitionKey(undefined, '203.0.113.7', hash)).toBe('requests:ip:#203.0.113.7');
    expect(partitionKey(undefined, '::ffff:203.0.113.7', hash)).toBe('requests:ip:#203.0.113.7');
    expect(partitionKey(undefined, '2001:db8:0:1:aaaa::1', hash)).toBe(
      partitionKey(undefined, '2001:0db8:0000:0001:ffff:ffff:ffff:ffff', hash),
    );
    expect(partitionKey(undefined, '2001:db8:0:1::1', hash)).not.toBe(partitionKey(undefined, '2001:db8:0:2::1', hash));
    expect(partitionKey(undefined, '::1', hash)).toBe('requests:ip:#0:0:0:0::/64');
  });
});
