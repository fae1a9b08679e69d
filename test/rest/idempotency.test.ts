import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRateLimits, startTestApp, type TestApp } from '../support/app.js';
import { startFixtureSites, type FixtureSites } from '../support/fixture-sites.js';
import { makeAccount, rawToolCall, readJsonRpc } from '../support/oauth.js';
import { createApiKey } from '../../src/accounts/api-keys.js';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';

/** Idempotency-Key over REST and idempotency_key over MCP, on the real app: one store, one answer per key. */
let t: TestApp;
let sites: FixtureSites;
let key: string;
let accountId: string;

beforeAll(async () => {
  sites = await startFixtureSites();
  t = await startTestApp({ env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } });
  accountId = (await makeAccount(t.db)).id;
  key = (await createApiKey(t.db, { accountId, name: 'test', scopes: ['account:read', 'listings:write'], now: new Date() })).key;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sites?.close();
});

function submit(body: unknown, idempotencyKey?: string, baseUrl = t.url, bearer = key) {
  return fetch(`${baseUrl}/api/v1/drafts`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${bearer}`,
      'content-type': 'application/json',
      ...(idempotencyKey !== undefined && { 'idempotency-key': idempotencyKey }),
    },
    body: JSON.stringify(body),
  });
}

const draftCount = async (account = accountId) =>
  Number((await t.db.one<{ n: string }>('SELECT count(*) AS n FROM drafts WHERE account_id = $1', [account]))!.n);

/** Another person's key: a product has one open draft per account, so a test that must create one uses its own. */
async function freshKey(): Promise<{ id: string; key: string }> {
  const { id } = await makeAccount(t.db);
  return { id, key: (await createApiKey(t.db, { accountId: id, name: 'test', scopes: ['listings:write'], now: new Date() })).key };
}

describe('Idempotency-Key', () => {
  it('replays the stored answer of a retried submission with Idempotent-Replayed: true, creating one draft', async () => {
    const before = await draftCount();
    const first = await submit({ url: sites.urls.acme }, 'retry-1');
    const firstBody = await first.json();
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const retry = await submit({ url: sites.urls.acme }, 'retry-1');
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toEqual(firstBody);
    expect(await draftCount()).toBe(before + 1);
  });

  it('answers 422 idempotency_key_reused as problem+json when the key comes back with another body', async () => {
    await submit({ url: sites.urls.acme }, 'reused-1');
    const before = await draftCount();
    const response = await submit({ url: sites.urls.sparse }, 'reused-1');
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(await response.json()).toMatchObject({
      status: 422,
      code: 'idempotency_key_reused',
      request_id: response.headers.get('request-id'),
    });
    expect(await draftCount()).toBe(before);
  });

  it('runs two concurrent requests with one key once', async () => {
    const other = await freshKey();
    const before = await draftCount(other.id);
    const answers = await Promise.all([
      submit({ url: sites.urls.acme }, 'race-1', t.url, other.key),
      submit({ url: sites.urls.acme }, 'race-1', t.url, other.key),
    ]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses[0]).toBe(201);
    expect([201, 409]).toContain(statuses[1]);
    const conflict = answers.find((r) => r.status === 409);
    if (conflict) expect(await conflict.json()).toMatchObject({ code: 'idempotency_in_progress' });
    expect(await draftCount(other.id)).toBe(before + 1);
  });

  it('shares one store with MCP: the idempotency_key argument replays the REST answer', async () => {
    const rest = await (await submit({ url: sites.urls.acme }, 'both-surfaces')).json();
    const response = await rawToolCall(
      t.url,
      'submit_listing',
      { url: sites.urls.acme, idempotency_key: 'both-surfaces' },
      `Bearer ${key}`,
    );
    const message = await readJsonRpc(response);
    expect(message.result.structuredContent).toEqual(rest);
    expect(message.result._meta).toEqual({ idempotentReplayed: true });
    const reused = await rawToolCall(
      t.url,
      'submit_listing',
      { url: sites.urls.sparse, idempotency_key: 'both-surfaces' },
      `Bearer ${key}`,
    );
    const problem = JSON.parse((await readJsonRpc(reused)).result.content[0].text);
    expect(problem).toMatchObject({ status: 422, code: 'idempotency_key_reused' });
  });

  it('refuses a malformed key with a 400 naming the header, and stores nothing', async () => {
    const before = await draftCount();
    for (const bad of ['x'.repeat(256), 'café']) {
      const response = await submit({ url: sites.urls.acme }, bad);
      expect(response.status).toBe(400);
      expect((await response.json()).errors).toEqual([{ path: 'Idempotency-Key', message: expect.stringContaining('printable ASCII') }]);
    }
    expect(await draftCount()).toBe(before);
  });

  it('does not store a 401: the retry with a credential runs', async () => {
    const anonymous = await fetch(`${t.url}/api/v1/drafts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'after-401' },
      body: JSON.stringify({ url: sites.urls.acme }),
    });
    expect(anonymous.status).toBe(401);
    const signedIn = await submit({ url: sites.urls.acme }, 'after-401', t.url, (await freshKey()).key);
    expect(signedIn.status).toBe(201);
    expect(signedIn.headers.get('idempotent-replayed')).toBeNull();
  });

  it('replays a stored answer even when the hourly submission limit is used up, and counts no quota for it', async () => {
    await setRateLimits(t.db, { submit_listing_per_hour: 1 });
    const account = await makeAccount(t.db);
    const own = (await createApiKey(t.db, { accountId: account.id, name: 'limited', scopes: ['listings:write'], now: new Date() })).key;
    const submitAs = (idempotencyKey: string) =>
      fetch(`${t.url}/api/v1/drafts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${own}`, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify({ url: sites.urls.acme }),
      });
    try {
      expect((await submitAs('only-one')).status).toBe(201);
      const retry = await submitAs('only-one');
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect((await submitAs('a-second-one')).status).toBe(429);
    } finally {
      await setRateLimits(t.db, {});
    }
  });

  it('replays after a restart: a new instance on the same database answers from the store', async () => {
    const first = await (await submit({ url: sites.urls.acme }, 'across-restart')).json();
    const before = await draftCount();
    const config = { ...loadConfig({ PORT: '0', PUBLIC_URL: t.url, OUTBOUND_ALLOW_HOSTS: '127.0.0.1' }), host: '127.0.0.1' };
    const restarted = await createApp({ config, db: t.db, registry: t.registry });
    try {
      const url = await restarted.listen(0, '127.0.0.1');
      const retry = await submit({ url: sites.urls.acme }, 'across-restart', url);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(await retry.json()).toEqual(first);
      expect(await draftCount()).toBe(before);
    } finally {
      await restarted.close();
    }
  });
});
